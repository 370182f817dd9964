/// A binary min-heap of keys with an index from key to position, so any key can be removed in O(log n).
struct IndexedHeap<Rank: Comparable & Sendable>: Sendable {
    private var nodes: [(key: UInt64, rank: Rank)] = []
    private var positions: [UInt64: Int] = [:]

    var count: Int { nodes.count }
    var isEmpty: Bool { nodes.isEmpty }
    var min: (key: UInt64, rank: Rank)? { nodes.first }

    func contains(_ key: UInt64) -> Bool { positions[key] != nil }

    /// All keys, in no particular order.
    var keys: Dictionary<UInt64, Int>.Keys { positions.keys }

    /// - Complexity: O(log n).
    mutating func insert(_ key: UInt64, rank: Rank) {
        precondition(positions[key] == nil, "key already in heap")
        nodes.append((key, rank))
        positions[key] = nodes.count - 1
        siftUp(nodes.count - 1)
    }

    /// - Complexity: O(log n).
    mutating func popMin() -> (key: UInt64, rank: Rank)? {
        guard let first = nodes.first else { return nil }
        remove(at: 0)
        return first
    }

    /// - Complexity: O(log n).
    @discardableResult
    mutating func remove(_ key: UInt64) -> Rank? {
        guard let index = positions[key] else { return nil }
        let rank = nodes[index].rank
        remove(at: index)
        return rank
    }

    private mutating func remove(at index: Int) {
        let removed = nodes[index].key
        let last = nodes.count - 1
        if index != last {
            swapNodes(index, last)
        }
        nodes.removeLast()
        positions[removed] = nil
        if index < nodes.count {
            siftDown(index)
            siftUp(index)
        }
    }

    private mutating func swapNodes(_ a: Int, _ b: Int) {
        nodes.swapAt(a, b)
        positions[nodes[a].key] = a
        positions[nodes[b].key] = b
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard nodes[child].rank < nodes[parent].rank else { return }
            swapNodes(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < nodes.count else { return }
            var best = left
            let right = left + 1
            if right < nodes.count, nodes[right].rank < nodes[left].rank { best = right }
            guard nodes[best].rank < nodes[parent].rank else { return }
            swapNodes(best, parent)
            parent = best
        }
    }
}
