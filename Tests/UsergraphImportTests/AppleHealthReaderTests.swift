import Foundation
import Synchronization
import Testing
@testable import UsergraphImport
import UsergraphTestSupport

/// The Apple Health reader against real exports (values computed independently by
/// `Fixtures/import/apple_health/make-expected.py`), exports in the iOS 16+ shape and with food
/// correlations written here, and files that must fail with a problem rather than a crash or a
/// guess: not exports, malformed XML, entity attacks, values it cannot read, random damage.
@Suite struct AppleHealthReaderTests {
    static let fixtures = TestPaths.fixtures + "/import/apple_health/"
    static let fixtureNames = [
        "dogsheep-healthkit-to-sqlite/tests/export.xml",
        "dogsheep-healthkit-to-sqlite/apple_health_export/export.xml",
        "opendroid-hk/sampleexport.xml",
        "opendroid-hk/sampleexport-2.xml",
        "tdda-applehealthdata/export6s3sample.xml",
    ]

    // MARK: - Real exports

    @Test(arguments: fixtureNames)
    func readsWhatTheIndependentScriptExpects(_ name: String) throws {
        let expected = try #require(try Self.expected().files[name])
        let contents = try AppleHealthReader(path: Self.fixtures + name).read()

        #expect(contents.workouts.count == expected.workouts.count)
        for (workout, want) in zip(contents.workouts, expected.workouts) {
            #expect(workout.source == .appleHealth)
            #expect(workout.sourceType == want.type)
            #expect(workout.sourceID == want.sourceID)
            #expect(workout.start == Date(timeIntervalSince1970: want.startEpoch))
            #expect(workout.utcOffset == want.utcOffset)
            #expect(close(workout.duration, want.duration))
            #expect(close(workout.distance, want.distance), "distance of \(want.type) at \(want.start)")
            #expect(close(workout.energy, want.energy), "energy of \(want.type) at \(want.start)")
        }
        #expect(contents.weights.count == expected.weights.count)
        for (weight, want) in zip(contents.weights, expected.weights) {
            #expect(weight.time == Date(timeIntervalSince1970: want.timeEpoch))
            #expect(weight.utcOffset == want.utcOffset)
            #expect(close(weight.kg, want.kg))
            #expect(weight.sourceID == want.sourceID)
        }
        #expect(contents.steps.count == expected.steps.count)
        #expect(contents.steps.reduce(0) { $0 + $1.count } == expected.steps.sum)
        var byDevice: [String: Int] = [:]
        for steps in contents.steps { byDevice[steps.device, default: 0] += steps.count }
        #expect(byDevice == expected.steps.byDevice)
        #expect(contents.nutrients.count == expected.nutrients.count)
        #expect(contents.skipped == expected.skipped)
        #expect(contents.heartRates.count == expected.heartRates)
        #expect(contents.bytesRead == Int64(try Self.size(of: Self.fixtures + name)))
    }

    @Test func readsThePoundsOfLoseItAsKilograms() throws {
        let contents = try AppleHealthReader(path: Self.fixtures + "opendroid-hk/sampleexport-2.xml").read()
        let first = try #require(contents.weights.first)
        #expect(close(first.kg, 181 * 0.45359237))
        #expect(first.utcOffset == -8 * 3600)
        // "DonorTwo's iPhone" counted 143 + 66 + 223 steps.
        #expect(contents.steps.map(\.device) == Array(repeating: "DonorTwo's iPhone", count: 3))
        #expect(contents.steps.map(\.count) == [143, 66, 223])
    }

    /// Chunk ends anywhere (inside names, values, references, the DTD) change nothing.
    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func smallChunksReadTheSame(_ chunkSize: Int) throws {
        for name in Self.fixtureNames {
            let whole = try AppleHealthReader(path: Self.fixtures + name).read()
            var reader = AppleHealthReader(path: Self.fixtures + name)
            reader.chunkSize = chunkSize
            reader.longestConstruct = 16 << 10
            #expect(try reader.read() == whole, "\(name) in chunks of \(chunkSize)")
        }
    }

