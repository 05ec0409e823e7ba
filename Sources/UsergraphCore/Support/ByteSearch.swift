extension ArraySlice<UInt8> {
    /// Where `needle` first starts in these bytes: a search on bytes, where Foundation's
    /// `range(of:)` on the text was most of what its callers (card colours, SVG sizes) cost.
    package func firstIndex(ofBytes needle: [UInt8]) -> Int? {
        guard let lead = needle.first, count >= needle.count else { return nil }
        let last = endIndex - needle.count
        var index = startIndex
        while index <= last, let found = self[index...last].firstIndex(of: lead) {
            if self[found..<found + needle.count].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }
}
