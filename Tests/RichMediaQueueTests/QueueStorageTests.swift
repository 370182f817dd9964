import Testing

@testable import RichMediaQueue

@Suite struct QueueStorageTests {
    struct Media: Identifiable {
        var id: String
    }

    @Test func heapPopsInRankOrderAfterManyLazyRemovals() {
        var heap = IndexedHeap<UInt64>()
        var generator = SeededGenerator(seed: 7)
        var ranks: [Int: UInt64] = [:]
        for key in 1...2_000 {
            let rank = UInt64.random(in: 0..<500, using: &generator)
            ranks[key] = rank
            heap.insert(key, rank: rank)
        }
        // Remove most keys (far more than the live ones left, so the heap rebuilds) in random order.
        for key in ranks.keys.sorted().shuffled(using: &generator).prefix(1_800) {
            heap.remove(key)
            ranks[key] = nil
        }
        #expect(heap.count == ranks.count)
        var popped: [UInt64] = []
        while let top = heap.popMin() {
            #expect(ranks[top.key] == top.rank)
            popped.append(top.rank)
        }
        #expect(popped == ranks.values.sorted())
        #expect(heap.isEmpty && heap.min == nil)
    }

    @Test(arguments: [0.0, 0.3, 1.0])
    func heapWithSortedRunMatchesAReferenceModel(outOfOrderShare: Double) {
        var heap = IndexedHeap<Int>()
        var generator = SeededGenerator(seed: 11)
        var model: [Int: Int] = [:]  // key -> rank; ranks are unique
        var nextRank = 1_000_000
        var usedRanks: Set<Int> = []
        for _ in 0..<20_000 {
            let roll = Double.random(in: 0..<1, using: &generator)
            if roll < 0.5 {
                let key = Int.random(in: 0..<3_000, using: &generator)
                guard model[key] == nil else { continue }
                var rank: Int
                if Double.random(in: 0..<1, using: &generator) < outOfOrderShare {
                    repeat { rank = Int.random(in: 0..<nextRank, using: &generator) } while usedRanks.contains(rank)
                } else {
                    nextRank += Int.random(in: 1...3, using: &generator)
                    rank = nextRank
                }
                usedRanks.insert(rank)
                model[key] = rank
                heap.insert(key, rank: rank)
            } else if roll < 0.75 {
                let key = Int.random(in: 0..<3_000, using: &generator)
                heap.remove(key)
                model[key] = nil
            } else {
                let expected = model.min { $0.value < $1.value }
                let popped = heap.popMin()
                #expect(popped?.key == expected?.key && popped?.rank == expected?.value)
                if let key = expected?.key { model[key] = nil }
            }
            #expect(heap.count == model.count)
            #expect(heap.min?.rank == model.values.min())
        }
        var drained: [Int] = []
        while let top = heap.popMin() { drained.append(top.rank) }
        #expect(drained == model.values.sorted())
    }

    @Test func increasingRanksPopInOrderAfterRemovalsFromTheRun() {
        var heap = IndexedHeap<Int>()
        for key in 0..<5_000 { heap.insert(key, rank: key) }
        for key in stride(from: 0, to: 5_000, by: 3) { heap.remove(key) }
        heap.insert(9_999, rank: -1)  // below the run: goes to the heap part
        #expect(heap.popMin()?.key == 9_999)
        var popped: [Int] = []
        while let top = heap.popMin() { popped.append(top.key) }
        #expect(popped == (0..<5_000).filter { $0 % 3 != 0 })
    }

    @Test func removedKeyCanBeInsertedAgain() {
        var heap = IndexedHeap<Int>()
        heap.insert(1, rank: 5)
        heap.insert(2, rank: 7)
        heap.remove(2)
        heap.insert(2, rank: 1)
        #expect(heap.popMin()?.key == 2)
        #expect(heap.popMin()?.key == 1)
        #expect(heap.popMin() == nil)
    }

    @Test func slotsKeepItemsAcrossGrowthAndReuse() {
        let slots = ItemSlots<Media>()
        var live: [Int: (entry: UInt64, id: String)] = [:]
        for entry in UInt64(1)...100 {
            let id = "m\(entry)"
            let slot = slots.insert(Media(id: id), entry: entry, hash: id.hashValue)
            live[slot] = (entry, id)
        }
        for slot in live.keys.sorted().filter({ $0 % 3 == 0 }) {
            slots.remove(at: slot)
            #expect(!slots.holds(live[slot]!.entry, at: slot))
            live[slot] = nil
        }
        for entry in UInt64(101)...150 {
            let id = "m\(entry)"
            let slot = slots.insert(Media(id: id), entry: entry, hash: id.hashValue)
            #expect(live[slot] == nil)
            live[slot] = (entry, id)
        }
        for (slot, occupant) in live {
            #expect(slots.holds(occupant.entry, at: slot))
            #expect(slots.item(at: slot).id == occupant.id)
            #expect(slots.hash(at: slot) == occupant.id.hashValue)
        }
    }

