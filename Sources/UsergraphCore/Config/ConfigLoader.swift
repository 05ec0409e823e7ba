import Foundation
import Yams

/// Reads and validates `usergraph.yml`. Every problem names the file, the line and the key,
/// and a config with any problem stops the run before anything else happens.
package enum ConfigLoader {
    static let topLevelKeys: Set<String> = [
        "title", "baseURL", "language", "timeZone", "asOf", "store", "output", "templates", "public",
        "github", "users", "statistics", "cache", "goals", "privacy", "owner", "sections", "units",
        "athlete",
        "import", "intervals", "strava",
    ]
    static let sectionKeys: [String: Set<String>] = [
        "github": ["login", "apiURL", "pinned"],
        "users": ["url"],
        "statistics": ["url"],
        "cache": ["maxAge"],
        "goals": ["steps"],
        "privacy": ["indexUsers", "visitorsAsCounts", "zones", "trim", "routes"],
        "privacy.zones": ["lat", "lon", "radius"],
        "owner": ["public"],
        "athlete": ["maxHeartRate", "zones"],
        "import": ["folders"],
        "intervals": ["athlete", "apiURL", "since"],
        "strava": ["clientId", "apiURL", "maxPerRun"],
        "sections": Set(SiteSection.allCases.map(\.rawValue)),
    ]
    /// Reads and checks the config at `path`, an absolute path (commands resolve theirs against
    /// the folder they run in).
    package static func load(path: String) throws -> SiteConfig {
        let absolute = SiteConfig.standardized(path)
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw UsergraphError("errors.config.missing", ["path": absolute], kind: .usage)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsergraphError("errors.config.notText", ["path": absolute], kind: .usage)
        }
        return try parse(text, file: absolute)
    }

    /// The language and templates folder a config names, read even when the config has other
    /// problems, so that those can be reported in its language; nil when the file is missing or
    /// is not YAML at all.
    package static func languageHint(path: String) -> (language: String, theme: ThemeFiles)? {
        let absolute = SiteConfig.standardized(path)
        guard let data = FileManager.default.contents(atPath: absolute), let text = String(data: data, encoding: .utf8),
            let composed = try? Yams.compose(yaml: text), let mapping = composed.mapping
        else { return nil }
        let root = (absolute as NSString).deletingLastPathComponent
        var language = "en", templates = "Templates", publicFolder = "Public"
        for (key, value) in mapping {
            if key.string == "language", let v = value.string { language = v }
            if key.string == "templates", let v = value.string, !v.isEmpty { templates = v }
            if key.string == "public", let v = value.string, !v.isEmpty { publicFolder = v }
        }
        return (language, ThemeFiles(templates: SiteConfig.resolve(templates, against: root), publicFolder: SiteConfig.resolve(publicFolder, against: root)))
    }

    package static func parse(_ text: String, file: String) throws -> SiteConfig {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw UsergraphError("errors.config.yaml", ["file": file], nested: ["problem": error.problem], kind: .usage)
        }
        let root = (file as NSString).deletingLastPathComponent
        guard let node else { return SiteConfig(root: root) }
        guard let mapping = node.mapping else {
            throw UsergraphError("errors.config.notMapping", ["where": file + where_(node)], kind: .usage)
        }
        var reader = Reader(file: file)
        var config = SiteConfig(root: root)
        var languageNode: Node?
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard topLevelKeys.contains(key) else {
                reader.unknownKey(keyNode, key, suggestion: suggestion(for: key, in: topLevelKeys))
                continue
            }
            switch key {
            case "title": config.title = reader.string(value, key) ?? config.title
            case "baseURL":
                if let url = reader.string(value, key) {
                    if url.isEmpty {
                        config.baseURL = nil
                    } else if URLCheck.isAbsoluteHTTP(url) {
                        config.baseURL = url.hasSuffix("/") ? url : url + "/"
                    } else {
                        reader.problem(value, "errors.config.baseURL", ["value": url])
                    }
                }
            case "language":
                if let lang = reader.string(value, key) {
                    config.language = lang
                    languageNode = value
                }
            case "timeZone":
                if let name = reader.string(value, key) {
                    if let zone = TimeZone(identifier: name) {
                        config.timeZone = zone
                    } else {
                        reader.problem(value, "errors.config.timeZone", ["value": name])
                    }
                }
            case "asOf":
                if let text = reader.string(value, key) {
                    if let day = Day(iso: text) { config.asOf = day } else { reader.problem(value, "errors.config.asOf", ["value": text]) }
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
                        if GitHubLogin.isValid(s) { login = s } else { reader.problem(v, "errors.config.githubLogin", ["value": s]) }
                    }
                }
                if let v = section["apiURL"], let s = reader.url(v, "github.apiURL") { api = s }
                let pinned = section["pinned"].flatMap { reader.pinnedNames($0) }
                if let login {
                    config.github = .init(login: login, apiURL: api, pinned: pinned)
                } else if section["login"] == nil, !section.isEmpty {
                    reader.problem(value, "errors.config.githubNoLogin")
                }
            case "users":
                if let v = reader.section(value, key)["url"] { config.usersURL = reader.url(v, "users.url") }
            case "statistics":
                if let v = reader.section(value, key)["url"] { config.statisticsURL = reader.url(v, "statistics.url") }
            case "cache":
                if let v = reader.section(value, key)["maxAge"] {
                    if let n = v.int, n >= 0 { config.cacheMaxAge = n } else { reader.problem(v, "errors.config.maxAge") }
                }
            case "goals":
                if let v = reader.section(value, key)["steps"] {
                    if let n = v.int, (1...200_000).contains(n) { config.stepsGoal = n } else { reader.problem(v, "errors.config.stepsGoal") }
                }
            case "privacy":
                let section = reader.section(value, key)
                for (name, node) in section.sorted(by: { $0.key < $1.key }) {
                    switch name {
                    case "zones":
                        config.privacy.zones = reader.privacyZones(node)
                    case "trim":
                        if let metres = node.float, metres.isFinite, metres >= 0 {
                            config.privacy.trim = metres
                        } else {
                            reader.problem(node, "errors.config.privacyTrim", ["value": node.scalar?.string ?? "…"])
                        }
                    default:
                        guard let flag = node.bool else {
                            reader.problem(node, "errors.config.flag", ["key": "privacy." + name])
                            continue
                        }
                        switch name {
                        case "indexUsers": config.privacy.indexUsers = flag
                        case "visitorsAsCounts": config.privacy.visitorsAsCounts = flag
                        default: config.privacy.routes = flag
                        }
                    }
                }
            case "athlete":
                let section = reader.section(value, key)
                if let node = section["maxHeartRate"] {
                    if let bpm = node.int, (100...250).contains(bpm) {
                        config.athlete.maxHeartRate = bpm
                    } else {
                        reader.problem(node, "errors.config.maxHeartRate", ["value": node.scalar?.string ?? "…"])
                    }
                }
                if let node = section["zones"] {
                    let bounds = node.sequence?.compactMap(\.int)
                    if let bounds, bounds.count == node.sequence?.count, bounds.count == 5, bounds.allSatisfy({ (30...250).contains($0) }),
                        zip(bounds, bounds.dropFirst()).allSatisfy({ $0 < $1 })
                    {
                        config.athlete.zones = bounds
                    } else {
                        reader.problem(node, "errors.config.heartRateZones")
                    }
                }
            case "units":
                if let text = reader.string(value, key) {
                    if let units = SiteConfig.Units(rawValue: text) {
                        config.units = units
                    } else {
                        reader.problem(value, "errors.config.units", ["value": text])
                    }
                }
            case "import":
                if let v = reader.section(value, key)["folders"] { config.importFolders = reader.folders(v, root: root) }
            case "intervals":
                let section = reader.section(value, key)
                var athlete: String?
                var source = SiteConfig.IntervalsSource(athlete: "")
                if let v = section["athlete"], let s = reader.string(v, "intervals.athlete") {
                    if SiteConfig.IntervalsSource.isAthlete(s) { athlete = s } else { reader.problem(v, "errors.config.intervalsAthlete", ["value": s]) }
                }
                if let v = section["apiURL"], let s = reader.url(v, "intervals.apiURL") { source.apiURL = s }
                if let v = section["since"], let s = reader.string(v, "intervals.since") {
                    if let day = Day(iso: s) { source.since = day } else { reader.problem(v, "errors.config.intervalsSince", ["value": s]) }
                }
                if let athlete {
                    source.athlete = athlete
                    config.intervals = source
                } else if section["athlete"] == nil, !section.isEmpty {
                    reader.problem(value, "errors.config.intervalsNoAthlete")
                }
            case "strava":
                let section = reader.section(value, key)
                var clientId: String?
                var source = SiteConfig.StravaSource(clientId: "")
                if let v = section["clientId"] {
                    // YAML reads `12345` as a number: its text is the id either way.
                    let text = v.scalar?.string ?? ""
                    if SiteConfig.StravaSource.isClientId(text) { clientId = text } else { reader.problem(v, "errors.config.stravaClientId", ["value": text]) }
                }
                if let v = section["apiURL"], let s = reader.url(v, "strava.apiURL") { source.apiURL = s }
                if let v = section["maxPerRun"] {
                    if let n = v.int, (1...1000).contains(n) { source.maxPerRun = n } else { reader.problem(v, "errors.config.stravaMaxPerRun") }
                }
                if let clientId {
                    source.clientId = clientId
                    config.strava = source
                } else if section["clientId"] == nil, !section.isEmpty {
                    reader.problem(value, "errors.config.stravaNoClientId")
                }
            case "sections":
                var off: Set<SiteSection> = []
                for (name, node) in reader.section(value, key) {
                    guard let section = SiteSection(rawValue: name) else { continue }
                    guard let flag = node.bool else {
                        reader.problem(node, "errors.config.flag", ["key": "sections." + name])
                        continue
                    }
                    if !flag { off.insert(section) }
                }
                config.sectionsOff = off.sorted()
            case "owner":
                if let v = reader.section(value, key)["public"] {
                    let names = v.sequence?.compactMap(\.string)
                    if let names, names.count == v.sequence?.count, names.allSatisfy(SiteConfig.ownerFields.contains) {
                        config.ownerPublic = SiteConfig.ownerFields.filter(names.contains)
                    } else {
                        reader.problem(v, "errors.config.ownerPublic", ["known": SiteConfig.ownerFields.joined(separator: ", ")])
                    }
                }
            default: break
            }
        }
        // Checked last: `templates` may come after `language`.
        if let node = languageNode { checkLanguage(config.language, theme: config.theme, node: node, reader: &reader) }
        if !reader.problems.isEmpty {
            throw UsergraphError(messages: reader.problems, kind: .usage)
        }
        return config
    }

    /// A language is a code with a strings file in the theme (`Templates/strings/ru.yml`).
    static func checkLanguage(_ language: String, theme: ThemeFiles, node: Node, reader: inout Reader) {
        let known = Strings.available(theme: theme)
        guard Strings.isLanguageCode(language), known.contains(language) else {
            reader.problem(
                node, "errors.config.language",
                [
                    "value": language, "file": theme.place(Strings.name(language: language)),
                    "known": known.isEmpty ? "none" : known.joined(separator: ", "),
                ])
            return
        }
    }

    static func where_(_ node: Node) -> String {
        guard let mark = node.mark else { return "" }
        return ":\(mark.line)"
    }

    /// The known key `key` was most likely meant to be: the same but for case, else the nearest
    /// by edits (a letter added, dropped, changed or two swapped: `titel` is `title`), at most
    /// one edit in four letters and two in all; ties to the first in alphabetical order.
    static func suggestion(for key: String, in known: Set<String>) -> String? {
        if let same = known.sorted().first(where: { $0.lowercased() == key.lowercased() }) { return same }
        let limit = min(2, max(1, key.count / 4))
        let scored = known.sorted().map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours each count one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// Collects every problem so the user sees them all at once, each starting with
    /// `file:line` (the `{where}` of its message).
    struct Reader {
        let file: String
        var problems: [Message] = []

        mutating func problem(_ node: Node, _ key: String, _ args: [String: String] = [:]) {
            var values = args
            values["where"] = file + ConfigLoader.where_(node)
            problems.append(Message(key, values))
        }

        mutating func unknownKey(_ node: Node, _ key: String, suggestion: String?) {
            if let suggestion {
                problem(node, "errors.config.unknownKeySuggest", ["key": key, "suggestion": suggestion])
            } else {
                problem(node, "errors.config.unknownKey", ["key": key])
            }
        }

        mutating func string(_ node: Node, _ key: String) -> String? {
            guard case .scalar(let scalar) = node else {
                problem(node, "errors.config.notScalar", ["key": key])
                return nil
            }
            return scalar.string
        }

        mutating func path(_ node: Node, _ key: String) -> String? {
            guard let s = string(node, key) else { return nil }
            if s.isEmpty { problem(node, "errors.config.emptyPath", ["key": key]); return nil }
            return s
        }

        mutating func url(_ node: Node, _ key: String) -> String? {
            guard let s = string(node, key) else { return nil }
            guard URLCheck.isAbsoluteHTTP(s) else {
                problem(node, "errors.config.url", ["key": key, "value": s])
                return nil
            }
            return s
        }

        /// `github.pinned`: up to six names of the owner's own repositories, as GitHub spells them.
        mutating func pinnedNames(_ node: Node) -> [String]? {
            guard let sequence = node.sequence else {
                problem(node, "errors.config.pinnedList")
                return nil
            }
            var names: [String] = []
            for item in sequence {
                guard case .scalar(let scalar) = item, GitHubRepositoryName.isValid(scalar.string) else {
                    problem(item, "errors.config.pinnedName", ["value": item.scalar?.string ?? "…"])
                    continue
                }
                if !names.contains(scalar.string) { names.append(scalar.string) }
            }
            if names.count > GitHubRepositoryName.maxPinned {
                problem(node, "errors.config.pinnedCount", ["count": String(names.count)])
                return nil
            }
            return names
        }

        /// `import.folders`: a list of folders, each relative to the site's folder or absolute,
        /// `~` (and `~user`) standing for a home folder as in a shell.
        mutating func folders(_ node: Node, root: String) -> [String] {
            guard let sequence = node.sequence else {
                problem(node, "errors.config.importFolders")
                return []
            }
            var folders: [String] = []
            for item in sequence {
                guard case .scalar(let scalar) = item, !scalar.string.isEmpty else {
                    problem(item, "errors.config.importFolders")
                    continue
                }
                var path = scalar.string
                if path.hasPrefix("~") {
                    let expanded = (path as NSString).expandingTildeInPath
                    guard expanded.hasPrefix("/") else {
                        problem(item, "errors.config.importFolderHome", ["value": path])
                        continue
                    }
                    path = expanded
                }
                let folder = SiteConfig.resolve(path, against: root)
                if !folders.contains(folder) { folders.append(folder) }
            }
            return folders
        }

        /// `privacy.zones`: a list of `{lat, lon, radius}`, radius in metres (500 when left out).
        /// A zone with a problem is reported and left out; the run stops anyway, so no route is
        /// drawn without it.
        mutating func privacyZones(_ node: Node) -> [SiteConfig.Privacy.Zone] {
            guard let sequence = node.sequence else {
                problem(node, "errors.config.privacyZones")
                return []
            }
            var zones: [SiteConfig.Privacy.Zone] = []
            for item in sequence {
                guard item.mapping != nil else {
                    problem(item, "errors.config.privacyZones")
                    continue
                }
                let fields = section(item, "privacy.zones")
                guard let latNode = fields["lat"], let lonNode = fields["lon"] else {
                    problem(item, "errors.config.privacyZoneCentre")
                    continue
                }
                let lat = number(latNode, in: -90...90, "errors.config.privacyZoneLat")
                let lon = number(lonNode, in: -180...180, "errors.config.privacyZoneLon")
                var radius: Double? = SiteConfig.Privacy.Zone.defaultRadius
                if let radiusNode = fields["radius"] {
                    radius = number(radiusNode, in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude, "errors.config.privacyZoneRadius")
                }
                if let lat, let lon, let radius { zones.append(SiteConfig.Privacy.Zone(lat: lat, lon: lon, radius: radius)) }
            }
            return zones
        }

        /// A finite number in `range`, else the problem `message` with the value as written.
        mutating func number(_ node: Node, in range: ClosedRange<Double>, _ message: String) -> Double? {
            if let value = node.float, value.isFinite, range.contains(value) { return value }
            problem(node, message, ["value": node.scalar?.string ?? "…"])
            return nil
        }

        mutating func section(_ node: Node, _ key: String) -> [String: Node] {
            guard let mapping = node.mapping else {
                problem(node, "errors.config.notSection", ["key": key])
                return [:]
            }
            let known = ConfigLoader.sectionKeys[key] ?? []
            var result: [String: Node] = [:]
            for (k, v) in mapping {
                let name = k.string ?? ""
                if known.contains(name) {
                    result[name] = v
                } else {
                    unknownKey(k, key + "." + name, suggestion: ConfigLoader.suggestion(for: name, in: known).map { key + "." + $0 })
                }
            }
            return result
        }
    }
}

/// GitHub logins: 1–39 of letters, digits and single hyphens, not at either end.
enum GitHubLogin {
    static func isValid(_ login: String) -> Bool {
        guard (1...39).contains(login.utf8.count), !login.hasPrefix("-"), !login.hasSuffix("-"), !login.contains("--")
        else { return false }
        return login.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
    }
}

/// GitHub repository names: 1–100 of letters, digits, `-`, `_` and `.`, never `.` or `..`.
package enum GitHubRepositoryName {
    /// GitHub pins at most six.
    package static let maxPinned = 6

    package static func isValid(_ name: String) -> Bool {
        guard (1...100).contains(name.utf8.count), name != ".", name != ".." else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
