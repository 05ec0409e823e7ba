import UsergraphCore

/// Every problem with an edit's input, gathered before anything is written, so the user
/// fixes them all in one go instead of one per run.
struct InputProblems: Sendable {
    private(set) var lines: [Message] = []

    init() {}

    var isEmpty: Bool { lines.isEmpty }

    mutating func add(_ line: Message) { lines.append(line) }

    /// `--option: PROBLEM`, the problem being a sentence of its own.
    mutating func add(option: String, _ problem: Message) {
        add(Message("errors.input.option", ["option": option], nested: ["problem": problem]))
    }

    /// Stops the edit with one problem per line (exit 64) when there is any.
    func check() throws {
        guard !lines.isEmpty else { return }
        throw UsergraphError(messages: lines + [Message("errors.input.nothingWritten")], kind: .usage)
    }
}
