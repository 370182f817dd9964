// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable {
    let id: String
}
/// Reports every promo presented at once; records what the queue asks it to dismiss.
final class Presenter: MediaPresenter, @unchecked Sendable {
    weak var queue: PresentationQueue<Promo, ManualClock>?
    var dismissed: [String] = []
    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws { await queue?.presented(attempt) }
    func dismiss(_ item: Promo, attempt: AttemptToken<Promo.ID>) async { dismissed.append(item.id) }
}
let presenter = Presenter()
let queue = PresentationQueue<Promo, ManualClock>(clock: ManualClock(), presenter: presenter)
presenter.queue = queue
await queue.setScreen("home")
let promo = Promo(id: "promo")
let survey = Promo(id: "survey")
// snippet.show
await queue.enqueue(promo, screens: .on("home", "feed", dismissOnLeave: true))
await queue.enqueue(survey, screens: .notOn("checkout", "login"))
await queue.setScreen("checkout")   // promo is dismissed (left-screen); survey waits
// snippet.hide
let state = await queue.snapshot()
guard presenter.dismissed == ["promo"], state.onScreen == nil, state.waiting?.reason == .screen else {
    fatalError("dismissed \(presenter.dismissed), waiting \(String(describing: state.waiting?.reason))")
}
