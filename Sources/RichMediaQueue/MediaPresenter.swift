/// The UI side of a ``PresentationQueue``, supplied by the app.
///
/// The queue calls ``present(_:attempt:)`` when it is the item's turn, and ``dismiss(_:attempt:)`` when a
/// present or display timeout ended an attempt it presented. A call for an attempt that has already ended
/// by the time the call would be made (after a long suspension the queue catches up in one step) is not
/// made. The presenter reports back through the queue's
/// ``PresentationQueue/presented(_:)``, ``PresentationQueue/closed(_:)`` and
/// ``PresentationQueue/failed(_:reason:)`` with the attempt token it was given, or says "not now" with
/// ``PresentationQueue/declined(_:)`` (the item stays queued and the attempt does not count).
///
/// A main-actor view controller can conform: the requirements are `async`, so isolated witnesses are
/// allowed. The queue holds its presenter strongly, so a presenter that refers back to its queue does so
/// weakly (a strong reference would be a cycle that frees neither).
///
/// <!-- snippet: MediaPresenterDocExample -->
/// ```swift
/// @MainActor final class PromoPresenter: MediaPresenter {
///     weak var queue: PresentationQueue<Promo, ContinuousClock>?  // the queue owns the presenter
///     func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {
///         try showBanner(item) { [queue] in Task { await queue?.closed(attempt) } }
///         await queue?.presented(attempt)
///     }
/// }
/// ```
public protocol MediaPresenter<Item>: Sendable {
    /// The queued item type.
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

    /// Starts presenting `item` as the attempt named by `attempt`, and returns.
    ///
    /// Report the outcome later with the token. Do not wait for the user to close the item here: the
    /// queue's other work waits for this call to return.
    ///
    /// - Parameters:
    ///   - item: The item to present.
    ///   - attempt: The attempt token to pass back in callbacks.
    /// - Throws: Any error; it counts as a failed attempt (rule 5) with the error's description as reason.
    func present(_ item: Item, attempt: AttemptToken<Item.ID>) async throws

    /// Removes `item` from the screen because a timeout ended its attempt.
    ///
    /// - Parameters:
    ///   - item: The item to dismiss.
    ///   - attempt: The attempt that timed out.
    func dismiss(_ item: Item, attempt: AttemptToken<Item.ID>) async
}

extension MediaPresenter {
    /// Does nothing: presenters that cannot dismiss may omit ``dismiss(_:attempt:)``.
    ///
    /// - Parameters:
    ///   - item: The item to dismiss.
    ///   - attempt: The attempt that timed out.
    public func dismiss(_ item: Item, attempt: AttemptToken<Item.ID>) async {}
}
