/// The presenter-call pipeline of a ``PresentationQueue``: what the state machine asked the presenter to do,
/// which of it is still true when its turn comes, and which attempt on screen the queue last reported.
///
/// A pure value. The actor only runs it: it records the machine's `present` and `dismiss` effects, asks
/// ``next(onScreen:)`` for the next call to make (handing in the machine's attempt on screen at that moment),
/// awaits the presenter, then says ``finished()``; it owns no on-screen record of its own.
///
/// The rules:
///
/// 1. **In order, each once.** Calls are handed out in the order the machine asked for them; each is handed
///    out at most once, to whichever runner asks first. Any number of runners may pull at once: a presenter
///    that calls back into the queue from inside `present` (a `presented`, a `failed`, a "not now") makes the
///    queue run that input and its calls while the outer `present` is still awaited.
/// 2. **A `present` only for the current attempt.** When its turn comes, a `present` is made only if its
///    attempt is the machine's attempt on screen at that moment; otherwise it is dropped. An input that ran
///    while an earlier call was awaited (a "not now" from inside `present`, a timeout, a callback) or a
///    catch-up over several deadlines in one step may have ended it.
/// 3. **A `dismiss` only for the last `present` made.** A `dismiss` is made only if its attempt is the one
///    whose `present` was made last, even if that `present` is still in flight (a present timeout while
///    `present` is awaited must still take the page away). A `dismiss` for an attempt whose `present` was
///    dropped, or that a later `present` superseded, is dropped: the presenter never heard of it.
/// 4. **Idle.** The pipeline is idle when nothing is recorded and no call is in flight; the queue's
///    `settled()` returns only then.
/// 5. **A page goes before the next is asked for.** While a `dismiss` is in flight, no `present` is handed out:
///    it waits, and the runner whose `dismiss` returns hands it out (rule 2 is applied then). A `present` made
///    beside an unfinished `dismiss` let the SDK show the next page while the last was still up (the
///    delegate bridge's random SDK-order test found it under the thread sanitizer).
/// 6. **On-screen reports.** ``report(onScreen:)`` says whether the machine's attempt on screen differs from
///    the one reported last (the delegate bridge is told synchronously of every change).
///
/// - Complexity: Recording and handing out a call are O(1) amortized.
struct PresenterCalls<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    typealias Token = AttemptToken<Item.ID>

    /// A presenter call to make.
    struct Call: Sendable {
        /// `true` for a `dismiss`, `false` for a `present`.
        let isDismissal: Bool
        let token: Token
        let item: Item
    }

    /// The calls recorded and not yet handed out, in order, from ``head`` on.
    private var recorded: [Call] = []
    private var head = 0
    /// The attempt whose `present` was handed out last: a `dismiss` is made only for it (rule 3).
    private(set) var lastPresented: Token?
    /// The calls handed out and not yet finished.
    private(set) var inFlight = 0
    /// The dismissals handed out and not yet finished: no `present` is handed out while there is one (rule 5).
    private(set) var dismissalsInFlight = 0
    /// The attempt on screen the queue reported last (rule 6).
    private(set) var reportedOnScreen: Token?

    /// Whether a recorded call waits to be handed out.
    var hasRecorded: Bool { head < recorded.count }

    /// Whether nothing waits and nothing is in flight (rule 4).
    var isIdle: Bool { !hasRecorded && inFlight == 0 }

    /// Records that the machine asked to present `token`'s attempt of `item`.
    mutating func recordPresent(_ token: Token, item: Item) {
        recorded.append(Call(isDismissal: false, token: token, item: item))
    }

    /// Records that the machine asked to dismiss `token`'s attempt of `item`.
    mutating func recordDismiss(_ token: Token, item: Item) {
        recorded.append(Call(isDismissal: true, token: token, item: item))
    }

    /// Hands out the next call to make, dropping the calls that are no longer true (rules 1–3); `nil` when
    /// nothing is left. A call handed out is in flight until ``finished()``.
    ///
    /// - Parameter onScreen: The machine's attempt on screen now.
    mutating func next(onScreen: Token?) -> Call? {
        while head < recorded.count {
            let call = recorded[head]
            // Rule 5: a present that would be made waits for the dismissals in flight (it stays recorded).
            if !call.isDismissal, dismissalsInFlight > 0, onScreen == call.token { return nil }
            head += 1
            if head == recorded.count {
                recorded.removeAll(keepingCapacity: true)
                head = 0
            }
            if call.isDismissal {
                guard lastPresented == call.token else { continue }
            } else {
                guard onScreen == call.token else { continue }
                lastPresented = call.token
            }
            inFlight += 1
            if call.isDismissal { dismissalsInFlight += 1 }
            return call
        }
        return nil
    }

    /// Records that a call handed out by ``next(onScreen:)`` has returned.
    ///
    /// - Parameter call: The call.
    mutating func finished(_ call: Call) {
        precondition(inFlight > 0, "a presenter call finished that was not handed out")
        inFlight -= 1
        if call.isDismissal {
            precondition(dismissalsInFlight > 0, "a dismissal finished that was not handed out")
            dismissalsInFlight -= 1
        }
    }

    /// Records the machine's attempt on screen; `true` if it differs from the one reported last (rule 6).
    mutating func report(onScreen: Token?) -> Bool {
        guard onScreen != reportedOnScreen else { return false }
        reportedOnScreen = onScreen
        return true
    }
}
