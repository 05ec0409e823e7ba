/// A failure the user can act on: one plain sentence that says what and where (a config with
/// several problems says them one per line), sayable in the site's language (see `Message`).
package struct UsergraphError: Error, Sendable, CustomStringConvertible, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The command line or the config is wrong: exit 64.
        case usage
        /// Anything else that stopped the run: exit 1.
        case failure
        /// Another run holds the site's lock: exit 75.
        case locked
    }

    package let kind: Kind
    package let messages: [Message]

    /// A message with a key in the strings files: `UsergraphError("errors.lock.held",
    /// ["path": path], kind: .locked)`.
    package init(_ key: String, _ args: [String: String] = [:], nested: [String: Message] = [:], kind: Kind = .failure) {
        self.init(Message(key, args, nested: nested), kind: kind)
    }

    package init(_ message: Message, kind: Kind = .failure) {
        self.init(messages: [message], kind: kind)
    }

    package init(messages: [Message], kind: Kind = .failure) {
        self.kind = kind
        self.messages = messages
    }

    /// A sentence said as it is, whatever the language (a broken invariant, not a user's problem).
    package init(verbatim message: String, kind: Kind = .failure) {
        self.init(.verbatim(message), kind: kind)
    }

    /// The error as one message, to say inside another ("… was left as it was: REASON").
    package var sentence: Message {
        messages.count == 1 ? messages[0] : .verbatim(message)
    }

    /// The English text.
    package var message: String { text(nil) }

    /// The text in the language of `strings` (English without them).
    package func text(_ strings: Strings?) -> String {
        messages.map { $0.text(strings) }.joined(separator: "\n")
    }

    package var description: String { message }

    package var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .failure: 1
        case .locked: 75
        }
    }
}
