import Foundation
// snippet.hide
#if canImport(PushwooshFramework)
// snippet.show
import PushwooshFramework   // `import Pushwoosh` with older SDKs
// snippet.hide
#endif
// snippet.show
import RichMediaQueue
// snippet.hide

#if !canImport(PushwooshFramework)
// MARK: - Stand-ins: Pushwoosh SDK
// Without the Pushwoosh SDK (always on Linux) the snippets compile against these stand-ins. They mirror the SDK's
// Objective-C API as Swift sees it (see Pushwoosh's rich media quickstart): NSObject classes without main-actor
// annotations, and implicitly unwrapped parameters and results, as the headers carry no nullability. The delegate
// methods, optional in the SDK, are requirements here. The manager behaves like the SDK: it asks its delegate
// `shouldPresent`, presents on yes, and reports back. Only the SDK makes rich media: the drivers use
// `init(standInContent:)` and read `standInShown`, which are no SDK API, so those drivers are compiled without the
// SDK only. Every snippet that uses the SDK holds this same block (DocsTests checks that the copies stay identical).
import Foundation

protocol PWRichMediaPresentingDelegate: NSObjectProtocol {
    func richMediaManager(_ richMediaManager: PWRichMediaManager!, shouldPresent richMedia: PWRichMedia!) -> Bool
    func richMediaManager(_ richMediaManager: PWRichMediaManager!, didPresent richMedia: PWRichMedia!)
    func richMediaManager(_ richMediaManager: PWRichMediaManager!, didClose richMedia: PWRichMedia!)
    func richMediaManager(
        _ richMediaManager: PWRichMediaManager!, presentingDidFailFor richMedia: PWRichMedia!, withError error: Error!)
}
class PWRichMedia: NSObject {
    let content: String!
    init(standInContent content: String) { self.content = content }
}
class PWRichMediaManager: NSObject {
    nonisolated(unsafe) private static let instance = PWRichMediaManager()
    class func shared() -> PWRichMediaManager! { instance }
    weak var delegate: (any PWRichMediaPresentingDelegate)!
    /// The content of every page shown (no SDK API).
    private(set) var standInShown: [String] = []
    func present(_ richMedia: PWRichMedia!) {
        guard delegate?.richMediaManager(self, shouldPresent: richMedia) ?? true else { return }
        standInShown.append(richMedia.content)
        delegate?.richMediaManager(self, didPresent: richMedia)
    }
}
class PWModalWindowConfiguration: NSObject {
    nonisolated(unsafe) private static let instance = PWModalWindowConfiguration()
    class func shared() -> PWModalWindowConfiguration! { instance }
    func presentModalWindow(_ richMedia: PWRichMedia!) { PWRichMediaManager.shared().present(richMedia) }
}
// MARK: - End of stand-ins: Pushwoosh SDK
#endif
// snippet.show

/// A Pushwoosh rich media page as a queue item. `PWRichMedia` is an Objective-C object the SDK uses on
/// the main thread; the queue only stores it and passes it back to the SDK on the main actor.
struct RichMediaItem: Identifiable, @unchecked Sendable {
    /// Identifies the in-app for de-duplication and callbacks; use any stable key of your media.
    let id: String
    let media: PWRichMedia

    init(_ media: PWRichMedia) {
        self.media = media
        self.id = media.content
    }
}

/// The app's screens, as the queue knows them (the names are yours).
enum AppScreen: String {
    case launch, login, home, catalog, product, checkout
}

final class QueuedRichMediaPresentingDelegate: NSObject, PWRichMediaPresentingDelegate {
    let bridge: PresentingDelegateBridge<RichMediaItem, ContinuousClock>

    /// Where in-apps may appear: on the browsing screens only, so never while the app launches, signs in or
    /// takes a payment, and not before the first screen appears. Leaving for another screen takes a page away.
    static let screens = ScreenRule.on(
        AppScreen.home.rawValue, AppScreen.catalog.rawValue, AppScreen.product.rawValue, dismissOnLeave: true)

