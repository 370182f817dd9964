import Testing

@testable import RichMediaQueue

/// The presenter-call pipeline's rules, without an actor: the state machine says what to call, the pipeline
/// says what is still true when each call's turn comes. Runners are explicit: "runner 2" is the queue
/// running an input that a presenter made from inside a `present` that runner 1 still awaits.
@Suite struct PresenterCallsTests {
    typealias Calls = PresenterCalls<Promo>
    typealias Token = AttemptToken<String>
    typealias Machine = QueueStateMachine<String>

    static let a1 = Token(id: "a", attempt: 1, entry: 1)
    static let a2 = Token(id: "a", attempt: 2, entry: 1)
    static let b1 = Token(id: "b", attempt: 1, entry: 2)

    /// A machine (checking its invariants) and the pipeline it feeds, as the actor wires them.
    struct Rig {
        var machine: Machine
        var calls = Calls()
        /// The calls handed out and not finished, by their description.
        var inFlight: [String: Calls.Call] = [:]

        init(_ configuration: QueueConfiguration = QueueConfiguration()) {
            machine = Machine(configuration: configuration, checksInvariants: true)
        }

        /// Applies `input` at `seconds` and records its presenter calls.
        mutating func apply(_ input: Machine.Input, at seconds: Int = 0) {
            for effect in machine.apply(input, at: .seconds(seconds)).effects {
                switch effect {
                case .present(let token, _): calls.recordPresent(token, item: Promo(id: token.id))
                case .dismiss(let token, _): calls.recordDismiss(token, item: Promo(id: token.id))
                case .event, .release: break
                }
            }
        }

        /// The next call a runner would make now, as `present a#1` or `dismiss a#1`.
        mutating func next() -> String? {
            guard let call = calls.next(onScreen: machine.onScreenToken) else { return nil }
            let description = (call.isDismissal ? "dismiss " : "present ") + "\(call.token)"
            inFlight[description] = call
            return description
        }

        /// The call handed out as `description` returned.
        mutating func finish(_ description: String) {
            guard let call = inFlight.removeValue(forKey: description) else {
                Issue.record("\(description) is not in flight")
                return
            }
            calls.finished(call)
        }
    }

    // MARK: - Rule 1: in order, each once

    @Test func callsAreHandedOutInOrderAndEachOnce() {
        var calls = Calls()
        calls.recordPresent(Self.a1, item: Promo(id: "a"))
        calls.recordDismiss(Self.a1, item: Promo(id: "a"))
        // Runner 1 takes the present; runner 2, while it is in flight, takes the dismissal; nothing is left.
        let present = calls.next(onScreen: Self.a1)
        #expect(present?.token == Self.a1)
        let dismissal = calls.next(onScreen: Self.a1)
        #expect(dismissal?.isDismissal == true && dismissal?.token == Self.a1)
        #expect(calls.next(onScreen: Self.a1) == nil)
        #expect(calls.inFlight == 2)
        #expect(!calls.isIdle)
        for call in [present, dismissal].compactMap({ $0 }) { calls.finished(call) }
        #expect(calls.isIdle)
    }

    // MARK: - Rule 2: a present only for the current attempt

    @Test func aCatchUpPresentsOnlyWhatIsStillTrue() {
        // Three items, a 15 s present timeout, the app away for 40 s: one step decides a#1, its timeout and
        // b#1, b#1's timeout and c#1.
        var rig = Rig(QueueConfiguration(presentTimeout: .seconds(15)))
        rig.apply(.enqueue("a", priority: 0, ttl: nil, attemptsUsed: 0))
        rig.apply(.enqueue("b", priority: 0, ttl: nil, attemptsUsed: 0))
        rig.apply(.enqueue("c", priority: 0, ttl: nil, attemptsUsed: 0))
        #expect(rig.next() == "present a#1")
        rig.finish("present a#1")
        rig.apply(.advance, at: 40)
        // a#1 was presented: its dismissal is made. b#1 ended before its turn: neither its present nor its
        // dismissal is made. c#1 is current, and is presented once a#1's dismissal returned (rule 5).
        #expect(rig.next() == "dismiss a#1")
        #expect(rig.next() == nil)
        rig.finish("dismiss a#1")
        #expect(rig.next() == "present c#1")
        #expect(rig.next() == nil)
    }

