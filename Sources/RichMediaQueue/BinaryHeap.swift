/// A binary min-heap stored in a Swift array: the queue's pending order, overflow victims and timers.
///
/// Removal of an arbitrary element is lazy: the owner marks elements stale in its own records, skips stale
/// elements when they reach the top, and calls ``compact(keeping:)`` when stale ones pile up.
struct BinaryHeap<Element: Comparable>: Sendable where Element: Sendable {
    private(set) var elements: [Element] = []

    /// The number of elements, stale ones included.
    var count: Int { elements.count }

    /// The least element, if any.
    var min: Element? { elements.first }

    /// Adds an element.
    ///
    /// - Complexity: O(log n).
    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the least element.
    ///
    /// - Complexity: O(log n).
    mutating func popMin() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let top = elements.removeLast()
        siftDown(from: 0)
        return top
    }

    /// Keeps only the elements for which `isLive` is true, then restores the heap order.
    ///
    /// - Complexity: O(n).
    mutating func compact(keeping isLive: (Element) -> Bool) {
        elements.removeAll { !isLive($0) }
        var index = elements.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { return }
            let right = left + 1
            let child = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            parent = child
        }
    }

    /// Checks the heap order: no element is less than its parent. Traps on a violation.
    func checkInvariants() {
        for child in elements.indices.dropFirst() {
            precondition(!(elements[child] < elements[(child - 1) / 2]), "heap order violated at \(child)")
        }
    }
}
