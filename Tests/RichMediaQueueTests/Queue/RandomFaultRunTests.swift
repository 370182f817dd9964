import TestSupport
import Testing

@testable import RichMediaQueue

/// Randomized runs through the actor with misbehaving presenters, stale and forged callbacks, pause,
/// cancel, screen changes (items with screen rules, dismissed on leave), cancels by tag and by predicate,
/// time jumps and save/restore: 20 seeds of 5,000 steps, 100,000 steps in all. After every step the story
/// told by the events must agree with `snapshot()` (including its screen and why it waits), and every item
/// must have ended exactly once or be pending or on screen.
@Suite struct RandomFaultRunTests {
    typealias Queue = PresentationQueue<Promo, ManualClock>

    static let stepsPerSeed = 5_000

    /// One queue with its presenter and checker; replaced when the run restores a backlog.
    struct Run {
        let queue: Queue
        let presenter: MisbehavingPresenter
        let checker: StoryChecker

        init(_ configuration: QueueConfiguration, clock: ManualClock, seed: UInt64, restoring: Bool = false) {
            let random = LockedValue(SeededGenerator(seed: seed))
            presenter = MisbehavingPresenter { _ in
                random.withLock { Misbehaviour.allCases.randomElement(using: &$0)! }
            }
            checker = StoryChecker(configuration: configuration, restoring: restoring)
            queue = Queue(configuration: configuration, clock: clock, presenter: presenter, schedulesWakeUps: false)
            presenter.attach(queue)
            queue.addObserver { [checker] in checker.record($0) }
        }
    }

    static func configuration(_ random: inout SeededGenerator) -> QueueConfiguration {
        QueueConfiguration(
            order: [PresentationOrder.fifo, .lifo, .priority].randomElement(using: &random)!,
            minInterval: .milliseconds([0, 0, 500, 2000].randomElement(using: &random)!),
            presentTimeout: [nil, .seconds(2), .seconds(5)].randomElement(using: &random)!,
            displayTimeout: [nil, .seconds(3)].randomElement(using: &random)!,
            maxAttempts: Int.random(in: 1...3, using: &random),
            retryDelay: .milliseconds([0, 1000].randomElement(using: &random)!),
            capacity: [nil, 4, 8].randomElement(using: &random)!,
            overflow: [OverflowPolicy.dropNewest, .dropOldest, .dropLowestPriority].randomElement(using: &random)!,
            duplicates: [DuplicatePolicy.ignore, .allow].randomElement(using: &random)!,
            reportsWaiting: Bool.random(using: &random))
    }

    @Test(arguments: 0..<20)
    func randomRunKeepsTheAccounting(seed: UInt64) async {
        var random = SeededGenerator(seed: 0xFA17 &+ seed)
        let configuration = Self.configuration(&random)
        let clock = ManualClock()
        var run = Run(configuration, clock: clock, seed: seed)
        var restores = 0
        for step in 0..<Self.stepsPerSeed {
            let queue = run.queue
            let roll = Int.random(in: 0..<110, using: &random)
            switch roll {
            case 0..<25:
                let id = "i\(Int.random(in: 0..<12, using: &random))"
                let ttl: Duration? =
                    Bool.random(using: &random) ? nil : .milliseconds(Int.random(in: 0...20_000, using: &random))
                await queue.enqueue(
                    Promo(id: id), priority: Int.random(in: 0...3, using: &random), ttl: ttl,
                    screens: ModelBasedTests.randomScreens(&random), tags: [["x", "y"].randomElement(using: &random)!])
            case 25..<55:
                // A callback for some attempt the presenter was given: usually the latest, sometimes stale.
                let tokens = run.presenter.tokens
                guard !tokens.isEmpty else { break }
                let token = Bool.random(using: &random) ? tokens.last! : tokens.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: await queue.presented(token)
                case 1: await queue.closed(token)
                default: await queue.failed(token, reason: "random")
                }
            case 55..<60: await queue.pause()
            case 60..<66: await queue.resume()
            case 66..<71: await queue.cancel("i\(Int.random(in: 0..<12, using: &random))")
            case 71..<73: await queue.cancelAll()
            case 73..<98: clock.advance(by: .milliseconds(Int.random(in: 0...3000, using: &random)))
            case 98..<104: await queue.setScreen(ModelBasedTests.screens.randomElement(using: &random)!)
            case 104..<106: await queue.cancel(tagged: ["x", "y"].randomElement(using: &random)!)
            case 106..<108:
                let suffix = "\(Int.random(in: 0..<10, using: &random))"
                await queue.cancel { $0.id.hasSuffix(suffix) }
            default:
                // Save and restore: the backlog continues in a new queue (the item on screen is not saved).
                let backlog = await queue.backlog()
                let away = Duration.milliseconds(Int.random(in: 0...2000, using: &random))
                let next = Run(configuration, clock: clock, seed: seed &+ UInt64(step), restoring: true)
                await next.queue.restore(backlog, elapsedSinceSave: away)
                checkRestored(backlog, away: away, into: next)
                await queue.shutdown()
                run = next
                restores += 1
            }
            let snapshot = await run.queue.snapshot()
            run.checker.compare(with: snapshot)
            if !run.checker.violations.isEmpty {
                Issue.record(
                    "seed \(seed) step \(step): \(run.checker.violations) after \(run.checker.events.suffix(12).map(MachineHarness.compact))"
                )
                return
            }
        }
        #expect(restores > 0)
    }

    /// Every saved entry is restored (or expired if its ttl ran out while away) with its attempts and priority.
    func checkRestored(
        _ backlog: PendingBacklog<Promo>, away: Duration, into run: Run,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var expected: [String: Int] = [:]
        for entry in backlog.entries { expected[entry.item.id, default: 0] += 1 }
        var seen: [String: Int] = [:]
        for event in run.checker.events {
            if case .enqueued(let id) = event.kind { seen[id, default: 0] += 1 }
        }
        #expect(seen == expected, sourceLocation: sourceLocation)
        let expired = run.checker.events.filter {
            if case .expired = $0.kind { true } else { false }
        }
        let shouldExpire = backlog.entries.filter { $0.remainingTTL.map { $0 - away <= .zero } ?? false }
        #expect(expired.count == shouldExpire.count, sourceLocation: sourceLocation)
        // A restored entry presented at once keeps its used attempts: its attempt number continues.
        var firstAttempts: Set<UInt64> = []
        for event in run.checker.events {
            guard case .present(let token) = event.kind, firstAttempts.insert(token.entry).inserted else { continue }
            let used = backlog.entries.filter { $0.item.id == token.id }.map(\.attemptsUsed)
            #expect(
                used.contains(token.attempt - 1), "restored \(token) after \(used) attempts",
                sourceLocation: sourceLocation)
        }
    }
}
