/// Where a page lives in the site and how it links to others.
///
/// Every link is relative and points at a file (`../users/index.html`), so the site works
/// opened straight from disk, from a host's root and from a sub-path alike.
package struct SitePath: Sendable, Hashable {
    /// The page's folder relative to the site root, with a trailing slash, or "" for the root.
    package let folder: String
    /// The file inside the folder: `index.html` for every page but `404.html`.
    package let fileName: String

    package init(_ folder: String, fileName: String = pageFile) { self.folder = folder; self.fileName = fileName }

    /// Every page's file name but `404.html`'s.
    package static let pageFile = "index.html"

    package static let home = SitePath("")
    package static let users = SitePath("users/")
    package static let repositories = SitePath("repositories/")
    package static let starred = SitePath("starred/")
    package static let statistics = SitePath("statistics/")
    package static let meals = SitePath("meals/")
    package static let cards = SitePath("cards/")
    package static let notFound = SitePath("", fileName: "404.html")
    package static func user(_ id: Int) -> SitePath { SitePath("users/\(id)/") }
    static func usersPage(_ number: Int) -> SitePath { number <= 1 ? .users : SitePath("users/page/\(number)/") }
    static func mealsPage(_ number: Int) -> SitePath { number <= 1 ? .meals : SitePath("meals/page/\(number)/") }

    /// The output file, relative to the site root.
    package var file: String { folder + fileName }

    /// The prefix that leads from this page back to the site root.
    package var root: String { String(repeating: "../", count: depth) }

    /// How many folders deep the page is: its folder's non-empty components, counted on bytes
    /// since this runs a few times per page.
    package var depth: Int {
        var depth = 0
        var inComponent = false
        for byte in folder.utf8 {
            if byte == UInt8(ascii: "/") { inComponent = false } else if !inComponent { inComponent = true; depth += 1 }
        }
        return depth
    }

    /// A relative link from this page to another page.
    package func link(to other: SitePath) -> String { root + other.file }

    /// The page's public URL under a base URL (folder pages end with `/`).
    package func url(base: String) -> String { base + (fileName == "index.html" ? folder : folder + fileName) }

    /// A relative link from this page to a file at the site root (`files/x.svg`).
    package func link(toFile path: String) -> String { root + path }
}
