import Testing

@testable import RichMediaQueue

/// Random event sequences against the state machine, checked by an independent shadow model built only
/// from the published events.
@Suite struct ModelBasedTests {
    struct ShadowEntry {
        var sequence: Int
        var priority: Int
        var ttlDeadline: Duration?
        var eligibleAt: Duration
    }

    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    /// The shadow model: what the events say is pending and on screen.
    struct Shadow {
        let configuration: QueueConfiguration
        var pending: [String: ShadowEntry] = [:]
        var onScreen: (id: String, entry: ShadowEntry)?
        var paused = false
        var lastClosed: Duration?
        var sequence = 0
        var enqueued: [String: Int] = [:]
        var terminal: [String: Int] = [:]
        var enqueueArguments: (priority: Int, ttl: Duration?) = (0, nil)

        func better(_ a: ShadowEntry, _ b: ShadowEntry) -> Bool {
            switch configuration.order {
            case .fifo: return a.sequence < b.sequence
            case .lifo: return a.sequence > b.sequence
            case .priority: return a.priority != b.priority ? a.priority > b.priority : a.sequence < b.sequence
            }
        }

        mutating func apply(_ event: QueueEvent<String>, checkOrder: Bool) throws {
            let t = event.elapsed
            func end(_ id: String) throws {
                terminal[id, default: 0] += 1
                if terminal[id]! > enqueued[id, default: 0] { throw Violation(description: "\(id) ended twice") }
            }
            switch event.kind {
            case .enqueued(let id):
                enqueued[id, default: 0] += 1
                sequence += 1
                // A duplicate of a live id is dropped right away; keep the live entry.
                guard pending[id] == nil, onScreen?.id != id else { break }
                pending[id] = ShadowEntry(
                    sequence: sequence, priority: enqueueArguments.priority,
                    ttlDeadline: enqueueArguments.ttl.map { t + $0 }, eligibleAt: t)
            case .present(let token):
                if onScreen != nil { throw Violation(description: "two on screen at \(t)") }
                if paused { throw Violation(description: "present while paused") }
                if let lastClosed, t < lastClosed + configuration.minInterval {
                    throw Violation(description: "min-interval violated")
                }
                guard let entry = pending.removeValue(forKey: token.id) else {
                    throw Violation(description: "presented unknown \(token.id)")
                }
                if entry.eligibleAt > t { throw Violation(description: "presented \(token.id) before its retry delay") }
                if checkOrder {
                    for (other, candidate) in pending
                    where candidate.eligibleAt < t && (candidate.ttlDeadline.map { $0 > t } ?? true)
                        && better(candidate, entry)
                    {
                        throw Violation(description: "presented \(token.id) before better \(other) at \(t)")
                    }
                }
                onScreen = (token.id, entry)
            case .presented(let token):
                if onScreen?.id != token.id { throw Violation(description: "presented for item not on screen") }
            case .closed(let token, _):
                guard onScreen?.id == token.id else { throw Violation(description: "closed item not on screen") }
                onScreen = nil
                lastClosed = t
                try end(token.id)
            case .failed(let token, _, let final):
                guard let current = onScreen, current.id == token.id else {
                    throw Violation(description: "failed item not on screen")
                }
                onScreen = nil
                if final {
                    try end(token.id)
                } else {
                    var entry = current.entry
                    entry.eligibleAt = t + configuration.retryDelay
                    pending[token.id] = entry
                }
            case .expired(let id):
                guard let entry = pending.removeValue(forKey: id) else {
                    throw Violation(description: "expired \(id) not pending")
                }
                if let deadline = entry.ttlDeadline, deadline > t {
                    throw Violation(description: "expired \(id) early")
                }
                try end(id)
            case .dropped(let id, .duplicate):
                try end(id)
            case .dropped(let id, _), .cancelled(let id):
                if pending.removeValue(forKey: id) == nil {
                    throw Violation(description: "dropped or cancelled \(id) not pending")
                }
                try end(id)
            case .ignored:
                break
            case .paused:
                paused = true
            case .resumed:
                paused = false
            }
        }

        /// After an input every due timer has fired, so nothing eligible may be waiting with a free slot.
        func checkLiveness(now: Duration) throws {
            guard !paused, onScreen == nil else { return }
            if let lastClosed, now < lastClosed + configuration.minInterval { return }
            if let (id, _) = pending.first(where: { $0.value.eligibleAt <= now }) {
                throw Violation(description: "\(id) eligible but not presented at \(now)")
            }
        }
    }

    static func randomConfiguration(_ rng: inout SeededGenerator, duplicates: DuplicatePolicy) -> QueueConfiguration {
        QueueConfiguration(
            order: PresentationOrder.allCases.randomElement(using: &rng)!,
            minInterval: .seconds([0, 0, 1, 2].randomElement(using: &rng)!),
            presentTimeout: [nil, .seconds(2), .seconds(3)].randomElement(using: &rng)!,
            displayTimeout: [nil, nil, .seconds(3)].randomElement(using: &rng)!,
            maxAttempts: Int.random(in: 1...3, using: &rng),
            retryDelay: .seconds([0, 1, 2].randomElement(using: &rng)!),
            capacity: [nil, 2, 3].randomElement(using: &rng)!,
            overflow: OverflowPolicy.allCases.randomElement(using: &rng)!,
            duplicates: duplicates)
    }

