/// Where an entry of an XML property list is, for annotations: the line and column of the `n`-th `<string>` after
/// a key (package access). Binary property lists have no lines: nil.
package enum PropertyListPositions {
    /// The position of the `index`-th `<string>` element after `<key>key</key>`, or of the key itself when
    /// `index` is nil or there are fewer strings; nil when the file is not XML or has no such key.
    ///
    /// - Parameters:
    ///   - key: The key, such as `com.apple.developer.associated-domains`.
    ///   - index: Which string after it (0-based), or nil for the key.
    ///   - matching: Instead of an index, the first string after the key whose text equals this (ASCII case
    ///     folded).
    ///   - bytes: The file.
    /// - Returns: A 1-based line and column (columns count bytes), or nil.
    /// - Complexity: O(*n*) in the file's size.
    package static func position(
        after key: String, index: Int? = nil, matching: String? = nil, in bytes: [UInt8]
    ) -> (line: Int, column: Int)? {
        guard let keyStart = find(Array("<key>\(key)</key>".utf8), in: bytes, from: 0) else { return nil }
        var target = keyStart
        if index != nil || matching != nil {
            let open = Array("<string>".utf8)
            let arrayEnd = find(Array("</array>".utf8), in: bytes, from: keyStart) ?? bytes.count
            var cursor = keyStart
            var seen = 0
            while let start = find(open, in: bytes, from: cursor), start < arrayEnd {
                let textStart = start + open.count
                let textEnd = bytes[textStart...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                let text = String(decoding: bytes[textStart..<textEnd], as: UTF8.self)
                if seen == index || (matching.map { text.lowercased() == $0.lowercased() } ?? false) {
                    target = start
                    break
                }
                seen += 1
                cursor = textEnd
            }
        }
        var line = 1
        var lineStart = 0
        for offset in 0..<target where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        return (line, target - lineStart + 1)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var offset = start
        while offset <= bytes.count - needle.count {
            if bytes[offset] == needle[0], bytes[offset..<offset + needle.count].elementsEqual(needle) {
                return offset
            }
            offset += 1
        }
        return nil
    }
}
