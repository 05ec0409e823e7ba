/// Every problem with an edit's input, gathered before anything is written, so the user
/// fixes them all in one go instead of one per run.
public struct InputProblems: Sendable {
    public private(set) var lines: [String] = []

    public init() {}

    public var isEmpty: Bool { lines.isEmpty }

    public mutating func add(_ line: String) { lines.append(line) }

    /// Stops the edit with one problem per line (exit 64) when there is any.
    public func check() throws {
        guard !lines.isEmpty else { return }
        throw UsergraphError((lines + ["Nothing was written."]).joined(separator: "\n"), kind: .usage)
    }
}
