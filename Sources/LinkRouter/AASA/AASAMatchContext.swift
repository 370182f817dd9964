/// The URL being matched: its raw parts and, when some rule needs them, their percent-decoded
/// forms, all in buffers owned by the caller (no allocation per rule).
struct AASAMatchContext {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let parts: AASAURLParts
    private let scratch: UnsafeMutableBufferPointer<UInt8>
    private var decodedPath: UnsafeBufferPointer<UInt8>?
    private var decodedQuery: UnsafeBufferPointer<UInt8>?
    private var decodedFragment: UnsafeBufferPointer<UInt8>?

    /// Prepares the parts; `buffer` must hold 3 × `bytes.count` + 3 bytes when `decode` is true.
    init(
        bytes: UnsafeBufferPointer<UInt8>, parts: AASAURLParts, buffer: UnsafeMutableBufferPointer<UInt8>, decode: Bool
    ) {
        self.bytes = bytes
        self.parts = parts
        guard decode else {
            scratch = buffer
            return
        }
        var offset = 0
        func decoded(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8>? {
            let source = UnsafeBufferPointer(rebasing: bytes[range ?? 0..<0])
            let destination = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + source.count)])
            guard let count = AASAPercentDecoding.decode(source, into: destination) else { return nil }
            offset += source.count
            return UnsafeBufferPointer(rebasing: destination[0..<count])
        }
        decodedPath = decoded(parts.path)
        decodedQuery = decoded(parts.query)
        decodedFragment = decoded(parts.fragment)
        scratch = UnsafeMutableBufferPointer(rebasing: buffer[offset...])
    }

    /// Nil when every part of `rule` matches; otherwise the first failing part and a detail.
    mutating func check(_ rule: AASAResolvedRule) -> (part: AASARuleTrial.Part, detail: String)? {
        if let invalid = rule.invalid {
            return (invalid.part, "the pattern is unusable: \(invalid.issue.message)")
        }
        if let pattern = rule.path {
            guard let path = rule.percentEncoded ? raw(parts.path) : decodedPath else {
                return (.path, "the path is not valid percent-encoded UTF-8")
            }
            var start = 0
            var end = path.count
            while start < end, path[start] == UInt8(ascii: "/") { start += 1 }
            while end > start, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
            let body = UnsafeBufferPointer(rebasing: path[start..<end])
            guard pattern.automaton.matches(prefix: UInt8(ascii: "/"), body: body, suffix: UInt8(ascii: "/")) else {
                return (.path, "the path does not match '\(pattern.source)'")
            }
        }
        switch rule.query {
        case .any:
            break
        case .string(let pattern):
            guard let query = rule.percentEncoded ? raw(parts.query) : decodedQuery else {
                return (.query, "the query is not valid percent-encoded UTF-8")
            }
            guard pattern.matches(query) else { return (.query, "the query does not match '\(pattern.source)'") }
        case .items(let items):
            for item in items {
                if let failure = checkItem(item.name, item.pattern, percentEncoded: rule.percentEncoded) {
                    return (.query, failure)
                }
            }
        }
        if let pattern = rule.fragment {
            guard let fragment = rule.percentEncoded ? raw(parts.fragment) : decodedFragment else {
                return (.fragment, "the fragment is not valid percent-encoded UTF-8")
            }
            guard pattern.matches(fragment) else {
                return (.fragment, "the fragment does not match '\(pattern.source)'")
            }
        }
        return nil
    }

    private func raw(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range ?? 0..<0])
    }

    /// Nil when every occurrence of the item matches (or, absent, the empty string does).
    private func checkItem(_ name: [UInt8], _ pattern: AASAPattern, percentEncoded: Bool) -> String? {
        let query = raw(parts.query)
        var found = false
        var itemStart = 0
        while itemStart <= query.count {
            var itemEnd = itemStart
            while itemEnd < query.count, query[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            defer { itemStart = itemEnd + 1 }
            guard itemEnd > itemStart else { continue }
            var nameEnd = itemStart
            while nameEnd < itemEnd, query[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
            let itemName = UnsafeBufferPointer(rebasing: query[itemStart..<nameEnd])
            let valueStart = min(nameEnd + 1, itemEnd)
            var value = UnsafeBufferPointer(rebasing: query[valueStart..<itemEnd])
            if percentEncoded {
                guard itemName.elementsEqual(name) else { continue }
            } else {
                let nameBuffer = UnsafeMutableBufferPointer(rebasing: scratch[0..<itemName.count])
                guard let count = AASAPercentDecoding.decode(itemName, into: nameBuffer),
                    UnsafeBufferPointer(rebasing: nameBuffer[0..<count]).elementsEqual(name)
                else { continue }
                let valueBuffer = UnsafeMutableBufferPointer(
                    rebasing: scratch[itemName.count..<(itemName.count + value.count)])
                guard let valueCount = AASAPercentDecoding.decode(value, into: valueBuffer) else {
                    return "query item '\(String(decoding: name, as: UTF8.self))' is not valid percent-encoded UTF-8"
                }
                value = UnsafeBufferPointer(rebasing: valueBuffer[0..<valueCount])
            }
            found = true
            guard pattern.matches(value) else {
                return "query item '\(String(decoding: name, as: UTF8.self))' does not match '\(pattern.source)'"
            }
        }
        if !found, !pattern.matchesEmpty {
            return
                "query item '\(String(decoding: name, as: UTF8.self))' is absent and '\(pattern.source)' needs a value"
        }
        return nil
    }
}
