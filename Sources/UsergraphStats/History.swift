import Foundation
import UsergraphCore

// The history's part of `usergraph stats --json` (DESIGN.md "History"): `years`, `bests`,
// `eddington`, `heartRateZones`. Property names are the JSON keys, in their order.

/// One best effort as the contract writes it.
package struct BestEntry: Codable, Sendable, Equatable {
    /// Metres.
    package var distance: Double
    /// To 0.1 s.
    package var seconds: Double
    package var workout: String
    /// The workout's start day, `YYYY-MM-DD`.
    package var date: String

    package init(_ record: BestEffortRecord) {
        distance = record.distance; seconds = record.seconds; workout = record.workout; date = record.day.iso
    }
}

/// All-time best efforts of the two sports that have them, shortest distance first.
package struct BestsSummary: Codable, Sendable, Equatable {
    package var running: [BestEntry]
    package var cycling: [BestEntry]

    package init(_ bests: PersonalBests) {
        running = (bests.efforts["running"] ?? []).map(BestEntry.init)
        cycling = (bests.efforts["cycling"] ?? []).map(BestEntry.init)
    }
}

/// E at the end of one year, in kilometres.
package struct EddingtonYearEntry: Codable, Sendable, Equatable {
    package var year: Int
    package var km: Int
}

/// The Eddington number of one sport in kilometres: the contract stays metric whatever the
/// site's units (the pages show miles with `units: imperial`).
package struct EddingtonSummary: Codable, Sendable, Equatable {
    package var km: Int
    package var nextNeeds: Int
    package var byYear: [EddingtonYearEntry]

    package init(_ eddington: Eddington) {
        km = eddington.number; nextNeeds = eddington.nextNeeds
        byYear = eddington.byYear.map { EddingtonYearEntry(year: $0.year, km: $0.number) }
    }
}

package struct EddingtonSummaries: Codable, Sendable, Equatable {
    package var running: EddingtonSummary
    package var cycling: EddingtonSummary
}

/// The heart-rate zones: the maximum, where it came from, the five lower bounds and the
/// whole seconds in each zone over the as-of day's week and calendar year.
package struct HeartRateZoneSummary: Codable, Sendable, Equatable {
    /// Null with `athlete.zones` and no maximum known.
    package var max: Int?
    /// `config`, `tracks` or `age`: where the maximum came from.
    package var source: String?
    package var bounds: [Int]
    package var week: [Int]
    package var year: [Int]
}

/// The sports the Eddington number is kept for.
package enum HistorySport: String, CaseIterable, Sendable {
    case running, cycling
}

/// The part of the history that needs no track: the years and the Eddington numbers, from the
/// workouts' own fields. Counted with the other statistics.
package struct WorkoutHistory: Sendable {
    package var years: [YearSummary]
    /// The first workout's day; nil without one.
    package var firstDay: Day?
    /// By sport, in kilometres (the contract's) and in the site's units (kilometres or miles).
    package var eddington: [HistorySport: Eddington]
    package var eddingtonInUnits: [HistorySport: Eddington]

    init(_ dated: [(workout: Workout, instant: Date, day: Day)], asOf: Day, timeZone: TimeZone, units: SiteConfig.Units) {
        let years = YearSummaries.compute(dated: dated, asOf: asOf)
        let yearNumbers = years.map(\.year)
        var eddington: [HistorySport: Eddington] = [:], inUnits: [HistorySport: Eddington] = [:]
        for sport in HistorySport.allCases {
            let days = dated.filter { $0.workout.type == sport.rawValue }.map { (day: $0.day, metres: $0.workout.distance ?? 0) }
            let km = Eddington(days: days, unit: .kilometre, years: yearNumbers)
            eddington[sport] = km
            inUnits[sport] = units == .metric ? km : Eddington(days: days, unit: .mile, years: yearNumbers)
        }
        self.years = years
        firstDay = dated.map(\.day).min()
        self.eddington = eddington
        eddingtonInUnits = inUnits
    }

    var summaries: EddingtonSummaries {
        EddingtonSummaries(
            running: EddingtonSummary(eddington[.running] ?? Eddington(number: 0, nextNeeds: 1)),
            cycling: EddingtonSummary(eddington[.cycling] ?? Eddington(number: 0, nextNeeds: 1)))
    }
}

