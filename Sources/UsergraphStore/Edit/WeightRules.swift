import Foundation
import UsergraphCore

/// What a body-weight record may hold.
public enum WeightRules {
    public static let kilograms = 20.0...400.0

    /// The record to store, or every problem with the input at once (exit 64). Without a
    /// date the record is for `today`.
    public static func validate(kg raw: String, date: String?, today: Day) throws -> WeightRecord {
        var problems = InputProblems()
        let kg = kilograms(raw, problems: &problems)
        let day = DayText.check(date, today: today, problems: &problems)
        try problems.check()
        guard let kg else { throw UsergraphError(verbatim: "internal: weight input passed checks without a value") }
        return WeightRecord(date: day.iso, kg: kg)
    }

    /// Kilograms with at most two decimals, a point or a comma before them (`72.4`, `72,45`).
    static func kilograms(_ raw: String, problems: inout InputProblems) -> Double? {
        let text = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[0].count <= 3, let value = Double(text)
        else {
            problems.add(option: "KG", Message("errors.weight.kg", ["value": raw]))
            return nil
        }
        if parts.count == 2, parts[1].count > 2 {
            problems.add(option: "KG", Message("errors.weight.decimals", ["value": raw]))
            return nil
        }
        guard kilograms.contains(value) else {
            problems.add(option: "KG", Message("errors.weight.range", ["value": raw, "min": String(Int(kilograms.lowerBound)), "max": String(Int(kilograms.upperBound))]))
            return nil
        }
        return value
    }

    /// The same in a sentence, with the language's decimal mark (`72,45`).
    public static func kilograms(_ kg: Double) -> Message {
        .decimal(kg, places: Int((kg * 100).rounded()) % 10 == 0 ? 1 : 2)
    }

    /// `72.4`, `76.0`, `72.45`: one decimal at least, two when the record has them.
    public static func format(_ kg: Double) -> String {
        let hundredths = Int((kg * 100).rounded())
        return hundredths % 10 == 0 ? Format.decimal(kg, places: 1) : Format.decimal(kg, places: 2)
    }
}
