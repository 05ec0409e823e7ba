import Foundation
import UsergraphCore
import UsergraphPublish

/// `usergraph check`: every link, image and `#fragment` of a built site resolves inside it.
/// Each HTML file is read once; its links and its ids are collected, then every link is
/// resolved against the page's folder (root-relative ones against the site root, as a host
/// serves `404.html`) and the target's ids.
package enum SiteCheck {
    package struct Problem: Sendable, Equatable, Codable {
        package enum Kind: String, Sendable, Codable { case missing, fragment, outside }
        /// The page, relative to the site root.
        package var page: String
        /// The link as the page writes it.
        package var link: String
        package var kind: Kind
    }

    package struct Result: Sendable {
        package var pages: Int
        /// Internal links, images and fragments checked.
        package var checked: Int
        package var problems: [Problem]
        /// Each absolute http(s) URL the pages link to, once, with the first page that does.
        package var external: [(url: String, page: String)]
    }

    /// Attributes that hold a URL the browser follows or loads.
    private static let urlAttributes: Set<String> = ["href", "src", "poster", "data", "action", "formaction", "cite"]

    package static func run(site: String) throws -> Result {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsergraphError("errors.check.noSite", ["path": site])
        }
        let files = FileTree.files(in: site)
        let fileSet = Set(files)
        var links: [String: [String]] = [:]
        var ids: [String: Set<String>] = [:]
        for file in files where file.hasSuffix(".html") {
            guard let html = try? String(contentsOfFile: site + "/" + file, encoding: .utf8) else { continue }
            (links[file], ids[file]) = linksAndTargets(html)
        }

        var problems: [Problem] = []
        var external: [(url: String, page: String)] = []
        var seenExternal = Set<String>()
        var checked = 0
        for page in links.keys.sorted() {
            for link in links[page] ?? [] {
                let lower = link.lowercased()
                if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                    if seenExternal.insert(link).inserted { external.append((link, page)) }
                    continue
                }
                if lower.hasPrefix("mailto:") || lower.hasPrefix("tel:") || lower.hasPrefix("data:") || link.isEmpty { continue }
                checked += 1
                if let problem = resolve(link, from: page, files: fileSet, ids: ids) {
                    problems.append(Problem(page: page, link: link, kind: problem))
                }
            }
        }
        return Result(pages: links.count, checked: checked, problems: problems, external: external)
    }

    /// Why `link` on `page` does not resolve, or nil when it does.
    static func resolve(_ link: String, from page: String, files: Set<String>, ids: [String: Set<String>]) -> Problem.Kind? {
        var path = link
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...]).removingPercentEncoding
            path = String(path[..<hash])
        }
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        path = path.removingPercentEncoding ?? path
        let target: String
        if path.isEmpty {
            target = page
        } else {
            let folder = path.hasPrefix("/") ? [] : page.split(separator: "/").dropLast().map(String.init)
            var parts = folder
            for part in path.split(separator: "/", omittingEmptySubsequences: true) {
                switch part {
                case ".": continue
                case "..":
                    guard !parts.isEmpty else { return .outside }
                    parts.removeLast()
                default: parts.append(String(part))
                }
            }
            let joined = parts.joined(separator: "/")
            if path.hasSuffix("/") || joined.isEmpty {
                target = joined.isEmpty ? "index.html" : joined + "/index.html"
            } else if files.contains(joined) {
                target = joined
            } else if files.contains(joined + "/index.html") {
                target = joined + "/index.html"
            } else {
                return .missing
            }
        }
        guard files.contains(target) else { return .missing }
        if let fragment, !fragment.isEmpty, target.hasSuffix(".html"), !(ids[target]?.contains(fragment) ?? false) {
            return .fragment
        }
        return nil
    }

    /// The URLs a page follows or loads, as the browser reads them (attributes, `srcset` candidates, CSS `url()`s in
    /// `style` attributes and elements) and the fragment targets it has (`id`s, `a name`s).
    static func linksAndTargets(_ html: String) -> (links: [String], ids: Set<String>) {
        var links: [String] = []
        var ids = Set<String>()
        for token in HTMLTokens.tokens(html) {
            switch token {
            case .styleText(let css):
                links += HTMLTokens.cssURLs(css)
            case .start(let tag):
                for (name, value) in tag.attributes {
                    if urlAttributes.contains(name) {
                        links.append(unescape(value).trimmingCharacters(in: .whitespacesAndNewlines))
                    } else if name == "srcset" || name == "imagesrcset" {
                        links += candidates(unescape(value))
                    } else if name == "style" {
                        links += HTMLTokens.cssURLs(unescape(value))
                    } else if name == "id" || (name == "name" && tag.name == "a") {
                        ids.insert(unescape(value))
                    }
                }
            }
        }
        return (links, ids)
    }

    /// An attribute value as the browser reads it: character references decoded.
    static func unescape(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var out = ""
        var rest = value[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].prefix(12).firstIndex(of: ";") else { out += rest[amp...]; rest = ""; break }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(name)]
            var number: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                number = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                number = UInt32(name.dropFirst())
            }
            if let text = named ?? number.flatMap(Unicode.Scalar.init).map({ String(Character($0)) }) {
                out += text
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    /// The URLs of a `srcset`: each candidate's first word.
    private static func candidates(_ srcset: String) -> [String] {
        srcset.split(separator: ",").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
    }
}