    @Test func reportsProgressEveryIntervalAndAtTheEnd() throws {
        let path = Self.fixtures + "opendroid-hk/sampleexport-2.xml"
        let seen = Mutex<[Int64]>([])
        var reader = AppleHealthReader(path: path) { bytes in seen.withLock { $0.append(bytes) } }
        reader.chunkSize = 1000
        reader.progressInterval = 5000
        _ = try reader.read()
        let reports = seen.withLock { $0 }
        let size = Int64(try Self.size(of: path))
        #expect(reports.last == size)
        #expect(reports == reports.sorted())
        #expect(reports.count >= 4 && reports.count <= Int(size / 5000) + 1)
    }

    // MARK: - Shapes written here

    /// iOS 16 and later: distance and energy only in `<WorkoutStatistics>`, here in miles and
    /// kilojoules; the copies inside `<WorkoutActivity>` do not count twice; heart-rate and basal
    /// statistics are not the workout's energy.
    @Test func readsTheStatisticsOfAnIOS16Workout() throws {
        let contents = try read(
            export(
                """
                <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="31.5" durationUnit="min" \
                sourceName="Anna’s Apple Watch" sourceVersion="17.1" creationDate="2024-10-25 07:37:00 -0500" \
                startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500">
                  <MetadataEntry key="HKTimeZone" value="Europe/London"/>
                  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-10-25 07:04:44 -0500" duration="10" durationUnit="min"/>
                  <WorkoutActivity uuid="A1" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500" duration="31.5" durationUnit="min">
                    <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500" sum="1726.76" unit="kJ"/>
                    <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500" sum="3.1" unit="mi"/>
                  </WorkoutActivity>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500" sum="1726.76" unit="kJ"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierBasalEnergyBurned" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500" sum="40" unit="kcal"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500" average="151" minimum="92" maximum="178" unit="count/min"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500" sum="3.1" unit="mi"/>
                  <WorkoutRoute sourceName="Anna’s Apple Watch" startDate="2024-10-25 07:04:44 -0500" endDate="2024-10-25 07:36:14 -0500">
                    <FileReference path="/workout-routes/route_2024-10-25_7.36am.gpx"/>
                  </WorkoutRoute>
                </Workout>
                <Workout workoutActivityType="HKWorkoutActivityTypeSwimming" sourceName="Anna’s Apple Watch" \
                startDate="2024-10-26 18:00:00 +0100" endDate="2024-10-26 18:45:30 +0100">
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceSwimming" startDate="2024-10-26 18:00:00 +0100" endDate="2024-10-26 18:45:30 +0100" sum="1500" unit="yd"/>
                </Workout>
                <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="1.25" durationUnit="hr" \
                totalDistance="40" totalDistanceUnit="km" totalEnergyBurned="600" totalEnergyBurnedUnit="Cal" \
                sourceName="Strava" startDate="2024-10-27 09:00:00 +0000" endDate="2024-10-27 10:15:00 +0000">
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-10-27 09:00:00 +0000" endDate="2024-10-27 10:15:00 +0000" sum="40.5" unit="km"/>
                </Workout>
                <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="1800" durationUnit="s" sourceName="Yoga" startDate="2024-10-28 07:00:00 +0300" endDate="2024-10-28 07:30:00 +0300"/>
                """))
        try #require(contents.workouts.count == 4)
        let run = contents.workouts[0]
        #expect(run.sourceType == "HKWorkoutActivityTypeRunning")
        #expect(run.start == Date(timeIntervalSince1970: 1_729_857_884))
        #expect(run.utcOffset == -5 * 3600)
        #expect(close(run.duration, 31.5 * 60))
        #expect(close(run.distance, 3.1 * 1609.344))
        #expect(close(run.energy, 1726.76 / 4.184))
        #expect(run.sourceID == StableHash.hex(["Anna’s Apple Watch", "2024-10-25 07:04:44 -0500", "HKWorkoutActivityTypeRunning"]))

        let swim = contents.workouts[1]
        #expect(close(swim.duration, 45 * 60 + 30), "no duration attribute: end − start")
        #expect(close(swim.distance, 1500 * 0.9144))
        #expect(swim.energy == nil)
        #expect(swim.utcOffset == 3600)

        let ride = contents.workouts[2]
        #expect(close(ride.duration, 1.25 * 3600))
        #expect(close(ride.distance, 40_500), "the statistics win over the old attribute")
        #expect(close(ride.energy, 600), "Cal is a kilocalorie")

        let yoga = contents.workouts[3]
        #expect(close(yoga.duration, 1800))
        #expect(yoga.distance == nil && yoga.energy == nil)
    }

