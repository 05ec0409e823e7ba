import Foundation

/// A JSON value usergraph does not interpret, kept exactly as it was read.
package enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    /// Whole numbers stay whole: `12` is written back as `12`, not `12.0`.
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// The fields of a stored record that its type does not know (added by hand, or by a newer
/// usergraph): read with the record and written back with it, so no rewrite of a store file
/// loses them (DESIGN.md: a record keeps every field it was written with).
package struct UnknownFields: Sendable, Equatable {
    package var values: [String: JSONValue]

    package init(_ values: [String: JSONValue] = [:]) { self.values = values }

    /// Every key of the record at `decoder` that is not one of `known`.
    package init(from decoder: any Decoder, known: [any CodingKey]) throws {
        let names = Set(known.map(\.stringValue))
        let container = try decoder.container(keyedBy: AnyKey.self)
        var values: [String: JSONValue] = [:]
        for key in container.allKeys where !names.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.values = values
    }

    /// Writes the fields beside the record's own (the encoder merges keyed containers of one level).
    package func encode(to encoder: any Encoder) throws {
        guard !values.isEmpty else { return }
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in values { try container.encode(value, forKey: AnyKey(key)) }
    }
}

/// A coding key for any name.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
