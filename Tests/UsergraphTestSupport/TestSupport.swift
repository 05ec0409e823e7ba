import Foundation
import Testing

/// Paths and scratch folders shared by the suites.
package enum TestPaths {
    /// The repository root: this file is Tests/UsergraphTestSupport/TestSupport.swift.
    package static let repository: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Recorded API answers and real device files, with their sources and licences.
    package static let fixtures = repository + "/Tests/Fixtures"

    package static var demoConfig: String { repository + "/usergraph.yml" }

    /// The default theme (the demo's Templates/ and Public/ are links to it).
    package static let theme = repository + "/Sources/UsergraphTheme/Theme"

    /// A new empty folder for a test. It lives under the running test's own folder (see
    /// `ScratchFolders`), which is removed when the test ends; outside a test, under the run's
    /// folder, removed when the test process exits.
    package static func scratch(_ name: String = "t") throws -> String {
        let path = (ScratchFolders.current ?? ScratchFolders.run) + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Staging folders and old sites a build left in the state folder of `ROOT/_site`
    /// (`ROOT/.usergraph/_site/`): none after a build that ended, however it ended.
    package static func buildLeftovers(_ root: String) throws -> [String] {
        let state = root + "/.usergraph/_site"
        guard FileManager.default.fileExists(atPath: state) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("staging-") || $0.hasPrefix("old-") }
    }

    package static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    package static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// A site folder with the demo's theme and the given store files (path → JSON text).
    package static func site(store files: [String: String], config extra: String = "") throws -> String {
        let root = try scratch("site")
        let fm = FileManager.default
        try fm.copyItem(atPath: theme + "/Templates", toPath: root + "/Templates")
        try fm.copyItem(atPath: theme + "/Public", toPath: root + "/Public")
        try fm.createDirectory(atPath: root + "/Store", withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: root + "/Store/" + path) }
        try write("title: Test site\ntimeZone: Europe/Moscow\nasOf: 2026-11-20\n" + extra, to: root + "/usergraph.yml")
        return root
    }
}

/// Owns the scratch folders of the test run, so a run leaves the temporary folder as it
/// found it. Every suite has the `.scratch` trait: each test gets a folder of its own,
/// removed when it ends, pass or fail. What is made outside a test goes under the run's
/// folder, removed at exit; a run that crashed leaves its folder behind, and the next run
/// removes it.
package struct ScratchFolders: SuiteTrait, TestTrait, TestScoping {
    /// `usergraph-tests-PID` in the temporary folder.
    package static let run: String = {
        let prefix = "usergraph-tests-"
        let temporary = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            // A folder of a run that is no longer running (its process is gone).
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: temporary + name)
            }
        }
        let folder = temporary + prefix + String(getpid())
        atexit { try? FileManager.default.removeItem(atPath: ScratchFolders.run) }
        return folder
    }()

    @TaskLocal package static var current: String?

    package var isRecursive: Bool { true }

    package func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() }
        let folder = Self.run + "/" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await Self.$current.withValue(folder) { try await function() }
    }
}

extension Trait where Self == ScratchFolders {
    /// Removes the scratch folders each test makes when it ends.
    package static var scratch: ScratchFolders { ScratchFolders() }
}

/// A small seeded generator (SplitMix64), so generated data and fuzzing damage are the same on
/// every run.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (0 for a bound of 0).
    package mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }
}
