import Foundation
import Testing
@testable import UsergraphImport
import UsergraphTestSupport

/// The FIT reader against real files, whose expected values python-fitparse computed
/// (Fixtures/import/fit/make-expected.py → expected.json), and against damaged and
/// hand-made files for each of its problems. No test writes a file.
@Suite("FIT reader")
struct FITReaderTests {
    static let folder = TestPaths.fixtures + "/import/fit/"

    /// The fixtures expected.json describes.
    static let decodable = [
        "2013-02-06-12-11-14.fit", "Activity.fit", "WeightScaleSingleUser.fit", "activity-large-fenxi2-multisport.fit",
        "compressed-speed-distance.fit", "developer-types-sample.fit", "garmin-edge-820-bike.fit",
        "garmin-fenix-5-run.fit", "sample_mulitple_header.fit",
    ]

    static func fixture(_ name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: folder + name) else {
            throw FixtureMissing(path: folder + name)
        }
        return [UInt8](data)
    }

    struct FixtureMissing: Error { let path: String }

    static func read(_ bytes: [UInt8]) throws -> (activities: [ImportedActivity], weights: [ImportedWeight]) {
        try FITReader.read(Data(bytes))
    }

    /// The problem reading `bytes` throws, or nil where it throws none.
    static func problem(_ bytes: [UInt8], limits: FITGzip.Limits = FITGzip.Limits()) -> ImportProblem? {
        do {
            _ = try FITReader.read(Data(bytes), limits: limits)
            return nil
        } catch let problem as ImportProblem {
            return problem
        } catch {
            Issue.record("not an ImportProblem: \(error)")
            return nil
        }
    }

    // MARK: Real files against fitparse

    @Test func expectedCoversTheFixtures() throws {
        #expect(Set(try Expected.load().files.keys) == Set(Self.decodable))
    }

    @Test(arguments: decodable)
    func matchesFitparse(_ name: String) throws {
        let expected = try #require(try Expected.load().files[name])
        let bytes = try Self.fixture(name)
        let result = try Self.read(bytes)

        #expect(result.activities.count == expected.sessions.count)
        for (activity, session) in zip(result.activities, expected.sessions) {
            #expect(activity.source == .fit)
            #expect(activity.sourceID == session.sourceId)
            #expect(activity.sourceType == session.sourceType)
            #expect(activity.start == Date(timeIntervalSince1970: TimeInterval(try #require(session.startUnix))))
            #expect(activity.utcOffset == session.utcOffset)
            #expect(abs(activity.duration - (session.totalElapsedTime ?? -1)) < 0.0005)
            #expect(abs((activity.movingTime ?? -1) - (session.totalTimerTime ?? -1)) < 0.0005)
            // Zero is "not measured": the reader gives nil for it.
            #expect(activity.distance.map { abs($0 - (session.totalDistance ?? -1)) < 0.005 } ?? ((session.totalDistance ?? 0) == 0))
            #expect(activity.energy == session.totalCalories.flatMap { $0 > 0 ? $0 : nil })
        }

        #expect(result.weights.count == expected.weights.count)
        for (weight, reading) in zip(result.weights, expected.weights) {
            #expect(weight.source == .fit)
            #expect(weight.sourceID == reading.sourceId)
            #expect(weight.time == Date(timeIntervalSince1970: TimeInterval(try #require(reading.timeUnix))))
            #expect(weight.utcOffset == nil)
            #expect(abs(weight.kg - (reading.kg ?? -1)) < 0.005)
        }

        let summary = try FITDecoder(bytes: bytes).decode([]) { _ in }
        #expect(summary.dataMessages == expected.dataMessages)
    }

    @Test func chainedFilesGiveEverySession() throws {
        let bytes = try Self.fixture("sample_mulitple_header.fit")
        let summary = try FITDecoder(bytes: bytes).decode([]) { _ in }
        #expect(summary.files == 4)
        let activities = try Self.read(bytes).activities
        #expect(activities.map(\.sourceType) == ["swimming/open_water", "transition", "cycling", "transition", "running"])
        #expect(Set(activities.map(\.sourceID)).count == 5)
    }

    @Test func multisportGivesOneActivityPerSession() throws {
        let activities = try Self.read(try Self.fixture("activity-large-fenxi2-multisport.fit")).activities
        #expect(activities.map(\.sourceType) == ["generic", "transition", "running", "transition", "running", "transition", "cycling"])
    }

    @Test func compressedTimestampsCountOnFromTheLastFullOne() throws {
        let expected = try #require(try Expected.load().files["compressed-speed-distance.fit"]?.recordTimestamps)
        var times: [UInt32?] = []
        _ = try FITDecoder(bytes: try Self.fixture("compressed-speed-distance.fit")).decode([FITProfile.recordMessage]) {
            times.append($0.timestamp)
        }
        #expect(times.count == 755)
        #expect(times == expected.map { Optional($0) })
    }

    @Test func developerFieldsAreSkipped() throws {
        let bytes = try Self.fixture("developer-types-sample.fit")
        var withDeveloperData = 0
        _ = try FITDecoder(bytes: bytes).decode([FITProfile.recordMessage]) { message in
            // Developer data lies after the profile's fields: the content is longer than they are.
            if message.definition.contentSize > message.definition.fields.reduce(0, { $0 + $1.size }) { withDeveloperData += 1 }
        }
        #expect(withDeveloperData > 0)
        #expect(try Self.read(bytes).activities.count == 1)
    }

    @Test func gzippedFileReadsLikeThePlainOne() throws {
        let plain = try Self.read(try Self.fixture("Activity.fit"))
        let gzipped = try Self.read(try Self.fixture("Activity.fit.gz"))
        #expect(gzipped.activities == plain.activities)
        #expect(gzipped.activities.count == 1)
    }

    // MARK: Problems of real files

    @Test func truncatedFileNamesTheCutRecord() throws {
        // Activity.fit less its last 3 bytes: the record at byte 751 ends past the end.
        #expect(
            Self.problem(try Self.fixture("activity-unexpected-eof.fit"))
                == ImportProblem("errors.import.fit.truncated", ["offset": "751", "size": "768"]))
        // Cut between records, the missing checksum is what is cut.
        var whole = try Self.fixture("Activity.fit")
        whole.removeLast(1)
        #expect(Self.problem(whole) == ImportProblem("errors.import.fit.truncated", ["offset": "769", "size": "770"]))
    }

    @Test func changedByteFailsTheChecksum() throws {
        var bytes = try Self.fixture("Activity.fit")
        bytes[400] ^= 0x01
        #expect(Self.problem(bytes) == ImportProblem("errors.import.fit.crc", ["offset": "0", "end": "769"]))
    }

    @Test func damagedHeaderFailsItsChecksum() throws {
        var bytes = try Self.fixture("garmin-fenix-5-run.fit")
        #expect(bytes[0] == 14 && (bytes[12] != 0 || bytes[13] != 0))
        bytes[12] ^= 0xFF
        #expect(Self.problem(bytes) == ImportProblem("errors.import.fit.headerCRC", ["offset": "0"]))
        // A header CRC of zero was not computed and is not checked.
        bytes[12] = 0
        bytes[13] = 0
        #expect(Self.problem(FITBytes.withChecksums(bytes)) == nil)
    }

    @Test func changedDataSizeOverrunsTheData() throws {
        // The header claims one byte less: the last record reaches past the data.
        var bytes = Array(try Self.fixture("Activity.fit").prefix(768))
        bytes[4] = UInt8((757 - 1) & 0xFF)
        bytes[5] = UInt8((757 - 1) >> 8)
        #expect(
            Self.problem(FITBytes.withChecksums(bytes + [0, 0]))
                == ImportProblem("errors.import.fit.overrun", ["offset": "751", "end": "768"]))
    }

    @Test func paddingAfterTheLastFileIsIgnoredButJunkIsNot() throws {
        let bytes = try Self.fixture("Activity.fit")
        #expect(Self.problem(bytes + [0, 0, 0, 0]) == nil)
        #expect(Self.problem(bytes + Array("junk".utf8)) == ImportProblem("errors.import.fit.signature", ["offset": "771"]))
    }

    @Test func gzipBombStopsEarly() throws {
        // 4 KB that unpack to 4 MB of zeros: past 100 times the input, after the first MB.
        #expect(Self.problem(try Self.fixture("bomb.fit.gz")) == ImportProblem("errors.import.fit.gzipTooLarge", ["megabytes": "1"]))
        // The absolute cap, made small.
        var limits = FITGzip.Limits()
        limits.maxBytes = 500
        limits.ratioFloor = 0
        #expect(Self.problem(try Self.fixture("Activity.fit.gz"), limits: limits)?.key == "errors.import.fit.gzipTooLarge")
    }

    @Test func damagedGzipFails() throws {
        let gzipped = try Self.fixture("Activity.fit.gz")
        #expect(Self.problem(Array(gzipped.dropLast(20))) == ImportProblem("errors.import.fit.gzip"))
        var changed = gzipped
        changed[gzipped.count / 2] ^= 0xFF
        #expect(Self.problem(changed)?.key.hasPrefix("errors.import.fit.") == true)
        #expect(Self.problem([0x1F, 0x8B]) == ImportProblem("errors.import.fit.gzip"))
        #expect(Self.problem(gzipped + Array("junk".utf8)) == ImportProblem("errors.import.fit.gzip"))
        // Two members one after the other are one stream, as gzip(1) reads them: here two
        // copies of a FIT file, chained.
        #expect(try Self.read(gzipped + gzipped).activities.count == 2)
    }

    // MARK: Hand-made files

    @Test func notFITFiles() {
        #expect(Self.problem([]) == ImportProblem("errors.import.fit.empty"))
        #expect(Self.problem(Array("name,date\nrun,2024-01-01\n".utf8)) == ImportProblem("errors.import.fit.signature", ["offset": "0"]))
        #expect(Self.problem([14, 0x10]) == ImportProblem("errors.import.fit.truncated", ["offset": "0", "size": "2"]))
        var thirteen = FITBytes.file([])
        thirteen[0] = 13
        #expect(Self.problem(thirteen) == ImportProblem("errors.import.fit.headerSize", ["offset": "0", "size": "13"]))
        var future = FITBytes.file([], headerSize: 12)
        future[1] = 0x30
        #expect(Self.problem(FITBytes.withChecksums(future)) == ImportProblem("errors.import.fit.protocol", ["offset": "0", "version": "3.0"]))
    }

    @Test func malformedRecords() {
        // A data message of a local type nothing defined.
        #expect(Self.problem(FITBytes.file([0x03])) == ImportProblem("errors.import.fit.undefined", ["offset": "14", "local": "3"]))
        // A definition whose byte order is neither 0 nor 1.
        var definition = FITBytes.definition(local: 0, global: 18, fields: [(253, 4, 0x86)])
        definition[2] = 7
        #expect(Self.problem(FITBytes.file(definition)) == ImportProblem("errors.import.fit.architecture", ["offset": "14", "value": "7"]))
        // A definition cut by the end of the data.
        let whole = FITBytes.definition(local: 0, global: 18, fields: [(253, 4, 0x86), (2, 4, 0x86)])
        #expect(
            Self.problem(FITBytes.file(Array(whole.dropLast())))
                == ImportProblem("errors.import.fit.overrun", ["offset": "14", "end": "\(14 + whole.count - 1)"]))
    }

    /// A session as a big-endian writer lays it out, with invalid values for what it lacks.
    @Test func bigEndianSessionWithInvalidValues() throws {
        let start: UInt32 = 1_000_000_000
        let fileID =
            FITBytes.definition(local: 2, global: 0, bigEndian: true, fields: [(3, 4, 0x8C), (4, 4, 0x86)])
            + [0x02] + FITBytes.be32(12345) + FITBytes.be32(start - 10)
        let session = FITBytes.definition(
            local: 1, global: 18, bigEndian: true,
            fields: [
                (253, 4, 0x86), (2, 4, 0x86), (5, 1, 0x00), (6, 1, 0x00), (7, 4, 0x86), (8, 4, 0x86), (9, 4, 0x86), (11, 2, 0x84),
            ])
        let times = FITBytes.be32(start + 3600) + FITBytes.be32(start)
        let totals = FITBytes.be32(3_600_000) + FITBytes.be32(0xFFFF_FFFF) + FITBytes.be32(0xFFFF_FFFF) + [0x02, 0x0D]
        let records = fileID + session + [0x01] + times + [2, 7] + totals
        let activity = try #require(try Self.read(FITBytes.file(records)).activities.first)
        #expect(activity.sourceType == "cycling/road")
        #expect(activity.sourceID == "12345-\(start - 10)-\(start)")
        #expect(activity.start == Date(timeIntervalSince1970: 631_065_600 + TimeInterval(start)))
        #expect(activity.duration == 3600)
        #expect(activity.movingTime == nil)
        #expect(activity.distance == nil)
        #expect(activity.energy == 525)
        #expect(activity.utcOffset == nil)
    }

    @Test func sessionWithoutFileIDOrNamedSport() throws {
        let start: UInt32 = 1_000_000_000
        let records =
            FITBytes.definition(local: 0, global: 18, fields: [(2, 4, 0x86), (5, 1, 0x00), (6, 1, 0x00), (7, 4, 0x86)])
            + [0x00] + FITBytes.le32(start) + [200, 0] + FITBytes.le32(60_000)
        let bytes = FITBytes.file(records)
        let activity = try #require(try Self.read(bytes).activities.first)
        // A sport newer than the profile keeps its number; generic adds nothing.
        #expect(activity.sourceType == "200")
        #expect(activity.sourceID == "\(start)-\(bytes.count)-\(String(FITCRC.checksum(bytes), radix: 16))")
        #expect(activity.duration == 60)
    }

    /// A file whose writer left out the session: its laps and its `activity` message stand in.
    @Test func fileWithoutSessionsGivesItsLaps() throws {
        let start: UInt32 = 1_000_000_000
        let sport = FITBytes.definition(local: 0, global: 12, fields: [(0, 1, 0x00), (1, 1, 0x00)]) + [0x00, 1, 0]
        let lapFields: [(UInt8, UInt8, UInt8)] = [(253, 4, 0x86), (2, 4, 0x86), (7, 4, 0x86), (8, 4, 0x86), (9, 4, 0x86), (11, 2, 0x84)]
        let lap = FITBytes.definition(local: 1, global: 19, fields: lapFields)
        func lapData(_ begin: UInt32) -> [UInt8] {
            [0x01] + FITBytes.le32(begin + 600) + FITBytes.le32(begin) + FITBytes.le32(600_000) + FITBytes.le32(590_000)
                + FITBytes.le32(100_000) + FITBytes.le16(50)
        }
        // Saved 50 s after the last lap; the wall clock three hours ahead of UTC.
        let activity =
            FITBytes.definition(local: 2, global: 34, fields: [(253, 4, 0x86), (0, 4, 0x86), (5, 4, 0x86)])
            + [0x02] + FITBytes.le32(start + 1250) + FITBytes.le32(1_180_000) + FITBytes.le32(start + 1250 + 3 * 3600)
        let records = sport + lap + lapData(start) + lapData(start + 600) + activity
        let made = try #require(try Self.read(FITBytes.file(records)).activities.first)
        #expect(made.sourceType == "running")
        #expect(made.start == Date(timeIntervalSince1970: 631_065_600 + TimeInterval(start)))
        #expect(made.utcOffset == 3 * 3600)
        #expect(made.duration == 1200)
        #expect(made.movingTime == 1180)
        #expect(made.distance == 2000)
        #expect(made.energy == 100)

        // Without laps, the activity message's time in motion, up to its timestamp.
        let alone = try #require(try Self.read(FITBytes.file(activity)).activities.first)
        #expect(alone.sourceType == "")
        #expect(alone.start == Date(timeIntervalSince1970: 631_065_600 + TimeInterval(start + 1250 - 1180)))
        #expect(alone.duration == 1180)
        #expect(alone.distance == nil)
    }

    @Test func deviceTimesWithoutAWallClockAreNotDates() {
        let records =
            FITBytes.definition(local: 0, global: 18, fields: [(2, 4, 0x86), (7, 4, 0x86)])
            + [0x00] + FITBytes.le32(5000) + FITBytes.le32(60_000)
        #expect(Self.problem(FITBytes.file(records)) == ImportProblem("errors.import.fit.undated"))
    }

    @Test func weightsOnlyWhereMeasured() throws {
        let time: UInt32 = 1_000_000_000
        let records =
            FITBytes.definition(local: 0, global: 30, fields: [(253, 4, 0x86), (0, 2, 0x84)])
            + [0x00] + FITBytes.le32(time) + [0x9C, 0x1D]  // 7580: 75.8 kg
            + [0x00] + FITBytes.le32(time + 60) + [0xFE, 0xFF]  // calculating
            + [0x00] + FITBytes.le32(time + 120) + [0xFF, 0xFF]  // invalid
        let weights = try Self.read(FITBytes.file(records)).weights
        #expect(weights.map(\.kg) == [75.8])
    }

    // MARK: Garbage

    /// Random damage to every small fixture, with the checksums mended after it in most cases
    /// so that the damage reaches the record decoder: each read must give records or an
    /// ImportProblem, never crash or throw anything else. Seeded, so a failure repeats.
    @Test func damagedFilesNeverCrash() throws {
        var random = SplitMix64(seed: 0x5EED_F17)
        let budget: [(name: String, rounds: Int)] = [
            ("Activity.fit", 1200), ("WeightScaleSingleUser.fit", 600), ("compressed-speed-distance.fit", 400),
            ("garmin-edge-820-bike.fit", 400), ("garmin-fenix-5-run.fit", 400), ("2013-02-06-12-11-14.fit", 60),
            ("sample_mulitple_header.fit", 12), ("Activity.fit.gz", 400),
        ]
        var outcomes: [String: Int] = [:]
        for (name, rounds) in budget {
            let original = try Self.fixture(name)
            for _ in 0..<rounds {
                var bytes = original
                for _ in 0...random.below(3) {
                    bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                }
                if random.below(8) == 0 { bytes.removeLast(random.below(bytes.count)) }
                if !name.hasSuffix(".gz"), random.below(8) != 0 { bytes = FITBytes.withChecksums(bytes) }
                let key = Self.problem(bytes)?.key ?? "read"
                #expect(key == "read" || key.hasPrefix("errors.import.fit."))
                outcomes[key, default: 0] += 1
            }
        }
        // The damage reached past the checksums: some files still read, some failed inside.
        #expect(outcomes["read", default: 0] > 0)
        #expect(outcomes.keys.contains { $0 != "read" && $0 != "errors.import.fit.crc" })
    }
}

