// snippet.hide
import Foundation
import RichMediaQueue
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

struct Promo: Identifiable, Sendable {
    let id: String
    var endsAt = Date.distantFuture
}
/// Reports every promo presented at once (the guide's PromoPresenter shows a real one).
final class PromoPresenter: MediaPresenter, @unchecked Sendable {
    weak var queue: PresentationQueue<Promo, ContinuousClock>?
    var dismissed: [String] = []
    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws { await queue?.presented(attempt) }
    func dismiss(_ item: Promo, attempt: AttemptToken<Promo.ID>) async { dismissed.append(item.id) }
}
let presenter = PromoPresenter()
// snippet.show
/// The app's screens, named for the queue.
enum AppScreen: String {
    case launch, login, home, product, checkout
}

enum Promos {
    static let queue = PresentationQueue<Promo, ContinuousClock>(
        configuration: QueueConfiguration(minInterval: .seconds(2)), presenter: presenter)

    /// A sale: on the browsing screens only (never at launch, login or checkout, nor before the first screen
    /// appears); leaving for another screen takes it away.
    static func showSale(_ promo: Promo) async {
        await queue.enqueue(
            promo, ttl: .seconds(3600), screens: .on("home", "product", dismissOnLeave: true), tags: ["sale"])
    }

    /// A survey: anywhere but login and checkout; it stays if the user moves on.
    static func showSurvey(_ promo: Promo) async {
        await queue.enqueue(promo, screens: .notOn("login", "checkout"))
    }

    /// Back from the background: drop the sales that ended while the app was away.
    static func willEnterForeground() async {
        await queue.cancel { $0.endsAt < Date() }
    }
}

/// Tells the queue each screen in the order they appear: one task forwards them (a task per call could
/// overtake another).
@MainActor final class ScreenReporter {
    static let shared = ScreenReporter()
    private let screens: AsyncStream<AppScreen>.Continuation

    private init() {
        let (stream, screens) = AsyncStream<AppScreen>.makeStream()
        self.screens = screens
        Task { for await screen in stream { await Promos.queue.setScreen(screen.rawValue) } }
    }

    func appeared(_ screen: AppScreen) { screens.yield(screen) }
}

/// Every screen reports itself when it appears (in SwiftUI: `.onAppear { ScreenReporter.shared.appeared(.home) }`).
class ScreenViewController: UIViewController {
    var screen: AppScreen { .home }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        ScreenReporter.shared.appeared(screen)
    }
}

final class CheckoutViewController: ScreenViewController {
    override var screen: AppScreen { .checkout }
}
// snippet.hide

// The driver: a sale arrives during launch and waits for the home screen; the checkout takes it away; a survey
// that may show on the home screen only after the sale; a sale that ended is dropped on return.
presenter.queue = Promos.queue
await Promos.showSale(Promo(id: "black-friday"))
await Promos.showSale(Promo(id: "ended", endsAt: Date(timeIntervalSinceNow: -1)))
func settle(_ check: @escaping () async -> Bool) async {
    for _ in 0..<10_000 where await !check() { await Task.yield() }
}
guard await Promos.queue.snapshot().waiting?.reason == .screen else { fatalError("the sale did not wait for a screen") }
ScreenViewController().viewDidAppear(true)
await settle { await Promos.queue.snapshot().onScreen?.id == "black-friday" }
await Promos.willEnterForeground()
CheckoutViewController().viewDidAppear(true)
await settle { await Promos.queue.snapshot().onScreen == nil }
let state = await Promos.queue.snapshot()
guard presenter.dismissed == ["black-friday"], state.pending.isEmpty, state.screen == "checkout" else {
    fatalError("dismissed \(presenter.dismissed), \(state.pending.map(\.item.id)), \(String(describing: state.screen))")
}
await Promos.queue.shutdown()
