/// The queue order of a pending entry (rule 3), precomputed into one key so comparing two entries in the
/// queue-order heap is two integer comparisons: the minimum is presented first.
///
/// `fifo`: enqueue order; `lifo`: reverse enqueue order; `priority`: higher priority first (the bitwise
/// complement reverses the order without overflow), ties in enqueue order.
struct PendingKey: Comparable, Sendable {
    let major: Int
    let minor: UInt64

    init(order: PresentationOrder, priority: Int, sequence: UInt64) {
        switch order {
        case .fifo: (major, minor) = (0, sequence)
        case .lifo: (major, minor) = (0, ~sequence)
        case .priority: (major, minor) = (~priority, sequence)
        }
    }

    static func < (lhs: PendingKey, rhs: PendingKey) -> Bool {
        lhs.major != rhs.major ? lhs.major < rhs.major : lhs.minor < rhs.minor
    }
}

/// The overflow victim order for `drop-lowest-priority`: lowest priority first, ties latest enqueued.
struct LowPriorityRank: Comparable, Sendable {
    let priority: Int
    let sequence: UInt64

    static func < (lhs: LowPriorityRank, rhs: LowPriorityRank) -> Bool {
        if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
        return lhs.sequence > rhs.sequence
    }
}

/// Timer order (rule 12): deadline first, then creation order.
struct TimerRank: Comparable, Sendable {
    let deadline: Duration
    let created: UInt64

    static func < (lhs: TimerRank, rhs: TimerRank) -> Bool {
        if lhs.deadline != rhs.deadline { return lhs.deadline < rhs.deadline }
        return lhs.created < rhs.created
    }
}

/// A heap element naming a pending entry: live while the entry still carries `stamp` (each return to
/// pending gives the entry a new stamp, so elements left behind by an earlier stay are stale).
struct PendingNode<Rank: Comparable & Sendable>: Comparable, Sendable {
    let rank: Rank
    let entry: UInt64
    let stamp: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.rank == rhs.rank && lhs.entry == rhs.entry }
}
