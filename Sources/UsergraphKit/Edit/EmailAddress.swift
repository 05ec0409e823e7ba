/// The address check of `owner set --email`: the shape mail servers accept (RFC 5321
/// limits, a dot-atom local part, a domain of hostname labels with a top-level domain),
/// without trying to accept every oddity RFC 5322 allows (quoted local parts, IP literals).
public enum EmailAddress {
    static let localSpecials = Set("!#$%&'*+/=?^_`{|}~-.".unicodeScalars)

    /// Why `text` is not an address, or nil when it is one.
    public static func problem(_ text: String) -> Message? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return Message("errors.email.oneAt", "needs exactly one @") }
        let local = parts[0], domain = parts[1].lowercased()
        if local.isEmpty { return Message("errors.email.noLocal", "has nothing before the @") }
        if local.utf8.count > 64 { return Message("errors.email.longLocal", "has more than 64 characters before the @") }
        if text.utf8.count > 254 { return Message("errors.email.long", "is longer than 254 characters") }
        if local.hasPrefix(".") || local.hasSuffix(".") || local.contains("..") { return Message("errors.email.localDot", "has a misplaced dot before the @") }
        // Letters beyond ASCII are allowed (RFC 6531); spaces, quotes and brackets are not.
        for scalar in local.unicodeScalars where !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                                                     || localSpecials.contains(scalar)) {
            return Message("errors.email.localCharacter", "has `{character}` before the @, which an address cannot hold", ["character": String(scalar)])
        }
        if domain.isEmpty { return Message("errors.email.noDomain", "has no domain after the @") }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return Message("errors.email.noTopLevel", "has no top-level domain (like .org) after the @") }
        for label in labels {
            if label.isEmpty { return Message("errors.email.domainDot", "has a misplaced dot in the domain") }
            if label.utf8.count > 63 { return Message("errors.email.longLabel", "has a domain part longer than 63 characters") }
            if label.hasPrefix("-") || label.hasSuffix("-") { return Message("errors.email.labelHyphen", "has a domain part that starts or ends with -") }
            for scalar in label.unicodeScalars where !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") {
                return Message("errors.email.domainCharacter", "has `{character}` in the domain, which a domain cannot hold", ["character": String(scalar)])
            }
        }
        if let top = labels.last, top.count < 2 || top.allSatisfy({ $0.isNumber }) {
            return Message("errors.email.badTopLevel", "does not end in a top-level domain (like .org)")
        }
        return nil
    }
}
