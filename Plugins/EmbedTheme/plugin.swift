import Foundation
import PackagePlugin

/// Compiles the default theme (`Sources/UsergraphTheme/Theme/`) into the executable: one Swift
/// file of the theme's files, so the installed binary is the only file a user needs.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = target.directoryURL.appending(path: "Theme")
        let versions = target.directoryURL.appending(path: "theme-versions.txt")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [theme.path, versions.path, output.path],
                // Every file, so that an edited, added or removed one embeds the theme again.
                inputFiles: files(in: theme) + [versions, theme],
                outputFiles: [output]
            )
        ]
    }

    private func files(in folder: URL) -> [URL] {
        var found: [URL] = []
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            found.append(url)
        }
        return found
    }
}