    /// Health writes a food's records twice, inside its correlation and at the top level (in
    /// either order); each is kept once, with the correlation's ordinal and food name.
    @Test func keepsEachFoodRecordOnceWithItsCorrelation() throws {
        let record = { (type: String, unit: String, value: String, time: String) in
            #"<Record type="HKQuantityTypeIdentifier\#(type)" sourceName="MyFitnessPal" unit="\#(unit)" startDate="\#(time)" endDate="\#(time)" value="\#(value)"/>"#
        }
        let breakfast = "2024-03-01 08:00:00 +0100", lunch = "2024-03-01 13:00:00 +0100"
        let contents = try read(
            export(
                """
                \(record("DietaryEnergyConsumed", "kcal", "350", breakfast))
                \(record("DietaryProtein", "g", "12.5", breakfast))
                \(record("DietaryEnergyConsumed", "kcal", "350", breakfast))
                \(record("DietaryEnergyConsumed", "kJ", "2092", lunch))
                <Record type="HKQuantityTypeIdentifierDietaryFatTotal" sourceName="Yazio" unit="mg" startDate="\(lunch)" endDate="\(lunch)" value="1500">
                  <MetadataEntry key="HKFoodType" value="Nuts"/>
                </Record>
                <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="MyFitnessPal" startDate="\(breakfast)" endDate="\(breakfast)">
                  <MetadataEntry key="HKFoodMeal" value="Breakfast"/>
                  \(record("DietaryEnergyConsumed", "kcal", "350", breakfast))
                  \(record("DietaryProtein", "g", "12.5", breakfast))
                  <MetadataEntry key="HKFoodType" value="Oats &amp; honey"/>
                </Correlation>
                <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="MyFitnessPal" startDate="\(breakfast)" endDate="\(breakfast)">
                  <MetadataEntry key="HKFoodType" value="Oats &amp; honey"/>
                  \(record("DietaryEnergyConsumed", "kcal", "350", breakfast))
                </Correlation>
                <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="\(lunch)" endDate="\(lunch)">
                  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="\(lunch)" endDate="\(lunch)" value="120"/>
                </Correlation>
                <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="MyFitnessPal" startDate="\(lunch)" endDate="\(lunch)">
                  <MetadataEntry key="HKFoodType" value="Soup"/>
                  \(record("DietaryCarbohydrates", "g", "30", lunch))
                </Correlation>
                \(record("DietaryCarbohydrates", "g", "30", lunch))
                """))
        let n = contents.nutrients
        try #require(n.count == 6)
        #expect(n.map(\.nutrient) == ["kcal", "protein", "kcal", "kcal", "fat", "carbs"])
        // The two identical 350 kcal records at the top level pair with the two correlations.
        #expect(n.map(\.correlation) == [1, 0, 0, nil, nil, 2])
        #expect(n.map(\.food) == ["Oats & honey", "Oats & honey", "Oats & honey", nil, "Nuts", "Soup"])
        #expect(close(n[3].amount, 500))
        #expect(close(n[4].amount, 1.5))
        #expect(n[0].time == Date(timeIntervalSince1970: 1_709_276_400))
        #expect(n[0].utcOffset == 3600)
        #expect(contents.duplicateNutrients == 4)
        #expect(contents.skipped == ["HKCorrelationTypeIdentifierBloodPressure": 1])
    }

