import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

@Suite(.scratch) struct StoreReaderTests {
    @Test func readsTheDemoStore() throws {
        let snapshot = try StoreReader.read(StoreLayout(root: TestPaths.repository + "/Store"))
        #expect(snapshot.repositories?.value.count == 169)
        #expect(snapshot.starred?.value.count == 16)
        #expect((snapshot.users?.value.count ?? 0) >= 200)
        #expect(snapshot.owner?.name == "Anna Petrova")
        #expect(!snapshot.workouts.isEmpty)
    }

    @Test func aFoldersStoredFilesAreFoundByTheirEntries() throws {
        let root = try TestPaths.scratch("files")
        let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64)
        // Two names whose hashes share their first 64 bits: neither may be taken for the other.
        let c = String(repeating: "c", count: 16) + String(repeating: "1", count: 48)
        let d = String(repeating: "c", count: 16) + String(repeating: "2", count: 48)
        for folder in ["store", "copy"] {
            for name in [a + ".svg", b + ".png", c + ".svg", d + ".svg"] { try TestPaths.write(name, to: root + "/\(folder)/" + name) }
        }
        try TestPaths.write("other suffix", to: root + "/copy/" + String(repeating: "e", count: 64) + ".svg")
        try FileManager.default.createDirectory(atPath: root + "/copy/" + String(repeating: "f", count: 64), withIntermediateDirectories: true)
        let files = StoredFiles(folder: root + "/store")
        let keys = try [a, b, c, d].map { try #require(files.key(forStorePath: "files/" + $0 + ($0 == b ? ".png" : ".svg"))) }
        let copy = try #require(files.inodes(inFolder: root + "/copy"))
        func inode(_ path: String) throws -> UInt64 { UInt64(try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)) }
        #expect(copy.inode(of: keys[0]) == (try inode(root + "/copy/" + a + ".svg")))
        #expect(copy.inode(of: keys[1]) == (try inode(root + "/copy/" + b + ".png")))
        #expect(copy.inode(of: keys[2]) == nil && copy.inode(of: keys[3]) == nil)
        // A name the store does not have (another suffix, or no such hash) is not listed.
        try FileManager.default.removeItem(atPath: root + "/copy/" + b + ".png")
        try TestPaths.write("png as svg", to: root + "/copy/" + b + ".svg")
        #expect(files.inodes(inFolder: root + "/copy")?.inode(of: keys[1]) == nil)
        #expect(files.inodes(inFolder: root + "/missing") == nil)
    }

    @Test func aFileHashReadsBackTheHexItWritesAndNothingElse() {
        func parse(_ text: String) -> FileHash? {
            var text = text
            return text.withUTF8 { FileHash(hex: $0) }
        }
        for input in ["", "abc", "a stored file", String(repeating: "z", count: 300)] {
            let hex = SHA256.hex(input)
            let hash = parse(hex)
            #expect(hash?.hex == hex)
            #expect(hash == FileHash(SHA256.digest(Array(input.utf8))))
        }
        let valid = SHA256.hex("abc")
        #expect(parse("0123456789abcdef" + String(repeating: "f", count: 48))?.hex == "0123456789abcdef" + String(repeating: "f", count: 48))
        // Uppercase, a byte just past each digit range, and the wrong length are not stored names.
        #expect(parse(valid.uppercased()) == nil)
        for bad in ["g", "/", ":", "`", "G", " "] {
            #expect(parse(String(valid.dropLast()) + bad) == nil, "\(bad)")
            #expect(parse(bad + String(valid.dropFirst())) == nil, "\(bad)")
        }
        #expect(parse(String(valid.dropLast())) == nil && parse(valid + "0") == nil)
    }

    @Test func malformedJSONIsReportedWithLineAndColumn() throws {
        let root = try TestPaths.scratch("store")
        try TestPaths.write("[\n  {\"date\": \"2026-11-01\", \"kg\": 72.4},\n  {\"date\": \"2026-11-08\" \"kg\": 72.1}\n]\n", to: root + "/weights.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: root + "/weights.json"))
        let error = #expect(throws: UsergraphError.self) { try StoreReader.read(StoreLayout(root: root)) }
        #expect(error?.message == "\(root)/weights.json: line 3, column 25: expected ',' or '}'; the file is not valid JSON.")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/weights.json")) == before)
    }

    @Test func wrongShapesNameThePathInsideTheDocument() throws {
        let root = try TestPaths.scratch("store")
        try TestPaths.write("[{\"date\": \"2026-11-01\", \"kg\": \"heavy\"}]", to: root + "/weights.json")
        let error = #expect(throws: UsergraphError.self) { try StoreReader.read(StoreLayout(root: root)) }
        #expect(error?.message == "\(root)/weights.json: at [0].kg: expected a number.")
    }

    @Test func missingFilesAreMissingCollections() throws {
        let snapshot = try StoreReader.read(StoreLayout(root: try TestPaths.scratch("empty")))
        #expect(snapshot.owner == nil)
        #expect(snapshot.users == nil)
        #expect(snapshot.workouts.isEmpty)
    }

    @Test func sha256MatchesKnownVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Lengths around the block and padding edges (from Python's hashlib), from contiguous bytes
    /// and from a collection that is not contiguous.
    @Test func sha256AtBlockEdges() {
        let expected = [
            55: "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b",
            56: "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27",
            63: "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055",
            64: "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241",
            65: "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e",
            119: "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e",
            120: "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5",
            1000: "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371",
        ]
        for (length, hex) in expected {
            let bytes = (0..<length).map { UInt8(($0 * 7 + 3) % 256) }
            #expect(SHA256.hex(bytes) == hex, "length \(length)")
            #expect(SHA256.hex(bytes.lazy.map { $0 }) == hex, "length \(length), not contiguous")
        }
    }
}
