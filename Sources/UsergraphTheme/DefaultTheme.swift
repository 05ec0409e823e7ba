import Foundation

/// The default theme (Templates/ and Public/) that ships in the package as a resource: what
/// `usergraph init` copies, and the English words every message falls back to.
public enum DefaultTheme {
    /// The folder holding Templates/ and Public/, or nil when neither copy is there.
    ///
    /// SwiftPM copies the resource into `usergraph_UsergraphTheme.resources/` beside the
    /// executable (keep that folder with the binary when installing it); a build that runs
    /// from its checkout also finds the source copy. This is the lookup `Bundle.module` does,
    /// without its crash when both are missing.
    public static let folder: String? = {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("usergraph_UsergraphTheme.resources/Theme").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Theme").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/Templates/layout.html") }
    }()

    /// The default theme's Templates/ folder.
    public static var templates: String? { folder.map { $0 + "/Templates" } }
}
