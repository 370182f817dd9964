/// A binary min-heap of small integer keys (slots) that can also remove any key, in O(log n) amortized.
///
/// Keys are small non-negative integers that their owner reuses (the queue's item slots, timer slots), so
/// the heap keeps each key's state in an array indexed by key, not a dictionary. Removal is lazy: each live
/// key maps to the stamp of its node, and a removed key's node stays in the array until it reaches the top
/// (it is dropped there) or stale nodes outnumber live ones (the heap is rebuilt). So sifting moves only
/// array elements, with no index to update per swap, and the top is always live.
///
/// Keys that arrive in increasing rank (a FIFO queue's entries, timers of one delay) skip the heap: a key
/// whose rank is not below the last one in the sorted run is appended to the run, a queue popped from the
/// front in O(1). The minimum is the smaller of the run's front and the heap's top; both are always live.
struct IndexedHeap<Rank: Comparable & Sendable>: Sendable {
    private struct Node {
        let key: Int
        let rank: Rank
        let stamp: UInt64
    }

    private var nodes: [Node] = []
    /// Nodes in non-decreasing rank order from `runStart` on (the ones before it were popped).
    private var run: [Node] = []
    private var runStart = 0
    /// The stamp of each key's node; 0 if the key is not in the heap.
    private var stamps: [UInt64] = []
    private var nextStamp: UInt64 = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }
    var min: (key: Int, rank: Rank)? {
        guard let top = top else { return nil }
        return (top.key, top.rank)
    }

    /// The live node with the least rank, if any.
    private var top: Node? {
        let front = runStart < run.count ? run[runStart] : nil
        guard let first = nodes.first else { return front }
        guard let front else { return first }
        return front.rank < first.rank ? front : first
    }

    /// Whether `key` is in the heap.
    func contains(_ key: Int) -> Bool {
        key < stamps.count && stamps[key] != 0
    }

    /// - Complexity: O(log n); amortized O(1) when `rank` is not below the ranks already in the heap.
    mutating func insert(_ key: Int, rank: Rank) {
        precondition(key >= 0, "negative key")
        if key >= stamps.count {
            stamps.append(contentsOf: repeatElement(0, count: Swift.max(key + 1 - stamps.count, stamps.count)))
        }
        precondition(stamps[key] == 0, "key already in heap")
        nextStamp += 1
        stamps[key] = nextStamp
        count += 1
        let node = Node(key: key, rank: rank, stamp: nextStamp)
        if runStart == run.count || !(rank < run[run.count - 1].rank) {
            run.append(node)
        } else {
            nodes.append(node)
            siftUp(nodes.count - 1)
        }
    }

    /// - Complexity: O(log n) amortized.
    mutating func popMin() -> (key: Int, rank: Rank)? {
        guard let first = top else { return nil }
        stamps[first.key] = 0
        count -= 1
        dropStaleTop()
        return (first.key, first.rank)
    }

    /// - Complexity: O(log n) amortized.
    mutating func remove(_ key: Int) {
        guard count > 0, contains(key) else { return }
        stamps[key] = 0
        count -= 1
        dropStaleTop()
        if nodes.count + run.count - runStart > 2 * count + 32 {
            rebuild()
        }
    }

    private func isLive(_ node: Node) -> Bool {
        stamps[node.key] == node.stamp
    }

    /// Drops stale nodes from the front of the run and the top of the heap.
    private mutating func dropStaleTop() {
        while runStart < run.count, !isLive(run[runStart]) {
            runStart += 1
        }
        if runStart == run.count {
            run.removeAll(keepingCapacity: true)
            runStart = 0
        } else if runStart >= 1_024, runStart * 2 >= run.count {
            run.removeFirst(runStart)
            runStart = 0
        }
        while let top = nodes.first, !isLive(top) {
            removeTop()
        }
    }

    private mutating func removeTop() {
        let last = nodes.removeLast()
        guard !nodes.isEmpty else { return }
        nodes[0] = last
        siftDown(0)
    }

    /// Keeps only live nodes and restores the heap order bottom-up.
    private mutating func rebuild() {
        let stamps = self.stamps
        run.removeFirst(runStart)
        runStart = 0
        run.removeAll { stamps[$0.key] != $0.stamp }
        nodes.removeAll { stamps[$0.key] != $0.stamp }
        for index in stride(from: nodes.count / 2 - 1, through: 0, by: -1) {
            siftDown(index)
        }
    }

    private mutating func siftUp(_ start: Int) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            var child = start
            let node = nodes[child]
            while child > 0 {
                let parent = (child - 1) / 2
                guard node.rank < nodes[parent].rank else { break }
                nodes[child] = nodes[parent]
                child = parent
            }
            nodes[child] = node
        }
    }

    private mutating func siftDown(_ start: Int) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            var parent = start
            let node = nodes[parent]
            let count = nodes.count
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                var best = left
                let right = left + 1
                if right < count, nodes[right].rank < nodes[left].rank { best = right }
                guard nodes[best].rank < node.rank else { break }
                nodes[parent] = nodes[best]
                parent = best
            }
            nodes[parent] = node
        }
    }
}
