// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
var banners: [String: () -> Void] = [:]
/// Stand-in for the app's banner: shows `promo` and calls `onClose` when the user closes it.
@MainActor func showBanner(_ promo: Promo, onClose: @escaping @Sendable () -> Void) throws {
    banners[promo.id] = onClose
}
// snippet.show
@MainActor final class PromoPresenter: MediaPresenter {
    weak var queue: PresentationQueue<Promo, ContinuousClock>?  // the queue owns the presenter
    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {
        try showBanner(item) { [queue] in Task { await queue?.closed(attempt) } }
        await queue?.presented(attempt)
    }
}
// snippet.hide

let presenter = PromoPresenter()
let queue = PresentationQueue<Promo, ContinuousClock>(presenter: presenter)
presenter.queue = queue
await queue.enqueue(Promo(id: "spring-sale"))
guard banners["spring-sale"] != nil, await queue.snapshot().onScreen?.id == "spring-sale" else {
    fatalError("spring-sale was not shown")
}
await queue.shutdown()
