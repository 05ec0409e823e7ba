import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

/// A record keeps every field it was written with: fields usergraph does not know survive
/// every rewrite of their file.
@Suite(.scratch) struct UnknownFieldsTests {
    @Test func fieldsAddedByHandSurviveAnEditOfTheirFile() async throws {
        let site = try TestPaths.site(store: [
            "workouts.json": """
            [{"id": "0b0e6c1e-0000-4000-8000-000000000001", "type": "running", "start": "2026-11-19T07:00:00+03:00",
              "duration": 1800, "heartRate": {"avg": 151, "max": 178}, "shoes": "Pegasus 40", "felt": 7.5, "tags": ["race", null, true]}]
            """,
            "weights.json": #"[{"date": "2026-11-18", "kg": 72.4, "fat": 18.2}]"#,
            "owner.json": #"{"name": "Anna", "nickname": "ann", "height": 170}"#,
        ])
        let now = "2026-11-20T12:00:00+03:00"
        #expect(
            await UsergraphCLI.run(
                ["workout", "add", "--type", "yoga", "--duration", "30m"], in: site,
                environment: ["USERGRAPH_NOW": now]
            ).status == 0)
        #expect(await UsergraphCLI.run(["weight", "add", "72.1"], in: site, environment: ["USERGRAPH_NOW": now]).status == 0)
        #expect(await UsergraphCLI.run(["owner", "set", "--sex", "W"], in: site, environment: ["USERGRAPH_NOW": now]).status == 0)

        let workouts = try #require(try JSONFile.read([Workout].self, at: site + "/Store/workouts.json"))
        #expect(workouts.count == 2)
        let first = try #require(workouts.first { $0.type == "running" })
        #expect(
            first.unknown.values == [
                "heartRate": .object(["avg": .int(151), "max": .int(178)]), "shoes": .string("Pegasus 40"),
                "felt": .double(7.5), "tags": .array([.string("race"), .null, .bool(true)]),
            ])
        let weights = try #require(try JSONFile.read([WeightRecord].self, at: site + "/Store/weights.json"))
        #expect(weights.first { $0.date == "2026-11-18" }?.unknown.values == ["fat": .double(18.2)])
        let owner = try #require(try JSONFile.read(Owner.self, at: site + "/Store/owner.json"))
        #expect(owner.sex == "W" && owner.unknown.values == ["nickname": .string("ann"), "height": .int(170)])
        // Written back as they were: whole numbers whole, beside the known fields.
        let text = try TestPaths.read(site + "/Store/workouts.json")
        #expect(text.contains("\"avg\" : 151") && text.contains("\"felt\" : 7.5") && text.contains("\"shoes\" : \"Pegasus 40\""), "\(text)")
    }
}
