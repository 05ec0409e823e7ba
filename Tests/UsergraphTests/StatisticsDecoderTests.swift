import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore

/// The fast reader of the statistics answer agrees with JSONDecoder on every file it accepts,
/// and leaves every other file to it.
@Suite struct StatisticsDecoderTests {
    static func decoder(_ json: String) -> [StatisticsEntry]? {
        (try? JSONDecoder().decode(StatisticsResponse.self, from: Data(json.utf8)))?.statistics
    }

    @Test func theDemoStoreReadsAsJSONDecoderReadsIt() throws {
        let envelope = try #require(try EnvelopeFile.read(TestPaths.repository + "/Store/statistics.json"))
        let fast = try #require(StatisticsDecoder.decode(envelope.data))
        let full = try JSONDecoder().decode(StatisticsResponse.self, from: envelope.data).statistics
        #expect(fast.count == 478)
        #expect(fast == full)
    }

    @Test(arguments: [
        #"{"statistics": []}"#,
        #"{"statistics":[{"user_id":1,"type":"view","dates":[10092024,1092024]}]}"#,
        " {\n \"extra\": {\"a\": [1, true, null, \"x\"]},\n \"statistics\": [ { \"dates\" : [ ] , \"type\" : \"view\" , \"user_id\" : -3 , \"note\": \"n\" } ] \n} ",
    ])
    func acceptedFilesReadTheSame(json: String) throws {
        let fast = try #require(StatisticsDecoder.decode(Data(json.utf8)))
        #expect(fast == Self.decoder(json))
    }

    @Test(arguments: [
        #"{"statistics":[{"user_id":1,"type":"vi\u0065w","dates":[1]}]}"#,    // an escape: JSONDecoder's to read
        #"{"statistics":[{"user_id":1.5,"type":"view","dates":[1]}]}"#,         // not a whole number
        #"{"statistics":[{"user_id":1,"type":null,"dates":[1]}]}"#,             // null
        #"{"statistics":[{"user_id":1,"dates":[1]}]}"#,                         // a missing field
        #"{"statistics":[{"user_id":1,"type":"view","dates":[01]}]}"#,          // not JSON
        #"{"statistics":[{"user_id":1,"type":"view","dates":[1]}]} x"#,         // trailing bytes
        #"{"statistics":[{"user_id":1,"user_id":2,"type":"view","dates":[1]}]}"#, // a repeated field
        #"{"statistics":[{"user_id":99999999999999999999,"type":"view","dates":[1]}]}"#, // too large
        #"{"statistics":[{"user_id":1,"type":"view","dates":[1]}"#,             // cut short
        #"{"statistics":[{"user_id":1,"type":"view","dates":[1],"x":1e5}]}"#,   // an exponent in an unknown field
    ])
    func anythingUnexpectedIsLeftToJSONDecoder(json: String) {
        #expect(StatisticsDecoder.decode(Data(json.utf8)) == nil)
    }

    @Test func aFileTheFastReaderRefusesStillReadsOrFailsWithItsPlace() throws {
        let root = try TestPaths.scratch("statistics")
        let path = root + "/statistics.json"
        try TestPaths.write(#"{"source": "x", "fetchedAt": "2026-11-20T06:00:00Z", "data": {"statistics":[{"user_id":1,"type":"vi\u0065w","dates":[1092024]}]}}"#, to: path)
        let read = try #require(try StoreReader.fastStatistics(at: path) ?? StoreReader.cached(StatisticsResponse.self, at: path).map { Cached($0.value.statistics, fetchedAt: $0.fetchedAt) })
        #expect(read.value == [StatisticsEntry(userId: 1, type: "view", dates: [1_092_024])])
        try TestPaths.write(#"{"source": "x", "fetchedAt": "2026-11-20T06:00:00Z", "data": {"statistics":[{"user_id":1,"type":"view"}]}}"#, to: path)
        #expect(StoreReader.fastStatistics(at: path) == nil)
        #expect(throws: UsergraphError.self) { try StoreReader.cached(StatisticsResponse.self, at: path) }
    }
}