    /// - Parameters:
    ///   - present: Shows a page. The default presents the current modal rich media; for legacy pages pass
    ///     `{ PWRichMediaManager.shared().present($0) }`.
    ///   - dismiss: Takes a page off the screen: called after a present or display timeout, for a page that
    ///     appears after its attempt ended, and when the user leaves for a screen in-apps may not appear on.
    ///     Pass your SDK version's way of closing the page (the quickstart shows none), for example
    ///     dismissing the view controller that shows it.
    init(
        present: @escaping @MainActor (PWRichMedia) -> Void = {
            PWModalWindowConfiguration.shared().presentModalWindow($0)
        },
        dismiss: @escaping @MainActor (PWRichMedia) -> Void
    ) {
        bridge = PresentingDelegateBridge(
            configuration: QueueConfiguration(
                minInterval: .seconds(2),        // breathing room between two in-apps
                presentTimeout: .seconds(15),    // a page that never reports back no longer blocks the queue
                maxAttempts: 2,
                retryDelay: .seconds(30),
                capacity: 10,
                overflow: .dropOldest),
            present: { item in await MainActor.run { present(item.media) } },
            dismiss: { item in await MainActor.run { dismiss(item.media) } })
    }

    func richMediaManager(_ richMediaManager: PWRichMediaManager!, shouldPresent richMedia: PWRichMedia!) -> Bool {
        bridge.shouldPresent(RichMediaItem(richMedia), ttl: .seconds(15 * 60), screens: Self.screens)
    }

    /// Call from each screen's `viewDidAppear(_:)` (SwiftUI: `onAppear`): in-apps wait for a screen that allows
    /// them, and one on screen goes when the user leaves for a screen that does not.
    func screenDidAppear(_ screen: AppScreen) {
        bridge.setScreen(screen.rawValue)
    }

    func richMediaManager(_ richMediaManager: PWRichMediaManager!, didPresent richMedia: PWRichMedia!) {
        bridge.didPresent(RichMediaItem(richMedia).id)
    }

    func richMediaManager(_ richMediaManager: PWRichMediaManager!, didClose richMedia: PWRichMedia!) {
        bridge.didClose(RichMediaItem(richMedia).id)
    }

    func richMediaManager(
        _ richMediaManager: PWRichMediaManager!, presentingDidFailFor richMedia: PWRichMedia!, withError error: Error!
    ) {
        bridge.didFail(RichMediaItem(richMedia).id, reason: error.localizedDescription)
    }
}
// snippet.hide

#if !canImport(PushwooshFramework)
// The driver (without the SDK only: it makes rich media, which only the SDK makes). Two in-apps arrive at once on the
// home screen: the first is shown, the second waits for it (the chained delegate showed both). Then the user goes to
// the checkout: the page on screen is taken away and the second waits for a browsing screen.
var dismissedPages: [String] = []
let richMediaDelegate = QueuedRichMediaPresentingDelegate(dismiss: { dismissedPages.append($0.content) })
PWRichMediaManager.shared().delegate = richMediaDelegate
richMediaDelegate.screenDidAppear(.home)
PWRichMediaManager.shared().present(PWRichMedia(standInContent: "a"))
PWRichMediaManager.shared().present(PWRichMedia(standInContent: "b"))
await richMediaDelegate.bridge.settled()
let pending = await richMediaDelegate.bridge.queue.snapshot().pending.map(\.item.id)
guard PWRichMediaManager.shared().standInShown == ["a"], pending == ["b"] else {
    fatalError("shown \(PWRichMediaManager.shared().standInShown), pending \(pending)")
}
richMediaDelegate.screenDidAppear(.checkout)
await richMediaDelegate.bridge.settled()
let waiting = await richMediaDelegate.bridge.queue.snapshot().waiting
// b waits out the minimum interval the closed page started, then for a screen that allows it.
guard dismissedPages == ["a"], waiting?.item.id == "b", [.minInterval, .screen].contains(waiting?.reason) else {
    fatalError("dismissed \(dismissedPages), waiting \(String(describing: waiting))")
}
await richMediaDelegate.bridge.queue.shutdown()
#endif
