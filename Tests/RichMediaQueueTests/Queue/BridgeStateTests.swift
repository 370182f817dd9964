import Testing

@testable import RichMediaQueue

/// The bridge's own rulebook, without a queue or an SDK: rule 13 (the re-entrant yes) and how SDK
/// callbacks, which name only the media, are attributed to attempts.
@Suite struct BridgeStateTests {
    typealias State = BridgeState<Promo>
    typealias Token = AttemptToken<String>

    static let a1 = Token(id: "a", attempt: 1, entry: 1)
    static let a2 = Token(id: "a", attempt: 2, entry: 1)
    static let b1 = Token(id: "b", attempt: 1, entry: 2)

    /// A state whose queue has `token` on screen and asked the SDK to present it.
    static func asked(_ token: Token) -> State {
        var state = State()
        state.onScreen = token
        let answer1 = state.asking(token, item: Promo(id: token.id))
        #expect(answer1)
        return state
    }

    // MARK: - Rule 13

    @Test func yesOnlyOncePerAttemptAndOnlyAfterTheQueueAsked() {
        var state = State()
        let answer2 = state.answerYes(to: "a")
        #expect(!answer2, "nothing on screen: a new request")
        state.onScreen = Self.a1
        let answer3 = state.answerYes(to: "a")
        #expect(!answer3, "on screen but the SDK was not asked yet")
        let answer4 = state.asking(Self.a1, item: Promo(id: "a"))
        #expect(answer4)
        let answer5 = state.answerYes(to: "b")
        #expect(!answer5, "another media")
        let answer6 = state.answerYes(to: "a")
        #expect(answer6)
        let answer7 = state.answerYes(to: "a")
        #expect(!answer7, "a second yes for one attempt")
    }

    @Test func anEndedAttemptNeverGetsAYes() {
        var state = Self.asked(Self.a1)
        state.onScreen = nil  // closed, failed, timed out or cancelled: any end
        let answer8 = state.answerYes(to: "a")
        #expect(!answer8)
        // The retry is a new attempt: asked again, it gets its own single yes.
        state.onScreen = Self.a2
        let answer9 = state.answerYes(to: "a")
        #expect(!answer9)
        let answer10 = state.asking(Self.a2, item: Promo(id: "a"))
        #expect(answer10)
        let answer11 = state.answerYes(to: "a")
        #expect(answer11)
        let answer12 = state.answerYes(to: "a")
        #expect(!answer12)
    }

    @Test func askingForAnAttemptThatEndedMeanwhileIsRefused() {
        var state = State()
        state.onScreen = Self.b1
        let answer13 = state.asking(Self.a1, item: Promo(id: "a"))
        #expect(!answer13)
        #expect(state.asked.isEmpty)
    }

    @Test func askedAttemptsAreBounded() {
        var state = State()
        for index in 0..<(State.askedLimit + 5) {
            let token = Token(id: "m\(index)", attempt: 1, entry: UInt64(index + 1))
            state.onScreen = token
            let answer14 = state.asking(token, item: Promo(id: token.id))
            #expect(answer14)
        }
        #expect(state.asked.count == State.askedLimit)
        #expect(state.lastAsked("m0") == nil, "the oldest is forgotten first")
    }

    // MARK: - Callback attribution

    @Test func didPresentCountsForTheAskedCurrentAttempt() {
        var state = Self.asked(Self.a1)
        let (target, stray) = state.didPresent("a")
        #expect(target == .init(Self.a1))
        #expect(stray == nil)
        #expect(state.sdkPresented == Self.a1)
    }

    @Test func didPresentForAnEndedAttemptIsIgnoredAndItsPageDismissed() {
        var state = Self.asked(Self.a1)
        state.onScreen = Self.b1  // a1 timed out; b1 is up
        let (target, stray) = state.didPresent("a")
        #expect(target == .ended(id: "a", attempt: 1))
        #expect(stray?.id == "a")
    }

    @Test func didPresentForAMediaNeverAskedForIsIgnoredWithoutDismissal() {
        var state = State()
        let (target, stray) = state.didPresent("x")
        #expect(target == .ended(id: "x", attempt: nil))
        #expect(target.isEnded)
        #expect(stray == nil)
    }

    @Test func didCloseCountsOnlyAfterDidPresent() {
        var state = Self.asked(Self.a1)
        // A close before didPresent is taken for a late close of an earlier attempt.
        let answer15 = state.didEnd("a", requiresPresented: true)
        #expect(answer15 == .ended(id: "a", attempt: 1))
        _ = state.didPresent("a")
        let answer16 = state.didEnd("a", requiresPresented: true)
        #expect(answer16 == .init(Self.a1))
        #expect(state.lastAsked("a") == nil, "the attempt is no longer attributable")
    }

    @Test func didFailCountsOnceAskedEvenBeforeDidPresent() {
        var state = Self.asked(Self.a1)
        let answer17 = state.didEnd("a", requiresPresented: false)
        #expect(answer17 == .init(Self.a1))
        // A second report of the same failure names an attempt that is no longer attributable.
        let answer18 = state.didEnd("a", requiresPresented: false)
        #expect(answer18.isEnded)
    }

    @Test func aLateCallbackOfAnEndedAttemptNamesItsAttempt() {
        var state = Self.asked(Self.a1)
        state.onScreen = nil
        let answer19 = state.didEnd("a", requiresPresented: false)
        #expect(answer19 == .ended(id: "a", attempt: 1))
        #expect(state.lastAsked("a") == nil)
    }

    @Test func theMachineIgnoresEndedTargetsWhateverIsOnScreen() {
        var machine = QueueStateMachine<String>(configuration: QueueConfiguration(), checksInvariants: true)
        var effects: [QueueStateMachine<String>.Effect] = []
        machine.enqueue("a", at: .zero, effects: &effects)
        effects.removeAll()
        // The same id and attempt as the attempt on screen, but the bridge knows it names an ended one.
        machine.closed(.ended(id: "a", attempt: 1), at: .zero, effects: &effects)
        #expect(
            effects == [
                .event(QueueEvent(elapsed: .zero, kind: .ignored(.closed, id: "a", attempt: 1, reason: .notOnScreen)))
            ])
        #expect(machine.onScreenToken == Self.a1)
    }
}
