import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

/// The pure checks behind `owner set`, `workout add`, the timer and `weight add`.
@Suite(.scratch) struct EditRulesTests {
    static let moscow = TimeZone(identifier: "Europe/Moscow") ?? .current
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    @Test(arguments: [("45m", 2700), ("1h20m", 4800), ("90s", 90), ("1h5m30s", 3930), ("2H", 7200), ("1h 20m", 4800), ("0s", 0)])
    func durationsParse(text: String, seconds: Int) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["45", "", "m", "20m1h", "1h1h", "-5m", "1.5h", "1d", "45 min", "9999999m"])
    func durationsThatAreNot(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test func durationsFormatBackAndHaveBounds() {
        #expect([2700, 4800, 90, 3930, 3600, 0].map(DurationText.format) == ["45m", "1h20m", "1m30s", "1h5m30s", "1h", "0s"])
        #expect(DurationText.clock(3930) == "1:05:30")
        #expect(DurationText.implausibility(59) != nil && DurationText.implausibility(60) == nil)
        #expect(DurationText.implausibility(86_400) == nil && DurationText.implausibility(86_401) != nil)
    }

    @Test(arguments: ["anna@example.org", "a.b+tag@mail.example.co.uk", "o'brien@example.ie", "анна@пример.рф", "x_y-z@sub-domain.example.com"])
    func addressesThatAre(text: String) {
        #expect(EmailAddress.problem(text) == nil, "\(text): \(EmailAddress.problem(text)?.description ?? "")")
    }

    @Test(arguments: [
        "anna", "anna@", "@example.org", "anna@example", "anna@@example.org", "an na@example.org", "anna.@example.org",
        "a..b@example.org", "anna@-example.org", "anna@example..org", "anna@example.o", "anna@example.123",
        "anna@exa_mple.org", "\"anna\"@example.org", String(repeating: "a", count: 65) + "@example.org",
    ])
    func addressesThatAreNot(text: String) {
        #expect(EmailAddress.problem(text) != nil, "\(text)")
    }

    @Test func imagesAreToldByTheirBytes() {
        #expect(ImageKind.detect(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])) == .png)
        #expect(ImageKind.detect(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == .jpeg)
        #expect(ImageKind.detect(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind.detect(Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageKind.detect(Data("\u{FEFF}<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<!-- a -->\n<svg viewBox=\"0 0 1 1\"/>".utf8)) == .svg)
        #expect(ImageKind.detect(Data("<svgx/>".utf8)) == nil)
        #expect(ImageKind.detect(Data("<html><svg/></html>".utf8)) == nil)
        #expect(ImageKind.detect(Data([0x3C, 0x73, 0x76, 0x67, 0x20, 0xFF, 0xFE])) == nil, "not UTF-8")
        #expect(ImageKind.detect(Data()) == nil)
    }

    @Test func svgAvatarsMayNotRunScripts() {
        for evil in [
            "<svg><script>alert(1)</script></svg>", "<svg onload=\"x()\"/>", "<svg><a href=\"javascript:x()\"/></svg>",
            "<svg><foreignObject/></svg>",
        ] {
            #expect(throws: OwnerRules.Problem.self, "\(evil)") { try OwnerRules.avatar(Data(evil.utf8), name: "a.svg").get() }
        }
        let plain = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"4\" fill=\"#c06\"/></svg>".utf8)
        let image = try? OwnerRules.avatar(plain, name: "a.svg").get()
        #expect(image?.storePath == "files/" + SHA256.hex(plain) + ".svg")
    }

    @Test func birthDatesMustGiveAPlausibleAge() throws {
        let today = try #require(Day(iso: "2026-11-20"))
        #expect(OwnerRules.birthDateProblem("1994-05-17", today: today) == nil)
        #expect(OwnerRules.birthDateProblem("2013-11-20", today: today) == nil, "13 today")
        #expect(OwnerRules.birthDateProblem("2013-11-21", today: today) != nil, "13 tomorrow")
        #expect(OwnerRules.birthDateProblem("1906-11-20", today: today) == nil, "120")
        #expect(OwnerRules.birthDateProblem("1905-11-19", today: today) != nil, "121")
        #expect(OwnerRules.birthDateProblem("2026-11-20", today: today) != nil)
        #expect(OwnerRules.birthDateProblem("17.05.1994", today: today) != nil)
        #expect(["M", "m", "male", "W", "f", "Woman"].map { OwnerRules.sex($0) } == ["M", "M", "M", "W", "W", "W"])
        #expect(OwnerRules.sex("x") == nil)
    }

    @Test func everyOwnerProblemIsReportedAtOnce() throws {
        let today = try #require(Day(iso: "2026-11-20"))
        do {
            _ = try OwnerRules.validate(OwnerInput(email: "x", name: "", sex: "?", birthDate: "3000-01-01"), today: today)
            Issue.record("bad input passed")
        } catch let error as UsergraphError {
            #expect(error.kind == .usage)
            #expect(error.message.split(separator: "\n").count == 5)
        }
        let change = try OwnerRules.validate(OwnerInput(email: " anna@example.org ", name: "Anna", sex: "w"), today: today)
        #expect(
            change.applied(to: Owner(name: "Old", birthDate: "1994-05-17")) == Owner(email: "anna@example.org", name: "Anna", sex: "W", birthDate: "1994-05-17")
        )
    }

    @Test func theProfileIsFilledWithEmailNameSexAndBirthDate() {
        let full = Owner(email: "a@b.org", name: "A", sex: "W", birthDate: "1994-05-17")
        #expect(full.isFilled && OwnerProfile.fillHint(for: full) == nil)
        var partial = full
        partial.sex = nil
        partial.name = ""
        #expect(partial.missingForProfile == ["--name", "--sex"])
        #expect(OwnerProfile.fillHint(for: partial)?.description.hasSuffix("usergraph owner set --name \"YOUR NAME\" --sex M|W") == true)
    }

    @Test func timesAreReadInTheSiteZone() throws {
        let now = try #require(Timestamp.parse("2026-11-20T12:00:00+03:00"))
        #expect(TimeText.parse("2026-11-19 07:30", zone: Self.moscow, now: now)?.stored == "2026-11-19T07:30:00+03:00")
        #expect(TimeText.parse("07:30", zone: Self.moscow, now: now)?.stored == "2026-11-20T07:30:00+03:00")
        #expect(TimeText.parse("2026-11-19T07:30:15-05:00", zone: Self.moscow, now: now)?.stored == "2026-11-19T07:30:15-05:00")
        #expect(TimeText.parse("2026-11-19T07:30:15Z", zone: Self.moscow, now: now)?.stored == "2026-11-19T07:30:15Z")
        // Summer and winter time in Berlin: the offset in force that day.
        #expect(TimeText.parse("2026-07-01 07:30", zone: Self.berlin, now: now)?.stored == "2026-07-01T07:30:00+02:00")
        #expect(TimeText.parse("2026-03-29 03:30", zone: Self.berlin, now: now)?.stored == "2026-03-29T03:30:00+02:00")
        for bad in ["7:30", "25:00", "2026-11-19", "2026-02-30 07:30", "tomorrow", "2026-11-19 07:30:61"] {
            #expect(TimeText.parse(bad, zone: Self.moscow, now: now) == nil, "\(bad)")
        }
    }

    @Test func theTimerCountsOnlyWhileRunning() throws {
        func t(_ s: String) throws -> Date { try #require(Timestamp.parse("2026-11-20T" + s + "Z")) }
        let zone = try #require(TimeZone(identifier: "UTC"))
        var timer = WorkoutTimer.started(type: "yoga", id: UUID().uuidString, at: try t("07:00:00"), zone: zone)
        #expect(timer.counted(at: try t("07:05:00")) == 300)
        #expect(timer.counted(at: try t("06:00:00")) == 0, "a clock set back takes nothing away")
        timer = try timer.paused(at: try t("07:10:00"), zone: zone)
        #expect(throws: UsergraphError.self) { try timer.paused(at: t("07:11:00"), zone: zone) }
        #expect(timer.counted(at: try t("09:00:00")) == 600)
        timer = try timer.resumed(at: try t("07:30:00"), zone: zone)
        #expect(throws: UsergraphError.self) { try timer.resumed(at: t("07:31:00"), zone: zone) }
        #expect(timer.inconsistency == nil)
        let workout = timer.workout(at: try t("07:50:00"), notes: "n")
        #expect(workout.duration == 1800 && workout.start == "2026-11-20T07:00:00Z" && workout.id == timer.id)
        timer.pausedAt = "2026-11-20T07:40:00Z"
        #expect(timer.inconsistency != nil)
    }

    @Test func weightsAreKilogramsWithinReason() throws {
        let today = try #require(Day(iso: "2026-11-20"))
        #expect(try WeightRules.validate(kg: "72,4", date: nil, today: today) == WeightRecord(date: "2026-11-20", kg: 72.4))
        #expect(try WeightRules.validate(kg: "72.45", date: "2026-11-01", today: today).kg == 72.45)
        for bad in ["19.9", "400.5", "72.456", "1e2", "-70", "seventy", "", "72.", ".5"] {
            #expect(throws: UsergraphError.self, "\(bad)") { try WeightRules.validate(kg: bad, date: nil, today: today) }
        }
        #expect(throws: UsergraphError.self) { try WeightRules.validate(kg: "70", date: "2026-11-21", today: today) }
        // One reader for every typed number; a weight says its problems in kilograms.
        for (raw, key) in [
            ("-70", "errors.weight.kg"), ("72.", "errors.weight.kg"), ("72.456", "errors.weight.decimals"),
            ("1000", "errors.weight.range"),
        ] {
            var problems = InputProblems()
            #expect(WeightRules.kilograms(raw, problems: &problems) == nil)
            #expect(problems.lines.first?.description.contains(Message(key, ["value": raw, "min": "20", "max": "400"]).description) == true, "\(raw)")
        }
        #expect([72.4, 76, 72.45].map(WeightRules.format) == ["72.4", "76.0", "72.45"])
    }

    @Test func workoutsAreFoundByAnUnambiguousIdPrefix() throws {
        let a = Workout(id: "aaaa1111-0000-0000-0000-000000000000", type: "yoga", start: "2026-11-20T07:00:00Z", duration: 60)
        let b = Workout(id: "aaaa2222-0000-0000-0000-000000000000", type: "yoga", start: "2026-11-21T07:00:00Z", duration: 60)
        #expect(try WorkoutQuery.find("AAAA1", in: [a, b]) == a)
        #expect(throws: UsergraphError.self) { try WorkoutQuery.find("aaaa", in: [a, b]) }
        #expect(throws: UsergraphError.self) { try WorkoutQuery.find("aaa", in: [a, b]) }
        #expect(WorkoutQuery.filter([a, b], type: nil, from: nil, to: nil, zone: Self.moscow) == [b, a])
        #expect(WorkoutQuery.filter([a, b], type: nil, from: Day(iso: "2026-11-21"), to: nil, zone: Self.moscow) == [b])
    }
}