    static func runSequence(seed: UInt64, steps: Int) throws {
        var rng = SeededGenerator(seed: seed)
        let duplicates: DuplicatePolicy = Int.random(in: 0..<5, using: &rng) == 0 ? .allow : .ignore
        let configuration = randomConfiguration(&rng, duplicates: duplicates)
        var machine = QueueStateMachine<String>(configuration: configuration)
        var shadow = Shadow(configuration: configuration)
        let checkOrder = duplicates == .ignore
        let ids = ["A", "B", "C", "D", "E"]
        var now = Duration.zero
        var effects: [QueueStateMachine<String>.Effect] = []

        func apply(_ effects: [QueueStateMachine<String>.Effect]) throws {
            for case .event(let event) in effects {
                if checkOrder { try shadow.apply(event, checkOrder: true) } else { try shadow.applyLoosely(event) }
            }
        }

        for _ in 0..<steps {
            now += .milliseconds(500 * Int.random(in: 0...3, using: &rng))
            effects.removeAll(keepingCapacity: true)
            let id = ids.randomElement(using: &rng)!
            let before = (machine.onScreenToken, machine.pendingInQueueOrder.map(\.entry), machine.isPaused)
            var onlyIgnored = true
            // Timers due now fire first; record them separately so "ignored changes nothing" can be checked.
            machine.advance(to: now, effects: &effects)
            try apply(effects)
            let afterTimers = (machine.onScreenToken, machine.pendingInQueueOrder.map(\.entry), machine.isPaused)
            _ = before
            effects.removeAll(keepingCapacity: true)
            switch Int.random(in: 0..<12, using: &rng) {
            case 0...3:
                let priority = Int.random(in: 0...2, using: &rng)
                let ttl: Duration? = Bool.random(using: &rng) ? nil : .seconds(Int.random(in: 1...4, using: &rng))
                shadow.enqueueArguments = (priority, ttl)
                machine.enqueue(id, priority: priority, ttl: ttl, at: now, effects: &effects)
                onlyIgnored = false
            case 4, 5, 6:
                // A callback, usually for the item on screen with the right attempt, sometimes wrong.
                let token = machine.onScreenToken
                let target: QueueStateMachine<String>.CallbackTarget
                if let token, Int.random(in: 0..<4, using: &rng) > 0 {
                    let attempt: Int? = [nil, token.attempt, token.attempt].randomElement(using: &rng)!
                    target = .init(id: token.id, attempt: attempt)
                } else {
                    target = .init(id: id, attempt: [nil, 1, 2, 3].randomElement(using: &rng)!)
                }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: machine.presented(target, at: now, effects: &effects)
                case 1: machine.closed(target, at: now, effects: &effects)
                default: machine.failed(target, reason: "x", at: now, effects: &effects)
                }
            case 7:
                machine.pause(at: now, effects: &effects)
            case 8:
                machine.resume(at: now, effects: &effects)
            case 9:
                machine.cancel(id, at: now, effects: &effects)
            case 10:
                if Int.random(in: 0..<4, using: &rng) == 0 { machine.cancelAll(at: now, effects: &effects) }
            default:
                break
            }
            let events = effects.compactMap { effect -> QueueEvent<String>? in
                if case .event(let event) = effect { return event } else { return nil }
            }
            if onlyIgnored, !events.isEmpty, events.allSatisfy({ if case .ignored = $0.kind { true } else { false } }) {
                let after = (machine.onScreenToken, machine.pendingInQueueOrder.map(\.entry), machine.isPaused)
                if after.0 != afterTimers.0 || after.1 != afterTimers.1 || after.2 != afterTimers.2 {
                    throw Violation(description: "an ignored input changed the state")
                }
            }
            try apply(effects)
            if checkOrder { try shadow.checkLiveness(now: now) }
        }
        // Run out every timer, then account for every entry.
        while let deadline = machine.nextDeadline {
            effects.removeAll(keepingCapacity: true)
            machine.advance(to: deadline, effects: &effects)
            try apply(effects)
        }
        var live: [String: Int] = [:]
        for entry in machine.pendingInQueueOrder { live[entry.id, default: 0] += 1 }
        if let token = machine.onScreenToken { live[token.id, default: 0] += 1 }
        for id in Set(shadow.enqueued.keys).union(live.keys) {
            let balance = shadow.enqueued[id, default: 0] - shadow.terminal[id, default: 0]
            if balance != live[id, default: 0] {
                throw Violation(description: "\(id): \(balance) unaccounted, \(live[id, default: 0]) live")
            }
        }
    }

    @Test func tenThousandRandomSequencesKeepTheInvariants() throws {
        for seed in 0..<UInt64(10_000) {
            do {
                try Self.runSequence(seed: seed, steps: 24)
            } catch {
                Issue.record("seed \(seed): \(error)")
                return
            }
        }
    }
}

extension ModelBasedTests.Shadow {
    /// With duplicates allowed ids do not identify entries; check only one-on-screen and accounting.
    mutating func applyLoosely(_ event: QueueEvent<String>) throws {
        func end(_ id: String) throws {
            terminal[id, default: 0] += 1
            if terminal[id]! > enqueued[id, default: 0] {
                throw ModelBasedTests.Violation(description: "\(id) ended more often than enqueued")
            }
        }
        switch event.kind {
        case .enqueued(let id): enqueued[id, default: 0] += 1
        case .present(let token):
            if onScreen != nil { throw ModelBasedTests.Violation(description: "two on screen") }
            onScreen = (
                token.id, ModelBasedTests.ShadowEntry(sequence: 0, priority: 0, ttlDeadline: nil, eligibleAt: .zero)
            )
        case .closed(let token, _):
            onScreen = nil
            try end(token.id)
        case .failed(let token, _, let final):
            onScreen = nil
            if final { try end(token.id) }
        case .expired(let id), .dropped(let id, _), .cancelled(let id): try end(id)
        default: break
        }
    }
}
