/// Sets of automaton states stored back to back in one array and numbered in the order first stored (the subset
/// constructions of `DFA` and the component and product states of `ProductExplorer`): sorted subsets of global automaton states, stored back to back in
/// one array and indexed by an open-addressing hash table, so looking up a successor never allocates.
struct SubsetStore {
    private(set) var pool: [Int32] = []
    private var offsets: [Int] = [0]
    private var hashes: [UInt64] = []
    private var table = [Int32](repeating: -1, count: 1024)

    var count: Int { hashes.count }

    func range(of index: Int) -> Range<Int> { offsets[index]..<offsets[index + 1] }

    private static func hash(_ subset: ArraySlice<Int32>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for state in subset { hash = (hash ^ UInt64(UInt32(bitPattern: state))) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 29
        return hash &* 0xBF58_476D_1CE4_E5B9
    }

    private func slot(of subset: ArraySlice<Int32>, hash: UInt64) -> (slot: Int, index: Int32?) {
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while true {
            let index = table[slot]
            if index < 0 { return (slot, nil) }
            if hashes[Int(index)] == hash {
                let stored = range(of: Int(index))
                if stored.count == subset.count && pool[stored].elementsEqual(subset) { return (slot, index) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The index of `subset`, if stored.
    func find(_ subset: ArraySlice<Int32>) -> Int32? {
        slot(of: subset, hash: Self.hash(subset)).index
    }

    /// Stores `subset` unless it is already there; returns its index and whether it was new.
    @discardableResult
    mutating func insert(_ subset: ArraySlice<Int32>) -> (index: Int32, isNew: Bool) {
        let hash = Self.hash(subset)
        let (slot, index) = self.slot(of: subset, hash: hash)
        if let index { return (index, false) }
        let new = Int32(hashes.count)
        table[slot] = new
        hashes.append(hash)
        pool.append(contentsOf: subset)
        offsets.append(pool.count)
        if hashes.count * 2 > table.count { grow() }
        return (new, true)
    }

    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash >> 7) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(index)
        }
    }
}
