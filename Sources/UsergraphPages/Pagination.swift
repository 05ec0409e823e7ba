/// The "← Previous 1 … 4 5 6 … 20 Next →" of a paginated list, shared by every list page.
package enum Pagination {
    /// The template value for page `number` of `total`, where `path(n)` is page n's place; nil
    /// when everything fits on one page.
    package static func context(number: Int, total: Int, from page: SitePath, path: (Int) -> SitePath) -> [String: Any]? {
        guard total > 1 else { return nil }
        let window = pageWindow(current: number, total: total)
        var pagination: [String: Any] = [
            "current": number, "total": total,
            "pages": window.indices.map { index -> [String: Any] in
                let n = window[index]
                return [
                    "number": n, "url": page.link(to: path(n)), "current": n == number,
                    "gapBefore": index > 0 && window[index - 1] != n - 1,
                ]
            },
        ]
        if number > 1 { pagination["previous"] = page.link(to: path(number - 1)) }
        if number < total { pagination["next"] = page.link(to: path(number + 1)) }
        return pagination
    }

    package static let keys: TemplateSchema = [
        "current": .int, "total": .int, "previous?": .text, "next?": .text,
        "pages": .list(["number": .int, "url": .text, "current": .flag, "gapBefore": .flag]),
    ]

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
