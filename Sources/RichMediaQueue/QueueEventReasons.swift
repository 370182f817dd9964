/// Why an entry was dropped.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum DropReason: String, Sendable, Hashable, Codable {
    /// The id was already pending or on screen and duplicates are ignored (rule 8).
    case duplicate
    /// The enqueue would have exceeded the capacity (rule 9).
    case overflow
}

/// Why an item on screen was closed.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum CloseReason: String, Sendable, Hashable, Codable {
    /// The presenter reported that the item was closed.
    case closed
    /// The display timeout ended it and the presenter was asked to dismiss it (rule 6).
    case timeout
    /// The app changed to a screen the item does not allow, and it was enqueued with
    /// ``ScreenRule/dismissOnLeave``: the presenter was asked to dismiss it (rule 17).
    case leftScreen = "left-screen"
}

/// Why nothing is on screen while items are pending (contract rule 18): the first of these that holds.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum WaitingReason: String, Sendable, Hashable, Codable {
    /// The queue is paused (rule 10).
    case paused
    /// The presenter declined the latest attempt and the queue waits for the next enqueue, `resume()` or the
    /// decline delay (rule 14).
    case declined
    /// The minimum interval since the last close has not passed (rule 2); it ends at a known time.
    case minInterval = "min-interval"
    /// The frequency cap's window is full (rule 15); it opens at a known time.
    case frequencyCap = "frequency-cap"
    /// Some pending items are eligible, but the current screen allows none of them (rule 16).
    case screen
    /// Every pending item waits out a retry delay (rule 5); the earliest ends at a known time.
    case retryDelay = "retry-delay"
}

/// The input that was ignored.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum IgnoredAction: String, Sendable, Hashable, Codable {
    /// A `presented` callback.
    case presented
    /// A `closed` callback.
    case closed
    /// A `failed` callback.
    case failed
    /// A `declined` callback ("not now", rule 14).
    case declined
    /// A cancel request.
    case cancel
    /// A pause request.
    case pause
    /// A resume request.
    case resume
}

/// Why an input was ignored.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum IgnoreReason: String, Sendable, Hashable, Codable {
    /// The callback names an item (or entry) that is not on screen.
    case notOnScreen = "not-on-screen"
    /// The item is on screen, but as a different attempt than the callback names.
    case staleAttempt = "stale-attempt"
    /// A second `presented` for the attempt on screen, or a `declined` after `presented`.
    case alreadyPresented = "already-presented"
    /// `cancel` named the item on screen, which cannot be cancelled.
    case onScreen = "on-screen"
    /// `cancel` named an item that is not pending.
    case notPending = "not-pending"
    /// `pause` while already paused.
    case alreadyPaused = "already-paused"
    /// `resume` while not paused.
    case notPaused = "not-paused"
}
