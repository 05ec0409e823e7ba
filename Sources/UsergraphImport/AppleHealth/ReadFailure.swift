/// A problem found while reading, before it becomes the `ImportProblem` the command shows: it
/// keeps the byte offset the problem is at, which the reader turns into a line and a column
/// only when reading has failed (counting lines on the way would slow every byte down).
struct ReadFailure: Error {
    var key: String
    var args: [String: String]
    /// Where in the file, in bytes from its start; nil for a problem of the whole file.
    var offset: Int64?

    init(_ key: String, _ args: [String: String] = [:], at offset: Int64? = nil) {
        self.key = key; self.args = args; self.offset = offset
    }

    /// `errors.import.xml.<what>`, at an offset.
    static func xml(_ what: String, _ args: [String: String] = [:], at offset: Int64) -> ReadFailure {
        ReadFailure("errors.import.xml." + what, args, at: offset)
    }

    /// `errors.import.health.<what>`.
    static func health(_ what: String, _ args: [String: String] = [:], at offset: Int64? = nil) -> ReadFailure {
        ReadFailure("errors.import.health." + what, args, at: offset)
    }
}
