import UsergraphCore
import UsergraphStore

/// Avatar HTML that usergraph makes itself (so it goes into templates with `{{{…}}}`):
/// the stored image when there is one, else a placeholder with initials.
package struct Avatars: Sendable {
    package let files: StoredFiles

    package init(files: StoredFiles) { self.files = files }

    /// The site-relative path of a stored image for this URL, if it was downloaded.
    package func sitePath(forURL url: String?) -> String? {
        guard let url, let name = files.file(forURL: url) else { return nil }
        return "files/" + name
    }

    /// What a page that shows the stored image for this URL, and its size, reads of it besides
    /// the URL (which its name is made from): whether there is one, the end of its name, and
    /// its inode, new when a new picture replaced it under the same name.
    package func addInputs(forURL url: String, to hasher: inout FingerprintHasher) {
        guard let entry = files.entry(forURL: url) else { return hasher.add(false) }
        hasher.add(true)
        hasher.add(entry.suffix)
        hasher.add(Int(truncatingIfNeeded: entry.inode))
    }

    package func sitePath(forStorePath path: String?) -> String? {
        guard let path, let name = files.file(forStorePath: path) else { return nil }
        return "files/" + name
    }

    /// The pixel size of a stored file given by its site path (`files/NAME`).
    package func imageSize(sitePath: String) -> ImageSize? {
        guard sitePath.hasPrefix("files/") else { return nil }
        return files.imageSize(ofFile: sitePath.dropFirst("files/".count))
    }

    /// `<img>` for a stored image, else a placeholder `<span>` with the initials of `name`.
    /// `eager` is for the avatar at the top of a page: the first thing seen is not lazy-loaded.
    package func html(sitePath: String?, name: String, size: Int, from page: SitePath, eager: Bool = false) -> String {
        if let sitePath {
            let loading = eager ? "" : " loading=\"lazy\" decoding=\"async\""
            return "<img class=\"avatar\" src=\"\(HTML.escape(page.link(toFile: sitePath)))\" alt=\"\" width=\"\(size)\" height=\"\(size)\"\(loading)>"
        }
        return Avatars.placeholder(name: name, size: size)
    }

    static func placeholder(name: String, size: Int) -> String {
        let hue = Int(SHA256.digest(Array(name.utf8))[0] % 360)
        return "<span class=\"avatar avatar-placeholder\" style=\"--avatar-hue:\(hue)\" aria-hidden=\"true\">\(HTML.escape(initials(name)))</span>"
    }

    /// Up to two letters: the first of the first two words, split on spaces, dots, dashes and underscores.
    package static func initials(_ name: String) -> String {
        let words = name.split(whereSeparator: { " ._-".contains($0) || $0.isNumber })
        let letters = words.prefix(2).compactMap { $0.first(where: { $0.isLetter }) }
        let text = String(letters).uppercased()
        return text.isEmpty ? "?" : text
    }
}