    @Test func passesOverWhatStartsBeforeSince() throws {
        let path = try export(
            """
            <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-01-01 23:59:59 +0000" endDate="2024-01-02 00:10:00 +0000" value="10"/>
            <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="2024-01-02 00:30:00 +0100" endDate="2024-01-02 00:40:00 +0100" value="20"/>
            <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="2024-01-02 00:00:00 +0000" endDate="2024-01-02 00:10:00 +0000" value="30"/>
            <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2023-12-31 08:00:00 +0000" endDate="2023-12-31 08:00:00 +0000" value="not read"/>
            <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="bad" durationUnit="min" sourceName="Watch" startDate="2023-06-01 10:00:00 +0000" endDate="2023-06-01 11:00:00 +0000"/>
            <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="60" durationUnit="min" sourceName="Watch" startDate="2024-06-01 10:00:00 +0000" endDate="2024-06-01 11:00:00 +0000"/>
            """)
        let since = Date(timeIntervalSince1970: 1_704_153_600)  // 2024-01-02 00:00 UTC
        let contents = try AppleHealthReader(path: path, since: since).read()
        #expect(contents.steps.map(\.count) == [30])
        #expect(contents.weights.isEmpty)
        #expect(contents.workouts.count == 1)
        // Passed over before their values were read: "not read" and "bad" are no problem.
        #expect(contents.beforeSince == 4)
    }

    @Test func decodesReferencesAndSkipsCommentsInstructionsAndCData() throws {
        let contents = try read(
            export(
                """
                <!-- a comment with <Record type="HKQuantityTypeIdentifierStepCount"/> inside -->
                <?usergraph ignore this?>
                <Record type="HKQuantityTypeIdentifierStepCount" sourceName='Anna &amp; Bob&#x2019;s &lt;iPhone&gt; &quot;2&quot; &apos;&#83;&#x45;&apos;' \
                unit="count" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="5"/>
                <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Two
                lines" unit="count" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="6"/>
                <Record type="HKQuantityTypeIdentifierRespiratoryRate" sourceName="W" unit="count/min" startDate="x" endDate="x" value="x"><![CDATA[ <Workout> & ]]>text &amp; more</Record>
                """))
        #expect(contents.steps.map(\.device) == [#"Anna & Bob’s <iPhone> "2" 'SE'"#, "Two lines"])
        #expect(contents.skipped == ["HKQuantityTypeIdentifierRespiratoryRate": 1])
    }

    @Test func acceptsAByteOrderMarkAndADeclaredEncoding() throws {
        let path = try TestPaths.scratch("health") + "/bom.xml"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let text = #"<?xml version="1.0" encoding="utf-8" standalone="no"?><HealthData locale="en_US"/>"#
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        #expect(try AppleHealthReader(path: path).read().workouts.isEmpty)
    }

