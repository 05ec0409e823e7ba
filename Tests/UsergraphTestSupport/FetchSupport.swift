import Foundation
import UsergraphCore
import UsergraphRemote

/// Site folders wired to the fake APIs, and what the tests compare before and after a run.
package enum FetchSite {
    /// A site with the demo theme whose config points at `apis`. `github`, `users` say which
    /// sources to configure; `pinned` sets `github.pinned`; `demoStore` copies the bundled Store/ first.
    package static func make(
        apis: FakeAPIs, login: String = FakeAPIs.login, apiURL: String? = nil, github: Bool = true,
        pinned: [String]? = nil, users: Bool = false, demoStore: Bool = false, maxAge: Int = 0
    ) throws -> String {
        let root = try TestPaths.site(store: [:], config: "")
        if demoStore {
            try FileManager.default.removeItem(atPath: root + "/Store")
            try FileManager.default.copyItem(atPath: TestPaths.repository + "/Store", toPath: root + "/Store")
            // Cached as if fetched from the fake API: a cached answer is shown only for the
            // source it was fetched for (another host is another source).
            for name in ["profile", "repos", "starred", "pinned", "contributions", "languages"] {
                let path = root + "/Store/github/\(name).json"
                let text = try TestPaths.read(path)
                try TestPaths.write(text.replacingOccurrences(of: FakeAPIs.recordedAPI, with: apiURL ?? apis.base), to: path)
            }
            if users {
                for (name, url) in [("users", apis.usersURL), ("statistics", apis.statisticsURL)] {
                    let path = root + "/Store/\(name).json"
                    let text = try TestPaths.read(path)
                    try TestPaths.write(text.replacingOccurrences(of: "http://test-case.rikmasters.ru/api/episode/\(name)/", with: url), to: path)
                }
            }
        }
        var config = "title: Fetch test\ntimeZone: Europe/Moscow\nasOf: 2026-11-20\n"
        if github { config += "github:\n  login: \(login)\n  apiURL: \(apiURL ?? apis.base)\n" }
        if github, let pinned { config += "  pinned: [\(pinned.joined(separator: ", "))]\n" }
        if users { config += "users:\n  url: \(apis.usersURL)\nstatistics:\n  url: \(apis.statisticsURL)\n" }
        config += "cache:\n  maxAge: \(maxAge)\n"
        try TestPaths.write(config, to: root + "/usergraph.yml")
        return root
    }

    package static func config(_ root: String) throws -> SiteConfig {
        try ConfigLoader.load(path: root + "/usergraph.yml")
    }

    /// Every file under the folder (relative path → bytes), to compare byte for byte.
    package static func files(under folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return files }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    package static func store(_ root: String) -> [String: Data] { files(under: root + "/Store") }

    /// No real backoff, and a timeout no busy machine reaches against the local server: a
    /// retry after a timeout would send one request more than the tests count.
    package static let quick = TransportOptions(timeout: 300, attempts: 3, retryDelay: 0.001, maxFileBytes: 64 << 10)
}
