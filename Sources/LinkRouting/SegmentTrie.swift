/// The route patterns' segments frozen into flat arrays: the structure dispatch walks.
///
/// Node 0 is the root. Each node has at most one child per typed kind (`<int>`, `<uuid>`, untyped parameter,
/// `*`) and any number of literal children, found through one open-addressing hash table keyed by
/// (parent node, ``LiteralHasher`` of the literal's bytes). A node also lists the routes ending there and the routes whose
/// `**` starts there, each list already sorted by precedence (bound before `/` routes, more query constraints
/// first, then registration order). Because a node always sits at the same segment depth, one dispatch visits
/// each node at most once: matching is linear in the URL and the trie, never exponential.
struct SegmentTrie: Sendable {
    struct Node: Sendable {
        var intChild: Int32 = -1
        var uuidChild: Int32 = -1
        var parameterChild: Int32 = -1
        var wildcardChild: Int32 = -1
        var literalChildren: Int32 = 0
        var terminals: Range<Int32> = 0..<0
        var catchAlls: Range<Int32> = 0..<0
    }

    struct LiteralSlot: Sendable {
        var hash: UInt64 = 0
        /// The literal's first eight bytes as a word (``URLBytes/word(_:_:_:)``): with `length`, all of a short
        /// literal, so most lookups compare one word and never read `literalBytes`.
        var prefix: UInt64 = 0
        var parent: Int32 = -1  // -1: empty slot
        var child: Int32 = -1
        var start: Int32 = 0
        var length: Int32 = 0
    }

    private(set) var nodes: [Node] = [Node()]
    /// Route indices; node ranges point into it.
    private(set) var routeLists: [Int32] = []
    private(set) var slots: [LiteralSlot] = []
    private(set) var slotMask: Int = 0
    /// The literals' bytes (ASCII-lowercased when the table is case-insensitive).
    private(set) var literalBytes: [UInt8] = []
    /// Whether literals compare with ASCII case folding.
    let foldsCase: Bool

