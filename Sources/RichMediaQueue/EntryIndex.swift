/// The live entries of a queue by the hash of their id, so duplicates and cancels find them.
///
/// The index is not generic: it keys on `id.hashValue` and keeps every entry whose id has that hash. The
/// queue compares the candidates' ids itself (hash collisions put different ids under one hash).
///
/// It is an open-addressing table with linear probing. Each cell holds the low 32 bits of a hash (its tag,
/// which also gives the cell's home) and the slot of the entry, in 8 bytes, so a lookup that finds nothing
/// usually reads one cache line and touches no entry. Per slot the index keeps the entry and its full hash.
/// Removing an entry only clears its slot's member, a line the queue just used: the table cell goes stale
/// and is skipped by lookups (its slot's member no longer matches its tag), reused when the slot is indexed
/// again under the same tag, and dropped when the table is rebuilt. So removal never misses the cache on the
/// table, and inserting and removing allocate nothing once the arrays have grown.
struct EntryIndex {
    private static let empty: Int32 = -1

    /// The table; the count is a power of two, at most half of the cells are used (live or stale).
    private var cells: [Cell] = Array(repeating: Cell(tag: 0, slot: empty), count: 16)
    /// Per slot: the entry it holds (0 if none) and the hash of that entry's id.
    private var members: [Member] = []
    /// The live entries.
    private(set) var count = 0
    /// The cells in use, live or stale.
    private var used = 0

    /// A table cell: the low 32 bits of an indexed hash and the entry's slot, or ``empty``.
    private struct Cell {
        var tag: UInt32
        var slot: Int32
    }

    private struct Member {
        var entry: UInt64
        var hash: Int
    }

    private static func tag(_ hash: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: hash)
    }

    /// Whether `cell` names its slot's live entry: stale cells name a slot that is free or indexed under
    /// another tag.
    private func isLive(_ cell: Cell) -> Bool {
        let member = members[Int(cell.slot)]
        return member.entry != 0 && Self.tag(member.hash) == cell.tag
    }

    /// Adds a live entry whose id hashes to `hash`; its slot must not hold another indexed entry.
    ///
    /// - Complexity: Amortized O(1).
    mutating func insert(_ ref: QueueCore.Ref, hash: Int) {
        precondition(ref.slot >= 0 && ref.slot < Int(Int32.max), "slot out of range")
        precondition(ref.entry != 0, "entry 0 marks free slots")
        if ref.slot >= members.count {
            let grown = Swift.max(ref.slot + 1 - members.count, members.count, 16)
            members.append(contentsOf: repeatElement(Member(entry: 0, hash: 0), count: grown))
        }
        if (used + 1) * 2 > cells.count { rebuild() }
        if members[ref.slot].entry == 0 { count += 1 }
        members[ref.slot] = Member(entry: ref.entry, hash: hash)
        // A stale cell of this slot under the same tag lies in the same probe run: reuse it, so no slot has
        // two cells that look live.
        let tag = Self.tag(hash)
        let slot = Int32(ref.slot)
        let mask = cells.count - 1
        var position = Int(tag) & mask
        while true {
            let cell = cells[position]
            if cell.slot == Self.empty {
                used += 1
                break
            }
            if cell.slot == slot && cell.tag == tag { break }
            position = (position + 1) & mask
        }
        cells[position] = Cell(tag: tag, slot: slot)
    }

    /// Removes an indexed entry; does nothing if it is not indexed (its slot holds another entry or none).
    ///
    /// - Complexity: O(1).
    mutating func remove(_ ref: QueueCore.Ref) {
        guard ref.slot >= 0 && ref.slot < members.count, ref.entry != 0, members[ref.slot].entry == ref.entry
        else { return }
        members[ref.slot].entry = 0
        count -= 1
    }

    /// Calls `body` with each live entry whose id hashes to `hash` until it returns `true`; returns whether
    /// it did.
    @inline(__always)
    private func first(hash: Int, where body: (QueueCore.Ref) -> Bool) -> Bool {
        let mask = cells.count - 1
        let tag = Self.tag(hash)
        var position = Int(tag) & mask
        while true {
            let cell = cells[position]
            if cell.slot == Self.empty { return false }
            if cell.tag == tag {
                let member = members[Int(cell.slot)]
                if member.entry != 0, member.hash == hash,
                    body(QueueCore.Ref(entry: member.entry, slot: Int(cell.slot)))
                {
                    return true
                }
            }
            position = (position + 1) & mask
        }
    }

    /// The live entries whose ids hash to `hash` and satisfy `matches`, in no particular order.
    func entries(hash: Int, where matches: (QueueCore.Ref) -> Bool) -> [QueueCore.Ref] {
        var found: [QueueCore.Ref] = []
        _ = first(hash: hash) { ref in
            if matches(ref) { found.append(ref) }
            return false
        }
        return found
    }

    /// Whether a live entry whose id hashes to `hash` satisfies `matches`.
    func contains(hash: Int, where matches: (QueueCore.Ref) -> Bool) -> Bool {
        first(hash: hash, where: matches)
    }

    /// Drops the stale cells, doubling the table if the live ones would fill more than a quarter of it.
    ///
    /// - Complexity: O(c) for c cells; runs once per at least c/4 insertions.
    private mutating func rebuild() {
        let old = cells
        var size = old.count
        while (count + 1) * 4 > size { size *= 2 }
        cells = Array(repeating: Cell(tag: 0, slot: Self.empty), count: size)
        used = 0
        let mask = size - 1
        for cell in old where cell.slot != Self.empty && isLive(cell) {
            var position = Int(cell.tag) & mask
            while cells[position].slot != Self.empty { position = (position + 1) & mask }
            cells[position] = cell
            used += 1
        }
    }
}
