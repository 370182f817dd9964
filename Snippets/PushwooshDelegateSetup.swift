// snippet.hide
import Foundation
import RichMediaQueue

#if canImport(PushwooshFramework)
import PushwooshFramework
#else
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

#if canImport(UIKit)
import UIKit
#else
// MARK: - Stand-ins: UIKit
// UIKit is not on Linux, and SwiftPM builds snippets for the host only, so there the snippets compile against
// these stand-ins. They mirror UIKit's declarations as Swift sees them with Xcode 16 (iOS 18 SDK), for the API the
// snippets use: main-actor classes built on NSObject, UIKit's initializers (so a view controller subclass needs
// `init?(coder:)`), read-only where UIKit's are. UIKit's optional delegate methods are requirements with a default
// that does nothing, so a driver that calls them through the protocol notices a method that does not match.
// Foundation's NSUserActivity is stood in too (Linux's Foundation has none). UIKit alone makes scenes, sessions,
// URL contexts and connection options: the drivers make them with the `standIn` initializers and methods, which
// are no UIKit API, so those drivers are compiled only where UIKit is missing. Every snippet that uses UIKit holds
// this same block (DocsTests checks that the copies stay identical).
import Foundation

class NSUserActivity: NSObject {
    let activityType: String
    var webpageURL: URL?
    init(activityType: String) { self.activityType = activityType }
}
let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"

@MainActor protocol UIUserActivityRestoring: NSObjectProtocol {
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}
@MainActor class UIResponder: NSObject, UIUserActivityRestoring {
    func restoreUserActivityState(_ userActivity: NSUserActivity) {}
}
@MainActor class UIView: UIResponder {}
@MainActor class UIWindow: UIView {
    var rootViewController: UIViewController?
}
@MainActor class UIViewController: UIResponder {
    private(set) weak var presentingViewController: UIViewController?
    private(set) var presentedViewController: UIViewController?
    init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Foundation.Bundle?) { super.init() }
    required init?(coder: NSCoder) { nil }
    override convenience init() { self.init(nibName: nil, bundle: nil) }
    func viewDidAppear(_ animated: Bool) {}
    func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        completion?()
    }
    /// Dismisses the controller this one presented, or else the one presenting this one (as UIKit does).
    func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentedViewController == nil ? presentingViewController : self
        presenter?.presentedViewController?.presentingViewController = nil
        presenter?.presentedViewController = nil
        completion?()
    }
}

@MainActor class UISceneSession: NSObject {
    let persistentIdentifier: String
    init(standInPersistentIdentifier: String) { persistentIdentifier = standInPersistentIdentifier }
}
@MainActor class UIOpenURLContext: NSObject {
    let url: URL
    init(standInURL url: URL) { self.url = url }
}
@MainActor class UIScene: UIResponder {
    @MainActor class ConnectionOptions: NSObject {
        let urlContexts: Set<UIOpenURLContext>
        let userActivities: Set<NSUserActivity>
        init(standInURLContexts urlContexts: Set<UIOpenURLContext>, userActivities: Set<NSUserActivity> = []) {
            self.urlContexts = urlContexts
            self.userActivities = userActivities
        }
    }
    let session: UISceneSession
    var delegate: (any UISceneDelegate)?
    init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) { self.session = session }
}
@MainActor protocol UISceneDelegate: NSObjectProtocol {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}
extension UISceneDelegate {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}
@MainActor protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}
extension UIWindowSceneDelegate {
    var window: UIWindow? {
        get { nil }
        set {}
    }
}

@MainActor class UIApplication: UIResponder {
    struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
    }
    struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
    }
    static let shared = UIApplication()
    private(set) var connectedScenes: Set<UIScene> = []
    /// What `open` was asked to open (no UIKit API).
    private(set) var standInOpenedURLs: [URL] = []
    func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        standInOpenedURLs.append(url)
        completion?(true)
    }
    /// Connects a new scene with this delegate, as UIKit does at launch (no UIKit API).
    @discardableResult
    func standInConnectScene(
        delegate: any UISceneDelegate, options: UIScene.ConnectionOptions? = nil
    ) -> UIScene {
        let options = options ?? UIScene.ConnectionOptions(standInURLContexts: [])
        let session = UISceneSession(standInPersistentIdentifier: "scene-\(connectedScenes.count + 1)")
        let scene = UIScene(session: session, connectionOptions: options)
        scene.delegate = delegate
        connectedScenes.insert(scene)
        delegate.scene(scene, willConnectTo: session, options: options)
        return scene
    }
}
@MainActor protocol UIApplicationDelegate: NSObjectProtocol {
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool
}
extension UIApplicationDelegate {
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        false
    }
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool { false }
}
// MARK: - End of stand-ins: UIKit
#endif

let window: UIWindow? = UIWindow()

// The delegate class of Docs/RichMediaQueue.md, exactly as Snippets/PushwooshDelegate.swift shows it (DocsTests
// checks the copy).

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
