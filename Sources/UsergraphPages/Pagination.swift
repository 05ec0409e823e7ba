/// The "← Previous 1 … 4 5 6 … 20 Next →" of a paginated list, shared by every list page:
/// page `number` of `total`, seen from `page`, where `path(n)` is page n's place.
package struct Pagination {
    let number: Int
    let total: Int
    let page: SitePath
    let path: (Int) -> SitePath

    /// Nil when everything fits on one page.
    init?(number: Int, total: Int, from page: SitePath, path: @escaping (Int) -> SitePath) {
        guard total > 1 else { return nil }
        self.number = number; self.total = total; self.page = page; self.path = path
    }

    static let fields = TemplateFields<Pagination>([
        .int("current") { $0.number },
        .int("total") { $0.total },
        .text("previous?") { p in p.number > 1 ? p.page.link(to: p.path(p.number - 1)) : nil },
        .text("next?") { p in p.number < p.total ? p.page.link(to: p.path(p.number + 1)) : nil },
        .list("pages", link) { p in
            let window = pageWindow(current: p.number, total: p.total)
            return window.indices.map { (p, window[$0], $0 > 0 && window[$0 - 1] != window[$0] - 1) }
        },
    ])

    /// One page's number in the bar, and whether a gap (…) comes before it.
    static let link = TemplateFields<(bar: Pagination, number: Int, gapBefore: Bool)>([
        .int("number") { $0.number },
        .text("url") { $0.bar.page.link(to: $0.bar.path($0.number)) },
        .flag("current") { $0.number == $0.bar.number },
        .flag("gapBefore") { $0.gapBefore },
    ])

    /// The page numbers a list page links to: the first, the last, and two either side of the
    /// current one. Listing every page on every page would make the list pages grow with the
    /// square of the items (1,000 pages at 100,000 users).
    static func pageWindow(current: Int, total: Int, radius: Int = 2) -> [Int] {
        guard total > 0 else { return [] }
        let near = max(1, current - radius)...min(total, current + radius)
        var numbers: [Int] = []
        for n in [1] + Array(near) + [total] where n > (numbers.last ?? 0) {
            // Leaving out a single number saves nothing: "1 2 3", never "1 … 3".
            if let last = numbers.last, n == last + 2 { numbers.append(last + 1) }
            numbers.append(n)
        }
        return numbers
    }
}
