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

    /// Nil when every part of `rule` matches; otherwise the first failing part and why.
    mutating func check(_ rule: AASAResolvedRule) -> AASARuleFailure? {
        if let invalid = rule.invalid {
            return AASARuleFailure(part: invalid.part, reason: .unusable(invalid.issue.message))
        }
        if let pattern = rule.path {
            guard let path = rule.percentEncoded ? raw(parts.path) : decodedPath else {
                return AASARuleFailure(part: .path, reason: .undecodable)
            }
            var start = 0
            var end = path.count
            while start < end, path[start] == UInt8(ascii: "/") { start += 1 }
            while end > start, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
            let body = UnsafeBufferPointer(rebasing: path[start..<end])
            guard pattern.automaton.matches(prefix: UInt8(ascii: "/"), body: body, suffix: UInt8(ascii: "/")) else {
                return AASARuleFailure(part: .path, reason: .mismatch(pattern.source))
            }
        }
        switch rule.query {
        case .any:
            break
        case .string(let pattern):
            guard let query = rule.percentEncoded ? raw(parts.query) : decodedQuery else {
                return AASARuleFailure(part: .query, reason: .undecodable)
            }
            guard pattern.matches(query) else {
                return AASARuleFailure(part: .query, reason: .mismatch(pattern.source))
            }
        case .items(let items):
            for item in items {
                if let reason = checkItem(item.name, item.pattern, percentEncoded: rule.percentEncoded) {
                    return AASARuleFailure(part: .query, reason: reason)
                }
            }
        }
        if let pattern = rule.fragment {
            guard let fragment = rule.percentEncoded ? raw(parts.fragment) : decodedFragment else {
                return AASARuleFailure(part: .fragment, reason: .undecodable)
            }
            guard pattern.matches(fragment) else {
                return AASARuleFailure(part: .fragment, reason: .mismatch(pattern.source))
            }
        }
        return nil
    }

    private func raw(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range ?? 0..<0])
    }

    /// Nil when every occurrence of the item matches (or, absent, the empty string does).
    private func checkItem(_ name: [UInt8], _ pattern: AASAPattern, percentEncoded: Bool) -> AASARuleFailure.Reason? {
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
                    return .itemUndecodable(name)
                }
                value = UnsafeBufferPointer(rebasing: valueBuffer[0..<valueCount])
            }
            found = true
            guard pattern.matches(value) else {
                return .itemMismatch(name, pattern.source)
            }
        }
        if !found, !pattern.matchesEmpty {
            return .itemAbsent(name, pattern.source)
        }
        return nil
    }
}

/// Why a rule failed, kept cheap: the text is only built when explaining.
struct AASARuleFailure {
    /// The reason, without building text.
    enum Reason {
        case unusable(String)
        case undecodable
        case mismatch(String)
        case itemUndecodable([UInt8])
        case itemMismatch([UInt8], String)
        case itemAbsent([UInt8], String)
    }

    /// The part that failed.
    var part: AASARuleTrial.Part
    /// Why.
    var reason: Reason

    /// The explanation shown by `--explain`.
    var detail: String {
        let partName: String
        switch part {
        case .domain: partName = "the host"
        case .path: partName = "the path"
        case .query: partName = "the query"
        case .fragment: partName = "the fragment"
        }
        switch reason {
        case .unusable(let message): return "the pattern is unusable: \(message)"
        case .undecodable: return "\(partName) is not valid percent-encoded UTF-8"
        case .mismatch(let source): return "\(partName) does not match '\(source)'"
        case .itemUndecodable(let name):
            return "query item '\(String(decoding: name, as: UTF8.self))' is not valid percent-encoded UTF-8"
        case .itemMismatch(let name, let source):
            return "query item '\(String(decoding: name, as: UTF8.self))' does not match '\(source)'"
        case .itemAbsent(let name, let source):
            return "query item '\(String(decoding: name, as: UTF8.self))' is absent and '\(source)' needs a value"
        }
    }
}