    /// Builds the trie for `patterns`, in registration order.
    ///
    /// - Parameters:
    ///   - patterns: The parsed patterns; route index = position.
    ///   - foldsCase: Whether literals compare ASCII case-insensitively.
    ///   - precedes: Orders two route indices that end at the same node (true: first wins).
    init(patterns: [RoutePattern], foldsCase: Bool, precedes: (Int, Int) -> Bool) {
        self.foldsCase = foldsCase
        var literalMaps: [[[UInt8]: Int32]] = [[:]]
        var terminals: [[Int]] = [[]]
        var catchAlls: [[Int]] = [[]]
        func newNode() -> Int32 {
            nodes.append(Node())
            literalMaps.append([:])
            terminals.append([])
            catchAlls.append([])
            return Int32(nodes.count - 1)
        }
        for (routeIndex, pattern) in patterns.enumerated() {
            var node: Int32 = 0
            var endsInCatchAll = false
            for segment in pattern.segments {
                let current = Int(node)
                switch segment {
                case .literal(let text):
                    let key = foldsCase ? text.utf8.map(RouteBytes.asciiLower) : Array(text.utf8)
                    if let child = literalMaps[current][key] {
                        node = child
                    } else {
                        let child = newNode()
                        literalMaps[current][key] = child
                        node = child
                    }
                case .parameter(_, .int):
                    if nodes[current].intChild < 0 { nodes[current].intChild = newNode() }
                    node = nodes[current].intChild
                case .parameter(_, .uuid):
                    if nodes[current].uuidChild < 0 { nodes[current].uuidChild = newNode() }
                    node = nodes[current].uuidChild
                case .parameter(_, .string):
                    if nodes[current].parameterChild < 0 { nodes[current].parameterChild = newNode() }
                    node = nodes[current].parameterChild
                case .wildcard:
                    if nodes[current].wildcardChild < 0 { nodes[current].wildcardChild = newNode() }
                    node = nodes[current].wildcardChild
                case .catchAll:
                    endsInCatchAll = true
                }
            }
            if endsInCatchAll {
                catchAlls[Int(node)].append(routeIndex)
            } else {
                terminals[Int(node)].append(routeIndex)
            }
        }
        for index in nodes.indices {
            let ordered = terminals[index].sorted(by: precedes)
            nodes[index].terminals = Int32(routeLists.count)..<Int32(routeLists.count + ordered.count)
            routeLists += ordered.map { Int32($0) }
            let orderedCatchAlls = catchAlls[index].sorted(by: precedes)
            nodes[index].catchAlls = Int32(routeLists.count)..<Int32(routeLists.count + orderedCatchAlls.count)
            routeLists += orderedCatchAlls.map { Int32($0) }
            nodes[index].literalChildren = Int32(literalMaps[index].count)
        }
        let literalCount = literalMaps.reduce(0) { $0 + $1.count }
        var capacity = 16
        while capacity < literalCount * 2 { capacity *= 2 }
        slots = Array(repeating: LiteralSlot(), count: capacity)
        slotMask = capacity - 1
        for (parent, map) in literalMaps.enumerated() {
            for (key, child) in map.sorted(by: { $0.value < $1.value }) {
                var hasher = LiteralHasher(parent: Int32(parent))
                for byte in key { hasher.add(byte) }
                let hash = hasher.finish()
                var slot = Int(truncatingIfNeeded: hash) & slotMask
                while slots[slot].parent >= 0 { slot = (slot + 1) & slotMask }
                let prefix = key.withUnsafeBufferPointer { RouteBytes.word($0, 0, key.count) }
                slots[slot] = LiteralSlot(
                    hash: hash, prefix: prefix, parent: Int32(parent), child: child, start: Int32(literalBytes.count),
                    length: Int32(key.count))
                literalBytes += key
            }
        }
    }
}

/// The hash of a literal segment under a parent node: FNV-1a over 8-byte little-endian words of the bytes
/// (one multiply per word instead of per byte), seeded with the parent node, then mixed once. Never 0.
///
/// Dispatch feeds it the segment's percent-decoded (and, for case-insensitive tables, ASCII-lowercased)
/// bytes one at a time, so it never needs a decoded copy of the segment.
struct LiteralHasher {
    private var hash: UInt64
    private var word: UInt64 = 0
    private var shift: UInt64 = 0
    private var length: UInt64 = 0

    @inline(__always)
    init(parent: Int32) {
        hash = RouteBytes.fnvOffset ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
    }

    @inline(__always)
    mutating func add(_ byte: UInt8) {
        word |= UInt64(byte) << shift
        shift &+= 8
        if shift == 64 {
            hash = (hash ^ word) &* RouteBytes.fnvPrime
            word = 0
            shift = 0
        }
        length &+= 1
    }

    /// Hashes raw bytes (no percent escapes) a word at a time; equal to adding them one by one.
    @inline(__always)
    static func hash(
        parent: Int32, raw bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, fold: Bool
    ) -> UInt64 {
        var hasher = LiteralHasher(parent: parent)
        var index = start
        while index + 8 <= end {
            let word = RouteBytes.word(bytes, index, end)
            hasher.hash = (hasher.hash ^ (fold ? RouteBytes.asciiLower(word: word) : word)) &* RouteBytes.fnvPrime
            index += 8
        }
        if index < end {
            let word = RouteBytes.word(bytes, index, end)
            hasher.word = fold ? RouteBytes.asciiLower(word: word) : word
        }
        hasher.length = UInt64(end - start)
        return hasher.finish()
    }

    @inline(__always)
    mutating func finish() -> UInt64 {
        var value = (hash ^ word ^ (length << 56)) &* RouteBytes.fnvPrime
        value ^= value >> 29
        return value | 1
    }
}
