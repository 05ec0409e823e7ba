import Foundation
import UsergraphTheme

/// A site's theme: the site's own `Templates/` and `Public/` hold what its owner changed, the
/// built-in theme everything else. A file is looked up in the site first and in the built-in
/// theme second, as Hugo and Zola look templates up, so a release's new page, partial or
/// asset reaches a site that copied the theme long ago.
///
/// Files are named as in the built-in theme: `Templates/cards.md`, `Public/assets/style.css`,
/// whatever the site's config calls its folders.
package struct ThemeFiles: Sendable, Equatable {
    /// The site's folders; either may be missing or empty.
    package let templates: String
    package let publicFolder: String

    package init(templates: String, publicFolder: String) {
        self.templates = templates
        self.publicFolder = publicFolder
    }

    /// The built-in theme alone.
    package static let builtIn = ThemeFiles(templates: "", publicFolder: "")

    /// How messages name a built-in file: `<built-in>/Templates/cards.md`.
    package static let builtInPrefix = "<built-in>/"

    package struct File: Sendable {
        /// The file's name in the theme (`Templates/cards.md`).
        package let name: String
        /// Where it was read: the site's file, or `<built-in>/Templates/cards.md`, for messages.
        package let path: String
        package let data: Data
        package var isBuiltIn: Bool { path.hasPrefix(ThemeFiles.builtInPrefix) }
    }

    /// The site's path of a theme name, or nil for a name outside `Templates/` and `Public/`
    /// or a site without that folder.
    package func sitePath(_ name: String) -> String? {
        let slash = name.firstIndex(of: "/") ?? name.endIndex
        let folder: String
        switch name[..<slash] {
        case "Templates": folder = templates
        case "Public": folder = publicFolder
        default: return nil
        }
        return folder.isEmpty ? nil : folder + name[slash...]
    }

    /// The file `name`: the site's, else the built-in one, else nil.
    package func file(_ name: String) -> File? {
        if let path = sitePath(name), let data = FileManager.default.contents(atPath: path), !isDirectory(path) {
            return File(name: name, path: path, data: data)
        }
        return BuiltInTheme.files[name].map { File(name: name, path: ThemeFiles.builtInPrefix + name, data: $0) }
    }

    /// Where a message should point for `name`: the site's file when there is one, else where
    /// the site would hold it when it has a folder for it, else the built-in one.
    package func place(_ name: String) -> String {
        if let path = sitePath(name), FileManager.default.fileExists(atPath: path) { return path }
        if BuiltInTheme.files[name] != nil { return ThemeFiles.builtInPrefix + name }
        return sitePath(name) ?? ThemeFiles.builtInPrefix + name
    }

    /// The names of the files under `folder` (`Templates/partials`), the site's and the
    /// built-in ones, every depth, sorted; hidden files and folders are left out.
    package func names(under folder: String) -> [String] {
        var names = Set(BuiltInTheme.paths(under: folder))
        if let root = sitePath(folder) { names.formUnion(siteFiles(in: root).map { folder + "/" + $0 }) }
        return names.sorted()
    }

    /// The site's own files under `folder` (theme names), for `build`'s fingerprint and the
    /// shadow check.
    package func siteNames(under folder: String) -> [String] {
        guard let root = sitePath(folder) else { return [] }
        return siteFiles(in: root).map { folder + "/" + $0 }.sorted()
    }

    private func siteFiles(in root: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let path = walk.nextObject() as? String {
            if (path as NSString).lastPathComponent.hasPrefix(".") { walk.skipDescendants(); continue }
            if !isDirectory(root + "/" + path) { found.append(path) }
        }
        return found
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

// MARK: - Shadowed built-in files

extension ThemeFiles {
    /// The first 16 hex digits of the SHA-256 of `data`, as `BuiltInTheme.versions` holds them.
    package static func versionDigest(_ data: Data) -> String { String(SHA256.hex(data).prefix(16)) }

    /// A site's file that hides a built-in one which has changed since the site's copy was made.
    package struct StaleCopy: Sendable, Equatable {
        package let name: String
        package let path: String
        /// True when the site's file is an earlier built-in version, never edited; false when
        /// its owner changed it after `theme eject` took it from an earlier version.
        package let untouched: Bool
        /// The built-in file's current version (`versionDigest`).
        package let current: String

        /// The name and the built-in version: a build says each once (`BuildStamp.toldTheme`).
        package var told: String { name + " " + current }
    }

    /// The site's files that shadow a built-in file which has changed since they were copied:
    /// an untouched copy of an earlier version, or an edited copy whose base (recorded in
    /// `bases`, see `ThemeBase`) is not the current version.
    package func staleCopies(bases: [String: String]) -> [StaleCopy] {
        var stale: [StaleCopy] = []
        for name in siteNames(under: "Templates") + siteNames(under: "Public") {
            guard let builtIn = BuiltInTheme.files[name], let path = sitePath(name),
                let data = FileManager.default.contents(atPath: path), data != builtIn
            else { continue }
            let current = ThemeFiles.versionDigest(builtIn)
            let digest = ThemeFiles.versionDigest(data)
            if BuiltInTheme.versions[name]?.contains(digest) == true {
                stale.append(StaleCopy(name: name, path: path, untouched: true, current: current))
            } else if let base = bases[name], base != current {
                stale.append(StaleCopy(name: name, path: path, untouched: false, current: current))
            }
        }
        return stale
    }
}
