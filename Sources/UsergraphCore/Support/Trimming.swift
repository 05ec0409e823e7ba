extension String {
    /// The text without leading and trailing white space and line breaks: the same as
    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` (Unicode's White_Space,
    /// plus U+200B, which Foundation counts as a space), which cost more than rendering the page
    /// title it trims. `TrimmingTests` checks both agree on every scalar.
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !String.isTrimmed(first), !String.isTrimmed(last) { return self }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, String.isTrimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start, String.isTrimmed(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value == 0x200B
    }
}
