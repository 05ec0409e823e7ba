import Foundation
import Yams

/// Reads and validates `usergraph.yml`. Every problem names the file, the line and the key,
/// and a config with any problem stops the run before anything else happens.
public enum ConfigLoader {
    static let topLevelKeys: Set<String> = [
        "title", "baseURL", "language", "timeZone", "asOf", "store", "output", "templates", "public",
        "github", "users", "statistics", "cache",
    ]
    static let sectionKeys: [String: Set<String>] = [
        "github": ["login", "apiURL"],
        "users": ["url"],
        "statistics": ["url"],
        "cache": ["maxAge"],
    ]
    public static let languages: Set<String> = ["en", "ru"]

    public static func load(path: String) throws -> SiteConfig {
        let absolute = SiteConfig.standardized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw UsergraphError("No config file at \(absolute); run usergraph in a site folder, pass --config, or create one with `usergraph init`.", kind: .usage)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsergraphError("\(absolute) is not UTF-8 text.", kind: .usage)
        }
        return try parse(text, file: absolute)
    }

    public static func parse(_ text: String, file: String) throws -> SiteConfig {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw UsergraphError("\(file): \(describe(error))", kind: .usage)
        }
        let root = (file as NSString).deletingLastPathComponent
        guard let node else { return SiteConfig(root: root) }
        guard let mapping = node.mapping else {
            throw UsergraphError("\(file)\(where_(node)): the config must be a mapping of keys to values.", kind: .usage)
        }
        var reader = Reader(file: file)
        var config = SiteConfig(root: root)
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard topLevelKeys.contains(key) else {
                reader.problem(keyNode, "unknown key `\(key)`", suggestion: suggestion(for: key, in: topLevelKeys))
                continue
            }
            switch key {
            case "title": config.title = reader.string(value, key) ?? config.title
            case "baseURL":
                if let url = reader.string(value, key) {
                    if url.isEmpty { config.baseURL = nil }
                    else if URLCheck.isAbsoluteHTTP(url) { config.baseURL = url.hasSuffix("/") ? url : url + "/" }
                    else { reader.problem(value, "`baseURL` must be an absolute http(s) URL, not `\(url)`") }
                }
            case "language":
                if let lang = reader.string(value, key) {
                    if languages.contains(lang) { config.language = lang }
                    else { reader.problem(value, "`language` must be one of \(languages.sorted().joined(separator: ", ")), not `\(lang)`") }
                }
            case "timeZone":
                if let name = reader.string(value, key) {
                    if let zone = TimeZone(identifier: name) { config.timeZone = zone }
                    else { reader.problem(value, "`timeZone` `\(name)` is not a known time zone (use a name like Europe/Moscow)") }
                }
            case "asOf":
                if let text = reader.string(value, key) {
                    if let day = Day(iso: text) { config.asOf = day }
                    else { reader.problem(value, "`asOf` must be a date like 2026-11-20, not `\(text)`") }
                }
            case "store": if let p = reader.path(value, key) { config.store = SiteConfig.resolve(p, against: root) }
            case "output": if let p = reader.path(value, key) { config.output = SiteConfig.resolve(p, against: root) }
            case "templates": if let p = reader.path(value, key) { config.templates = SiteConfig.resolve(p, against: root) }
            case "public": if let p = reader.path(value, key) { config.publicFolder = SiteConfig.resolve(p, against: root) }
            case "github":
                let section = reader.section(value, key)
                var login: String?
                var api = "https://api.github.com"
                if let v = section["login"] {
                    if let s = reader.string(v, "github.login") {
                        if GitHubLogin.isValid(s) { login = s }
                        else { reader.problem(v, "`github.login` `\(s)` is not a valid GitHub login") }
                    }
                }
                if let v = section["apiURL"], let s = reader.url(v, "github.apiURL") { api = s }
                if let login { config.github = .init(login: login, apiURL: api) }
                else if section["login"] == nil, !section.isEmpty { reader.problem(value, "`github` needs a `login`") }
            case "users":
                if let v = reader.section(value, key)["url"] { config.usersURL = reader.url(v, "users.url") }
            case "statistics":
                if let v = reader.section(value, key)["url"] { config.statisticsURL = reader.url(v, "statistics.url") }
            case "cache":
                if let v = reader.section(value, key)["maxAge"] {
                    if let n = v.int, n >= 0 { config.cacheMaxAge = n }
                    else { reader.problem(v, "`cache.maxAge` must be a whole number of seconds, 0 or more") }
                }
            default: break
            }
        }
        if !reader.problems.isEmpty {
            throw UsergraphError(reader.problems.joined(separator: "\n"), kind: .usage)
        }
        return config
    }

    static func describe(_ error: YamlError) -> String {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return "line \(mark.line), column \(mark.column): \(problem)."
        default:
            return "not valid YAML (\(error))."
        }
    }

    static func where_(_ node: Node) -> String {
        guard let mark = node.mark else { return "" }
        return ":\(mark.line)"
    }

    static func suggestion(for key: String, in known: Set<String>) -> String? {
        known.first { $0.lowercased() == key.lowercased() }
    }

    /// Collects every problem so the user sees them all at once.
    struct Reader {
        let file: String
        var problems: [String] = []

        mutating func problem(_ node: Node, _ text: String, suggestion: String? = nil) {
            var line = "\(file)\(ConfigLoader.where_(node)): \(text)"
            if let suggestion { line += " (did you mean `\(suggestion)`?)" }
            problems.append(line + ".")
        }

        mutating func string(_ node: Node, _ key: String) -> String? {
            guard case .scalar(let scalar) = node else {
                problem(node, "`\(key)` must be a single value")
                return nil
            }
            return scalar.string
        }

        mutating func path(_ node: Node, _ key: String) -> String? {
            guard let s = string(node, key) else { return nil }
            if s.isEmpty { problem(node, "`\(key)` must not be empty"); return nil }
            return s
        }

        mutating func url(_ node: Node, _ key: String) -> String? {
            guard let s = string(node, key) else { return nil }
            guard URLCheck.isAbsoluteHTTP(s) else {
                problem(node, "`\(key)` must be an absolute http(s) URL, not `\(s)`")
                return nil
            }
            return s
        }

        mutating func section(_ node: Node, _ key: String) -> [String: Node] {
            guard let mapping = node.mapping else {
                problem(node, "`\(key)` must be a mapping of keys to values")
                return [:]
            }
            let known = ConfigLoader.sectionKeys[key] ?? []
            var result: [String: Node] = [:]
            for (k, v) in mapping {
                let name = k.string ?? ""
                if known.contains(name) { result[name] = v }
                else { problem(k, "unknown key `\(key).\(name)`", suggestion: ConfigLoader.suggestion(for: name, in: known)) }
            }
            return result
        }
    }
}

/// GitHub logins: 1–39 of letters, digits and single hyphens, not at either end.
public enum GitHubLogin {
    public static func isValid(_ login: String) -> Bool {
        guard (1...39).contains(login.utf8.count), !login.hasPrefix("-"), !login.hasSuffix("-"), !login.contains("--")
        else { return false }
        return login.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
    }
}