    @Test func aNotNowFromInsidePresentLeavesOnlyTheNewAttempt() {
        var rig = Rig()
        rig.apply(.enqueue("a", priority: 0, ttl: nil, attemptsUsed: 0))
        #expect(rig.next() == "present a#1")  // runner 1 awaits the presenter's `present` of a#1
        // From inside that `present`: "not now" (runner 2 has nothing to call: the queue holds) ...
        rig.apply(.callback(.declined, .init(Self.a1)))
        #expect(rig.next() == nil)
        // ... then a new enqueue ends the hold and a is asked again, as attempt 2, while a#1's `present` is
        // still awaited.
        rig.apply(.enqueue("b", priority: 0, ttl: nil, attemptsUsed: 0))
        #expect(rig.next() == "present a#2")
        rig.finish("present a#2")
        rig.finish("present a#1")
        #expect(rig.calls.isIdle)
        #expect(rig.calls.lastPresented == Self.a2)
        // A late `presented` of the declined attempt is ignored by the machine; nothing is called.
        rig.apply(.callback(.presented, .init(Self.a1)))
        #expect(rig.machine.onScreenToken == Self.a2 && !rig.machine.isOnScreenPresented)
        #expect(rig.next() == nil)
    }

    @Test func aNotNowBeforeThePresentsTurnDropsIt() {
        var calls = Calls()
        calls.recordPresent(Self.a1, item: Promo(id: "a"))
        // The attempt was declined (or failed, or cancelled) before a runner got to its present.
        #expect(calls.next(onScreen: nil) == nil)
        #expect(calls.isIdle)
        #expect(calls.lastPresented == nil)
    }

    // MARK: - Rule 3: a dismiss only for the last present made

    @Test func aTimeoutWhilePresentIsInFlightStillDismissesThatPage() {
        var rig = Rig(QueueConfiguration(presentTimeout: .seconds(5)))
        rig.apply(.enqueue("a", priority: 0, ttl: nil, attemptsUsed: 0))
        rig.apply(.enqueue("b", priority: 0, ttl: nil, attemptsUsed: 0))
        #expect(rig.next() == "present a#1")  // in flight: the presenter has not returned yet
        // The present timeout fires meanwhile (the wake-up is runner 2): a#1's page may still appear, so it
        // is dismissed before b#1 is presented.
        rig.apply(.advance, at: 5)
        #expect(rig.next() == "dismiss a#1")
        rig.finish("dismiss a#1")
        #expect(rig.next() == "present b#1")
        // Then a#1's `presented` arrives, for an attempt that ended while its `present` was in flight: the
        // machine ignores it, and nothing more is called.
        rig.apply(.callback(.presented, .init(Self.a1)), at: 5)
        #expect(rig.machine.onScreenToken == Self.b1 && !rig.machine.isOnScreenPresented)
        #expect(rig.next() == nil)
        rig.finish("present a#1")
        rig.finish("present b#1")
        #expect(rig.calls.isIdle)
    }

    @Test func aDismissalRacingACloseIsMadeOnce() {
        var rig = Rig(QueueConfiguration(displayTimeout: .seconds(30)))
        rig.apply(.enqueue("a", priority: 0, ttl: nil, attemptsUsed: 0))
        rig.apply(.enqueue("b", priority: 0, ttl: nil, attemptsUsed: 0))
        #expect(rig.next() == "present a#1")
        rig.finish("present a#1")
        rig.apply(.callback(.presented, .init(Self.a1)))
        // The display timeout closes a#1 and asks for its dismissal; the user's close of a#1 arrives before a
        // runner gets to the dismissal. The machine ignores the close; the dismissal is still made (the page
        // may be up), once, and b#1 follows.
        rig.apply(.advance, at: 30)
        rig.apply(.callback(.closed, .init(Self.a1)), at: 30)
        #expect(rig.next() == "dismiss a#1")
        rig.finish("dismiss a#1")
        #expect(rig.next() == "present b#1")
        #expect(rig.next() == nil)
    }

    // MARK: - Rule 5: a page goes before the next is asked for

