import Testing

@testable import RichMediaQueue

@Suite struct QueueStorageTests {
    struct Media: Identifiable {
        var id: String
    }

    @Test func heapPopsInRankOrderAfterManyLazyRemovals() {
        var heap = IndexedHeap<UInt64>()
        var generator = SeededGenerator(seed: 7)
        var ranks: [UInt64: UInt64] = [:]
        for key in UInt64(1)...2_000 {
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
}
