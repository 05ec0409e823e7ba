import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

/// The fast readers of the store's large files agree with JSONDecoder on every file they
/// accept, and leave every other file to it.
@Suite struct StoreDecodersTests {
    static func fast<T>(_ payload: (inout JSONBytesReader) -> T?, _ data: Data) -> T? {
        JSONBytesReader.read(data, payload)
    }

    static func full<T: Decodable>(_ type: T.Type, _ json: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func theDemoStoreReadsAsJSONDecoderReadsIt() throws {
        let store = TestPaths.repository + "/Store"
        let statistics = try #require(try EnvelopeFile.read(store + "/statistics.json"))
        #expect(try #require(Self.fast(StoreDecoders.statistics, statistics.data)).count == 478)
        #expect(Self.fast(StoreDecoders.statistics, statistics.data) == (try JSONDecoder().decode(StatisticsResponse.self, from: statistics.data).statistics))
        let users = try #require(try EnvelopeFile.read(store + "/users.json"))
        #expect(try #require(Self.fast(StoreDecoders.users, users.data)).count > 10)
        #expect(Self.fast(StoreDecoders.users, users.data) == (try JSONDecoder().decode(UsersResponse.self, from: users.data).users))
        let repositories = try #require(try EnvelopeFile.read(store + "/github/repos.json"))
        #expect(try #require(Self.fast(StoreDecoders.repositories, repositories.data)).count > 100)
        #expect(Self.fast(StoreDecoders.repositories, repositories.data) == (try JSONDecoder().decode([Repository].self, from: repositories.data)))
        let starred = try #require(try EnvelopeFile.read(store + "/github/starred.json"))
        #expect(try #require(Self.fast(StoreDecoders.starred, starred.data)).count > 10)
        #expect(Self.fast(StoreDecoders.starred, starred.data) == (try JSONDecoder().decode([StarredItem].self, from: starred.data)))
    }

    /// GitHub's own answers, as recorded: every field of a repository, nulls, escapes, owners.
    @Test func recordedGitHubAnswersReadAsJSONDecoderReadsThem() throws {
        let fixtures = TestPaths.fixtures + "/github"
        let files = FileManager.default.enumerator(atPath: fixtures)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") } ?? []
        var repositoryLists = 0, starredLists = 0
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + file))
            if let full = try? JSONDecoder().decode([StarredItem].self, from: data), !full.isEmpty {
                #expect(Self.fast(StoreDecoders.starred, data) == full, "\(file)")
                starredLists += 1
            } else if let full = try? JSONDecoder().decode([Repository].self, from: data), !full.isEmpty {
                #expect(Self.fast(StoreDecoders.repositories, data) == full, "\(file)")
                repositoryLists += 1
            }
        }
        #expect(repositoryLists >= 5)
        #expect(starredLists >= 1)
    }

    @Test(arguments: [
        #"{"statistics": []}"#,
        #"{"statistics":[{"user_id":1,"type":"view","dates":[10092024,1092024]}]}"#,
        " {\n \"extra\": {\"a\": [1, true, null, \"x\", -0.5e+3]},\n \"statistics\": [ { \"dates\" : [ ] , \"type\" : \"view\" , \"user_id\" : -3 , \"note\": \"n\" } ] \n} ",
        #"{"statistics":[{"user_id":1,"type":"vi\u0065w","dates":[1]}]}"#,
        #"{"statistics":[{"user_id":1,"type":"view","dates":[1],"x":1e5}]}"#,
    ])
    func acceptedStatisticsReadTheSame(json: String) throws {
        let fast = try #require(Self.fast(StoreDecoders.statistics, Data(json.utf8)))
        #expect(fast == Self.full(StatisticsResponse.self, json)?.statistics)
    }

    @Test(arguments: [
        #"{"users":[{"id":1,"sex":"W","username":"Ольга \"Оля\" \ud83d\ude00\n","isOnline":false,"age":30}]}"#,
        #"{"users":[{"id":1,"sex":"X","username":"a\/b\\c\u00e9","isOnline":true,"age":0,"files":null,"extra":{"k":[]}}]}"#,
        #"{"users":[{"id":2,"sex":"M","username":"b","isOnline":true,"age":41,"files":[{"id":3,"url":"https://e.invalid/a.jpg","type":"avatar"}]}]}"#,
    ])
    func acceptedUsersReadTheSame(json: String) throws {
        let fast = try #require(Self.fast(StoreDecoders.users, Data(json.utf8)))
        #expect(fast == Self.full(UsersResponse.self, json)?.users)
    }

    @Test(arguments: [
        #"[{"name":"a"}]"#,
        #"[{"id":null,"name":"a","description":null,"fork":false,"archived":true,"owner":{"login":"o","id":1},"stargazers_count":0,"topics":["x"]}]"#,
        #"[{"name":"\u0430\u0431","full_name":"o/\u0430\u0431","language":"C++","pushed_at":"2026-01-01T00:00:00Z","owner":null}]"#,
    ])
    func acceptedRepositoriesReadTheSame(json: String) throws {
        let fast = try #require(Self.fast(StoreDecoders.repositories, Data(json.utf8)))
        #expect(fast == Self.full([Repository].self, json))
    }

    @Test func theDemoWorkoutsReadAsJSONDecoderReadsThem() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Store/workouts.json"))
        let fast = try #require(Self.fast(StoreDecoders.workouts, data))
        #expect(fast.count > 100)
        #expect(fast.contains { $0.distance != nil })
        #expect(fast == (try JSONDecoder().decode([Workout].self, from: data)))
    }

    @Test func theDemoMealsStepsAndWeightsReadAsJSONDecoderReadsThem() throws {
        func data(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Store/" + name)) }
        let meals = try #require(Self.fast(StoreDecoders.meals, try data("meals.json")))
        #expect(meals.count > 100)
        #expect(meals == (try JSONDecoder().decode([Meal].self, from: try data("meals.json"))))
        let steps = try #require(Self.fast(StoreDecoders.steps, try data("steps.json")))
        #expect(steps.count > 300)
        #expect(steps.allSatisfy { $0.source != nil })
        #expect(steps == (try JSONDecoder().decode([StepsRecord].self, from: try data("steps.json"))))
        let weights = try #require(Self.fast(StoreDecoders.weights, try data("weights.json")))
        #expect(weights.count > 10)
        #expect(weights == (try JSONDecoder().decode([WeightRecord].self, from: try data("weights.json"))))
    }

    @Test(arguments: [
        #"[{"id":"m","date":"2026-11-20","kind":"lunch","foods":[]}]"#,
        #"[{"id":"m","date":"d","kind":"snack","time":null,"source":{"kind":"csv","id":"7"},"foods":[{"name":"\u0441\u044b\u0440 \"x\"","kcal":250,"grams":null,"protein":12.5,"fat":-0.0,"carbs":0.1}]}]"#,
    ])
    func acceptedMealsReadTheSame(json: String) throws {
        let fast = try #require(Self.fast(StoreDecoders.meals, Data(json.utf8)))
        #expect(fast == Self.full([Meal].self, json))
    }

    @Test(arguments: [
        #"[{"date":"2026-11-20","steps":8042},{"date":"2026-11-21","steps":0,"source":null}]"#,
        #"[{"source":{"kind":"apple-health","id":"Watch"},"steps":12,"date":"d"}]"#,
    ])
    func acceptedStepsReadTheSame(json: String) throws {
        let fast = try #require(Self.fast(StoreDecoders.steps, Data(json.utf8)))
        #expect(fast == Self.full([StepsRecord].self, json))
    }

    @Test(arguments: [
        #"[{"date":"2026-11-20","kg":71.4},{"date":"d","kg":80,"source":{"kind":"apple-health","id":"Scale"}}]"#
    ])
    func acceptedWeightsReadTheSame(json: String) throws {
        let fast = try #require(Self.fast(StoreDecoders.weights, Data(json.utf8)))
        #expect(fast == Self.full([WeightRecord].self, json))
    }

    /// A meal's or a food's field we do not know is kept by JSONDecoder, so is a record the
    /// fast reader leaves to it; so too a missing kcal, a fraction of a step, a text weight.
    @Test func recordsTheFastReaderDoesNotReadAreLeftToJSONDecoder() {
        #expect(Self.fast(StoreDecoders.meals, Data(#"[{"id":"m","date":"d","kind":"lunch","foods":[],"mood":"ok"}]"#.utf8)) == nil)
        #expect(Self.fast(StoreDecoders.meals, Data(#"[{"id":"m","date":"d","kind":"lunch","foods":[{"name":"a","kcal":1,"salt":2}]}]"#.utf8)) == nil)
        #expect(Self.fast(StoreDecoders.meals, Data(#"[{"id":"m","date":"d","kind":"lunch","foods":[{"name":"a"}]}]"#.utf8)) == nil)
        #expect(Self.fast(StoreDecoders.meals, Data(#"[{"id":"m","date":"d","kind":"lunch"}]"#.utf8)) == nil)
        #expect(Self.fast(StoreDecoders.steps, Data(#"[{"date":"d","steps":1.5}]"#.utf8)) == nil)
        #expect(Self.fast(StoreDecoders.steps, Data(#"[{"date":"d","steps":1,"device":"x"}]"#.utf8)) == nil)
        #expect(Self.fast(StoreDecoders.weights, Data(#"[{"date":"d","kg":"70"}]"#.utf8)) == nil)
        #expect(Self.fast(StoreDecoders.weights, Data(#"[{"date":"d","kg":7e1}]"#.utf8)) == nil)
    }

    @Test func aFoodWithAFieldWeDoNotKnowKeepsIt() throws {
        let root = try TestPaths.scratch("meals")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try TestPaths.write(#"[{"id":"m","date":"2026-11-20","kind":"lunch","foods":[{"name":"a","kcal":1,"salt":2}]}]"#, to: root + "/meals.json")
        let meals = try StoreReader.read(StoreLayout(root: root)).meals
        #expect(meals.first?.foods.first?.unknown.values["salt"] != nil)
    }

    @Test(arguments: [
        "[]",
        #"[{"id":"a","type":"running","start":"2026-01-01T07:00:00+03:00","duration":60}]"#,
        #"[{"duration":1,"start":"s","type":"t","id":"\u0431","calories":null,"exercises":3,"notes":"x\n\"y\"","distance":5012.3}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":0,"distance":-0.0,"source":{"kind":"gpx","id":"f.gpx","extra":[1]},"alsoFrom":[{"kind":"strava","id":"9"}]}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":0,"distance":0.1,"source":null,"alsoFrom":null}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":0,"distance":1234567.8901234567}]"#,
    ])
    func acceptedWorkoutsReadTheSame(json: String) throws {
        let fast = try #require(Self.fast(StoreDecoders.workouts, Data(json.utf8)))
        #expect(fast == Self.full([Workout].self, json))
    }

    /// Distances as a watch writes them: a Double from its decimal text exactly as JSONDecoder
    /// makes it, over many lengths and magnitudes.
    @Test func distancesReadAsJSONDecoderReadsThem() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let whole = String(random.below(1_000_000_000))
            let fraction = String((0..<random.below(18)).map { _ in Character(String(random.below(10))) })
            let text = fraction.isEmpty ? whole : whole + "." + fraction
            let json = #"[{"id":"a","type":"t","start":"s","duration":1,"distance":"# + text + "}]"
            let fast = try #require(Self.fast(StoreDecoders.workouts, Data(json.utf8)), "\(text)")
            #expect(fast == Self.full([Workout].self, json), "\(text)")
        }
    }

    /// A field the workout does not know is kept by JSONDecoder (`UnknownFields`), so the fast
    /// reader leaves the file to it; so too for an exponent, a fraction of a second, a missing
    /// start, text for a distance.
    @Test(arguments: [
        #"[{"id":"a","type":"t","start":"s","duration":1,"heartRate":120}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":1,"distance":1e3}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":1.5}]"#,
        #"[{"id":"a","type":"t","duration":1}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":1,"distance":"5"}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":1,"distance":01}]"#,
        #"[{"id":"a","type":"t","start":"s","duration":1,"source":{"kind":"gpx"}}]"#,
    ])
    func workoutsTheFastReaderDoesNotReadAreLeftToJSONDecoder(json: String) {
        #expect(Self.fast(StoreDecoders.workouts, Data(json.utf8)) == nil)
    }

    @Test func aWorkoutWithAFieldWeDoNotKnowKeepsIt() throws {
        let root = try TestPaths.scratch("workouts")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try TestPaths.write(#"[{"id":"a","type":"t","start":"s","duration":1,"heartRate":120}]"#, to: root + "/workouts.json")
        let workouts = try StoreReader.read(StoreLayout(root: root)).workouts
        #expect(workouts.first?.unknown.values["heartRate"] != nil)
    }

    @Test(arguments: [
        // Statistics
        #"{"statistics":[{"user_id":1.5,"type":"view","dates":[1]}]}"#,  // not a whole number
        #"{"statistics":[{"user_id":1,"type":null,"dates":[1]}]}"#,  // null
        #"{"statistics":[{"user_id":1,"dates":[1]}]}"#,  // a missing field
        #"{"statistics":[{"user_id":1,"type":"view","dates":[01]}]}"#,  // not JSON
        #"{"statistics":[{"user_id":1,"type":"view","dates":[1]}]} x"#,  // trailing bytes
        #"{"statistics":[{"user_id":1,"user_id":2,"type":"view","dates":[1]}]}"#,  // a repeated field
        #"{"statistics":[{"user_id":99999999999999999999,"type":"view","dates":[1]}]}"#,  // too large
        #"{"statistics":[{"user_id":1,"type":"view","dates":[1]}"#,  // cut short
        #"{"statistics":[{"user_id":1,"type":"view","dates":[1],"x":1.}]}"#,  // a bad number in an unknown field
        // Users
        #"{"users":[{"id":1,"sex":"W","username":"\ud83d","isOnline":false,"age":30}]}"#,  // a lone surrogate
        #"{"users":[{"id":1,"sex":"W","username":"\x","isOnline":false,"age":30}]}"#,  // an unknown escape
        "{\"users\":[{\"id\":1,\"sex\":\"W\",\"username\":\"a\tb\",\"isOnline\":false,\"age\":30}]}",  // a raw tab
        #"{"users":[{"id":1,"sex":"W","username":"a","isOnline":0,"age":30}]}"#,  // a number for a flag
        #"{"users":[{"id":1,"sex":"W","username":"a","isOnline":false,"age":30,"files":[{"id":1,"type":"avatar"}]}]}"#,  // a file without a URL
        #"{"users":[{"id":1,"sex":"W","username":"a","isOnline":false}]}"#,  // no age
        // Repositories
        #"[{"description":"x"}]"#,  // no name
        #"[{"name":"a","fork":"yes"}]"#,  // text for a flag
        #"[{"name":"a","owner":{"id":1}}]"#,  // an owner without a login
        #"[{"name":"a","stargazers_count":1.0}]"#,  // a fraction for a count
        #"[{"name":"a"},]"#,  // a trailing comma
    ])
    func anythingUnexpectedIsLeftToJSONDecoder(json: String) {
        let data = Data(json.utf8)
        #expect(Self.fast(StoreDecoders.statistics, data) == nil)
        #expect(Self.fast(StoreDecoders.users, data) == nil)
        #expect(Self.fast(StoreDecoders.repositories, data) == nil)
        #expect(Self.fast(StoreDecoders.starred, data) == nil)
    }

    /// Strings are scanned eight bytes at a time: quotes, escapes, control bytes and UTF-8 at
    /// every offset from a word's start, read as JSONDecoder reads them or left to it.
    @Test func stringsReadAsJSONDecoderReadsThemAtEveryAlignment() {
        var random = SplitMix64(seed: 20)
        let pieces = [
            "a", "bc", "https://api.github.com/x", "\\\"", "\\\\", "\\n", "\\u00e9", "é", "ж", "😀", "\u{7F}", " ", "~", "\t", "\u{01}", "\u{1F}", "\"", "\\",
        ]
        for _ in 0..<3_000 {
            let pad = String(repeating: " ", count: random.below(9))
            let text = (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let json = pad + #"[{"name":""# + text + #""}]"#
            let fast = Self.fast(StoreDecoders.repositories, Data(json.utf8))
            let full = Self.full([Repository].self, json)
            // Accepted only as JSONDecoder reads it; refused whenever it refuses.
            if let fast { #expect(fast == full, "\(json)") }
            if full == nil { #expect(fast == nil, "\(json)") }
        }
    }

    @Test func bytesThatAreNotUTF8AreLeftToJSONDecoder() {
        var data = Data(#"[{"name":""#.utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Data(#""}]"#.utf8))
        #expect(Self.fast(StoreDecoders.repositories, data) == nil)
    }

    @Test func deepNestingIsRefusedNotFollowed() {
        let json = #"[{"name":"a","x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
        #expect(Self.fast(StoreDecoders.repositories, Data(json.utf8)) == nil)
    }

    @Test func aFileTheFastReaderRefusesStillReadsOrFailsWithItsPlace() throws {
        let root = try TestPaths.scratch("statistics")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/statistics.json"
        try TestPaths.write(
            #"{"source": "x", "fetchedAt": "2026-11-20T06:00:00Z", "data": {"statistics":[{"user_id":1,"type":"view","dates":[1092024.0]}]}}"#, to: path)
        #expect(StoreReader.fast(StoreDecoders.statistics, at: path) == nil)
        let layout = StoreLayout(root: root)
        #expect(try StoreReader.read(layout).statistics?.value == [StatisticsEntry(userId: 1, type: "view", dates: [1_092_024])])
        try TestPaths.write(#"{"source": "x", "fetchedAt": "2026-11-20T06:00:00Z", "data": {"statistics":[{"user_id":1,"type":"view"}]}}"#, to: path)
        #expect(StoreReader.fast(StoreDecoders.statistics, at: path) == nil)
        #expect(throws: UsergraphError.self) { try StoreReader.read(layout) }
    }
}
