import Foundation

/// RFC 8288 `Link` headers as GitHub sends them:
/// `<https://api.github.com/user/1/repos?page=2>; rel="next", <…>; rel="last"`.
package enum LinkHeader {
    /// The target of the link whose `rel` includes `relation`, exactly as written.
    package static func target(_ header: String?, relation: String) -> String? {
        guard let header else { return nil }
        for link in links(header) where link.relations.contains(relation.lowercased()) {
            return link.target
        }
        return nil
    }

    struct Link: Equatable {
        var target: String
        var relations: [String]
    }

    /// Each `<target>; params` in turn. A comma ends a link only outside the angle brackets
    /// and outside a quoted parameter value, so targets and titles may hold commas.
    static func links(_ header: String) -> [Link] {
        var result: [Link] = []
        var index = header.startIndex
        while let open = header[index...].firstIndex(of: "<") {
            guard let close = header[open...].firstIndex(of: ">") else { break }
            let target = String(header[header.index(after: open)..<close])
            var end = header.index(after: close)
            var inQuotes = false
            while end < header.endIndex {
                let c = header[end]
                if c == "\"" { inQuotes.toggle() } else if c == ",", !inQuotes { break }
                end = header.index(after: end)
            }
            var relations: [String] = []
            for parameter in parameters(header[header.index(after: close)..<end]) where parameter.name == "rel" {
                relations += parameter.value.lowercased().split(separator: " ").map(String.init)
            }
            result.append(Link(target: target, relations: relations))
            index = end
        }
        return result
    }

    /// `; name="value"; other=value` → name/value pairs, quotes removed.
    private static func parameters(_ text: Substring) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var current = ""
        var inQuotes = false
        func flush() {
            let pair = current.split(separator: "=", maxSplits: 1)
            if pair.count == 2 {
                var value = pair[1].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                pairs.append((pair[0].trimmingCharacters(in: .whitespaces).lowercased(), value))
            }
            current = ""
        }
        for c in text {
            if c == "\"" { inQuotes.toggle() }
            if c == ";", !inQuotes { flush() } else { current.append(c) }
        }
        flush()
        return pairs
    }
}