    @Test func indexFindsEntriesThroughCollidingHashesAndGrowth() {
        var index = EntryIndex()
        var generator = SeededGenerator(seed: 11)
        // Hashes 0..<50 repeat, so chains hold several entries; 1,000 entries force rehashing.
        var live: [QueueCore.Ref: Int] = [:]
        for slot in 0..<1_000 {
            let ref = QueueCore.Ref(entry: UInt64(slot + 1), slot: slot)
            let hash = slot % 50 == 0 ? -slot : slot % 50
            index.insert(ref, hash: hash)
            live[ref] = hash
        }
        for ref in live.keys.sorted(by: { $0.slot < $1.slot }).shuffled(using: &generator).prefix(700) {
            index.remove(ref)
            live[ref] = nil
        }
        #expect(index.count == live.count)
        for hash in Set(live.values) {
            let expected = Set(live.filter { $0.value == hash }.map(\.key))
            #expect(Set(index.entries(hash: hash) { _ in true }) == expected)
            #expect(index.contains(hash: hash) { expected.contains($0) })
        }
        #expect(!index.contains(hash: 12_345) { _ in true })
        // A removed entry's slot can hold a new entry; removing the old one again changes nothing.
        let old = QueueCore.Ref(entry: 1, slot: 0)
        let reused = QueueCore.Ref(entry: 5_000, slot: 0)
        index.insert(reused, hash: 7)
        index.remove(old)
        #expect(index.entries(hash: 7) { $0.slot == 0 } == [reused])
    }

    @Test func indexStaysExactWhenSlotsAreReusedUnderSameAndOtherHashes() {
        var index = EntryIndex()
        var generator = SeededGenerator(seed: 29)
        // 64 slots churn through 20,000 entries with 10 hashes: removed entries leave stale cells that must
        // never show up, be counted twice or fill the table.
        var live: [Int: (ref: QueueCore.Ref, hash: Int)] = [:]
        var nextEntry: UInt64 = 1
        for _ in 0..<20_000 {
            let slot = Int.random(in: 0..<64, using: &generator)
            if let current = live[slot] {
                index.remove(current.ref)
                index.remove(current.ref)
                live[slot] = nil
            } else {
                let ref = QueueCore.Ref(entry: nextEntry, slot: slot)
                nextEntry += 1
                let hash = Int.random(in: 0..<10, using: &generator) << 40 | 3
                index.insert(ref, hash: hash)
                live[slot] = (ref, hash)
            }
        }
        #expect(index.count == live.count)
        for hash in (0..<10).map({ $0 << 40 | 3 }) {
            let expected = live.values.filter { $0.hash == hash }.map(\.ref)
            let found = index.entries(hash: hash) { _ in true }
            #expect(found.count == expected.count)
            #expect(Set(found) == Set(expected))
            #expect(index.contains(hash: hash) { _ in true } == !expected.isEmpty)
        }
    }

    @Test func retiredSlotKeepsItsItemUntilReclaimed() {
        let slots = ItemSlots<Media>()
        let first = slots.insert(Media(id: "a"), entry: 1, hash: 1)
        slots.retire(at: first)
        #expect(!slots.holds(1, at: first))
        let second = slots.insert(Media(id: "b"), entry: 2, hash: 2)
        #expect(second != first)
        #expect(slots.retiredItem(at: first).id == "a")
        slots.reclaim(first)
        #expect(slots.insert(Media(id: "c"), entry: 3, hash: 3) == first)
    }

    @Test func timerHandleOfAFiredTimerDoesNotCancelTheTimerReusingItsSlot() {
        var core = QueueCore(configuration: QueueConfiguration())
        var effects: [QueueCore.Effect] = []
        let first = core.addTimer(at: .seconds(1), .intervalElapsed)
        core.advance(to: .seconds(1), effects: &effects)
        let second = core.addTimer(at: .seconds(5), .intervalElapsed)
        #expect(second.slot == first.slot)
        core.cancelTimer(first)
        #expect(core.nextDeadline == .seconds(5))
        core.cancelTimer(second)
        #expect(core.nextDeadline == nil)
    }
}
