import Foundation
import UsergraphCore
import UsergraphStore
import UsergraphTheme

/// `usergraph theme eject [FILE…]`: copies built-in theme files into a site, where the site's
/// copy is used instead of the built-in one, and records the version each was taken from
/// (`ThemeBase`) so that `build` can say when the built-in file changes later.
package enum ThemeEject {
    /// The built-in files, by theme name (`Templates/cards.md`), sorted.
    package static var builtInNames: [String] { BuiltInTheme.files.keys.sorted() }

    /// The theme names `requests` mean: a full name (`Templates/cards.md`), a name within
    /// `Templates/` or `Public/` (`cards.md`, `partials/pagination.md`, `assets/style.css`),
    /// or a folder (`partials`, `strings`) for everything in it; no request means every file.
    package static func names(for requests: [String]) throws -> [String] {
        let all = builtInNames
        guard !requests.isEmpty else { return all }
        var chosen: [String] = []
        for request in requests {
            let trimmed = request.hasSuffix("/") ? String(request.dropLast()) : request
            let candidates = [trimmed, "Templates/" + trimmed, "Public/" + trimmed]
            let matches = all.filter { name in candidates.contains { name == $0 || name.hasPrefix($0 + "/") } }
            guard !matches.isEmpty else {
                throw UsergraphError(
                    "errors.theme.unknownFile", ["file": request, "example": "cards.md, partials/pagination.md, assets/style.css"], kind: .usage)
            }
            chosen += matches.filter { !chosen.contains($0) }
        }
        return chosen
    }

    /// Copies `names` from the built-in theme into `theme`'s folders. A file the site already
    /// has is left as it is unless `overwrite`; returns the paths written and those kept.
    package static func eject(_ names: [String], into theme: ThemeFiles, root: String, overwrite: Bool) throws -> (written: [String], kept: [String]) {
        var written: [String] = [], kept: [String] = [], bases: [String: String] = [:]
        for name in names {
            guard let data = BuiltInTheme.files[name], let path = theme.sitePath(name) else { continue }
            if !overwrite, FileManager.default.fileExists(atPath: path) { kept.append(path); continue }
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(data, to: path)
            bases[name] = ThemeFiles.versionDigest(data)
            written.append(path)
        }
        if !bases.isEmpty { try ThemeBase.record(bases, root: root) }
        return (written, kept)
    }
}
