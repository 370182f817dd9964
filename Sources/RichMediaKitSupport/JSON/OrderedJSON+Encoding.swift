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
///
/// Its members and elements are stored properties appended to in place, and an object finds a member by its key in
/// a dictionary, so encoding a container of *n* values costs O(*n*) (a copy of the whole container on every
/// append, or a search of every key, made writing 10,000 diagnostics take seconds).
private final class Slot {
    enum Kind {
        case empty, leaf, object, array
    }

    private(set) var kind = Kind.empty
    private var leaf = OrderedJSON.null
    private var members: [(key: String, slot: Slot)] = []
    private var memberIndex: [String: Int] = [:]
    private var items: [Slot] = []

    var resolved: OrderedJSON {
        switch kind {
        case .empty: return .null
        case .leaf: return leaf
        case .object: return .object(members.map { OrderedJSON.Member($0.key, $0.slot.resolved) })
        case .array: return .array(items.map(\.resolved))
        }
    }

    /// Makes the slot the leaf `value`.
    func set(_ value: OrderedJSON) {
        clear()
        kind = .leaf
        leaf = value
    }

    /// A new slot for the member `key` (replacing an earlier one with the same key, keeping its position).
    func member(_ key: String) -> Slot {
        makeObject()
        let slot = Slot()
        if let index = memberIndex[key] {
            members[index].slot = slot
        } else {
            memberIndex[key] = members.count
            members.append((key, slot))
        }
        return slot
    }

    /// A new slot at the end of the array.
    func element() -> Slot {
        makeArray()
        let slot = Slot()
        items.append(slot)
        return slot
    }

    func makeObject() {
        if kind == .object { return }
        clear()
        kind = .object
    }

    func makeArray() {
        if kind == .array { return }
        clear()
        kind = .array
    }

    private func clear() {
        leaf = .null
        members = []
        memberIndex = [:]
        items = []
    }
}

/// Writes a leaf value, or encodes a nested value into `slot`.
private func write<T: Encodable>(_ value: T, into slot: Slot, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: slot.set(.string(text))
    case let flag as Bool: slot.set(.bool(flag))
    case let number as Int: slot.set(.integer(number))
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

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).set(.null) }

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
        slot.element().set(.null)
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

    mutating func encodeNil() throws { slot.set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try write(value, into: slot, codingPath: codingPath)
    }
}
