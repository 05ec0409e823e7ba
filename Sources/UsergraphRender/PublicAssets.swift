import Foundation
import UsergraphCore
import UsergraphPages

/// The theme's static files from `Public/` (the site's, over the built-in ones). Those under `assets/` get a content hash in their
/// names (`assets/style.3f9a0c1b2d.css`), so a host can cache them forever and a changed file
/// is a new URL; everything else (a `CNAME`, `favicon.ico`) keeps its name.
package struct PublicAssets: Sendable {
    package struct File: Sendable {
        /// Where it goes in the site.
        package let published: String
        package let data: Data
    }

    package let files: [File]
    /// Source path under `Public/` → published path, for templates.
    package let names: [String: String]

    package init(theme: ThemeFiles) throws {
        var files: [File] = []
        var names: [String: String] = [:]
        for name in theme.names(under: "Public") {
            let item = String(name.dropFirst("Public/".count))
            guard let data = theme.file(name)?.data else {
                throw UsergraphError("errors.publish.unreadable", ["path": theme.place(name)])
            }
            let published = item.hasPrefix("assets/") ? PublicAssets.hashedName(item, data: data) : item
            files.append(File(published: published, data: data))
            names[item] = published
        }
        self.files = files
        self.names = names
    }

    /// `assets/style.css` → `assets/style.<first 10 hex digits of its SHA-256>.css`.
    static func hashedName(_ path: String, data: Data) -> String {
        let hash = String(SHA256.hex(data).prefix(10))
        let ext = (path as NSString).pathExtension
        let stem = (path as NSString).deletingPathExtension
        return ext.isEmpty ? stem + "." + hash : stem + "." + hash + "." + ext
    }

    /// What templates see as `assets`: the path split at `/` and `.`, so `{{assets.style.css}}`
    /// is the published name of `Public/assets/style.css`.
    package var context: [String: Any] {
        var root: [String: Any] = [:]
        for (source, published) in names where source.hasPrefix("assets/") {
            let keys = source.dropFirst("assets/".count).split(whereSeparator: { $0 == "/" || $0 == "." }).map(String.init)
            root = PublicAssets.inserting(published, at: keys[...], into: root)
        }
        return root
    }

    private static func inserting(_ value: String, at keys: ArraySlice<String>, into node: [String: Any]) -> [String: Any] {
        guard let first = keys.first else { return node }
        var node = node
        if keys.count == 1 {
            node[first] = value
        } else {
            node[first] = inserting(value, at: keys.dropFirst(), into: node[first] as? [String: Any] ?? [:])
        }
        return node
    }
}

extension PublicAssets {
    /// `{{assets.style.css}}`: the keys of `context`, one level per `/` and `.` of a file's path.
    package var keys: TemplateSchema {
        func keys(_ node: [String: Any]) -> TemplateSchema {
            TemplateSchema(
                fields: node.mapValues { child in
                    TemplateSchema.Field(value: (child as? [String: Any]).map { .object(keys($0)) } ?? .text, optional: false)
                })
        }
        return keys(context)
    }
}
