/// The units Health writes quantities in, as factors to usergraph's: metres, kilocalories,
/// kilograms, grams and seconds. Health writes each quantity in the unit the user prefers, so
/// one export can hold kg and lb, km and mi, kcal and kJ. A unit not listed here is a problem
/// rather than a guess.
enum HealthUnits {
    /// Metres per unit (HealthKit's `m`, `km`, `mi`, `yd`, `ft`, `cm`).
    static func metres(per unit: UnsafeBufferPointer<UInt8>) -> Double? {
        switch Unit(unit) {
        case "m": return 1
        case "km": return 1000
        case "mi": return 1609.344
        case "yd": return 0.9144
        case "ft": return 0.3048
        case "cm": return 0.01
        default: return nil
        }
    }

    /// Kilocalories per unit. `Cal` (capital) is HealthKit's large calorie, a kilocalorie; `cal`
    /// the small one.
    static func kilocalories(per unit: UnsafeBufferPointer<UInt8>) -> Double? {
        switch Unit(unit) {
        case "kcal", "Cal": return 1
        case "kJ": return 1 / 4.184
        case "cal": return 0.001
        case "J": return 0.001 / 4.184
        default: return nil
        }
    }

    /// Kilograms per unit of body mass (`st` is the UK's stone).
    static func kilograms(per unit: UnsafeBufferPointer<UInt8>) -> Double? {
        switch Unit(unit) {
        case "kg": return 1
        case "lb": return 0.45359237
        case "g": return 0.001
        case "st": return 6.35029318
        case "oz": return 0.028349523125
        default: return nil
        }
    }

    /// Grams per unit of a nutrient.
    static func grams(per unit: UnsafeBufferPointer<UInt8>) -> Double? {
        switch Unit(unit) {
        case "g": return 1
        case "mg": return 0.001
        case "mcg": return 0.000_001
        case "kg": return 1000
        case "oz": return 28.349523125
        default: return nil
        }
    }

    /// Seconds per unit of a workout's `durationUnit`.
    static func seconds(per unit: UnsafeBufferPointer<UInt8>) -> Double? {
        switch Unit(unit) {
        case "s": return 1
        case "ms": return 0.001
        case "min": return 60
        case "hr": return 3600
        case "d": return 86_400
        default: return nil
        }
    }

    /// A unit's bytes, matched against string literals without making a String.
    private struct Unit: Equatable, ExpressibleByStringLiteral {
        let bytes: UnsafeBufferPointer<UInt8>?
        let literal: StaticString?

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes; literal = nil }
        init(stringLiteral value: StaticString) { bytes = nil; literal = value }

        static func == (lhs: Unit, rhs: Unit) -> Bool {
            guard let bytes = lhs.bytes ?? rhs.bytes, let literal = lhs.literal ?? rhs.literal,
                bytes.count == literal.utf8CodeUnitCount
            else { return false }
            for i in 0..<bytes.count where bytes[i] != literal.utf8Start[i] { return false }
            return true
        }
    }
}
