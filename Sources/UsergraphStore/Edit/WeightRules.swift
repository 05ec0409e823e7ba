import Foundation
import UsergraphCore

/// What a body-weight record may hold.
package enum WeightRules {
    package static let kilograms = 20.0...400.0

    /// The record to store, or every problem with the input at once (exit 64). Without a
    /// date the record is for `today`.
    package static func validate(kg raw: String, date: String?, today: Day) throws -> WeightRecord {
        var problems = InputProblems()
        let kg = kilograms(raw, problems: &problems)
        let day = DayText.check(date, today: today, problems: &problems)
        try problems.check()
        guard let kg else { throw UsergraphError(verbatim: "internal: weight input passed checks without a value") }
        return WeightRecord(date: day.iso, kg: kg)
    }

    /// Kilograms with at most two decimals, a point or a comma before them (`72.4`, `72,45`):
    /// the shared reader of typed numbers, with the words of a weight. `owner set
    /// --target-weight` takes the same.
    static func kilograms(_ raw: String, option: String = "KG", problems: inout InputProblems) -> Double? {
        switch DecimalText.parse(raw, places: 2, range: kilograms) {
        case .success(let value):
            return value
        case .failure(let problem):
            let message =
                switch problem.fault {
                case .notANumber, .negative: Message("errors.weight.kg", ["value": raw])
                case .decimals: Message("errors.weight.decimals", ["value": raw])
                case .range:
                    Message(
                        "errors.weight.range",
                        [
                            "value": raw, "min": String(Int(kilograms.lowerBound)),
                            "max": String(Int(kilograms.upperBound)),
                        ])
                }
            problems.add(option: option, message)
            return nil
        }
    }

    /// The same in a sentence, with the language's decimal mark (`72,45`).
    package static func kilograms(_ kg: Double) -> Message {
        .decimal(kg, places: Int((kg * 100).rounded()) % 10 == 0 ? 1 : 2)
    }

    /// `72.4`, `76.0`, `72.45`: one decimal at least, two when the record has them.
    package static func format(_ kg: Double) -> String {
        let hundredths = Int((kg * 100).rounded())
        return hundredths % 10 == 0 ? Format.decimal(kg, places: 1) : Format.decimal(kg, places: 2)
    }
}
