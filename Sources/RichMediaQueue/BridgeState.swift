/// What a ``PresentingDelegateBridge`` knows synchronously, kept under one lock: the bridge's own small
/// rulebook.
///
/// - Rule 13: ``answerYes(to:)`` says yes only for the queue's current attempt of that id, only once the
///   queue asked the SDK to present it (``asking(_:item:)``), and only once per attempt.
/// - Callback attribution: ``didPresent(_:)`` counts for the current attempt once it was asked for;
///   ``didEnd(_:requiresPresented:)`` counts for it once asked for and, for a close, once the SDK reported
///   it presented. Anything else becomes an ``QueueCallbackTarget/ended(id:attempt:)`` target, which the
///   queue reports as ignored.
struct BridgeState<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    typealias Token = AttemptToken<Item.ID>
    typealias Target = QueueStateMachine<Item.ID>.CallbackTarget

    /// The queue's attempt on screen, updated by the queue whenever it changes.
    var onScreen: Token?
    /// The attempts the queue asked the SDK to present, latest per id (with their items, to dismiss a
    /// page that shows up late); at most ``askedLimit``, oldest forgotten first.
    var asked: [(token: Token, item: Item)] = []
    /// The attempt that got its re-entrant yes.
    var answered: Token?
    /// The attempt the SDK reported presented.
    var sdkPresented: Token?

    static var askedLimit: Int { 32 }

    func lastAsked(_ id: Item.ID) -> (token: Token, item: Item)? {
        asked.last { $0.token.id == id }
    }

    /// Whether the queue's current attempt is `id`'s and the queue asked the SDK to present it.
    func currentAsked(_ id: Item.ID) -> Token? {
        guard let current = onScreen, current.id == id, lastAsked(id)?.token == current else { return nil }
        return current
    }

    /// Records that the queue asks the SDK to present `token`; `false` if that attempt already ended.
    mutating func asking(_ token: Token, item: Item) -> Bool {
        guard onScreen == token else { return false }
        asked.removeAll { $0.token.id == token.id }
        asked.append((token, item))
        if asked.count > Self.askedLimit { asked.removeFirst() }
        return true
    }

    /// The re-entrant yes: once per attempt, only while it is current and was asked for.
    mutating func answerYes(to id: Item.ID) -> Bool {
        guard let current = currentAsked(id), answered != current else { return false }
        answered = current
        return true
    }

    /// The target of a `didPresent`, and the item to dismiss if the page's attempt has ended.
    mutating func didPresent(_ id: Item.ID) -> (Target, Item?) {
        if let current = currentAsked(id) {
            sdkPresented = current
            return (Target(current), nil)
        }
        guard let (token, item) = lastAsked(id) else { return (Self.ignored(id, attempt: nil), nil) }
        return (Self.ignored(id, attempt: token.attempt), item)
    }

    /// The target of a `didClose` or `didFail`.
    mutating func didEnd(_ id: Item.ID, requiresPresented: Bool) -> Target {
        if let current = currentAsked(id), !requiresPresented || sdkPresented == current {
            asked.removeAll { $0.token.id == id }
            return Target(current)
        }
        let last = lastAsked(id)
        if let last, last.token != onScreen { asked.removeAll { $0.token.id == id } }
        return Self.ignored(id, attempt: last?.token.attempt)
    }

    /// A target the queue always reports as ignored: an attempt that has ended, or was never asked for.
    static func ignored(_ id: Item.ID, attempt: Int?) -> Target {
        .ended(id: id, attempt: attempt)
    }
}
