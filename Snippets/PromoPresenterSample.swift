// snippet.hide
import RichMediaQueue

#if canImport(UIKit)
import UIKit
#else
// Stand-ins for the UIKit API used below, so the sample runs on Linux.
@MainActor class UIViewController {
    private(set) var presentedViewController: UIViewController?
    func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = controller
        completion?()
    }
    func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = nil
        completion?()
    }
}
#endif

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
/// The app's own screen (a stand-in): calls `onClose` when the user closes it.
final class PromoViewController: UIViewController {
    let promo: Promo
    let onClose: () -> Void
    init(_ promo: Promo, onClose: @escaping () -> Void) {
        self.promo = promo
        self.onClose = onClose
    }
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
