/// The mutable state of a ``PresentationQueue`` in one non-generic value.
///
/// The actor keeps all state an input changes here, so each input mutates it in a single access: the stored
/// properties of an actor are checked for exclusive access at run time on every access, while the parts of a
/// value reached through one `inout` access are checked at compile time.
struct QueueEngine {
    /// The rules, on entry numbers.
    var core: QueueCore
    /// The live entries by id hash.
    var index = EntryIndex()
    /// Effects of the input being handled; kept between inputs so no input allocates it.
    var effects: [QueueCore.Effect] = []
    /// Presenter calls of the input being handled, made once its effects are applied.
    var calls: [PresenterCall] = []
    /// Slots released by the input being handled: their items stay readable for its presenter calls.
    var retired: [Int] = []
    /// Whether ``PresentationQueue/shutdown()`` was called.
    var isShutDown = false
    /// Whether the input being handled publishes its events: decided once per input, when it reads the
    /// clock (or skips reading it because nobody listens).
    var isPublishing = false
    /// The task that wakes the queue for its next timer, if one is scheduled.
    var wakeUp: QueueWakeUp?
    /// The generation of the latest scheduled wake-up.
    var wakeGeneration: UInt64 = 0

    init(configuration: QueueConfiguration) {
        core = QueueCore(configuration: configuration)
    }

    /// Whether a wake-up for the earliest timer must be scheduled (none is, or a later one is).
    var needsWakeUp: Bool {
        guard !isShutDown, let deadline = core.nextDeadline else { return false }
        guard let wakeUp else { return true }
        return wakeUp.deadline > deadline
    }
}

/// A scheduled wake-up of the queue: its task, the deadline it sleeps until and its generation.
struct QueueWakeUp {
    let task: Task<Void, Never>
    let deadline: Duration
    let generation: UInt64
}

/// A presenter call of the input being handled. Declared outside the generic actor so it is not generic:
/// recording calls and clearing their buffer fetch no type metadata.
struct PresenterCall {
    let isDismissal: Bool
    let ref: QueueCore.Ref
    let attempt: Int
}
