import Foundation
import Testing
@testable import UsergraphKit

@Suite struct StoreReaderTests {
    @Test func readsTheDemoStore() throws {
        let snapshot = try StoreReader.read(StoreLayout(root: TestPaths.repository + "/Store"))
        #expect(snapshot.repositories?.value.count == 169)
        #expect(snapshot.starred?.value.count == 16)
        #expect((snapshot.users?.value.count ?? 0) >= 200)
        #expect(snapshot.owner?.name == "Anna Petrova")
        #expect(!snapshot.workouts.isEmpty)
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
}
