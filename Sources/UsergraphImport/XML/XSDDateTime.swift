import Foundation
import UsergraphCore

/// An XML Schema `dateTime` as GPX (`<time>`) and TCX (`<Id>`, `<Time>`) write it:
/// `2019-12-15T20:19:55Z`, `2012-12-26T21:29:53.207+02:00`. Parsed by hand because a GPX file
/// has one per track point (hundreds of thousands) and `ISO8601DateFormatter` is both slow and
/// strict about fractional seconds, which devices write with 0 to 7 digits.
///
/// Accepts what gpxpy accepts, so a file the reference reader takes is not refused here: one-
/// or two-digit month, day, hour, minute and second, a space for the `T`, an offset with or
/// without its colon or minutes, and U+2212 for the minus sign.
struct XSDDateTime: Equatable {
    var date: Date
    /// Seconds east of UTC where the text gives an offset; nil for `Z` or no zone at all,
    /// both of which mean UTC in GPX and TCX (`ImportedActivity.utcOffset`'s convention).
    var utcOffset: Int?

    /// Nil for text that is not such a time (surrounding white space is allowed).
    init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Self.parse($0[...]) }) else { return nil }
        self = parsed
    }

    init(date: Date, utcOffset: Int?) {
        self.date = date
        self.utcOffset = utcOffset
    }

    private static func parse(_ all: Slice<UnsafeBufferPointer<UInt8>>) -> XSDDateTime? {
        var reader = ByteReader(all)
        reader.skipSpace()
        guard let year = reader.digits(4...4), reader.take(UInt8(ascii: "-")),
            let month = reader.digits(1...2), reader.take(UInt8(ascii: "-")),
            let day = reader.digits(1...2),
            reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: " ")),
            let hour = reader.digits(1...2), reader.take(UInt8(ascii: ":")),
            let minute = reader.digits(1...2), reader.take(UInt8(ascii: ":")),
            let second = reader.digits(1...2)
        else { return nil }
        var fraction = 0.0
        if reader.take(UInt8(ascii: ".")) {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        var offset: Int?
        if reader.take(UInt8(ascii: "Z")) {
            offset = nil
        } else if let sign = reader.sign() {
            guard let hours = reader.digits(2...2), hours <= 23 else { return nil }
            _ = reader.take(UInt8(ascii: ":"))
            let minutes = reader.digits(2...2) ?? 0
            guard minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        reader.skipSpace()
        // `Day` (the store's own calendar arithmetic) refuses a month or day that does not exist.
        guard reader.atEnd, let days = Day(year: year, month: month, day: day)?.number,
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        // Whole seconds are counted from 2001 as an integer and the fraction added once, so
        // the date is as exact as a `Date` can hold it.
        let sinceReference = local - (offset ?? 0) - 978_307_200
        return XSDDateTime(date: Date(timeIntervalSinceReferenceDate: Double(sinceReference) + fraction), utcOffset: offset)
    }
}

/// A cursor over ASCII bytes for `XSDDateTime`.
private struct ByteReader {
    private let bytes: Slice<UnsafeBufferPointer<UInt8>>
    private var index: Int

    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var atEnd: Bool { index == bytes.endIndex }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.endIndex, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipSpace() {
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// A number of `count` decimal digits (as many as there are, within the range).
    mutating func digits(_ count: ClosedRange<Int>) -> Int? {
        var value = 0
        var taken = 0
        while taken < count.upperBound, index < bytes.endIndex, let digit = Self.digit(bytes[index]) {
            value = value * 10 + digit
            taken += 1
            index += 1
        }
        return taken >= count.lowerBound ? value : nil
    }

    /// The digits after a decimal point as a fraction of a second; past nanoseconds they are
    /// read but do not count.
    mutating func fraction() -> Double? {
        var value = 0
        var scale = 1
        var taken = 0
        while index < bytes.endIndex, let digit = Self.digit(bytes[index]) {
            if taken < 9 {
                value = value * 10 + digit
                scale *= 10
            }
            taken += 1
            index += 1
        }
        return taken > 0 ? Double(value) / Double(scale) : nil
    }

    /// `+` → 1, `-` or U+2212 (E2 88 92) → -1.
    mutating func sign() -> Int? {
        if take(UInt8(ascii: "+")) { return 1 }
        if take(UInt8(ascii: "-")) { return -1 }
        if index + 2 < bytes.endIndex, bytes[index] == 0xE2, bytes[index + 1] == 0x88, bytes[index + 2] == 0x92 {
            index += 3
            return -1
        }
        return nil
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }
}
