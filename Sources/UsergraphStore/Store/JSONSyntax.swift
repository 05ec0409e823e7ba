import Foundation
import UsergraphCore

/// Finds where a JSON document first goes wrong. Foundation's decoder only says that the
/// data is not valid JSON; a user fixing a hand-edited store file needs the line and column.
/// Used only after a decode has failed, so it favours clarity over speed.
package enum JSONSyntax {
    package struct Problem: Equatable {
        package var line: Int
        package var column: Int
        package var message: Message
    }

    package static func firstError(in data: Data) -> Problem? {
        var parser = Parser(bytes: [UInt8](data))
        do {
            parser.skipSpace()
            try parser.value(depth: 0)
            parser.skipSpace()
            if parser.index < parser.bytes.count {
                throw Parser.Failure(index: parser.index, message: Message("errors.json.trailing"))
            }
            return nil
        } catch let failure as Parser.Failure {
            return parser.problem(failure)
        } catch {
            return nil
        }
    }

    struct Parser {
        struct Failure: Error { var index: Int; var message: Message }
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func problem(_ failure: Failure) -> Problem {
            var line = 1, column = 1
            var i = 0
            while i < min(failure.index, bytes.count) {
                if bytes[i] == 10 { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            return Problem(line: line, column: column, message: failure.message)
        }

        mutating func skipSpace() {
            while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 }
        }

        func fail(_ message: Message) -> Failure { Failure(index: index, message: message) }

        mutating func value(depth: Int) throws {
            guard depth < 512 else { throw fail(Message("errors.json.deep")) }
            guard index < bytes.count else { throw fail(Message("errors.json.endValue")) }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1; skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail(Message("errors.json.key")) }
                    try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail(Message("errors.json.colon")) }
                    index += 1; skipSpace()
                    try value(depth: depth + 1)
                    skipSpace()
                    guard index < bytes.count else { throw fail(Message("errors.json.endObject")) }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return }
                    throw fail(Message("errors.json.commaBrace"))
                }
            case UInt8(ascii: "["):
                index += 1; skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return }
                while true {
                    skipSpace()
                    try value(depth: depth + 1)
                    skipSpace()
                    guard index < bytes.count else { throw fail(Message("errors.json.endList")) }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return }
                    throw fail(Message("errors.json.commaBracket"))
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            default:
                throw fail(Message("errors.json.character"))
            }
        }

        mutating func literal(_ word: String) throws {
            for b in word.utf8 {
                guard index < bytes.count, bytes[index] == b else { throw fail(Message("errors.json.character")) }
                index += 1
            }
        }

        mutating func string() throws {
            index += 1
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\"") { index += 1; return }
                if b < 0x20 { throw fail(Message("errors.json.control")) }
                if b == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count, Array("\"\\/bfnrtu".utf8).contains(bytes[index]) else { throw fail(Message("errors.json.escape")) }
                }
                index += 1
            }
            throw fail(Message("errors.json.endString"))
        }

        mutating func number() throws {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, (48...57).contains(bytes[index]) || [46, 101, 69, 43, 45].contains(bytes[index]) {
                index += 1; digits += 1
            }
            if digits == 0 { index = start; throw fail(Message("errors.json.number")) }
        }
    }
}