    /// Regression: the next `present` was handed out to a second runner (the wake-up, a callback) while a
    /// `dismiss` was still awaited, so the SDK showed the next page beside the last one.
    @Test func aPresentWaitsForTheDismissalInFlight() {
        var rig = Rig(QueueConfiguration(displayTimeout: .seconds(30)))
        rig.apply(.enqueue("a", priority: 0, ttl: nil, attemptsUsed: 0))
        rig.apply(.enqueue("b", priority: 0, ttl: nil, attemptsUsed: 0))
        #expect(rig.next() == "present a#1")
        rig.finish("present a#1")
        rig.apply(.callback(.presented, .init(Self.a1)))
        rig.apply(.advance, at: 30)  // the display timeout: dismiss a#1, then present b#1
        #expect(rig.next() == "dismiss a#1")  // runner 1 awaits the dismissal
        #expect(rig.next() == nil, "runner 2 must not present b#1 while a#1 may still be up")
        #expect(rig.calls.hasRecorded && !rig.calls.isIdle)
        rig.finish("dismiss a#1")
        #expect(rig.next() == "present b#1")  // runner 1, its dismissal returned
        // A present that is no longer current is still dropped while a dismissal is in flight.
        var calls = Calls()
        calls.recordPresent(Self.a1, item: Promo(id: "a"))
        let present = calls.next(onScreen: Self.a1)
        calls.recordDismiss(Self.a1, item: Promo(id: "a"))
        calls.recordPresent(Self.a2, item: Promo(id: "a"))
        let dismissal = calls.next(onScreen: nil)
        #expect(dismissal?.isDismissal == true)
        #expect(calls.next(onScreen: nil) == nil && !calls.hasRecorded, "a#2 ended before its turn: dropped")
        for call in [present, dismissal].compactMap({ $0 }) { calls.finished(call) }
        #expect(calls.isIdle)
    }

    @Test func aDismissalForAPresentNeverMadeIsDropped() {
        var calls = Calls()
        calls.recordPresent(Self.a1, item: Promo(id: "a"))
        calls.recordDismiss(Self.a1, item: Promo(id: "a"))
        calls.recordPresent(Self.b1, item: Promo(id: "b"))
        #expect(calls.next(onScreen: Self.b1)?.token == Self.b1, "a#1's present and dismissal are both dropped")
        #expect(calls.next(onScreen: Self.b1) == nil)
    }

    @Test func aDismissalOfASupersededAttemptIsDropped() {
        var calls = Calls()
        calls.recordPresent(Self.a1, item: Promo(id: "a"))
        #expect(calls.next(onScreen: Self.a1)?.token == Self.a1)
        calls.recordPresent(Self.a2, item: Promo(id: "a"))
        #expect(calls.next(onScreen: Self.a2)?.token == Self.a2)
        calls.recordDismiss(Self.a1, item: Promo(id: "a"))
        #expect(calls.next(onScreen: Self.a2) == nil, "the presenter shows a#2 now; a#1's dismissal would hide it")
        calls.recordDismiss(Self.a2, item: Promo(id: "a"))
        #expect(calls.next(onScreen: nil)?.token == Self.a2, "a dismissal does not need its attempt to be current")
    }

    // MARK: - Rules 4 and 6: idle, on-screen reports

    @Test func theQueueIsIdleOnlyWithNothingRecordedAndNothingInFlight() {
        var calls = Calls()
        #expect(calls.isIdle)
        calls.recordPresent(Self.a1, item: Promo(id: "a"))
        #expect(!calls.isIdle && calls.hasRecorded)
        let call = calls.next(onScreen: Self.a1)
        #expect(!calls.isIdle && !calls.hasRecorded)
        if let call { calls.finished(call) }
        #expect(calls.isIdle)
    }

    @Test func onScreenChangesAreReportedOnce() {
        var calls = Calls()
        let reports = [
            calls.report(onScreen: nil), calls.report(onScreen: Self.a1), calls.report(onScreen: Self.a1),
            calls.report(onScreen: Self.a2), calls.report(onScreen: nil), calls.report(onScreen: nil),
        ]
        #expect(reports == [false, true, false, true, true, false])
        #expect(calls.reportedOnScreen == nil)
    }
}
