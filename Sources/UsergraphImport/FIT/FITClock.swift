import Foundation

/// Turns FIT times into dates. A FIT time counts seconds since 1989-12-31T00:00:00Z, except
/// that a value below 0x10000000 counts seconds since the device was switched on: a device
/// whose clock was never set writes those.
///
/// The `activity` message gives its time twice, in UTC (`timestamp`) and on the wall clock
/// (`local_timestamp`): their difference is the UTC offset, to the quarter hour. A device
/// without a set clock may still know the wall-clock time there; its sessions are then placed
/// by it, with offset 0, so that the wall-clock time and the day come out right (the instant
/// is then off by the unknown offset).
struct FITClock {
    static let epoch: TimeInterval = 631_065_600
    static let relativeLimit: UInt32 = 0x1000_0000

    /// Seconds east of UTC, where the file tells.
    let utcOffset: Int?
    /// A device time and the wall-clock time it was, for a file without a set clock.
    private let anchor: (device: UInt32, local: UInt32)?

    init(_ activity: FITContents.Activity?) {
        guard let utc = activity?.timestamp, let local = activity?.localTimestamp, local >= Self.relativeLimit else {
            utcOffset = nil
            anchor = nil
            return
        }
        if utc >= Self.relativeLimit {
            let quarters = (Double(Int64(local) - Int64(utc)) / 900).rounded()
            // No zone is more than 14 hours from UTC: a larger difference is no offset.
            utcOffset = abs(quarters) <= 14 * 4 ? Int(quarters) * 900 : nil
            anchor = nil
        } else {
            utcOffset = nil
            anchor = (utc, local)
        }
    }

    static func isAbsolute(_ time: UInt32) -> Bool { time >= relativeLimit }

    static func date(_ time: UInt32) -> Date {
        Date(timeIntervalSince1970: epoch + TimeInterval(time))
    }

    /// The FIT time `seconds` before `end`, nil where either is missing or it would be before 0.
    static func time(_ seconds: Double?, before end: UInt32?) -> UInt32? {
        guard let end, let seconds, let whole = FITMessage.unsigned(seconds.rounded()), whole <= end else { return nil }
        return end - whole
    }

    /// The date of a FIT time and the UTC offset to show it in; nil for a device time that
    /// nothing places.
    func place(_ time: UInt32) -> (date: Date, utcOffset: Int?)? {
        if Self.isAbsolute(time) { return (Self.date(time), utcOffset) }
        guard let anchor else { return nil }
        let local = TimeInterval(anchor.local) - (TimeInterval(anchor.device) - TimeInterval(time))
        return (Date(timeIntervalSince1970: Self.epoch + local), 0)
    }
}
