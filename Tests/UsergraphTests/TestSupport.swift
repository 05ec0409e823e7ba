import Foundation
@testable import UsergraphCore
@testable import UsergraphStats
@testable import UsergraphStore
@testable import UsergraphRemote
@testable import UsergraphSite
@testable import UsergraphCommands

/// Paths and scratch folders shared by the suites.
enum TestPaths {
    /// The repository root: this file is Tests/UsergraphKitTests/TestSupport.swift.
    static let repository: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static var demoConfig: String { repository + "/usergraph.yml" }

    /// The default theme (the demo's Templates/ and Public/ are links to it).
    static let theme = repository + "/Sources/UsergraphTheme/Theme"

    /// A new empty folder under the system's temporary folder.
    static func scratch(_ name: String = "t") throws -> String {
        let path = NSTemporaryDirectory() + "usergraph-tests-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// A site folder with the demo's theme and the given store files (path → JSON text).
    static func site(store files: [String: String], config extra: String = "") throws -> String {
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
