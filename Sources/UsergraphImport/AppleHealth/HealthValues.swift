import Foundation
import UsergraphCore

/// A date as Health writes them, `2024-10-25 07:04:44 -0500`: local wall time and its offset.
struct HealthDate: Hashable {
    /// Seconds since 1970-01-01 00:00 UTC.
    var seconds: Int64
    /// Seconds east of UTC.
    var utcOffset: Int32

    var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    init(seconds: Int64, utcOffset: Int32) { self.seconds = seconds; self.utcOffset = utcOffset }

    /// Reads exactly `YYYY-MM-DD hh:mm:ss ±hhmm`, or the compact `YYYYMMDDhhmmss±hhmm` that
    /// exports of iOS 8 (2014–2015) write; anything else is nil. Parsed by hand: a formatter
    /// would cost more than the rest of a record's reading.
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        // Where each field starts in the two spellings: year, month, day, hour, minute, second, sign.
        let at: (month: Int, day: Int, hour: Int, minute: Int, second: Int, sign: Int)
        if text.count == 25, text[4] == ASCII.hyphen, text[7] == ASCII.hyphen, text[10] == ASCII.space,
            text[13] == 0x3A, text[16] == 0x3A, text[19] == ASCII.space
        {
            at = (5, 8, 11, 14, 17, 20)
        } else if text.count == 19 {
            at = (4, 6, 8, 10, 12, 14)
        } else {
            return nil
        }
        guard text[at.sign] == 0x2B || text[at.sign] == ASCII.hyphen,
            let year = Self.number(text, 0, 4), let month = Self.number(text, at.month, 2), let day = Self.number(text, at.day, 2),
            let hour = Self.number(text, at.hour, 2), let minute = Self.number(text, at.minute, 2),
            let second = Self.number(text, at.second, 2),
            let offsetHours = Self.number(text, at.sign + 1, 2), let offsetMinutes = Self.number(text, at.sign + 3, 2),
            // The calendar arithmetic is the store's own (`Day`: Hinnant's days_from_civil), which
            // also refuses a month or day that does not exist.
            let days = Day(year: year, month: month, day: day)?.number,
            hour <= 23, minute <= 59, second <= 60, offsetHours <= 18, offsetMinutes <= 59
        else { return nil }
        let offset = (offsetHours * 3600 + offsetMinutes * 60) * (text[at.sign] == ASCII.hyphen ? -1 : 1)
        seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        utcOffset = Int32(offset)
    }

    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for i in start..<(start + count) {
            let byte = text[i]
            guard byte >= ASCII.zero, byte <= ASCII.nine else { return nil }
            value = value * 10 + Int(byte - ASCII.zero)
        }
        return value
    }
}

/// A decimal number as Health writes them (`181`, `48.74499999999999`, `-0.5`, `1e3`).
enum HealthNumber {
    /// The value, finite; nil for anything but a plain decimal (no `nan`, `inf`, hex or spaces).
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !text.isEmpty, text.count <= 64 else { return nil }
        var i = 0
        var negative = false
        if text[0] == ASCII.hyphen || text[0] == 0x2B { negative = text[0] == ASCII.hyphen; i = 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var sawDigit = false
        var exact = true
        while i < text.count, let digit = digit(text[i]) {
            sawDigit = true
            if significant < 19 {
                mantissa = mantissa * 10 + digit
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
                exact = exact && digit == 0
            }
            i += 1
        }
        if i < text.count, text[i] == 0x2E {
            i += 1
            while i < text.count, let digit = digit(text[i]) {
                sawDigit = true
                if significant < 19 {
                    mantissa = mantissa * 10 + digit
                    exponent -= 1
                    if mantissa != 0 { significant += 1 }
                } else {
                    exact = exact && digit == 0
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i < text.count, text[i] == 0x65 || text[i] == 0x45 {
            i += 1
            var exponentNegative = false
            if i < text.count, text[i] == ASCII.hyphen || text[i] == 0x2B { exponentNegative = text[i] == ASCII.hyphen; i += 1 }
            var written = 0
            var exponentDigits = 0
            while i < text.count, let digit = digit(text[i]) {
                written = min(written * 10 + Int(digit), 100_000)
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard i == text.count else { return nil }
        // Clinger's fast path: a mantissa and a power of ten both exact in a Double give the
        // correctly rounded result in one operation. Otherwise the standard library's parser.
        if exact, mantissa < (1 << 53), (-22...22).contains(exponent) {
            let value = exponent < 0 ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    private static func digit(_ byte: UInt8) -> UInt64? {
        byte >= ASCII.zero && byte <= ASCII.nine ? UInt64(byte - ASCII.zero) : nil
    }

    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }
}
