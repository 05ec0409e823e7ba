/// The address check of `owner set --email`: the shape mail servers accept (RFC 5321
/// limits, a dot-atom local part, a domain of hostname labels with a top-level domain),
/// without trying to accept every oddity RFC 5322 allows (quoted local parts, IP literals).
public enum EmailAddress {
    static let localSpecials = Set("!#$%&'*+/=?^_`{|}~-.".unicodeScalars)

    /// Why `text` is not an address, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return "needs exactly one @" }
        let local = parts[0], domain = parts[1].lowercased()
        if local.isEmpty { return "has nothing before the @" }
        if local.utf8.count > 64 { return "has more than 64 characters before the @" }
        if text.utf8.count > 254 { return "is longer than 254 characters" }
        if local.hasPrefix(".") || local.hasSuffix(".") || local.contains("..") { return "has a misplaced dot before the @" }
        // Letters beyond ASCII are allowed (RFC 6531); spaces, quotes and brackets are not.
        for scalar in local.unicodeScalars where !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                                                     || localSpecials.contains(scalar)) {
            return "has `\(scalar)` before the @, which an address cannot hold"
        }
        if domain.isEmpty { return "has no domain after the @" }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return "has no top-level domain (like .org) after the @" }
        for label in labels {
            if label.isEmpty { return "has a misplaced dot in the domain" }
            if label.utf8.count > 63 { return "has a domain part longer than 63 characters" }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "has a domain part that starts or ends with -" }
            for scalar in label.unicodeScalars where !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") {
                return "has `\(scalar)` in the domain, which a domain cannot hold"
            }
        }
        if let top = labels.last, top.count < 2 || top.allSatisfy({ $0.isNumber }) {
            return "does not end in a top-level domain (like .org)"
        }
        return nil
    }
}
