// snippet.hide
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

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
/// The app's own screen: calls `onClose` when the user closes it.
final class PromoViewController: UIViewController {
    let promo: Promo
    let onClose: () -> Void
    init(_ promo: Promo, onClose: @escaping () -> Void) {
        self.promo = promo
        self.onClose = onClose
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
enum PresentError: Error { case noWindow }
// snippet.show
@MainActor
final class PromoPresenter: MediaPresenter {
    weak var host: UIViewController?
    weak var queue: PresentationQueue<Promo, ContinuousClock>?  // the queue owns the presenter

    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {
        guard let host else { throw PresentError.noWindow }
        let controller = PromoViewController(item) { [queue] in
            Task { await queue?.closed(attempt) }          // the user closed it
        }
        host.present(controller, animated: true) { [queue] in
            Task { await queue?.presented(attempt) }       // it is visible
        }
    }

    func dismiss(_ item: Promo, attempt: AttemptToken<Promo.ID>) async {
        host?.presentedViewController?.dismiss(animated: true)
    }
}
// snippet.hide

let host = UIViewController()
let presenter = PromoPresenter()
presenter.host = host
let queue = PresentationQueue<Promo, ContinuousClock>(presenter: presenter)
presenter.queue = queue
await queue.enqueue(Promo(id: "spring-sale"))
guard let shown = host.presentedViewController as? PromoViewController, shown.promo.id == "spring-sale" else {
    fatalError("spring-sale was not presented")
}
shown.onClose()  // the user closes it
while await queue.snapshot().onScreen != nil { await Task.yield() }
await queue.shutdown()
