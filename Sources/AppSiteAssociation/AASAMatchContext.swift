import RichMediaKitSupport

/// The URL being matched: its raw parts and, when some rule needs them, their percent-decoded
/// forms, all in buffers owned by the caller (no allocation per rule).
struct AASAMatchContext {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let parts: URLParts
    private let scratch: UnsafeMutableBufferPointer<UInt8>
    private var decodedPath: UnsafeBufferPointer<UInt8>?
    private var decodedQuery: UnsafeBufferPointer<UInt8>?
    private var decodedFragment: UnsafeBufferPointer<UInt8>?

    /// The canonical path body (slashes stripped at both ends), as written.
    let rawPathBody: UnsafeBufferPointer<UInt8>
    /// The percent-decoded canonical path body; nil when undecodable or not needed.
    private(set) var decodedPathBody: UnsafeBufferPointer<UInt8>?

    /// Prepares the parts; `buffer` must hold 3 × `bytes.count` + 3 bytes when `decode` is true.
    init(
        bytes: UnsafeBufferPointer<UInt8>, parts: URLParts, buffer: UnsafeMutableBufferPointer<UInt8>, decode: Bool
    ) {
        self.bytes = bytes
        self.parts = parts
        rawPathBody = Self.pathBody(UnsafeBufferPointer(rebasing: bytes[parts.path]))
        guard decode else {
            scratch = buffer
            return
        }
        var offset = 0
        func decoded(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8>? {
            let source = UnsafeBufferPointer(rebasing: bytes[range ?? 0..<0])
            let destination = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + source.count)])
            guard let count = URLBytes.percentDecode(source, into: destination) else { return nil }
            offset += source.count
            return UnsafeBufferPointer(rebasing: destination[0..<count])
        }
        decodedPath = decoded(parts.path)
        decodedQuery = decoded(parts.query)
        decodedFragment = decoded(parts.fragment)
        decodedPathBody = decodedPath.map(Self.pathBody)
        scratch = UnsafeMutableBufferPointer(rebasing: buffer[offset...])
    }

    /// `path` without leading and trailing slashes.
    private static func pathBody(_ path: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = path.count
        while start < end, path[start] == UInt8(ascii: "/") { start += 1 }
        while end > start, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return UnsafeBufferPointer(rebasing: path[start..<end])
    }

    /// Nil when every part of `rule` matches; otherwise the first failing part and why.
    mutating func check(
        _ rule: AASAMatchPlan.Rule, patterns: UnsafeBufferPointer<AASAPattern>,
        items: UnsafeBufferPointer<AASAMatchPlan.Item>
    ) -> AASARuleFailure? {
        if let part = rule.invalid {
            return AASARuleFailure(part: part, reason: .unusable)
        }
        if rule.path >= 0 {
            guard let body = rule.percentEncoded ? rawPathBody : decodedPathBody else {
                return AASARuleFailure(part: .path, reason: .undecodable)
            }
            let slash = UInt8(ascii: "/")
            guard patterns[Int(rule.path)].matches(prefix: slash, body: body, suffix: slash) else {
                return AASARuleFailure(part: .path, reason: .mismatch)
            }
        }
        if rule.queryString >= 0 {
            guard let query = rule.percentEncoded ? raw(parts.query) : decodedQuery else {
                return AASARuleFailure(part: .query, reason: .undecodable)
            }
            guard patterns[Int(rule.queryString)].matches(query) else {
                return AASARuleFailure(part: .query, reason: .mismatch)
            }
        }
        for offset in 0..<Int(rule.itemCount) {
            let item = items[Int(rule.itemStart) + offset]
            if let reason = checkItem(
                item.name, patterns[Int(item.pattern)], index: offset, percentEncoded: rule.percentEncoded)
            {
                return AASARuleFailure(part: .query, reason: reason)
            }
        }
        if rule.fragment >= 0 {
            guard let fragment = rule.percentEncoded ? raw(parts.fragment) : decodedFragment else {
                return AASARuleFailure(part: .fragment, reason: .undecodable)
            }
            guard patterns[Int(rule.fragment)].matches(fragment) else {
                return AASARuleFailure(part: .fragment, reason: .mismatch)
            }
        }
        return nil
    }

    private func raw(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range ?? 0..<0])
    }

    /// Nil when every occurrence of the item matches (or, absent, the empty string does).
    private func checkItem(_ name: [UInt8], _ pattern: AASAPattern, index: Int, percentEncoded: Bool)
        -> AASARuleFailure.Reason?
    {
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
                guard let count = URLBytes.percentDecode(itemName, into: nameBuffer),
                    UnsafeBufferPointer(rebasing: nameBuffer[0..<count]).elementsEqual(name)
                else { continue }
                let valueBuffer = UnsafeMutableBufferPointer(
                    rebasing: scratch[itemName.count..<(itemName.count + value.count)])
                guard let valueCount = URLBytes.percentDecode(value, into: valueBuffer) else {
                    return .itemUndecodable(index)
                }
                value = UnsafeBufferPointer(rebasing: valueBuffer[0..<valueCount])
            }
            found = true
            guard pattern.matches(value) else {
                return .itemMismatch(index)
            }
        }
        if !found, !pattern.matchesEmpty {
            return .itemAbsent(index)
        }
        return nil
    }
}

/// Why a rule failed, kept cheap: no text or reference-counted payload; the text is only built
/// when explaining, from the resolved rule.
struct AASARuleFailure {
    /// The reason, without building text.
    enum Reason {
        /// The rule has a pattern that could not be compiled.
        case unusable
        case undecodable
        /// The part's pattern does not match.
        case mismatch
        /// The query item at this index of the rule's dictionary.
        case itemUndecodable(Int)
        case itemMismatch(Int)
        case itemAbsent(Int)
    }

    /// The part that failed.
    var part: AASARuleTrial.Part
    /// Why.
    var reason: Reason

    /// The explanation shown by `--explain`, for a failure of `rule`.
    func detail(_ rule: AASAResolvedRule) -> String {
        let partName: String
        switch part {
        case .domain: partName = "the host"
        case .path: partName = "the path"
        case .query: partName = "the query"
        case .fragment: partName = "the fragment"
        }
        var items: [(name: [UInt8], pattern: AASAPattern)] = []
        if case .items(let list) = rule.query { items = list }
        func item(_ index: Int) -> (name: String, source: String) {
            (String(decoding: items[index].name, as: UTF8.self), items[index].pattern.source)
        }
        switch reason {
        case .unusable: return "the pattern is unusable: \(rule.invalid?.issue.message ?? "")"
        case .undecodable: return "\(partName) is not valid percent-encoded UTF-8"
        case .mismatch:
            var source = ""
            switch part {
            case .path: source = rule.path?.source ?? ""
            case .fragment: source = rule.fragment?.source ?? ""
            case .query: if case .string(let pattern) = rule.query { source = pattern.source }
            case .domain: break
            }
            return "\(partName) does not match '\(source)'"
        case .itemUndecodable(let index):
            return "query item '\(item(index).name)' is not valid percent-encoded UTF-8"
        case .itemMismatch(let index):
            return "query item '\(item(index).name)' does not match '\(item(index).source)'"
        case .itemAbsent(let index):
            return "query item '\(item(index).name)' is absent and '\(item(index).source)' needs a value"
        }
    }
}
