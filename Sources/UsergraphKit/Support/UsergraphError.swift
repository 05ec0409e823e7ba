/// A failure the user can act on: one plain sentence that says what and where.
public struct UsergraphError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The command line or the config is wrong: exit 64.
        case usage
        /// Anything else that stopped the run: exit 1.
        case failure
        /// Another run holds the site's lock: exit 75.
        case locked
    }

    public let kind: Kind
    public let message: String

    public init(_ message: String, kind: Kind = .failure) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    public var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .failure: 1
        case .locked: 75
        }
    }
}
