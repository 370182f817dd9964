import RichMediaQueue

/// Checks a queue's event stream against the contract, rebuilding the queue's state from the events alone.
///
/// The one contract checker of the package: the model-based tests, the fault-injection tests and the
/// scenario fuzzer all use it. Feed it every event in order with ``apply(_:)``; it records a violation
/// for: time going backwards; a `present` while something is on screen, while paused or inside the
/// minimum interval, past the frequency cap, or while a decline holds the queue (without a decline
/// delay); attempts that do not count 1, 2, … or count more than `max-attempts` (declined attempts do not
/// count); `presented`, `closed`, `failed` or `declined` for anything but the attempt on screen; a retry
/// after the last attempt; an entry ending twice or while not pending; a `closed left-screen` that does not
/// directly follow a `screen` event (rule 17); a `waiting` event without `report-waiting`, while something
/// is on screen or nothing is pending, or repeating the last one's id and reason since the last `present`
/// (rule 18). With duplicates ignored (ids then name entries) and the enqueue arguments given through
/// ``noteEnqueue(priority:ttl:screens:tags:)``, it also checks the order (rule 3, among the items the screen
/// allows), that a present is on a screen the item allows (rule 16), that leaving a screen dismisses exactly
/// the `dismiss-on-leave` item the new screen does not allow (rule 17), each `waiting` report's item, reason
/// and time (rule 18), retry delays and expiry times; ``checkLiveness(now:)`` checks that nothing eligible
/// the screen allows waits while the slot is free, and with reports on, that the last report says why the
/// queue waits now. ``compare(onScreen:isPresented:isPaused:pending:)`` checks the story against the queue's
/// own state and that every enqueued entry ended exactly once or is still there.
package struct ContractChecker: Sendable {
    struct Model: Sendable {
        var sequence: Int
        var priority: Int
        var ttlDeadline: Duration?
        var eligibleAt: Duration
        var screens: ScreenRule
        var tags: Set<String>
    }

    /// Why the queue waits, as the story says (rule 18).
    package struct Waiting: Sendable, Hashable {
        package var id: String
        package var reason: WaitingReason
        package var until: Duration?

        package init(id: String, reason: WaitingReason, until: Duration? = nil) {
            self.id = id
            self.reason = reason
            self.until = until
        }
    }

    package let configuration: QueueConfiguration
    /// Whether entries may start at a later attempt (restored backlogs keep their used attempts).
    let restoring: Bool
    package private(set) var violations: [String] = []
    package private(set) var events: [QueueEvent<String>] = []
    var pending: [String: Int] = [:]
    var onScreen: AttemptToken<String>?
    var isPresented = false
    var isPaused = false
    var lastClose: Duration?
    var lastTime = Duration.zero
    var enqueued: [String: Int] = [:]
    var ended: [String: Int] = [:]
    var attempts: [UInt64: Int] = [:]
    var declines: [UInt64: Int] = [:]
    /// Whether a decline holds the queue until the next enqueue, resume or decline delay.
    var isHeld = false
    /// The start times of the presents that count toward the frequency cap.
    var starts: [Duration] = []
    /// The order model, by id; kept only when ids name entries and enqueue arguments are known.
    var models: [String: Model]? = nil
    var onScreenModel: Model?
    var sequence = 0
    var nextEnqueue: (priority: Int, ttl: Duration?, screens: ScreenRule, tags: Set<String>)?
    /// The screen the app last set (rule 16).
    package private(set) var screen: String?
    /// The attempt a `screen` event requires to be closed next as `left-screen` (rule 17), and whether the
    /// previous event was a `screen` event (a `left-screen` close follows one directly).
    var mustLeave: AttemptToken<String>?
    var previousWasScreen = false
    /// When the wait after a decline ends by itself (with a decline delay).
    var heldUntil: Duration?
    /// The last `waiting` report since the last `present` (rule 18).
    package private(set) var lastWaiting: Waiting?

    /// Creates a checker.
    ///
    /// - Parameters:
    ///   - configuration: The queue's rules.
    ///   - restoring: Whether entries may start at a later attempt (a restored backlog).
    ///   - checksOrder: Whether to keep the order model (needs ``noteEnqueue(priority:ttl:)`` before every
    ///     enqueue, and duplicates ignored).
    package init(configuration: QueueConfiguration, restoring: Bool = false, checksOrder: Bool = false) {
        self.configuration = configuration
        self.restoring = restoring
        if checksOrder && configuration.duplicates == .ignore { models = [:] }
    }

    /// Gives the arguments of the next enqueue, for the order model.
    package mutating func noteEnqueue(
        priority: Int, ttl: Duration?, screens: ScreenRule = .anywhere, tags: Set<String> = []
    ) {
        nextEnqueue = (priority, ttl, screens, tags)
    }

    mutating func fail(_ message: String) {
        violations.append("at \(DurationText.seconds(lastTime)): \(message)")
    }

    /// The order model's items in enqueue order: the dictionary's own order differs from run to run, and a
    /// violation naming an item must name the same one every time (a seed's failure reproduces word for word).
    func inEnqueueOrder(_ models: [String: Model]) -> [(key: String, value: Model)] {
        models.sorted { $0.value.sequence < $1.value.sequence }
    }

    func better(_ a: Model, _ b: Model) -> Bool {
        switch configuration.order {
        case .fifo: return a.sequence < b.sequence
        case .lifo: return a.sequence > b.sequence
        case .priority: return a.priority != b.priority ? a.priority > b.priority : a.sequence < b.sequence
        }
    }

    /// Checks one event and applies it to the story.
    package mutating func apply(_ event: QueueEvent<String>) {
        events.append(event)
        if event.elapsed < lastTime { fail("time went backwards at \(event)") }
        lastTime = max(lastTime, event.elapsed)
        let t = event.elapsed
        if let heldUntil, t >= heldUntil {
            isHeld = false
            self.heldUntil = nil
        }
        let afterScreen = previousWasScreen
        previousWasScreen = false
        if let leaving = mustLeave {
            mustLeave = nil
            if case .closed(leaving, .leftScreen) = event.kind {
            } else {
                fail("\(leaving) stays on a screen it does not allow (dismiss-on-leave), next: \(event)")
            }
        }
        func end(_ id: String) {
            ended[id, default: 0] += 1
            if ended[id, default: 0] > enqueued[id, default: 0] { fail("\(id) ended more often than enqueued") }
        }
        switch event.kind {
        case .enqueued(let id):
            enqueued[id, default: 0] += 1
            pending[id, default: 0] += 1
            sequence += 1
            if models != nil, models?[id] == nil, onScreen?.id != id {
                let arguments = nextEnqueue ?? (0, nil, .anywhere, [])
                models?[id] = Model(
                    sequence: sequence, priority: arguments.priority, ttlDeadline: arguments.ttl.map { t + $0 },
                    eligibleAt: t, screens: arguments.screens, tags: arguments.tags)
            }
            nextEnqueue = nil
            isHeld = false
            heldUntil = nil
        case .dropped(let id, let reason):
            end(id)
            pending[id, default: 0] -= 1
            if pending[id, default: 0] < 0 { fail("\(id) dropped while not pending") }
            if reason == .overflow { models?[id] = nil }
        case .expired(let id):
            end(id)
            pending[id, default: 0] -= 1
            if pending[id, default: 0] < 0 { fail("\(id) expired while not pending") }
            if let model = models?.removeValue(forKey: id), let deadline = model.ttlDeadline, deadline > t {
                fail("expired \(id) early")
            }
        case .cancelled(let id):
            end(id)
            pending[id, default: 0] -= 1
            if pending[id, default: 0] < 0 { fail("\(id) cancelled while not pending") }
            models?[id] = nil
        case .present(let token):
            if let onScreen { fail("present \(token) while \(onScreen) is on screen") }
            if isPaused { fail("present \(token) while paused") }
            if let lastClose, t - lastClose < configuration.minInterval { fail("present \(token) inside min-interval") }
            if isHeld { fail("present \(token) while a decline holds the queue") }
            isHeld = false
            heldUntil = nil
            lastWaiting = nil
            if let cap = configuration.frequencyCap {
                if starts.filter({ $0 + cap.window > t }).count >= cap.count {
                    fail("present \(token) past the frequency cap")
                }
                starts.append(t)
            }
            if let previous = attempts[token.entry] {
                if token.attempt != previous + 1 { fail("attempt \(token.attempt) of \(token.id) after \(previous)") }
            } else if token.attempt != 1 && !restoring {
                fail("first attempt of \(token.id) is \(token.attempt)")
            }
            attempts[token.entry] = token.attempt
            if token.attempt - declines[token.entry, default: 0] > configuration.maxAttempts {
                fail("more than max-attempts attempts of \(token.id)")
            }
            pending[token.id, default: 0] -= 1
            if pending[token.id, default: 0] < 0 { fail("present \(token.id), which was not pending") }
            onScreen = token
            isPresented = false
            if models != nil {
                guard let model = models?.removeValue(forKey: token.id) else {
                    fail("present \(token.id), which the order model does not know")
                    break
                }
                if model.eligibleAt > t { fail("present \(token.id) before its retry delay") }
                if !model.screens.allows(screen) {
                    fail("present \(token.id) on screen \(screen ?? "none"), which it does not allow")
                }
                for (other, candidate) in inEnqueueOrder(models ?? [:])
                where candidate.eligibleAt < t && (candidate.ttlDeadline.map { $0 > t } ?? true)
                    && candidate.screens.allows(screen) && better(candidate, model)
                {
                    fail("present \(token.id) before better \(other)")
                }
                onScreenModel = model
            }
        case .presented(let token):
            if token != onScreen || isPresented { fail("presented \(token) is not the fresh attempt on screen") }
            isPresented = true
        case .closed(let token, let reason):
            if token != onScreen { fail("closed \(token) is not the attempt on screen") }
            if reason == .timeout, !isPresented { fail("display timeout of \(token) before presented") }
            if reason == .leftScreen {
                if !afterScreen { fail("closed \(token) left-screen without a screen change") }
                if let model = onScreenModel, !model.screens.dismissOnLeave || model.screens.allows(screen) {
                    fail("closed \(token) left-screen, which its screen rule does not ask for")
                }
            }
            end(token.id)
            onScreen = nil
            onScreenModel = nil
            lastClose = t
        case .failed(let token, _, let final):
            if token != onScreen { fail("failed \(token) is not the attempt on screen") }
            onScreen = nil
            if final {
                end(token.id)
            } else {
                if token.attempt - declines[token.entry, default: 0] >= configuration.maxAttempts {
                    fail("retry after the last attempt of \(token)")
                }
                pending[token.id, default: 0] += 1
                if var model = onScreenModel {
                    model.eligibleAt = t + configuration.retryDelay
                    models?[token.id] = model
                }
            }
            onScreenModel = nil
        case .declined(let token):
            if token != onScreen || isPresented { fail("declined \(token) is not the fresh attempt on screen") }
            onScreen = nil
            declines[token.entry, default: 0] += 1
            pending[token.id, default: 0] += 1
            isHeld = true
            heldUntil = configuration.declineDelay.map { t + $0 }
            if configuration.frequencyCap != nil, !starts.isEmpty { starts.removeLast() }
            if var model = onScreenModel {
                model.eligibleAt = t
                models?[token.id] = model
            }
            onScreenModel = nil
        case .paused:
            if isPaused { fail("paused twice") }
            isPaused = true
        case .resumed:
            if !isPaused && !isHeld { fail("resumed while running") }
            isPaused = false
            isHeld = false
            heldUntil = nil
        case .ignored:
            break
        case .screen(let name):
            screen = name
            previousWasScreen = true
            if let onScreen, let rule = onScreenModel?.screens, rule.dismissOnLeave, !rule.allows(name) {
                mustLeave = onScreen
            }
        case .waiting(let id, let reason, let until):
            let report = Waiting(id: id, reason: reason, until: until)
            if !configuration.reportsWaiting { fail("waiting \(id) without report-waiting") }
            if let onScreen { fail("waiting \(id) while \(onScreen) is on screen") }
            if !pending.values.contains(where: { $0 > 0 }) { fail("waiting \(id) with nothing pending") }
            if pending[id, default: 0] <= 0 { fail("waiting names \(id), which is not pending") }
            if let last = lastWaiting, last.id == id, last.reason == reason {
                fail("waiting \(id) \(reason.rawValue) repeats the last report")
            }
            if models != nil, let expected = expectedWaiting(at: t), expected != report {
                fail(
                    "waiting \(id) \(reason.rawValue) \(until.map(DurationText.seconds) ?? "-"), the story says \(expected)"
                )
            }
            lastWaiting = report
        }
    }

    /// Why the queue waits at `t`, as the order model says (rule 18); `nil` without the model, while something
    /// is on screen or nothing is pending, or when nothing holds the best eligible item back (a liveness
    /// violation).
    package func expectedWaiting(at t: Duration) -> Waiting? {
        guard onScreen == nil, let models, let (id, _) = models.min(by: { better($0.value, $1.value) }) else {
            return nil
        }
        if isPaused { return Waiting(id: id, reason: .paused) }
        if isHeld, heldUntil.map({ t < $0 }) ?? true { return Waiting(id: id, reason: .declined) }
        if let lastClose, t < lastClose + configuration.minInterval {
            return Waiting(id: id, reason: .minInterval, until: lastClose + configuration.minInterval)
        }
        if let cap = configuration.frequencyCap {
            let inWindow = starts.filter { $0 + cap.window > t }
            if inWindow.count >= cap.count {
                return Waiting(id: id, reason: .frequencyCap, until: inWindow[inWindow.count - cap.count] + cap.window)
            }
        }
        let ready = models.values.filter { $0.eligibleAt <= t }
        if !ready.isEmpty {
            return ready.contains { $0.screens.allows(screen) } ? nil : Waiting(id: id, reason: .screen)
        }
        return Waiting(id: id, reason: .retryDelay, until: models.values.map(\.eligibleAt).min())
    }

    /// After a `cancel-tagged` input: no pending item (in the order model) has the tag any more.
    package mutating func checkCancelledTagged(_ tag: String) {
        for (id, model) in inEnqueueOrder(models ?? [:]) where model.tags.contains(tag) {
            fail("\(id) has the tag \(tag) and is still pending after cancel-tagged")
        }
    }

    /// After an input every due timer has fired, so nothing eligible may wait while the slot is free
    /// (needs the order model).
    package mutating func checkLiveness(now: Duration) {
        if configuration.reportsWaiting, let expected = expectedWaiting(at: now),
            lastWaiting.map({ $0.id != expected.id || $0.reason != expected.reason }) ?? true
        {
            fail("the queue waits (\(expected)) and its last report says \(String(describing: lastWaiting))")
        }
        let held = isHeld && (heldUntil.map { now < $0 } ?? true)
        guard let models, !isPaused, !held, onScreen == nil else { return }
        if let lastClose, now < lastClose + configuration.minInterval { return }
        if let cap = configuration.frequencyCap, starts.filter({ $0 + cap.window > now }).count >= cap.count { return }
        if let (id, _) = inEnqueueOrder(models).first(where: {
            $0.value.eligibleAt <= now && $0.value.screens.allows(screen)
        }) {
            fail("\(id) eligible but not presented at \(DurationText.seconds(now))")
        }
    }

    /// Checks the story against the queue's own state, taken when no call is in flight.
    ///
    /// - Parameters:
    ///   - onScreen: The queue's attempt on screen.
    ///   - isPresented: Whether the queue says it was reported presented.
    ///   - isPaused: Whether the queue says it is paused.
    ///   - pending: The queue's pending ids.
    package mutating func compare(
        onScreen queueOnScreen: AttemptToken<String>?, isPresented queuePresented: Bool, isPaused queuePaused: Bool,
        pending queuePending: [String]
    ) {
        if queueOnScreen?.id != onScreen?.id || queueOnScreen?.attempt != onScreen?.attempt {
            fail(
                "the queue shows \(String(describing: queueOnScreen)) on screen, events \(String(describing: onScreen))"
            )
        }
        if queueOnScreen != nil, queuePresented != isPresented { fail("presented flag differs") }
        if queuePaused != isPaused { fail("paused flag differs") }
        var counted: [String: Int] = [:]
        for id in queuePending { counted[id, default: 0] += 1 }
        let story = pending.filter { $0.value != 0 }
        if counted != story { fail("the queue has \(counted) pending, events \(story)") }
        // Capacity applies when an item is enqueued; an attempt that fails back for a retry may take pending
        // to capacity + 1, never the live items past capacity + 1.
        let alive = queuePending.count + (queueOnScreen == nil ? 0 : 1)
        if let capacity = configuration.capacity, alive > capacity + 1 { fail("over capacity") }
        var live = counted
        if let id = queueOnScreen?.id { live[id, default: 0] += 1 }
        for id in Set(enqueued.keys).union(ended.keys).union(live.keys).sorted() {
            let accounted = ended[id, default: 0] + live[id, default: 0]
            if accounted != enqueued[id, default: 0] {
                fail("\(id): enqueued \(enqueued[id, default: 0]), ended or live \(accounted)")
            }
        }
    }
}

extension ContractChecker {
    /// Checks the story's screen (rule 16) against the queue's own.
    ///
    /// - Parameter queueScreen: The screen the queue says the user is on.
    package mutating func compare(screen queueScreen: String?) {
        if queueScreen != screen { fail("the queue is on screen \(queueScreen ?? "none"), events \(screen ?? "none")") }
    }

    /// Whether the story's attempt on screen was reported presented (for owners without a snapshot).
    package var storyIsPresented: Bool { isPresented }
    /// Whether the story says the queue is paused.
    package var storyIsPaused: Bool { isPaused }
}
