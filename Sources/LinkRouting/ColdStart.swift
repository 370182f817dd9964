/// A cold start replayed against a ``LinkDispatcher``, for tests and without UIKit: what the system delivers
/// while the app launches, at the moments it does, the moment the app says it is ready, and what comes after.
///
/// Build your app's dispatcher as the app does (not ready at first, its handlers, hook and guards), then replay
/// a launch and check what your handlers saw:
///
/// <!-- snippet: ColdStartDocExample -->
/// ```swift
/// let links = AppLinks.makeDispatcher(show: { shown.append($0) })   // startsReady: false
/// let deliveries = ColdStart([
///     .link("https://example.com/promotion/7"),                      // scene(_:willConnectTo:options:)
///     .link("https://example.com/promotion/7", at: .milliseconds(300)),  // scene(_:continue:), the same link
///     .push(PushPayload(userInfo: ["l": "https://example.com/product/42"]), at: .milliseconds(500)),
///     .ready(at: .seconds(1)),                                        // the window shows its root
/// ]).replay(on: links)
/// #expect(shown == ["promotion 7", "product 42"])
/// #expect(deliveries.map(\.outcome) == [.held(.notReady), .duplicate, .held(.notReady), .dispatched, .dispatched])
/// ```
///
/// Times are measured from the start of the replay and replace the dispatcher's clock while it runs (the
/// duplicate window is measured on them), so the replay takes no time.
public struct ColdStart: Sendable {
    /// One moment of a launch.
    public struct Step: Sendable, Hashable {
        enum Action: Sendable, Hashable {
            case link(String)
            case push(PushPayload)
            case ready
            case release
        }

        let action: Action
        let time: Duration

        /// A URL arrives: from the scene's connection options, `scene(_:openURLContexts:)`,
        /// `scene(_:continue:)`, SwiftUI's `onOpenURL`.
        ///
        /// - Parameters:
        ///   - url: The URL as text.
        ///   - time: When, from the start of the launch.
        /// - Returns: The step.
        public static func link(_ url: String, at time: Duration = .zero) -> Step {
            Step(action: .link(url), time: time)
        }

        /// A push notification is tapped: its payload's link arrives.
        ///
        /// - Parameters:
        ///   - payload: The notification's payload.
        ///   - time: When, from the start of the launch.
        /// - Returns: The step.
        public static func push(_ payload: PushPayload, at time: Duration = .zero) -> Step {
            Step(action: .push(payload), time: time)
        }

        /// The app says it is ready (``LinkDispatcher/markReady()``).
        ///
        /// - Parameter time: When, from the start of the launch.
        /// - Returns: The step.
        public static func ready(at time: Duration = .zero) -> Step {
            Step(action: .ready, time: time)
        }

        /// A guard's condition may have changed (``LinkDispatcher/releaseHeldLinks()``): the user signed in.
        ///
        /// - Parameter time: When, from the start of the launch.
        /// - Returns: The step.
        public static func releaseHeldLinks(at time: Duration = .zero) -> Step {
            Step(action: .release, time: time)
        }
    }

    /// The moments of the launch, in the order they happen (steps at the same time in the order given).
    public let steps: [Step]

    /// A launch.
    ///
    /// - Parameter steps: What happens, with when; sorted by time, keeping the given order at equal times.
    public init(_ steps: [Step]) {
        self.steps = steps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// The most common cold start with a universal link: the scene connects with it, `scene(_:continue:)` brings
    /// the same link 300 ms later, and the app is ready at `readyAt`.
    ///
    /// - Parameters:
    ///   - url: The universal link.
    ///   - readyAt: When the app says it is ready.
    /// - Returns: The launch.
    public static func universalLink(_ url: String, readyAt: Duration = .seconds(1)) -> ColdStart {
        ColdStart([.link(url), .link(url, at: .milliseconds(300)), .ready(at: readyAt)])
    }

    /// Replays the launch on `dispatcher`.
    ///
    /// - Parameter dispatcher: The app's dispatcher, made as the app makes it.
    /// - Returns: What became of each link, in order: one delivery per link step, and for each ready or
    ///   release step one per held link it dispatched or left held.
    public func replay(on dispatcher: LinkDispatcher) -> [LinkDelivery] {
        var deliveries: [LinkDelivery] = []
        for step in steps {
            switch step.action {
            case .link(let url):
                deliveries.append(dispatcher.deliver(url, at: step.time))
            case .push(let payload):
                deliveries.append(dispatcher.deliver(payload, at: step.time))
            case .ready:
                deliveries += dispatcher.markReady()
            case .release:
                deliveries += dispatcher.releaseHeldLinks()
            }
        }
        return deliveries
    }
}
