/// The live entries of a queue by the hash of their id, so duplicates and cancels find them.
///
/// The index is not generic: it keys on `id.hashValue` and keeps every entry whose id has that hash. The
/// queue compares the candidates' ids itself (hash collisions put different ids in one chain). It is a
/// chained hash table threaded through the entries' slots: each bucket holds the first slot of its chain and
/// each slot the next one, so inserting and removing allocate nothing once the arrays have grown.
struct EntryIndex {
    private static let none: Int32 = -1

    /// The first slot of each bucket's chain; the count is a power of two.
    private var heads: [Int32] = Array(repeating: none, count: 16)
    /// Per slot: the next slot in its chain.
    private var next: [Int32] = []
    /// Per slot: the entry it holds and the hash of that entry's id.
    private var members: [Member] = []
    private(set) var count = 0

    private struct Member {
        var entry: UInt64
        var hash: Int
    }

    private func bucket(_ hash: Int) -> Int {
        hash & (heads.count - 1)
    }

    /// Adds a live entry whose id hashes to `hash`; its slot must not hold another indexed entry.
    ///
    /// - Complexity: Amortized O(1).
    mutating func insert(_ ref: QueueCore.Ref, hash: Int) {
        precondition(ref.slot >= 0 && ref.slot < Int(Int32.max), "slot out of range")
        if ref.slot >= next.count {
            let grown = Swift.max(ref.slot + 1 - next.count, next.count, 16)
            next.append(contentsOf: repeatElement(Self.none, count: grown))
            members.append(contentsOf: repeatElement(Member(entry: 0, hash: 0), count: grown))
        }
        if count >= heads.count { rehash(buckets: heads.count * 2) }
        members[ref.slot] = Member(entry: ref.entry, hash: hash)
        let bucket = bucket(hash)
        next[ref.slot] = heads[bucket]
        heads[bucket] = Int32(ref.slot)
        count += 1
    }

    /// Removes an entry added with `hash`; does nothing if it is not indexed.
    ///
    /// - Complexity: O(k) for k indexed entries in its chain.
    mutating func remove(_ ref: QueueCore.Ref, hash: Int) {
        let bucket = bucket(hash)
        let target = Int32(truncatingIfNeeded: ref.slot)
        var previous = Self.none
        var slot = heads[bucket]
        while slot != Self.none {
            if slot == target && members[Int(slot)].entry == ref.entry {
                if previous == Self.none {
                    heads[bucket] = next[Int(slot)]
                } else {
                    next[Int(previous)] = next[Int(slot)]
                }
                next[Int(slot)] = Self.none
                members[Int(slot)].entry = 0
                count -= 1
                return
            }
            previous = slot
            slot = next[Int(slot)]
        }
    }

    /// The live entries whose ids hash to `hash` and satisfy `matches`, in no particular order.
    func entries(hash: Int, where matches: (QueueCore.Ref) -> Bool) -> [QueueCore.Ref] {
        var found: [QueueCore.Ref] = []
        var slot = heads[bucket(hash)]
        while slot != Self.none {
            let member = members[Int(slot)]
            let ref = QueueCore.Ref(entry: member.entry, slot: Int(slot))
            if member.hash == hash, matches(ref) { found.append(ref) }
            slot = next[Int(slot)]
        }
        return found
    }

    /// Whether a live entry whose id hashes to `hash` satisfies `matches`.
    func contains(hash: Int, where matches: (QueueCore.Ref) -> Bool) -> Bool {
        var slot = heads[bucket(hash)]
        while slot != Self.none {
            let member = members[Int(slot)]
            if member.hash == hash, matches(QueueCore.Ref(entry: member.entry, slot: Int(slot))) { return true }
            slot = next[Int(slot)]
        }
        return false
    }

    /// Spreads the chains over `buckets` buckets.
    private mutating func rehash(buckets: Int) {
        let old = heads
        heads = Array(repeating: Self.none, count: buckets)
        for head in old {
            var slot = head
            while slot != Self.none {
                let following = next[Int(slot)]
                let bucket = bucket(members[Int(slot)].hash)
                next[Int(slot)] = heads[bucket]
                heads[bucket] = slot
                slot = following
            }
        }
    }
}
