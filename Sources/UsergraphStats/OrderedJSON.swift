import Foundation

/// Encodes any `Encodable` to pretty-printed JSON with object keys in the order `encode(to:)`
/// wrote them.
///
/// Foundation's `JSONEncoder` on Linux emits keys in hash order unless told to sort them,
/// and the stats contract wants them in the contract's order, so the report goes through this
/// small encoder instead. Keeping `Codable` as the one source of key names means the JSON
/// that `jsonString()` prints and the JSON that `JSONDecoder` reads back cannot drift apart.
enum OrderedJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        var out = ""
        try root.write(to: &out, indent: 0)
        out += "\n"
        return out
    }
}

/// One JSON value under construction; a class because containers hand out children that
/// are filled in after the container itself was returned.
private final class Node {
    enum Value {
        case unset
        case null
        case literal(String)
        case string(String)
        case array([Node])
        case object(keys: [String], children: [String: Node])
    }

    var value: Value = .unset

    func becomeObject() {
        if case .object = value { return }
        value = .object(keys: [], children: [:])
    }

    func becomeArray() {
        if case .array = value { return }
        value = .array([])
    }

    /// The child for `key`, created in place on first use so order is first-write order.
    func child(forKey key: String) -> Node {
        becomeObject()
        guard case .object(var keys, var children) = value else { return Node() }
        if let existing = children[key] { return existing }
        let node = Node()
        keys.append(key)
        children[key] = node
        value = .object(keys: keys, children: children)
        return node
    }

    func appendChild() -> Node {
        becomeArray()
        guard case .array(var items) = value else { return Node() }
        let node = Node()
        items.append(node)
        value = .array(items)
        return node
    }

    var count: Int {
        switch value {
        case .array(let items): items.count
        case .object(let keys, _): keys.count
        default: 0
        }
    }

    func write(to out: inout String, indent: Int) throws {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch value {
        case .unset, .null:
            out += "null"
        case .literal(let text):
            out += text
        case .string(let text):
            Node.writeString(text, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                try item.write(to: &out, indent: indent + 1)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "]"
        case .object(let keys, let children):
            guard !keys.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, key) in keys.enumerated() {
                out += pad
                Node.writeString(key, to: &out)
                out += ": "
                try children[key]?.write(to: &out, indent: indent + 1)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "}"
        }
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// Scalars are written by the single-value container; keyed and unkeyed containers only
/// make a child node and let the value encode itself into it.
private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.value = .null }
    mutating func encode(_ value: Bool) throws { node.value = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { node.value = .string(value) }
    mutating func encode(_ value: Double) throws { try real(value) }
    mutating func encode(_ value: Float) throws { try real(Double(value)) }
    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }

    private func integer(_ value: some BinaryInteger) { node.value = .literal(String(value)) }

    private func real(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
        }
        // Swift's shortest round-trip form: 72.4 stays "72.4", not 72.400000000000006.
        // Whole numbers drop the ".0" so an integral weight reads like JSONEncoder's.
        if value == value.rounded(), abs(value) < 1e15 {
            node.value = .literal(String(Int64(value)))
        } else {
            node.value = .literal(String(value))
        }
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> NodeEncoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    private func put(_ value: some Encodable, _ key: Key) throws { try value.encode(to: child(key)) }

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).value = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }

    // The contract writes a value it does not have as `null` and never leaves its key out, so
    // an optional is written even when nil (synthesized encoders would drop it). Every overload
    // is here because the synthesized code calls the one of the property's type.
    private mutating func putOrNull(_ value: (some Encodable)?, _ key: Key) throws {
        if let value { try put(value, key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try putOrNull(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try putOrNull(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        child(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private func next() -> NodeEncoder {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath)
    }

    mutating func encodeNil() throws { node.appendChild().value = .null }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}
