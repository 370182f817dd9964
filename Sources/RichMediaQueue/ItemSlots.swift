/// The items of a queue's live entries, in numbered slots that are reused after release.
///
/// The queue's core names each entry's slot in its effects, so finding an item is an index, not a hash
/// lookup. Storage is a plain buffer of `Item` (no optionals or dictionaries of `Item`), which keeps the
/// unspecialized generic code the actor runs for an app's item type cheap. Each slot also remembers its
/// entry and the hash of its item's id, for the queue's id index.
///
/// The stored properties opt out of run-time exclusivity checks (each access would otherwise register in
/// the task's access set): the slots belong to one actor, which only touches them from its own executor, and
/// no method lets other code run while it accesses them (reading an item's `id` reaches no slots).
final class ItemSlots<Item: Identifiable> {
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Item>
    @exclusivity(unchecked) private var capacity: Int
    /// Per slot: its entry and id hash if the slot holds an item, `nil` if it is free or retired.
    @exclusivity(unchecked) private var occupants: [SlotOccupant?] = []
    /// Per slot: whether its storage holds an item (a live or a retired one).
    @exclusivity(unchecked) private var initialized: [Bool] = []
    @exclusivity(unchecked) private var free: [Int] = []

    init() {
        capacity = 16
        storage = UnsafeMutablePointer<Item>.allocate(capacity: capacity)
    }

    deinit {
        for (slot, isInitialized) in initialized.enumerated() where isInitialized {
            (storage + slot).deinitialize(count: 1)
        }
        storage.deallocate()
    }

    /// Stores the item of `entry`, whose id hashes to `hash`, and returns its slot.
    ///
    /// - Complexity: Amortized O(1).
    func insert(_ item: Item, entry: UInt64, hash: Int) -> Int {
        let slot: Int
        let occupant = SlotOccupant(entry: entry, hash: hash)
        if let reused = free.popLast() {
            slot = reused
            occupants[slot] = occupant
            initialized[slot] = true
        } else {
            slot = occupants.count
            if slot == capacity { grow() }
            occupants.append(occupant)
            initialized.append(true)
        }
        (storage + slot).initialize(to: item)
        return slot
    }

    /// Whether `slot` still holds the item of `entry`.
    func holds(_ entry: UInt64, at slot: Int) -> Bool {
        occupants[slot]?.entry == entry
    }

    /// The item in `slot`, which must hold one.
    func item(at slot: Int) -> Item {
        precondition(occupants[slot] != nil, "empty slot")
        return storage[slot]
    }

    /// The id of the item in `slot`, which must hold one.
    func id(at slot: Int) -> Item.ID {
        precondition(occupants[slot] != nil, "empty slot")
        return storage[slot].id
    }

    /// The id hash of the item in `slot`, which must hold one.
    func hash(at slot: Int) -> Int {
        guard let occupant = occupants[slot] else { preconditionFailure("empty slot") }
        return occupant.hash
    }

    /// Releases the item in `slot`, which must hold one.
    func remove(at slot: Int) {
        retire(at: slot)
        reclaim(slot)
    }

    /// Ends the entry in `slot`, which must hold one, but keeps its item readable with
    /// ``retiredItem(at:)`` and the slot unused until ``reclaim(_:)``.
    func retire(at slot: Int) {
        precondition(occupants[slot] != nil, "empty slot")
        occupants[slot] = nil
    }

    /// The item in `slot`, which holds a live or a retired item.
    func retiredItem(at slot: Int) -> Item {
        precondition(initialized[slot], "empty slot")
        return storage[slot]
    }

    /// Releases the item of a retired `slot` and makes the slot reusable.
    func reclaim(_ slot: Int) {
        precondition(occupants[slot] == nil && initialized[slot], "slot is not retired")
        (storage + slot).deinitialize(count: 1)
        initialized[slot] = false
        free.append(slot)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Item>.allocate(capacity: capacity * 2)
        for (slot, isInitialized) in initialized.enumerated() where isInitialized {
            (larger + slot).moveInitialize(from: storage + slot, count: 1)
        }
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}

/// The entry in a slot and its id hash; not nested in ``ItemSlots`` so it stays non-generic.
private struct SlotOccupant {
    let entry: UInt64
    let hash: Int
}
