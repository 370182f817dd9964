import RichMediaKitSupport

/// Hopcroft's partition refinement: the states of a complete deterministic automaton grouped by the language they
/// accept, in O(C · n · log n) for n states and C classes (Moore's algorithm takes as many rounds as the longest
/// string that tells two states apart, which long patterns make slow).
enum Hopcroft {
    /// The blocks of equivalent states.
    ///
    /// - Parameters:
    ///   - count: the number of states.
    ///   - classCount: the number of classes.
    ///   - successors: `successors[state * classCount + class]`, every entry a state (the automaton is complete).
    ///   - isAccepting: whether a state accepts.
    /// - Returns: the block of every state, and the number of blocks.
    static func blocks(
        count: Int, classCount: Int, successors: [Int32], isAccepting: (Int) -> Bool
    ) -> (blockOf: [Int32], count: Int) {
        // Predecessors on each class, as one array per class (counting sort by target).
        var predecessorStart = [Int32](repeating: 0, count: classCount * (count + 1))
        for state in 0..<count {
            for symbol in 0..<classCount {
                predecessorStart[symbol * (count + 1) + Int(successors[state * classCount + symbol]) + 1] += 1
            }
        }
        for symbol in 0..<classCount {
            let base = symbol * (count + 1)
            for target in 0..<count { predecessorStart[base + target + 1] += predecessorStart[base + target] }
        }
        var fill = predecessorStart
        var predecessors = [Int32](repeating: 0, count: count * classCount)
        for state in 0..<count {
            for symbol in 0..<classCount {
                let slot = symbol * (count + 1) + Int(successors[state * classCount + symbol])
                predecessors[symbol * count + Int(fill[slot])] = Int32(state)
                fill[slot] += 1
            }
        }
        var partition = Partition(count: count, first: isAccepting)
        var waiting = Array(0..<partition.blockCount)
        var isWaiting = [Bool](repeating: true, count: partition.blockCount)
        var members: [Int32] = []
        while let splitter = waiting.popLast() {
            isWaiting[splitter] = false
            members = partition.members(of: splitter)
            for symbol in 0..<classCount {
                let base = symbol * (count + 1)
                for target in members {
                    let range =
                        Int(predecessorStart[base + Int(target)])..<Int(predecessorStart[base + Int(target) + 1])
                    for index in range { partition.mark(predecessors[symbol * count + index]) }
                }
                for (kept, split) in partition.splitMarked() {
                    isWaiting.append(false)
                    if isWaiting[kept] {
                        waiting.append(split)
                        isWaiting[split] = true
                    } else {
                        let smaller = partition.size(of: split) <= partition.size(of: kept) ? split : kept
                        waiting.append(smaller)
                        isWaiting[smaller] = true
                    }
                }
            }
        }
        return ((0..<count).map { Int32(partition.block(of: Int32($0))) }, partition.blockCount)
    }
}

/// A partition of `0..<count` into blocks, refined by marking elements and splitting the marked ones off
/// (the data structure of Hopcroft's algorithm).
private struct Partition {
    private var elements: [Int32]
    private var position: [Int32]
    private var blockOf: [Int32]
    private var start: [Int32] = []
    private var end: [Int32] = []
    /// The marked elements of a block are `start..<markedEnd`.
    private var markedEnd: [Int32] = []
    private var touched: [Int32] = []

    var blockCount: Int { start.count }

    /// Two blocks (one if every element is on the same side): the elements `first` holds, then the others.
    init(count: Int, first: (Int) -> Bool) {
        let inFirst = (0..<count).filter { first($0) }.map(Int32.init)
        let others = (0..<count).filter { !first($0) }.map(Int32.init)
        elements = inFirst + others
        position = [Int32](repeating: 0, count: count)
        blockOf = [Int32](repeating: 0, count: count)
        for (index, element) in elements.enumerated() { position[Int(element)] = Int32(index) }
        var offset: Int32 = 0
        for group in [inFirst, others] where !group.isEmpty {
            let block = Int32(start.count)
            start.append(offset)
            end.append(offset + Int32(group.count))
            markedEnd.append(offset)
            for element in group { blockOf[Int(element)] = block }
            offset += Int32(group.count)
        }
    }

    func block(of element: Int32) -> Int { Int(blockOf[Int(element)]) }

    func size(of block: Int) -> Int { Int(end[block] - start[block]) }

    func members(of block: Int) -> [Int32] { Array(elements[Int(start[block])..<Int(end[block])]) }

    /// Marks `element` (at most once between two splits).
    mutating func mark(_ element: Int32) {
        let block = Int(blockOf[Int(element)])
        let from = Int(position[Int(element)])
        let to = Int(markedEnd[block])
        if to == Int(start[block]) { touched.append(Int32(block)) }
        let other = elements[to]
        elements[to] = element
        elements[from] = other
        position[Int(element)] = Int32(to)
        position[Int(other)] = Int32(from)
        markedEnd[block] += 1
    }

    /// Splits every block with marked and unmarked elements: the marked ones become a new block. Clears the marks.
    /// - Returns: each split as (the block kept, the new block).
    mutating func splitMarked() -> [(kept: Int, split: Int)] {
        var splits: [(kept: Int, split: Int)] = []
        for block in touched.map(Int.init) {
            let marked = markedEnd[block]
            if marked == end[block] {
                markedEnd[block] = start[block]
                continue
            }
            let new = start.count
            start.append(start[block])
            end.append(marked)
            markedEnd.append(start[block])
            for index in Int(start[block])..<Int(marked) { blockOf[Int(elements[index])] = Int32(new) }
            start[block] = marked
            markedEnd[block] = marked
            splits.append((block, new))
        }
        touched.removeAll(keepingCapacity: true)
        return splits
    }
}
