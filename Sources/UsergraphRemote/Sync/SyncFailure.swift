import Foundation
import UsergraphCore

/// Why a synced source (intervals.icu, Strava) brought nothing this run, in one sentence. The
/// store keeps what it had; the command names the source and exits 1.
package struct SyncFailure: Error, Sendable, Equatable {
    package var sentence: Message

    package init(_ sentence: Message) { self.sentence = sentence }

    init(_ failure: RemoteFailure) { sentence = failure.sentence }
}

/// Small checks shared by the synced sources' clients.
enum SyncText {
    /// An id a service gives (`i12345678`, `1234567890`) before it goes into a URL path or a
    /// file name: letters, digits, `_` and `-` only, at most 40 of them.
    static func isPlainID(_ text: String) -> Bool {
        (1...40).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
            }
    }

    /// `id` when it is plain (`isPlainID`); else the failure naming it.
    static func plainID(_ id: String) throws -> String {
        guard isPlainID(id) else { throw SyncFailure(Message("errors.sync.badID", ["id": String(id.prefix(60))])) }
        return id
    }

    /// An activity list's answer read as a list of `T`; else the failure saying the answer at
    /// `address` is not one.
    static func list<T: Decodable>(of type: T.Type, from body: Data, address: String, service: RemoteService) throws -> [T] {
        do {
            return try JSONDecoder().decode([T].self, from: body)
        } catch {
            throw SyncFailure(RemoteFailure(.badBody(Message("errors.sync.notAList")), url: address, service: service))
        }
    }

    /// `base` + `path`, with one slash between them.
    static func join(_ base: String, _ path: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
    }
}
