/// Where a page lives in the site and how it links to others.
///
/// Every link is relative and points at a file (`../users/index.html`), so the site works
/// opened straight from disk, from a host's root and from a sub-path alike.
struct SitePath: Sendable, Hashable {
    /// The page's folder relative to the site root, with a trailing slash, or "" for the root.
    let folder: String
    /// The file inside the folder: `index.html` for every page but `404.html`.
    let fileName: String

    init(_ folder: String, fileName: String = pageFile) { self.folder = folder; self.fileName = fileName }

    /// Every page's file name but `404.html`'s.
    static let pageFile = "index.html"

    static let home = SitePath("")
    static let users = SitePath("users/")
    static let repositories = SitePath("repositories/")
    static let starred = SitePath("starred/")
    static let statistics = SitePath("statistics/")
    static let meals = SitePath("meals/")
    static let cards = SitePath("cards/")
    static let notFound = SitePath("", fileName: "404.html")
    static func user(_ id: Int) -> SitePath { SitePath("users/\(id)/") }
    static func usersPage(_ number: Int) -> SitePath { number <= 1 ? .users : SitePath("users/page/\(number)/") }
    static func mealsPage(_ number: Int) -> SitePath { number <= 1 ? .meals : SitePath("meals/page/\(number)/") }

    /// The output file, relative to the site root.
    var file: String { folder + fileName }

    /// The prefix that leads from this page back to the site root.
    var root: String { String(repeating: "../", count: depth) }

    /// How many folders deep the page is: its folder's non-empty components, counted on bytes
    /// since this runs a few times per page.
    var depth: Int {
        var depth = 0
        var inComponent = false
        for byte in folder.utf8 {
            if byte == UInt8(ascii: "/") { inComponent = false } else if !inComponent { inComponent = true; depth += 1 }
        }
        return depth
    }

    /// A relative link from this page to another page.
    func link(to other: SitePath) -> String { root + other.file }

    /// The page's public URL under a base URL (folder pages end with `/`).
    func url(base: String) -> String { base + (fileName == "index.html" ? folder : folder + fileName) }

    /// A relative link from this page to a file at the site root (`files/x.svg`).
    func link(toFile path: String) -> String { root + path }
}
