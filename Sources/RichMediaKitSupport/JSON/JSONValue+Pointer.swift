import FileLocations

extension JSONValue {
    /// The value an RFC 6901 pointer designates (`~1` is `/`, `~0` is `~`), or nil; `""` is the value itself.
    ///
    /// Where a key repeats, the last member counts, as in ``subscript(_:)``.
    /// - Complexity: O(*d* · *w*) for a pointer *d* tokens long through objects *w* members wide.
    package func value(at pointer: String) -> JSONValue? {
        guard !pointer.isEmpty else { return self }
        guard pointer.hasPrefix("/") else { return nil }
        var value = self
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = JSONPointer.unescaped(token) ?? String(token)
            switch value {
            case .object:
                guard let member = value[key] else { return nil }
                value = member
            case .array(let items):
                guard let index = Int(key), key == String(index), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    /// The value as ordered JSON, for writing it back out (numbers keep their literal text).
    package var orderedJSON: OrderedJSON {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let literal): return .number(literal)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(\.orderedJSON))
        case .object(let members): return .object(members.map { .init($0.key, $0.value.orderedJSON) })
        }
    }
}