// Helpers nested in the suite, so that their names meet no other suite's.
extension FITReaderTests {
    /// expected.json, as make-expected.py writes it.
    struct Expected: Decodable {
        struct File: Decodable {
            let dataMessages: Int
            let sessions: [Session]
            let weights: [Weight]
            let recordTimestamps: [UInt32]?
        }

        struct Session: Decodable {
            let startUnix: Int?
            let utcOffset: Int?
            let sourceId: String?
            let sourceType: String
            let totalElapsedTime: Double?
            let totalTimerTime: Double?
            let totalDistance: Double?
            let totalCalories: Double?
        }

        struct Weight: Decodable {
            let timeUnix: Int?
            let kg: Double?
            let sourceId: String?
        }

        let files: [String: File]

        static func load() throws -> Expected {
            let data = try Data(contentsOf: URL(fileURLWithPath: FITReaderTests.folder + "expected.json"))
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(Expected.self, from: data)
        }
    }

    /// Hand-made FIT files: records wrapped in a header and checksums.
    enum FITBytes {
        static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        static func be32(_ value: UInt32) -> [UInt8] { le32(value).reversed() }

        /// A FIT file (protocol 2.0) of `records`.
        static func file(_ records: [UInt8], headerSize: Int = 14) -> [UInt8] {
            var bytes: [UInt8] = [UInt8(headerSize), 0x20] + le16(2132) + le32(UInt32(records.count)) + Array(".FIT".utf8)
            if headerSize == 14 { bytes += le16(FITCRC.checksum(bytes)) }
            return bytes + records + le16(FITCRC.checksum(bytes + records))
        }

        /// A definition message: `fields` are (number, size, base type).
        static func definition(local: UInt8, global: UInt16, bigEndian: Bool = false, fields: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
            let number = bigEndian ? le16(global).reversed() : le16(global)
            return [0x40 | local, 0, bigEndian ? 1 : 0] + number + [UInt8(fields.count)] + fields.flatMap { [$0.0, $0.1, $0.2] }
        }

        /// `bytes` with the first FIT file's header CRC (where it has a nonzero one) and file CRC
        /// made right again, where the header still says where they are.
        static func withChecksums(_ bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            guard bytes.count >= 12 else { return bytes }
            let headerSize = Int(bytes[0])
            if headerSize == 14, bytes.count >= 14, bytes[12] != 0 || bytes[13] != 0 {
                let crc = le16(FITCRC.checksum(bytes, to: 12))
                bytes[12] = crc[0]
                bytes[13] = crc[1]
            }
            let end = headerSize + (Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24)
            if end + 2 <= bytes.count {
                let crc = le16(FITCRC.checksum(bytes, to: end))
                bytes[end] = crc[0]
                bytes[end + 1] = crc[1]
            }
            return bytes
        }
    }
}
