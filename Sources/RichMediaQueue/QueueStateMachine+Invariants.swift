extension QueueStateMachine {
    /// Checks that the machine's records agree with each other; traps on the first violation.
    ///
    /// Tests turn it on with ``checksInvariants`` so it runs after every input (as swift-collections'
    /// `Heap+Invariants.swift` does for its heap). It checks the core's records (at most one entry is on
    /// screen and it is the one the on-screen record names; every eligible entry has a live element in the
    /// queue-order heap and no other entry has one; every live timer belongs to something live; the heaps
    /// are in heap order; the frequency cap's window holds at most its count; and, after an input, nothing
    /// eligible waits while the slot is free and the pacing rules allow a present, rule 2), then the ids:
    /// every live entry has an id, the id index lists exactly the live entries, and the on-screen id is the
    /// on-screen entry's.
    ///
    /// - Complexity: O(n log n).
    package func checkInvariants() {
        core.checkInvariants()
        var idOfEntry: [UInt64: ID] = [:]
        for entry in core.entries.values {
            guard let id = ids[entry.slot] else { preconditionFailure("a live entry has no id") }
            precondition(entriesByID[id]?.numbers.contains(entry.number) == true, "id index misses a live entry")
            idOfEntry[entry.number] = id
        }
        precondition(ids.count == core.slotCount, "the id table and the slots differ in size")
        for slot in core.freeSlots { precondition(ids[slot] == nil, "a free slot keeps an id") }
        var indexed = 0
        for (id, list) in entriesByID {
            let numbers = list.numbers
            precondition(numbers == numbers.sorted() && Set(numbers).count == numbers.count, "id list out of order")
            precondition(configuration.duplicates == .allow || numbers.count == 1, "duplicate live entries")
            for number in numbers { precondition(idOfEntry[number] == id, "id index names another entry") }
            indexed += numbers.count
        }
        precondition(indexed == core.entries.count, "id index and entries differ in size")
    }
}
