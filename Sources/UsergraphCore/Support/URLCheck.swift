import Foundation

/// Which URLs from data may become links or image sources: http, https and relative ones.
package enum URLCheck {
    package static func isAbsoluteHTTP(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// A URL safe to put in `href`/`src`: absolute http(s), or relative with no scheme at all.
    /// Anything else (javascript:, data:, vbscript:, protocol-relative tricks with control
    /// characters) is refused.
    package static func safeLink(_ text: String?) -> String? {
        guard let raw = text?.trimmingWhitespace(), !raw.isEmpty else { return nil }
        if raw.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f || $0 == "\\" }) { return nil }
        if isAbsoluteHTTP(raw) { return raw }
        // A scheme is letters followed by ':' before any '/', '?' or '#'.
        if let colon = raw.firstIndex(of: ":") {
            let head = raw[..<colon]
            if !head.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return nil }
        }
        if raw.hasPrefix("//") { return nil }
        return raw
    }

    /// A blog field as GitHub stores it may lack a scheme (`example.org`): add https then check.
    package static func normalizedWebsite(_ text: String?) -> String? {
        guard let raw = text?.trimmingWhitespace(), !raw.isEmpty else { return nil }
        if raw.lowercased().hasPrefix("http://") || raw.lowercased().hasPrefix("https://") {
            return isAbsoluteHTTP(raw) ? raw : nil
        }
        if raw.contains(":") { return nil }
        let candidate = "https://" + raw
        return isAbsoluteHTTP(candidate) ? candidate : nil
    }
}
