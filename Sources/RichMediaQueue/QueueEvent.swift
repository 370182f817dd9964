/// Something that happened in a ``PresentationQueue``, in the vocabulary of the `mediaqueue` simulator.
///
/// Every enqueued entry produces ``Kind/enqueued(_:)`` and later exactly one terminal event
/// (``Kind/closed(_:reason:)``, a final ``Kind/failed(_:reason:final:)``, ``Kind/expired(_:)``,
/// ``Kind/dropped(_:reason:)`` or ``Kind/cancelled(_:)``), unless it is still pending or on screen.
public struct QueueEvent<ID: Hashable & Sendable>: Hashable, Sendable {
    /// What happened.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Kind: Hashable, Sendable {
        /// An entry was accepted for consideration (it may be dropped right after).
        case enqueued(ID)
        /// The queue asked the presenter to present this attempt; the slot is taken from now on.
        case present(AttemptToken<ID>)
        /// The presenter reported the attempt visible.
        case presented(AttemptToken<ID>)
        /// The attempt on screen ended normally or by display timeout. Terminal.
        case closed(AttemptToken<ID>, reason: CloseReason)
        /// The attempt failed (`reason` is `"timeout"` for a present timeout); terminal when `final`.
        case failed(AttemptToken<ID>, reason: String?, final: Bool)
        /// The presenter declined the attempt ("not now", rule 14): the item is pending again, the attempt
        /// does not count toward `maxAttempts`, and the queue waits for the next enqueue, `resume()` or the
        /// decline delay before it presents again.
        case declined(AttemptToken<ID>)
        /// A pending entry's ttl ran out. Terminal.
        case expired(ID)
        /// An entry was dropped as a duplicate or by the overflow policy. Terminal.
        case dropped(ID, reason: DropReason)
        /// A pending entry was cancelled. Terminal.
        case cancelled(ID)
        /// An input changed nothing; `id` and `attempt` are what the input named, if anything.
        case ignored(IgnoredAction, id: ID?, attempt: Int?, reason: IgnoreReason)
        /// The queue was paused.
        case paused
        /// The queue was resumed.
        case resumed
        /// The app said the user is on this screen (`nil`: none), whether or not it changed (rule 16).
        case screen(String?)
        /// Nothing is on screen while items are pending: `id` is the best pending item (rule 3, whatever the
        /// screen), `reason` the first reason that holds, `until` when that wait ends if it has a known end
        /// (rule 18). Published only with ``QueueConfiguration/reportsWaiting``, and only when the item or the
        /// reason differs from the last `waiting` since the last `present`.
        case waiting(ID, reason: WaitingReason, until: Duration?)
    }

    /// The time since the queue was created, on the queue's clock.
    public var elapsed: Duration
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - elapsed: The time since the queue was created.
    ///   - kind: What happened.
    public init(elapsed: Duration, kind: Kind) {
        self.elapsed = elapsed
        self.kind = kind
    }

    /// Whether this event ends its entry (closed, final failure, expired, dropped, cancelled).
    public var isTerminal: Bool {
        switch kind {
        case .closed, .expired, .dropped, .cancelled: return true
        case .failed(_, _, let final): return final
        default: return false
        }
    }
}

extension QueueEvent: CustomStringConvertible {
    /// The event as one line in the vocabulary of `mediaqueue` scenarios: the time in seconds, the event
    /// name, then what it names.
    ///
    /// ```
    /// 0s enqueued a
    /// 0s present a#1
    /// 1.5s presented a#1
    /// 4s closed a#1                    (closed a#1 timeout: the display timeout ended it;
    ///                                  closed a#1 left-screen: the screen changed, rule 17)
    /// 5s failed b#1 timeout retry      (… final: no attempts left)
    /// 5s declined c#1
    /// 6s dropped c duplicate           (or overflow)
    /// 7s expired d
    /// 8s cancelled e
    /// 9s ignored closed a#1 not-on-screen
    /// 9s ignored pause already-paused
    /// 10s paused
    /// 11s resumed
    /// 12s screen checkout             (screen none: no screen)
    /// 12s waiting b screen            (waiting b min-interval until 14s: a wait with a known end)
    /// ```
    ///
    /// A failure without a reason omits it (`failed b#1 final`). Ids print with their own description.
    public var description: String {
        let time = DurationText.seconds(elapsed)
        switch kind {
        case .enqueued(let id): return "\(time) enqueued \(id)"
        case .present(let token): return "\(time) present \(token)"
        case .presented(let token): return "\(time) presented \(token)"
        case .closed(let token, let reason):
            return "\(time) closed \(token)" + (reason == .closed ? "" : " \(reason.rawValue)")
        case .failed(let token, let reason, let final):
            return "\(time) failed \(token)" + (reason.map { " \($0)" } ?? "") + (final ? " final" : " retry")
        case .declined(let token): return "\(time) declined \(token)"
        case .expired(let id): return "\(time) expired \(id)"
        case .dropped(let id, let reason): return "\(time) dropped \(id) \(reason.rawValue)"
        case .cancelled(let id): return "\(time) cancelled \(id)"
        case .ignored(let action, let id, let attempt, let reason):
            let subject = id.map { " \($0)" + (attempt.map { "#\($0)" } ?? "") } ?? ""
            return "\(time) ignored \(action.rawValue)\(subject) \(reason.rawValue)"
        case .paused: return "\(time) paused"
        case .resumed: return "\(time) resumed"
        case .screen(let name): return "\(time) screen \(name ?? "none")"
        case .waiting(let id, let reason, let until):
            return "\(time) waiting \(id) \(reason.rawValue)"
                + (until.map { " until \(DurationText.seconds($0))" } ?? "")
        }
    }
}
