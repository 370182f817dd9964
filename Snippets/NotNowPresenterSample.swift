// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
final class Screen: @unchecked Sendable { var isCheckout = true }

final class CheckoutAwarePresenter: MediaPresenter, @unchecked Sendable {
    weak var queue: PresentationQueue<Promo, ManualClock>?
    let screen = Screen()
    var shown: [String] = []
    func show(_ item: Promo, _ attempt: AttemptToken<Promo.ID>) { shown.append(attempt.description) }

    // snippet.show
    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {
        if screen.isCheckout {
            await queue?.declined(attempt)   // not now: the promo stays queued, no attempt is used
            return
        }
        show(item, attempt)
    }
    // snippet.hide
}

let presenter = CheckoutAwarePresenter()
let queue = PresentationQueue<Promo, ManualClock>(clock: ManualClock(), presenter: presenter)
presenter.queue = queue
await queue.enqueue(Promo(id: "spring-sale"))
presenter.screen.isCheckout = false  // the user leaves the checkout
await queue.resume()
let state = await queue.snapshot()
guard presenter.shown == ["spring-sale#2"], state.onScreen?.id == "spring-sale" else {
    fatalError("\(presenter.shown), \(state)")
}
