import Foundation
import Yams

/// `theme-base.yml` in a site's folder: for each file `usergraph theme eject` copied, the
/// built-in version it was taken from (`ThemeFiles.versionDigest`). With it `build` can tell
/// that a built-in file changed after its owner copied and edited it. Kept in git with the
/// site's templates.
package enum ThemeBase {
    package static let fileName = "theme-base.yml"

    /// The recorded bases, theme name → digest; none when the file is missing or unreadable
    /// (it only ever adds a warning).
    package static func read(root: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: root + "/" + fileName),
            let text = String(data: data, encoding: .utf8),
            let mapping = (try? Yams.compose(yaml: text))??.mapping
        else { return [:] }
        var bases: [String: String] = [:]
        for (key, value) in mapping {
            if let name = key.string, let digest = value.string { bases[name] = digest }
        }
        return bases
    }

    /// Records `bases` over what the file held.
    package static func record(_ bases: [String: String], root: String) throws {
        let merged = read(root: root).merging(bases) { $1 }
        var text = """
            # Written by `usergraph theme eject`: the version of the built-in theme each copied file
            # was taken from, so that `usergraph build` can say when the built-in one changes.
            # Keep it with your templates.

            """
        for name in merged.keys.sorted() { text += "\(name): \"\(merged[name] ?? "")\"\n" }
        let path = root + "/" + fileName
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw UsergraphError("errors.theme.writeBase", ["path": path, "reason": error.localizedDescription])
        }
    }
}
