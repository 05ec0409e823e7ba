import UsergraphCore

/// A `--date` as the record commands take it: a real day, not in the future, not before 1900.
enum DayText {
    static let earliestYear = 1900

    /// The day `raw` names (or `today` without one); its problem goes to `problems`.
    static func check(_ raw: String?, today: Day, problems: inout InputProblems) -> Day {
        guard let raw else { return today }
        guard let day = Day(iso: raw) else {
            problems.add(option: "--date", Message("errors.input.date", ["value": raw]))
            return today
        }
        if day > today {
            problems.add(option: "--date", Message("errors.input.future", ["value": raw]))
        } else if day.year < earliestYear {
            problems.add(option: "--date", Message("errors.input.tooOld", ["value": raw, "year": String(earliestYear)]))
        }
        return day
    }
}
