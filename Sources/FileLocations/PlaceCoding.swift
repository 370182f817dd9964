/// The keys of a place in a report's JSON, in every report the same: `"file"` (the file's role or name),
/// `"pointer"`, `"line"` and `"column"`, each `null` when not known. A finding's own place is written inline among
/// its keys; a second place (`"also"`) and a doctor step's places as objects of these four keys.
package protocol PlaceCodingKey: CodingKey {
    /// The file's role or name.
    static var file: Self { get }
    /// The JSON pointer (or a property list's key path written as one).
    static var pointer: Self { get }
    /// The 1-based line.
    static var line: Self { get }
    /// The 1-based column.
    static var column: Self { get }
}

/// The keys of a place written as an object of its own: `{"file", "pointer", "line", "column"}`.
package enum PlaceKeys: String, PlaceCodingKey {
    case file, pointer, line, column
}

extension KeyedEncodingContainer where Key: PlaceCodingKey {
    /// Writes a place: `"file"`, `"pointer"`, `"line"`, `"column"`, in that order (`null` for what is not known).
    /// The one encoding of a place in every report's JSON.
    ///
    /// - Parameters:
    ///   - file: The file's role or name.
    ///   - pointer: The pointer; by default the location's.
    ///   - location: The position in the file.
    /// - Throws: What the encoder throws.
    package mutating func encodePlace(file: String, pointer: String? = nil, location: FileLocation?) throws {
        try encode(file, forKey: .file)
        try encode(pointer ?? location?.pointer?.text, forKey: .pointer)
        try encode(location?.line, forKey: .line)
        try encode(location?.column, forKey: .column)
    }
}

extension KeyedEncodingContainer {
    /// Writes a place as an object under `key` (a finding's second place, `"also"`), with ``encodePlace(file:pointer:location:)``.
    ///
    /// - Parameters:
    ///   - file: The file's role or name.
    ///   - pointer: The pointer; by default the location's.
    ///   - location: The position in the file.
    ///   - key: The key, such as `also`.
    /// - Throws: What the encoder throws.
    package mutating func encodePlace(
        file: String, pointer: String? = nil, location: FileLocation?, forKey key: Key
    ) throws {
        var object = nestedContainer(keyedBy: PlaceKeys.self, forKey: key)
        try object.encodePlace(file: file, pointer: pointer, location: location)
    }

    /// Writes a list of places under `key` (a finding's `"places"`, a doctor step's), each an object written with
    /// ``encodePlace(file:pointer:location:forKey:)``'s encoding, the file by its role.
    ///
    /// - Parameters:
    ///   - places: The places, best first.
    ///   - key: The key, such as `places`.
    /// - Throws: What the encoder throws.
    package mutating func encodePlaces(_ places: [LocatedFinding.Place], forKey key: Key) throws {
        var list = nestedUnkeyedContainer(forKey: key)
        for place in places { try list.encodePlace(file: place.file.rawValue, location: place.location) }
    }
}

extension UnkeyedEncodingContainer {
    /// Appends a place as an object, with ``KeyedEncodingContainer/encodePlace(file:pointer:location:)``.
    ///
    /// - Parameters:
    ///   - file: The file's role or name.
    ///   - location: The position in the file.
    /// - Throws: What the encoder throws.
    package mutating func encodePlace(file: String, location: FileLocation?) throws {
        var object = nestedContainer(keyedBy: PlaceKeys.self)
        try object.encodePlace(file: file, location: location)
    }
}

extension KeyedEncodingContainer {
    /// Writes each member in order, `null` for a nil: the members of a report's JSON, as a list.
    ///
    /// - Parameter members: The keys and values.
    /// - Throws: What the encoder throws.
    package mutating func encode(_ members: KeyValuePairs<Key, (any Encodable)?>) throws {
        for (key, value) in members {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
    }
}
