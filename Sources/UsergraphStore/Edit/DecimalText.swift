import UsergraphCore

/// A number as a person types it: digits, then a point or a comma (`72.5`, `72,5`: the Russian
/// way) and a few decimals. No sign, no exponent, no spaces inside: `-5`, `1e3` and `abc` are
/// not amounts of food, steps or kilograms.
enum DecimalText {
    /// The value, or the problem with it as a sentence that names `raw`. A check with words of
    /// its own for the problem (kilograms) reads the problem's `fault` and says it its way.
    static func parse(_ raw: String, places: Int, range: ClosedRange<Double>) -> Result<Double, Problem> {
        let text = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts[0].count <= 9, let value = Double(text)
        else {
            if text.hasPrefix("-"), Double(text) != nil {
                return .failure(Problem(.negative, Message("errors.input.negative", ["value": raw])))
            }
            return .failure(Problem(.notANumber, Message(places == 0 ? "errors.input.wholeNumber" : "errors.input.number", ["value": raw])))
        }
        if parts.count == 2, parts[1].count > places {
            return .failure(
                Problem(
                    .decimals,
                    places == 0
                        ? Message("errors.input.wholeNumber", ["value": raw])
                        : Message(
                            "errors.input.decimals", ["value": raw],
                            nested: ["places": .count("count.decimals", places)])))
        }
        guard range.contains(value) else {
            return .failure(
                Problem(
                    .range,
                    Message(
                        "errors.input.range",
                        [
                            "value": raw, "min": Format.decimal(range.lowerBound, places: 0),
                            "max": Format.decimal(range.upperBound, places: 0),
                        ])))
        }
        return .success(value)
    }

    /// What is wrong with a typed number.
    enum Fault: Sendable, Equatable {
        /// Not digits with at most one point or comma (`abc`, `1e3`, `72.`, `inf`).
        case notANumber
        /// A number below zero (`-5`).
        case negative
        /// More decimals than the amount takes.
        case decimals
        /// A number outside the plausible range.
        case range
    }

    struct Problem: Error {
        var fault: Fault
        /// The generic sentence: `` `abc` is not a number like 72.5 or 72,5. ``
        var message: Message
        init(_ fault: Fault, _ message: Message) { self.fault = fault; self.message = message }
    }
}
