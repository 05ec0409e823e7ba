import Foundation
import Testing
import UsergraphBuild
import UsergraphCore
import UsergraphPublish

/// The bundled demo site, copied and built the way many suites need it.
package enum DemoSite {
    /// Builds the bundled demo into a scratch folder; returns the report and the output folder.
    /// `privacy`: instead of the demo config's.
    package static func build(baseURL: String? = nil, privacy: SiteConfig.Privacy? = nil) throws -> (BuildReport, String) {
        let output = try TestPaths.scratch("demo") + "/site"
        var config = try ConfigLoader.load(path: TestPaths.demoConfig)
        if let privacy { config.privacy = privacy }
        let report = try SiteBuild.run(config: config, options: BuildOptions(output: output, baseURL: baseURL))
        return (report, output)
    }

    /// A scratch copy of the demo's config and store, with the default theme's files as the
    /// site's own (so a test may edit them).
    package static func copy() throws -> String {
        let root = try TestPaths.scratch("publish")
        for item in ["usergraph.yml", "Store"] {
            try FileManager.default.copyItem(atPath: TestPaths.repository + "/" + item, toPath: root + "/" + item)
        }
        for item in ["Templates", "Public"] {
            try FileManager.default.copyItem(atPath: TestPaths.theme + "/" + item, toPath: root + "/" + item)
        }
        return root
    }

    /// Builds the site in `root` with its own config.
    @discardableResult
    package static func buildSite(
        _ root: String, output: String? = nil, baseURL: String? = nil, asOf: Day? = nil, force: Bool = false
    ) throws -> BuildReport {
        let config = try ConfigLoader.load(path: root + "/usergraph.yml")
        return try SiteBuild.run(config: config, options: BuildOptions(output: output, baseURL: baseURL, asOf: asOf, force: force))
    }

    /// Removes the last user from the store's users file; returns their id.
    package static func dropLastUser(_ root: String) throws -> Int {
        let usersPath = root + "/Store/users.json"
        var envelope = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: usersPath))) as? [String: Any])
        var data = try #require(envelope["data"] as? [String: Any])
        var users = try #require(data["users"] as? [[String: Any]])
        let gone = try #require(users.last?["id"] as? Int)
        users.removeLast()
        data["users"] = users
        envelope["data"] = data
        try JSONSerialization.data(withJSONObject: envelope).write(to: URL(fileURLWithPath: usersPath))
        return gone
    }

    /// The built-in theme's words in `language`, as the code that formats numbers needs them.
    package static func strings(_ language: String) throws -> Strings {
        try Strings.load(theme: .builtIn, language: language, require: LanguageFormat.requirements)
    }
}

/// A built site's pages as a reader sees them.
package enum PageText {
    /// The site-relative paths of every HTML file under `root`, sorted.
    package static func htmlFiles(in root: String) -> [String] {
        let walker = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let item = walker?.nextObject() as? String { if item.hasSuffix(".html") { files.append(item) } }
        return files.sorted()
    }

    /// Attribute values as a browser reads them.
    package static func decodeEntities(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
        while let range = out.range(of: "&#[0-9]+;", options: .regularExpression) {
            let code = Int(out[range].dropFirst(2).dropLast()) ?? 63
            out.replaceSubrange(range, with: String(UnicodeScalar(UInt8(clamping: code))))
        }
        return out
    }
}

/// Relative path → bytes of every file under a folder, hidden ones included.
package func siteTree(_ root: String) throws -> [String: Data] {
    var tree: [String: Data] = [:]
    for file in FileTree.files(in: root, includingHidden: true) {
        tree[file] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + file))
    }
    return tree
}

/// Relative path → (inode, modification time in nanoseconds).
package func fileIdentities(_ root: String) -> [String: [Int]] {
    var identities: [String: [Int]] = [:]
    for file in FileTree.files(in: root, includingHidden: true) {
        var info = stat()
        guard stat(root + "/" + file, &info) == 0 else { continue }
        identities[file] = [Int(info.st_ino), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
    }
    return identities
}