/// The part of the history read from the tracks (`TrackFacts`): personal bests, all-time and
/// per year, and the heart-rate zones.
package struct TrackHistory: Sendable {
    package var bests: PersonalBests
    package var bestsByYear: [Int: PersonalBests]
    package var maximum: HeartRateMaximum?
    package var zones: HeartRateZones?
    /// Seconds per zone over the as-of day's week and year, and per calendar year.
    package var zoneTotals: HeartRateZoneTotals?
    package var zonesByYear: [Int: [Double]]

    /// `facts`: by workout id, the facts of each workout's track (a workout without one is
    /// absent); `athlete`: the config's `athlete`; `owner`: for the age.
    package init(
        workouts: [Workout], facts: [String: TrackFacts], asOf: Day, timeZone: TimeZone, athlete: SiteConfig.Athlete, owner: Owner?
    ) {
        let dated = WorkoutStats.dated(workouts, asOf: asOf, timeZone: timeZone).workouts
        let entries = dated.map { entry in
            BestsWorkout(
                id: entry.workout.id, day: entry.day, type: entry.workout.type, figures: WorkoutFigures(entry.workout),
                efforts: facts[entry.workout.id]?.efforts ?? [])
        }
        bests = PersonalBests(entries)
        bestsByYear = PersonalBests.byYear(entries)
        let held = dated.compactMap { facts[$0.workout.id]?.heldHeartRate }.max()
        maximum = HeartRateMaximum.choose(configured: athlete.maxHeartRate, tracks: held, age: owner?.age(on: asOf))
        zones = athlete.zones.flatMap { HeartRateZones(bounds: $0) } ?? maximum.map { HeartRateZones(maximum: $0.bpm) }
        guard let zones else {
            zoneTotals = nil
            zonesByYear = [:]
            return
        }
        var perWorkout: [(day: Day, seconds: [Double])] = []
        var byYear: [Int: [Double]] = [:]
        for entry in dated {
            guard let histogram = facts[entry.workout.id]?.heartRate, !histogram.seconds.isEmpty else { continue }
            let seconds = histogram.zoneSeconds(zones)
            perWorkout.append((entry.day, seconds))
            let year = byYear[entry.day.year] ?? [Double](repeating: 0, count: seconds.count)
            byYear[entry.day.year] = zip(year, seconds).map(+)
        }
        zoneTotals = HeartRateZoneTotals(perWorkout, asOf: asOf)
        zonesByYear = byYear
    }

    /// The contract's `heartRateZones`; nil when no maximum is known and the config gives no
    /// bounds.
    package var zoneSummary: HeartRateZoneSummary? {
        guard let zones, let zoneTotals else { return nil }
        let whole = { (seconds: [Double]) in seconds.map { Int($0.rounded()) } }
        return HeartRateZoneSummary(
            max: maximum?.bpm, source: maximum?.source.rawValue, bounds: zones.bounds, week: whole(zoneTotals.week),
            year: whole(zoneTotals.year))
    }
}

/// `stats --json --year`: one year of `years`, with its own bests and the Eddington numbers at
/// its end.
package struct YearReport: Codable, Sendable, Equatable {
    package var year: YearSummary
    package var bests: BestsSummary
    package var eddington: YearEddington

    package struct YearEddington: Codable, Sendable, Equatable {
        package var running: Int
        package var cycling: Int
    }

    /// A year outside the history has zeros.
    package init(year: Int, result: StatisticsResult, bests: PersonalBests?) {
        self.year =
            result.report.years.first { $0.year == year }
            ?? YearSummary(year: year, count: 0, seconds: 0, distance: 0, elevationGain: 0, byType: [], monthly: [])
        self.bests = BestsSummary(bests ?? PersonalBests())
        let atEnd = { (sport: HistorySport) in result.history.eddington[sport]?.byYear.first { $0.year == year }?.number ?? 0 }
        eddington = YearEddington(running: atEnd(.running), cycling: atEnd(.cycling))
    }

    package func jsonString() throws -> String { try OrderedJSON.encode(self) }
}
