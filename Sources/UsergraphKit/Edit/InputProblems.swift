/// Every problem with an edit's input, gathered before anything is written, so the user
/// fixes them all in one go instead of one per run.
public struct InputProblems: Sendable {
    public private(set) var lines: [Message] = []

    public init() {}

    public var isEmpty: Bool { lines.isEmpty }

    public mutating func add(_ line: Message) { lines.append(line) }

    /// `--option: PROBLEM`, the problem being a sentence of its own.
    public mutating func add(option: String, _ problem: Message) {
        add(Message("errors.input.option", "{option}: {problem}", ["option": option], nested: ["problem": problem]))
    }

    /// Stops the edit with one problem per line (exit 64) when there is any.
    public func check() throws {
        guard !lines.isEmpty else { return }
        throw UsergraphError(messages: lines + [Message("errors.input.nothingWritten", "Nothing was written.")], kind: .usage)
    }
}
