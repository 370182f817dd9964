import RichMediaQueue

/// A fake push SDK with a Pushwoosh-style presenting delegate, driving a `PresentingDelegateBridge`.
///
/// Its `present` (the bridge's `present` closure) asks `shouldPresent` re-entrantly, as the real SDK does;
/// a page answered yes starts *loading*, and the test decides what happens next: it appears (`didPresent`),
/// fails, or never reports back. `dismiss` removes a loading or visible page unless `ignoresDismiss` is
/// set (a page already loading then shows up anyway). It checks "never two on screen" at every yes (no
/// other page may be visible, nor loading unless dismissals are ignored) and in ``checkSettled(onScreen:)``.
final class FakeSDK: Sendable {
    struct State {
        var loading: [String] = []
        var visible: [String] = []
        var yes: [String] = []
        var presentCalls: [String] = []
        var dismissCalls: [String] = []
        var violations: [String] = []
        var ignoresDismiss = false
    }

    final class BridgeReference: @unchecked Sendable {
        weak var bridge: PresentingDelegateBridge<Promo, ManualClock>?
    }

    let state = LockedValue(State())
    private let reference = LockedValue(BridgeReference())
    let clock = ManualClock()

    /// Creates the SDK and its bridge; the bridge holds the SDK, the SDK holds the bridge weakly (as apps do).
    static func make(
        _ configuration: QueueConfiguration, ignoresDismiss: Bool = false
    ) -> (FakeSDK, PresentingDelegateBridge<Promo, ManualClock>) {
        let sdk = FakeSDK()
        sdk.state.withLock { $0.ignoresDismiss = ignoresDismiss }
        let bridge = PresentingDelegateBridge<Promo, ManualClock>(
            configuration: configuration, clock: sdk.clock, present: { sdk.present($0) }, dismiss: { sdk.dismiss($0) })
        sdk.reference.withLock { $0.bridge = bridge }
        return (sdk, bridge)
    }

    private var bridge: PresentingDelegateBridge<Promo, ManualClock>? { reference.withLock { $0.bridge } }

    /// The SDK triggers an in-app (or triggers it again): it asks the delegate and loads the page on yes.
    @discardableResult
    func trigger(_ id: String) -> Bool {
        guard let bridge else { return false }
        let answer = bridge.shouldPresent(Promo(id: id))
        if answer { startLoading(id) }
        return answer
    }

    /// The bridge's `present` closure: the SDK is asked to present a page and asks `shouldPresent` again.
    func present(_ item: Promo) {
        state.withLock { $0.presentCalls.append(item.id) }
        trigger(item.id)
    }

    func dismiss(_ item: Promo) {
        state.withLock { state in
            state.dismissCalls.append(item.id)
            if !state.ignoresDismiss { state.loading.removeAll { $0 == item.id } }
            state.visible.removeAll { $0 == item.id }
        }
    }

    private func startLoading(_ id: String) {
        state.withLock { state in
            // A page whose dismissal the SDK ignored may still be loading: only the visible ones count then.
            let up = state.ignoresDismiss ? state.visible : state.loading + state.visible
            let others = up.filter { $0 != id }
            if !others.isEmpty { state.violations.append("yes for \(id) while \(others) are up") }
            state.yes.append(id)
            if !state.loading.contains(id) { state.loading.append(id) }
        }
    }

    /// A loading page finishes loading and appears.
    func appear(_ id: String) {
        let appeared = state.withLock { state -> Bool in
            guard let index = state.loading.firstIndex(of: id) else { return false }
            state.loading.remove(at: index)
            if !state.visible.contains(id) { state.visible.append(id) }
            return true
        }
        if appeared { bridge?.didPresent(id) }
    }

    /// The user closes a visible page.
    func close(_ id: String) {
        let closed = state.withLock { state -> Bool in
            guard let index = state.visible.firstIndex(of: id) else { return false }
            state.visible.remove(at: index)
            return true
        }
        if closed { bridge?.didClose(id) }
    }

    /// A loading page fails to load.
    func fail(_ id: String) {
        let failed = state.withLock { state -> Bool in
            guard let index = state.loading.firstIndex(of: id) else { return false }
            state.loading.remove(at: index)
            return true
        }
        if failed { bridge?.didFail(id, reason: "load-error") }
    }

    /// After the bridge settled: at most one page is visible, and only the queue's own current one.
    func checkSettled(onScreen: String?) {
        state.withLock { state in
            if state.visible.count > 1 { state.violations.append("two pages visible: \(state.visible)") }
            if let page = state.visible.first, page != onScreen {
                state.violations.append("\(page) visible while the queue has \(onScreen ?? "nothing") on screen")
            }
        }
    }

    var violations: [String] { state.withLock { $0.violations } }
    var loading: [String] { state.withLock { $0.loading } }
    var visible: [String] { state.withLock { $0.visible } }
    var yes: [String] { state.withLock { $0.yes } }
    var presentCalls: [String] { state.withLock { $0.presentCalls } }
    var dismissCalls: [String] { state.withLock { $0.dismissCalls } }
}
