import MediaQueueSimulation
import TestSupport
import Testing

@testable import RichMediaQueue

/// Random event sequences against the state machine (checking its invariants after every input), checked
/// by the package's contract checker, which rebuilds the state from the published events only: enqueues
/// with priorities, ttls, screen rules and tags, callbacks (right and wrong), pause, resume, cancels, screen
/// changes and cancels by tag, with and without waiting reports.
@Suite struct ModelBasedTests {
    struct Violation: Error, CustomStringConvertible {
        var description: String
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
            duplicates: duplicates,
            frequencyCap: [nil, nil, FrequencyCap(2, per: .seconds(5))].randomElement(using: &rng)!,
            declineDelay: [nil, .seconds(2)].randomElement(using: &rng)!,
            reportsWaiting: Bool.random(using: &rng))
    }

    static let screens: [String?] = [nil, "home", "feed", "checkout"]

    /// Anywhere half the time; else `on`, `not-on` or both, sometimes dismissed on leave.
    static func randomScreens(_ rng: inout SeededGenerator) -> ScreenRule {
        guard Bool.random(using: &rng) else { return .anywhere }
        let named = ["home", "feed", "checkout"]
        let on: Set<String>? =
            Bool.random(using: &rng)
            ? Set((0..<Int.random(in: 1...2, using: &rng)).map { _ in named.randomElement(using: &rng)! }) : nil
        let notOn: Set<String> = Bool.random(using: &rng) ? [named.randomElement(using: &rng)!] : []
        return ScreenRule(on: on, notOn: notOn, dismissOnLeave: Bool.random(using: &rng))
    }

    static func runSequence(seed: UInt64, steps: Int) throws {
        var rng = SeededGenerator(seed: seed)
        let duplicates: DuplicatePolicy = Int.random(in: 0..<5, using: &rng) == 0 ? .allow : .ignore
        let configuration = randomConfiguration(&rng, duplicates: duplicates)
        var machine = QueueStateMachine<String>(configuration: configuration, checksInvariants: true)
        // The package's one contract checker, with its order model when ids name entries.
        var checker = ContractChecker(configuration: configuration, checksOrder: true)
        let ids = ["A", "B", "C", "D", "E"]
        var now = Duration.zero
        var effects: [QueueStateMachine<String>.Effect] = []

        func apply(_ effects: [QueueStateMachine<String>.Effect]) throws {
            for case .event(let event) in effects { checker.apply(event) }
            if let violation = checker.violations.first { throw Violation(description: violation) }
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
            var cancelledTag: String?
            switch Int.random(in: 0..<14, using: &rng) {
            case 0...3:
                let priority = Int.random(in: 0...2, using: &rng)
                let ttl: Duration? = Bool.random(using: &rng) ? nil : .seconds(Int.random(in: 1...4, using: &rng))
                let screens = Self.randomScreens(&rng)
                let tags: Set<String> = Bool.random(using: &rng) ? [] : [["x", "y"].randomElement(using: &rng)!]
                checker.noteEnqueue(priority: priority, ttl: ttl, screens: screens, tags: tags)
                machine.apply(
                    .enqueue(id, priority: priority, ttl: ttl, attemptsUsed: 0, screens: screens, tags: tags), at: now,
                    effects: &effects)
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
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: machine.presented(target, at: now, effects: &effects)
                case 1: machine.closed(target, at: now, effects: &effects)
                case 2: machine.declined(target, at: now, effects: &effects)
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
            case 12:
                machine.apply(.setScreen(Self.screens.randomElement(using: &rng)!), at: now, effects: &effects)
                onlyIgnored = false
            case 13:
                let tag = ["x", "y"].randomElement(using: &rng)!
                machine.apply(.cancelTagged(tag), at: now, effects: &effects)
                cancelledTag = tag
                onlyIgnored = false
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
            checker.checkLiveness(now: now)
            if let tag = cancelledTag { checker.checkCancelledTagged(tag) }
            // The machine's own answer to "why does it wait" (the snapshot's) is the story's.
            if configuration.duplicates == .ignore {
                let told = machine.waiting().map {
                    ContractChecker.Waiting(id: $0.id, reason: $0.reason, until: $0.until)
                }
                let story = checker.expectedWaiting(at: now)
                if told != story {
                    throw Violation(
                        description:
                            "the machine waits \(String(describing: told)), the story says \(String(describing: story))"
                    )
                }
            }
            if let violation = checker.violations.first { throw Violation(description: violation) }
        }
        // Run out every timer, then account for every entry.
        while let deadline = machine.nextDeadline {
            effects.removeAll(keepingCapacity: true)
            machine.advance(to: deadline, effects: &effects)
            try apply(effects)
        }
        checker.compare(
            onScreen: machine.onScreenToken, isPresented: machine.isOnScreenPresented, isPaused: machine.isPaused,
            pending: machine.pendingInQueueOrder.map(\.id))
        if let violation = checker.violations.first { throw Violation(description: violation) }
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