    // MARK: - Problems

    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var key: String
        var args: [String: String] = [:]
        var testDescription: String { name }
    }

    static let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE HealthData [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <HealthData locale="en_US">&lol9;</HealthData>
        """

    static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="5"/>"#

    static let badFiles: [BadFile] = [
        BadFile(name: "empty", text: "", key: "errors.import.health.empty"),
        BadFile(name: "only whitespace", text: "  \n\n ", key: "errors.import.health.empty"),
        BadFile(name: "JSON", text: #"{"data": []}"#, key: "errors.import.health.notXML"),
        BadFile(
            name: "another XML document", text: "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk/></gpx>",
            key: "errors.import.health.notExport", args: ["element": "gpx", "line": "2"]),
        BadFile(name: "no root element", text: "<?xml version=\"1.0\"?>\n<!-- nothing -->\n", key: "errors.import.health.noHealthData"),
        BadFile(name: "zip", text: "PK\u{3}\u{4}rest of a zip", key: "errors.import.health.zipped"),
        BadFile(
            name: "Latin-1", text: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><HealthData/>",
            key: "errors.import.xml.encoding", args: ["encoding": "ISO-8859-1"]),
        BadFile(name: "billion laughs", text: laughs, key: "errors.import.xml.entity", args: ["name": "lol9", "line": "14"]),
        BadFile(
            name: "external entity in an attribute",
            text: "<!DOCTYPE HealthData [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<HealthData>\n<Record type=\"&xxe;\"/></HealthData>",
            key: "errors.import.xml.entity", args: ["name": "xxe", "line": "3", "column": "15"]),
        BadFile(
            name: "parameter entity", text: "<!DOCTYPE HealthData [<!ENTITY % p SYSTEM \"http://example.org/x.dtd\"> %p;]><HealthData/>",
            key: "errors.import.xml.entity", args: ["name": "%p"]),
        BadFile(
            name: "undeclared entity", text: "<HealthData><Record type=\"&nbsp;\"/></HealthData>",
            key: "errors.import.xml.unknownEntity", args: ["name": "nbsp"]),
        BadFile(
            name: "bad character reference", text: "<HealthData><Record type=\"&#0;\"/></HealthData>",
            key: "errors.import.xml.badReference", args: ["reference": "&#0;"]),
        BadFile(name: "surrogate reference", text: "<HealthData><Record type=\"&#xD800;\"/></HealthData>", key: "errors.import.xml.badReference"),
        BadFile(name: "bare ampersand", text: "<HealthData><Record type=\"a & b\"/></HealthData>", key: "errors.import.xml.badReference"),
        BadFile(
            name: "mismatched tags", text: "<HealthData>\n <Audiogram>\n </Record>\n</HealthData>",
            key: "errors.import.xml.mismatchedTag", args: ["expected": "Audiogram", "found": "Record", "line": "3", "column": "2"]),
        BadFile(
            name: "cut short",
            text:
                "<HealthData>\n <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"W\" startDate=\"2024-01-01 10:00:00 +0000\" endDate=\"2024-01-01 10:30:00 +0000\">\n  <MetadataEntry key=\"HKTimeZone\" val",
            key: "errors.import.xml.truncated", args: ["element": "Workout", "line": "3"]),
        BadFile(name: "unclosed comment", text: "<!-- never closed", key: "errors.import.xml.unfinished"),
        BadFile(
            name: "duplicate attribute", text: "<HealthData>\(record.replacingOccurrences(of: "value=\"5\"", with: "value=\"5\" value=\"6\""))</HealthData>",
            key: "errors.import.xml.duplicateAttribute", args: ["element": "Record", "attribute": "value"]),
        BadFile(
            name: "unquoted attribute", text: "<HealthData><Record type=HKQuantityTypeIdentifierStepCount/></HealthData>",
            key: "errors.import.xml.badAttribute", args: ["element": "Record"]),
        BadFile(name: "attributes run together", text: "<HealthData><Record type=\"a\"unit=\"b\"/></HealthData>", key: "errors.import.xml.badAttribute"),
        BadFile(name: "less-than in a value", text: "<HealthData><Record type=\"<\"/></HealthData>", key: "errors.import.xml.badAttribute"),
        BadFile(
            name: "control character", text: "<HealthData><Record type=\"a\u{1}b\"/></HealthData>",
            key: "errors.import.xml.badCharacter", args: ["code": "0001"]),
        BadFile(name: "text after the root", text: "<HealthData/>\ntrailing words", key: "errors.import.xml.contentOutsideRoot", args: ["line": "2"]),
        BadFile(name: "two roots", text: "<HealthData/><HealthData/>", key: "errors.import.xml.contentOutsideRoot"),
        BadFile(name: "a space before the name", text: "<HealthData>< Record/></HealthData>", key: "errors.import.xml.badMarkup"),
        BadFile(name: "double hyphen in a comment", text: "<HealthData><!-- a -- b --></HealthData>", key: "errors.import.xml.badMarkup"),
        BadFile(name: "late XML declaration", text: "<HealthData><?xml version=\"1.0\"?></HealthData>", key: "errors.import.xml.badMarkup"),
        BadFile(name: "DOCTYPE inside the root", text: "<HealthData><!DOCTYPE HealthData></HealthData>", key: "errors.import.xml.badDoctype"),
        BadFile(name: "broken DTD", text: "<!DOCTYPE HealthData [ <!BOGUS x> ]><HealthData/>", key: "errors.import.xml.badDoctype"),
        BadFile(name: "stray CDATA end", text: "<HealthData>\n ]]>\n</HealthData>", key: "errors.import.xml.badMarkup", args: ["line": "2", "column": "2"]),
        BadFile(
            name: "control character in a comment", text: "<HealthData><!-- \u{8} --></HealthData>", key: "errors.import.xml.badCharacter",
            args: ["code": "0008"]),
        BadFile(name: "XML declaration without a version", text: "<?xml encoding=\"UTF-8\"?><HealthData/>", key: "errors.import.xml.badMarkup"),
        BadFile(
            name: "too many attributes", text: "<HealthData><Record " + (0..<300).map { "a\($0)=\"\"" }.joined(separator: " ") + "/></HealthData>",
            key: "errors.import.xml.tooManyAttributes", args: ["element": "Record", "limit": "256"]),
        BadFile(
            name: "long element name", text: "<HealthData><" + String(repeating: "x", count: 2000) + ">", key: "errors.import.xml.longName",
            args: ["limit": "1024"]),
        BadFile(name: "nested too deep", text: "<HealthData>" + String(repeating: "<a>", count: 80), key: "errors.import.xml.tooDeep", args: ["limit": "64"]),
        BadFile(
            name: "bad date",
            text:
                "<HealthData>\(record.replacingOccurrences(of: "startDate=\"2024-01-01 10:00:00 +0000\"", with: "startDate=\"2024-02-30 10:00:00 +0000\""))</HealthData>",
            key: "errors.import.health.badDate", args: ["value": "2024-02-30 10:00:00 +0000"]),
        BadFile(
            name: "bad number", text: "<HealthData>\(record.replacingOccurrences(of: "value=\"5\"", with: "value=\"five\""))</HealthData>",
            key: "errors.import.health.badNumber", args: ["value": "five", "attribute": "value", "element": "Record"]),
        BadFile(
            name: "NaN", text: "<HealthData>\(record.replacingOccurrences(of: "value=\"5\"", with: "value=\"nan\""))</HealthData>",
            key: "errors.import.health.badNumber"),
        BadFile(
            name: "unknown unit",
            text:
                "<HealthData><Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"S\" unit=\"kilo\" startDate=\"2024-01-01 10:00:00 +0000\" endDate=\"2024-01-01 10:00:00 +0000\" value=\"70\"/></HealthData>",
            key: "errors.import.health.unknownUnit", args: ["unit": "kilo", "type": "HKQuantityTypeIdentifierBodyMass"]),
        BadFile(
            name: "missing start", text: "<HealthData><Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"W\"/></HealthData>",
            key: "errors.import.health.missingAttribute", args: ["element": "Workout", "attribute": "startDate"]),
    ]

    @Test(arguments: badFiles)
    func refusesWithAProblem(_ file: BadFile) throws {
        let problem = try #require(try problem(reading: file.text))
        #expect(problem.key == file.key)
        for (name, value) in file.args {
            #expect(problem.args[name] == value, "\(name)")
        }
        if file.args["line"] != nil || file.key.hasPrefix("errors.import.xml.") && file.key != "errors.import.xml.encoding" {
            #expect(problem.args["line"] != nil && problem.args["offset"] != nil)
        }
    }

    @Test func refusesABillionLaughsFastAndWithoutExpanding() throws {
        // The same attack, with the entity where records are read and a 1 KB chunk.
        let text = Self.laughs.replacingOccurrences(
            of: "<HealthData locale=\"en_US\">&lol9;</HealthData>",
            with: "<HealthData>\n<Record type=\"&lol9;\"/></HealthData>")
        let found = try #require(try problem(reading: text, chunkSize: 1024))
        #expect(found == ImportProblem("errors.import.xml.entity", ["name": "lol9", "line": "15", "column": "15", "offset": found.args["offset"] ?? ""]))
    }

    /// A file of made-up record types cannot grow the table of skipped kinds without end.
    @Test func countsSkippedKindsInABoundedTable() throws {
        let records = (0..<2100).map { #"<Record type="T\#($0)" sourceName="S" startDate="x" endDate="x"/>"# }
        let contents = try read(export(records.joined(separator: "\n") + #"\n<Record type="T7" sourceName="S" startDate="x" endDate="x"/>"#))
        #expect(contents.skipped.count == SkipCounter.mostKinds + 1)
        #expect(contents.skipped["T7"] == 2)
        #expect(contents.skipped[SkipCounter.otherKinds] == 100)
        #expect(contents.skipped.values.reduce(0, +) == 2101)
    }

    @Test func refusesInvalidUTF8InAValueItKeeps() throws {
        let bytes =
            Array("<HealthData><Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"".utf8) + [0xC3, 0x28]
            + Array("\" unit=\"count\" startDate=\"2024-01-01 10:00:00 +0000\" endDate=\"2024-01-01 10:00:00 +0000\" value=\"5\"/></HealthData>".utf8)
        let found = try #require(try problem(reading: bytes))
        #expect(found.key == "errors.import.xml.invalidUTF8")
        #expect(found.args["column"] == "74")
    }

    @Test func refusesUTF16() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("<HealthData/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try problem(reading: bytes)?.key == "errors.import.xml.encoding")
    }

    @Test func refusesAConstructLongerThanItHolds() throws {
        let text = "<HealthData><Record type=\"" + String(repeating: "x", count: 5000) + "\"/></HealthData>"
        let found = try #require(try problem(reading: text, chunkSize: 100, longestConstruct: 1000))
        #expect(found.key == "errors.import.xml.tooLong")
    }

    @Test func refusesAFolderAndAMissingFile() throws {
        let folder = try TestPaths.scratch("health")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(problem(readingFileAt: folder) == ImportProblem("errors.import.health.folder"))
        let missing = problem(readingFileAt: folder + "/none.xml")
        #expect(missing?.key == "errors.import.health.cannotOpen")
        #expect(missing?.args["reason"]?.isEmpty == false)
    }

    /// Random damage to a real export: every result is records or a problem, never a crash.
    @Test func survivesRandomByteFlips() throws {
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "opendroid-hk/sampleexport-2.xml")))
        let folder = try TestPaths.scratch("health-fuzz")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SplitMix64(seed: 2026)
        var outcomes = (read: 0, refused: 0)
        for round in 0..<150 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 8)) {
                let at = Int(random.next() % UInt64(bytes.count))
                bytes[at] = [UInt8(random.next() & 0xFF), 0x3C, 0x3E, 0x22, 0x26, 0x2F, 0x00][Int(random.next() % 7)]
            }
            if round % 10 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count))) }
            let path = folder + "/\(round).xml"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var reader = AppleHealthReader(path: path)
            reader.chunkSize = round % 3 == 0 ? 61 : 4096
            do {
                _ = try reader.read()
                outcomes.read += 1
            } catch {
                #expect(error.key.hasPrefix("errors.import."))
                outcomes.refused += 1
            }
        }
        #expect(outcomes.read > 0 && outcomes.refused > 0)
    }

    // MARK: - Parts

    @Test func parsesHealthDates() throws {
        func date(_ text: String) -> HealthDate? {
            Array(text.utf8).withUnsafeBufferPointer { HealthDate($0) }
        }
        #expect(date("2016-11-14 07:25:41 -0700") == HealthDate(seconds: 1_479_133_541, utcOffset: -25_200))
        #expect(date("2024-02-29 23:59:59 +0530") == HealthDate(seconds: 1_709_231_399, utcOffset: 19_800))
        #expect(date("1969-12-31 23:00:00 -0100")?.seconds == 0)
        for bad in [
            "2023-02-29 10:00:00 +0000", "2024-13-01 10:00:00 +0000", "2024-01-01T10:00:00 +0000",
            "2024-01-01 10:00:00", "2024-01-01 10:00:00 +00:00", "2024-01-01 24:00:00 +0000", "",
        ] {
            #expect(date(bad) == nil, "\(bad)")
        }
    }

    @Test func parsesNumbersExactly() throws {
        func number(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { HealthNumber.parse($0) }
        }
        for text in [
            "181", "0.4971749504535062", "48.74499999999999", "2.985843180268872", "0.00205053", "1e3",
            "-0.5", "123456789012345678901234567890", "0.1", "17.3228", "5.19412346680959", "9007199254740993",
        ] {
            #expect(number(text) == Double(text), "\(text)")
        }
        for bad in ["", "nan", "inf", "1,5", " 1", "1 ", "0x10", "1e", ".", "-", "1e999"] {
            #expect(number(bad) == nil, "\(bad)")
        }
    }

    @Test func locatesLinesAndColumnsInCharacters() throws {
        let path = try write(Array("ab\nсд<x".utf8))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(TextPosition.locate(3 + 4, inFileAt: path) == TextPosition(line: 2, column: 3))
    }

    // MARK: - Helpers

    struct Expected: Decodable {
        var files: [String: File]

        struct File: Decodable {
            var workouts: [Workout]
            var weights: [Weight]
            var steps: Steps
            var nutrients: [Nutrient]
            var skipped: [String: Int]
            var heartRates: Int
        }
        struct Workout: Decodable {
            var type: String, start: String, startEpoch: Double, utcOffset: Int, duration: Double
            var distance: Double?, energy: Double?, sourceID: String
        }
        struct Weight: Decodable { var timeEpoch: Double, utcOffset: Int, kg: Double, sourceID: String }
        struct Steps: Decodable { var count: Int, sum: Int, byDevice: [String: Int] }
        struct Nutrient: Decodable { var nutrient: String, amount: Double, timeEpoch: Double }
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: URL(fileURLWithPath: fixtures + "expected.json")))
    }

    static func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    /// An export holding `body` inside `<HealthData>`, written to a scratch file.
    func export(_ body: String) throws -> String {
        try write(
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE HealthData [
                <!-- HealthKit Export Version: 13 -->
                <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
                <!ATTLIST HealthData
                  locale CDATA #REQUIRED
                >
                ]>
                <HealthData locale="en_US">
                 <ExportDate value="2024-11-01 09:00:00 +0000"/>
                \(body)
                </HealthData>

                """.utf8))
    }

    func write(_ bytes: [UInt8]) throws -> String {
        let path = try TestPaths.scratch("health") + "/export.xml"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Reads the export at `path` and removes its scratch folder.
    func read(_ path: String) throws -> AppleHealthContents {
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        return try AppleHealthReader(path: path).read()
    }

    func problem(reading text: String, chunkSize: Int = 4 << 20, longestConstruct: Int = 4 << 20) throws -> ImportProblem? {
        try problem(reading: Array(text.utf8), chunkSize: chunkSize, longestConstruct: longestConstruct)
    }

    /// The problem reading `bytes` gives, nil if it reads.
    func problem(reading bytes: [UInt8], chunkSize: Int = 4 << 20, longestConstruct: Int = 4 << 20) throws -> ImportProblem? {
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        return problem(readingFileAt: path, chunkSize: chunkSize, longestConstruct: longestConstruct)
    }

    func problem(readingFileAt path: String, chunkSize: Int = 4 << 20, longestConstruct: Int = 4 << 20) -> ImportProblem? {
        var reader = AppleHealthReader(path: path)
        reader.chunkSize = chunkSize
        reader.longestConstruct = longestConstruct
        do {
            _ = try reader.read()
            return nil
        } catch {
            return error
        }
    }

    func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= 1e-9 * max(1, abs(b))
    }
}
