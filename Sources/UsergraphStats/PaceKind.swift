/// How a sport's quickness is told: by pace (seconds per kilometre) or by speed (km/h). One rule
/// for the statistics' `paces` and `speeds` (DESIGN.md: running and walking; cycling) and for a
/// workout's own numbers; a sport it does not name has neither.
package enum PaceKind: Sendable, Equatable {
    /// Seconds per kilometre.
    case pace
    /// Kilometres per hour.
    case speed

    package init?(type: String) {
        switch type {
        case "running", "walking": self = .pace
        case "cycling": self = .speed
        default: return nil
        }
    }
}
