extension QueueCore.Event {
    /// The public form of the event.
    ///
    /// - Parameters:
    ///   - elapsed: When it happened.
    ///   - subject: The id the input named, for ``QueueEvent/Kind/ignored(_:id:attempt:reason:)``.
    ///   - id: The id of a live entry.
    /// - Returns: The event with ids and attempt tokens.
    func queueEvent<ID>(elapsed: Duration, subject: ID?, id: (QueueCore.Ref) -> ID) -> QueueEvent<ID> {
        func token(_ ref: QueueCore.Ref, _ attempt: Int) -> AttemptToken<ID> {
            AttemptToken(id: id(ref), attempt: attempt, entry: ref.entry)
        }
        let kind: QueueEvent<ID>.Kind
        switch self {
        case .enqueued(let ref): kind = .enqueued(id(ref))
        case .present(let ref, let attempt): kind = .present(token(ref, attempt))
        case .presented(let ref, let attempt): kind = .presented(token(ref, attempt))
        case .closed(let ref, let attempt, let reason): kind = .closed(token(ref, attempt), reason: reason)
        case .failed(let ref, let attempt, let reason, let final):
            kind = .failed(token(ref, attempt), reason: reason, final: final)
        case .expired(let ref): kind = .expired(id(ref))
        case .dropped(let ref, let reason): kind = .dropped(id(ref), reason: reason)
        case .cancelled(let ref): kind = .cancelled(id(ref))
        case .ignored(let action, let attempt, let reason):
            kind = .ignored(action, id: subject, attempt: attempt, reason: reason)
        case .paused: kind = .paused
        case .resumed: kind = .resumed
        }
        return QueueEvent(elapsed: elapsed, kind: kind)
    }
}
