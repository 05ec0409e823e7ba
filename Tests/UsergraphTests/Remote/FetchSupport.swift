import Foundation
@testable import UsergraphCore
@testable import UsergraphStats
@testable import UsergraphStore
@testable import UsergraphRemote
@testable import UsergraphSite
@testable import UsergraphCommands

/// Site folders wired to the fake APIs, and what the tests compare before and after a run.
enum FetchSite {
    /// A site with the demo theme whose config points at `apis`. `github`, `users` say which
    /// sources to configure; `demoStore` copies the bundled Store/ first.
    static func make(apis: FakeAPIs, login: String = FakeAPIs.login, apiURL: String? = nil, github: Bool = true,
                     users: Bool = false, demoStore: Bool = false, maxAge: Int = 0) throws -> String {
        let root = try TestPaths.site(store: [:], config: "")
        if demoStore {
            try FileManager.default.removeItem(atPath: root + "/Store")
            try FileManager.default.copyItem(atPath: TestPaths.repository + "/Store", toPath: root + "/Store")
        }
        var config = "title: Fetch test\ntimeZone: Europe/Moscow\nasOf: 2026-11-20\n"
        if github { config += "github:\n  login: \(login)\n  apiURL: \(apiURL ?? apis.base)\n" }
        if users { config += "users:\n  url: \(apis.usersURL)\nstatistics:\n  url: \(apis.statisticsURL)\n" }
        config += "cache:\n  maxAge: \(maxAge)\n"
        try TestPaths.write(config, to: root + "/usergraph.yml")
        return root
    }

    static func config(_ root: String) throws -> SiteConfig {
        try ConfigLoader.load(path: root + "/usergraph.yml")
    }

    /// Every file under the folder (relative path → bytes), to compare byte for byte.
    static func files(under folder: String) -> [String: Data] {
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

    static func store(_ root: String) -> [String: Data] { files(under: root + "/Store") }

    /// No real backoff; a generous timeout, since a loaded machine may answer slowly and a
    /// retry would change the request counts the tests check.
    static let quick = TransportOptions(timeout: 600, attempts: 3, retryDelay: 0.001, maxFileBytes: 64 << 10)
}

extension Executable {
    /// Runs it in `folder` without blocking a thread of the concurrency pool (the local
    /// server the process talks to answers on that pool). Output goes through files, so
    /// the process is never on a terminal.
    static func runWithoutBlocking(_ arguments: [String], in folder: String, environment extra: [String: String] = [:]) async throws -> Result {
        let scratch = try TestPaths.scratch("out")
        let out = scratch + "/stdout", err = scratch + "/stderr"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GITHUB_TOKEN")
        // FoundationNetworking's timeout covers the whole request: on a loaded machine a slow
        // answer must not turn into a retry that changes the request counts.
        environment["USERGRAPH_TIMEOUT"] = "600"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Result(status: status, stdout: try TestPaths.read(out), stderr: try TestPaths.read(err))
    }
}

/// Runs synchronous, CPU-heavy work (a site build) on a plain thread, so it cannot hold a
/// thread of the small concurrency pool that the local servers answer on.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
