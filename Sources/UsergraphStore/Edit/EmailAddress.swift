import UsergraphCore

/// The address check of `owner set --email`: the shape mail servers accept (RFC 5321
/// limits, a dot-atom local part, a domain of hostname labels with a top-level domain),
/// without trying to accept every oddity RFC 5322 allows (quoted local parts, IP literals).
enum EmailAddress {
    static let localSpecials = Set("!#$%&'*+/=?^_`{|}~-.".unicodeScalars)

    /// Why `text` is not an address, or nil when it is one.
    static func problem(_ text: String) -> Message? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return Message("errors.email.oneAt") }
        let local = parts[0], domain = parts[1].lowercased()
        if local.isEmpty { return Message("errors.email.noLocal") }
        if local.utf8.count > 64 { return Message("errors.email.longLocal") }
        if text.utf8.count > 254 { return Message("errors.email.long") }
        if local.hasPrefix(".") || local.hasSuffix(".") || local.contains("..") { return Message("errors.email.localDot") }
        // Letters beyond ASCII are allowed (RFC 6531); spaces, quotes and brackets are not.
        for scalar in local.unicodeScalars
        where
            !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || localSpecials.contains(scalar))
        {
            return Message("errors.email.localCharacter", ["character": String(scalar)])
        }
        if domain.isEmpty { return Message("errors.email.noDomain") }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return Message("errors.email.noTopLevel") }
        for label in labels {
            if label.isEmpty { return Message("errors.email.domainDot") }
            if label.utf8.count > 63 { return Message("errors.email.longLabel") }
            if label.hasPrefix("-") || label.hasSuffix("-") { return Message("errors.email.labelHyphen") }
            for scalar in label.unicodeScalars where !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") {
                return Message("errors.email.domainCharacter", ["character": String(scalar)])
            }
        }
        if let top = labels.last, top.count < 2 || top.allSatisfy({ $0.isNumber }) {
            return Message("errors.email.badTopLevel")
        }
        return nil
    }
}
