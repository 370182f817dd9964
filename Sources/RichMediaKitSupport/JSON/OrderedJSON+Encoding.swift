/// Builds an ``OrderedJSON`` from an `Encodable` value, keeping object members in the order they are encoded, so
/// that the commands and the report writers print the libraries' `Codable` shapes (one implementation of each JSON
/// shape) in the package's one JSON style.
extension OrderedJSON {
    /// The value `value` encodes to.
    ///
    /// - Parameter value: A value whose encoding uses strings, integers, booleans, nulls, arrays and objects.
    /// - Throws: `EncodingError.invalidValue` for a floating-point number (nothing the package writes has one).
    package init(encoding value: some Encodable) throws {
        let slot = Slot()
        try value.encode(to: TreeEncoder(slot: slot, codingPath: []))
        self = slot.resolved
    }
}

/// A place a value is written to: a leaf, an object or an array, filled in as encoding proceeds.
private final class Slot {
    enum Content {
        case empty
        case leaf(OrderedJSON)
        case object([(String, Slot)])
        case array([Slot])
    }

    var content = Content.empty

    var resolved: OrderedJSON {
        switch content {
        case .empty: return .null
        case .leaf(let value): return value
        case .object(let members): return .object(members.map { OrderedJSON.Member($0.0, $0.1.resolved) })
        case .array(let items): return .array(items.map(\.resolved))
        }
    }

    /// A new slot for the member `key` (replacing an earlier one with the same key, keeping its position).
    func member(_ key: String) -> Slot {
        var members: [(String, Slot)] = []
        if case .object(let existing) = content { members = existing }
        let slot = Slot()
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = slot
        } else {
            members.append((key, slot))
        }
        content = .object(members)
        return slot
    }

    /// A new slot at the end of the array.
    func element() -> Slot {
        var items: [Slot] = []
        if case .array(let existing) = content { items = existing }
        let slot = Slot()
        items.append(slot)
        content = .array(items)
        return slot
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

/// Writes a leaf value, or encodes a nested value into `slot`.
private func write<T: Encodable>(_ value: T, into slot: Slot, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: slot.content = .leaf(.string(text))
    case let flag as Bool: slot.content = .leaf(.bool(flag))
    case let number as Int: slot.content = .leaf(.integer(number))
    case is Double, is Float:
        throw EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath, debugDescription: "no floating-point numbers"))
    default: try value.encode(to: TreeEncoder(slot: slot, codingPath: codingPath))
    }
}

private struct TreeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(KeyedContainer(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try write(value, into: slot.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        TreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(slot: slot.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(slot: Slot, codingPath: [any CodingKey]) {
        self.slot = slot
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws {
        slot.element().content = .leaf(.null)
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try write(value, into: slot.element(), codingPath: codingPath)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        count += 1
        return TreeEncoder(slot: slot.element(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return TreeEncoder(slot: slot.element(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return TreeEncoder(slot: slot.element(), codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try write(value, into: slot, codingPath: codingPath)
    }
}
