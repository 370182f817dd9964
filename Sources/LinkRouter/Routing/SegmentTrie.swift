/// The route patterns' segments frozen into flat arrays: the structure dispatch walks.
///
/// Node 0 is the root. Each node has at most one child per typed kind (`<int>`, `<uuid>`, untyped parameter,
/// `*`) and any number of literal children, found through one open-addressing hash table keyed by
/// (parent node, FNV-1a of the literal's bytes). A node also lists the routes ending there and the routes whose
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

    /// Hash of a literal under a parent node: FNV-1a over the bytes, seeded by the parent, then mixed.
    @inline(__always)
    static func seed(parent: Int32) -> UInt64 {
        RouteBytes.fnvOffset ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
    }

    @inline(__always)
    static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* RouteBytes.fnvPrime
    }

    @inline(__always)
    static func finish(_ hash: UInt64) -> UInt64 {
        var value = hash
        value ^= value >> 32
        value &*= 0xD6E8_FEB8_6659_FD93
        value ^= value >> 32
        return value | 1  // never 0
    }

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
                var hash = Self.seed(parent: Int32(parent))
                for byte in key { hash = Self.step(hash, byte) }
                hash = Self.finish(hash)
                var slot = Int(truncatingIfNeeded: hash) & slotMask
                while slots[slot].parent >= 0 { slot = (slot + 1) & slotMask }
                slots[slot] = LiteralSlot(
                    hash: hash, parent: Int32(parent), child: child, start: Int32(literalBytes.count),
                    length: Int32(key.count))
                literalBytes += key
            }
        }
    }
}
