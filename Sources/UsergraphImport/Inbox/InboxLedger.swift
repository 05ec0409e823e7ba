import Foundation
import UsergraphCore
import UsergraphStore

/// One file of an inbox folder as `Store/inbox.json` remembers it: what it was (size,
/// modification time, SHA-256) when it was last read, and what reading it gave.
package struct InboxEntry: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        case imported, refused
        case notAnExport = "not-an-export"
    }

    /// Absolute, as the walk of its folder found it.
    package var path: String
    package var size: Int64
    /// `InboxFile.mtime`: UTC to the nanosecond, compared as text.
    package var mtime: String
    /// 64 lowercase hex digits.
    package var sha256: String
    package var status: Status
    /// Why a refused file was refused, as it was said.
    package var why: String?
    package var unknown = UnknownFields()

    package init(path: String, size: Int64, mtime: String, sha256: String, status: Status, why: String? = nil) {
        self.path = path; self.size = size; self.mtime = mtime; self.sha256 = sha256; self.status = status; self.why = why
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case path, size, mtime, sha256, status, why }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        size = try c.decode(Int64.self, forKey: .size)
        mtime = try c.decode(String.self, forKey: .mtime)
        sha256 = try c.decode(String.self, forKey: .sha256)
        status = try c.decode(Status.self, forKey: .status)
        why = try c.decodeIfPresent(String.self, forKey: .why)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(size, forKey: .size)
        try c.encode(mtime, forKey: .mtime)
        try c.encode(sha256, forKey: .sha256)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(why, forKey: .why)
        try unknown.encode(to: encoder)
    }

    /// Whether `file` is as this entry saw it, so it need not be opened.
    func matches(_ file: InboxFile) -> Bool { size == file.size && mtime == file.mtime }
}

/// `Store/inbox.json`: read as any store file (a file that does not parse stops the run and is
/// never overwritten), written atomically, sorted by path.
package enum InboxLedger {
    package static func read(_ layout: StoreLayout) throws -> [InboxEntry] {
        try JSONFile.read([InboxEntry].self, at: layout.inbox) ?? []
    }

    package static func write(_ entries: [InboxEntry], to layout: StoreLayout) throws {
        try JSONFile.write(entries.sorted { $0.path < $1.path }, to: layout.inbox)
    }
}
