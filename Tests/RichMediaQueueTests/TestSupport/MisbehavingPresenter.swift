@testable import RichMediaQueue

/// How a ``MisbehavingPresenter`` answers one `present` call.
enum Misbehaviour: String, CaseIterable, Sendable {
    /// Returns without ever calling back.
    case neverAnswers
    /// Reports presented twice, then closed twice.
    case answersTwice
    /// Calls back with tokens for another attempt, another entry and another id.
    case answersForTheWrongAttempt
    /// Throws from `present`.
    case throwsError
    /// Races presented, closed and failed from 16 concurrent tasks (all finished before `present` returns).
    case answersFromManyTasks
    /// Reports presented and leaves closing to the test.
    case behaves
}

/// A presenter that misbehaves on purpose, calling back into its queue from inside `present`.
final class MisbehavingPresenter: MediaPresenter, Sendable {
    typealias Queue = PresentationQueue<Promo, ManualClock>

    struct Failure: Error, CustomStringConvertible {
        var description: String { "render-error" }
    }

    /// Holds the queue weakly: the queue holds its presenter, and a cycle would leak both.
    private final class QueueReference: @unchecked Sendable {
        weak var queue: Queue?
    }

    private struct State {
        let reference = QueueReference()
        var choose: @Sendable (AttemptToken<String>) -> Misbehaviour
        var tokens: [AttemptToken<String>] = []
        var dismissed: [AttemptToken<String>] = []
    }

    private let state: LockedValue<State>

    init(_ choose: @escaping @Sendable (AttemptToken<String>) -> Misbehaviour) {
        state = LockedValue(State(choose: choose))
    }

    convenience init(always behaviour: Misbehaviour) {
        self.init { _ in behaviour }
    }

    /// Connects the presenter to the queue it calls back into.
    func attach(_ queue: Queue) {
        state.withLock { $0.reference.queue = queue }
    }

    /// Every token the queue handed out, in order.
    var tokens: [AttemptToken<String>] { state.withLock { $0.tokens } }
    /// Every attempt the queue asked to dismiss.
    var dismissed: [AttemptToken<String>] { state.withLock { $0.dismissed } }

    func present(_ item: Promo, attempt: AttemptToken<String>) async throws {
        let (queue, behaviour) = state.withLock { state in
            state.tokens.append(attempt)
            return (state.reference.queue, state.choose(attempt))
        }
        guard let queue else { return }
        switch behaviour {
        case .neverAnswers:
            return
        case .answersTwice:
            await queue.presented(attempt)
            await queue.presented(attempt)
            await queue.closed(attempt)
            await queue.closed(attempt)
        case .answersForTheWrongAttempt:
            let forged = [
                AttemptToken(id: attempt.id, attempt: attempt.attempt + 1, entry: attempt.entry),
                AttemptToken(id: attempt.id, attempt: attempt.attempt, entry: attempt.entry &+ 1_000_000),
                AttemptToken(id: attempt.id + "-other", attempt: attempt.attempt, entry: attempt.entry),
            ]
            for token in forged {
                await queue.presented(token)
                await queue.failed(token, reason: "forged")
                await queue.closed(token)
            }
        case .throwsError:
            throw Failure()
        case .answersFromManyTasks:
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        switch index % 3 {
                        case 0: await queue.presented(attempt)
                        case 1: await queue.closed(attempt)
                        default: await queue.failed(attempt, reason: "race")
                        }
                    }
                }
            }
        case .behaves:
            await queue.presented(attempt)
        }
    }

    func dismiss(_ item: Promo, attempt: AttemptToken<String>) async {
        state.withLock { $0.dismissed.append(attempt) }
    }
}
