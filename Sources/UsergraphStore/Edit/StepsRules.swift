import Foundation
import UsergraphCore

/// What a day's steps typed by hand may be.
package enum StepsRules {
    static let steps = 0.0...200_000

    /// The record to store, or every problem with the input at once (exit 64). Without a
    /// date the record is for `today`. A typed record has no source: it is the person's word.
    package static func validate(steps raw: String, date: String?, today: Day) throws -> StepsRecord {
        var problems = InputProblems()
        var count: Int?
        switch DecimalText.parse(raw, places: 0, range: steps) {
        case .success(let value): count = Int(value)
        case .failure(let problem): problems.add(option: "STEPS", problem.message)
        }
        let day = DayText.check(date, today: today, problems: &problems)
        try problems.check()
        guard let count else { throw UsergraphError(verbatim: "internal: steps input passed checks without a value") }
        return StepsRecord(date: day.iso, steps: count)
    }
}
