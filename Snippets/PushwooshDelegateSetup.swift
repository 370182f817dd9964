// snippet.hide
import Foundation
#if canImport(PushwooshFramework)
import PushwooshFramework
#endif
#if canImport(UIKit)
import UIKit
#endif
import RichMediaQueue

#if !canImport(PushwooshFramework)
// Stand-ins for the Pushwoosh SDK API used below, so the sample runs on Linux and without the SDK. The fake
// manager behaves like the SDK: it asks its delegate `shouldPresent`, presents on yes, and reports back.
protocol PWRichMediaPresentingDelegate: AnyObject {
    func richMediaManager(_ richMediaManager: PWRichMediaManager, shouldPresent richMedia: PWRichMedia) -> Bool
    func richMediaManager(_ richMediaManager: PWRichMediaManager, didPresent richMedia: PWRichMedia)
    func richMediaManager(_ richMediaManager: PWRichMediaManager, didClose richMedia: PWRichMedia)
    func richMediaManager(
        _ richMediaManager: PWRichMediaManager, presentingDidFailFor richMedia: PWRichMedia, withError error: Error)
}
final class PWRichMedia: NSObject, @unchecked Sendable {
    let content: String
    init(content: String) { self.content = content }
}
@MainActor final class PWRichMediaManager {
    private static let instance = PWRichMediaManager()
    static func shared() -> PWRichMediaManager { instance }
    weak var delegate: (any PWRichMediaPresentingDelegate)?
    private(set) var shown: [String] = []
    func present(_ media: PWRichMedia) {
        guard let delegate, delegate.richMediaManager(self, shouldPresent: media) else { return }
        shown.append(media.content)
        delegate.richMediaManager(self, didPresent: media)
    }
}
@MainActor final class PWModalWindowConfiguration {
    private static let instance = PWModalWindowConfiguration()
    static func shared() -> PWModalWindowConfiguration { instance }
    func presentModalWindow(_ media: PWRichMedia) { PWRichMediaManager.shared().present(media) }
}
#endif
#if !canImport(UIKit)
@MainActor class UIViewController {
    var presentedViewController: UIViewController?
    func dismiss(animated: Bool, completion: (() -> Void)? = nil) { presentedViewController = nil }
}
@MainActor final class UIWindow { var rootViewController: UIViewController? }
#endif
let window: UIWindow? = UIWindow()

// The delegate class of Docs/RichMediaQueue.md (Snippets/PushwooshDelegate.swift shows it).

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

final class QueuedRichMediaPresentingDelegate: NSObject, PWRichMediaPresentingDelegate {
    let bridge: PresentingDelegateBridge<RichMediaItem, ContinuousClock>

    /// - Parameters:
    ///   - present: Shows a page. The default presents the current modal rich media; for legacy pages pass
    ///     `{ PWRichMediaManager.shared().present($0) }`.
    ///   - dismiss: Takes a page off the screen: called after a present or display timeout and for a page
    ///     that appears after its attempt ended. Pass your SDK version's way of closing the page (the
    ///     quickstart shows none), for example dismissing the view controller that shows it.
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

    func richMediaManager(_ richMediaManager: PWRichMediaManager, shouldPresent richMedia: PWRichMedia) -> Bool {
        bridge.shouldPresent(RichMediaItem(richMedia), ttl: .seconds(15 * 60))
    }

    func richMediaManager(_ richMediaManager: PWRichMediaManager, didPresent richMedia: PWRichMedia) {
        bridge.didPresent(RichMediaItem(richMedia).id)
    }

    func richMediaManager(_ richMediaManager: PWRichMediaManager, didClose richMedia: PWRichMedia) {
        bridge.didClose(RichMediaItem(richMedia).id)
    }

    func richMediaManager(
        _ richMediaManager: PWRichMediaManager, presentingDidFailFor richMedia: PWRichMedia, withError error: Error
    ) {
        bridge.didFail(RichMediaItem(richMedia).id, reason: error.localizedDescription)
    }
}
// snippet.show
// In application(_:didFinishLaunchingWithOptions:). Keep a strong reference: SDK delegates are often weak.
let richMediaDelegate = QueuedRichMediaPresentingDelegate(dismiss: { _ in
    // A page on screen is shown by a view controller the SDK presented over the app's root.
    window?.rootViewController?.presentedViewController?.dismiss(animated: true)
})
PWRichMediaManager.shared().delegate = richMediaDelegate
// snippet.hide
guard PWRichMediaManager.shared().delegate === richMediaDelegate else { fatalError("the delegate is not set") }
await richMediaDelegate.bridge.queue.shutdown()
