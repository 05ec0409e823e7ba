#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `<Record>` types usergraph imports, told from the `type` attribute's bytes; every other
/// type (hundreds of them, most of an export) is passed over.
enum HealthRecordKind {
    case bodyMass
    case steps
    case basalEnergy
    case heartRate
    case nutrient(HealthNutrient)

    init?(_ type: UnsafeBufferPointer<UInt8>) {
        // All of them are quantity types: one prefix test turns most other records away.
        let prefix: StaticString = "HKQuantityTypeIdentifier"
        guard Self.hasPrefix(type, prefix) else { return nil }
        let rest = UnsafeBufferPointer(rebasing: type[prefix.utf8CodeUnitCount...])
        switch rest.count {
        case 8 where Self.matches(rest, "BodyMass"): self = .bodyMass
        case 9 where Self.matches(rest, "StepCount"): self = .steps
        case 9 where Self.matches(rest, "HeartRate"): self = .heartRate
        case 17 where Self.matches(rest, "BasalEnergyBurned"): self = .basalEnergy
        case 21 where Self.matches(rest, "DietaryEnergyConsumed"): self = .nutrient(.energy)
        case 14 where Self.matches(rest, "DietaryProtein"): self = .nutrient(.protein)
        case 15 where Self.matches(rest, "DietaryFatTotal"): self = .nutrient(.fat)
        case 20 where Self.matches(rest, "DietaryCarbohydrates"): self = .nutrient(.carbs)
        default: return nil
        }
    }

    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount && hasPrefix(bytes, literal)
    }

    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard bytes.count >= length, let base = bytes.baseAddress else { return length == 0 }
        return memcmp(base, literal.utf8Start, length) == 0
    }
}
