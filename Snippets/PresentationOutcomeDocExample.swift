// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
var logged: [String] = []
@MainActor func log(_ line: String) { logged.append(line) }

/// Shows each promo and the user closes it at once.
final class ClosingPresenter: MediaPresenter, @unchecked Sendable {
    weak var queue: PresentationQueue<Promo, ManualClock>?
    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {
        await queue?.presented(attempt)
        await queue?.closed(attempt)
    }
}
let presenter = ClosingPresenter()
let queue = PresentationQueue<Promo, ManualClock>(clock: ManualClock(), presenter: presenter)
presenter.queue = queue
// snippet.show
let outcome = try await queue.enqueueAndWait(Promo(id: "spring-sale"))  // returns when it ends
if case .closed = outcome { log("seen") }
// snippet.hide
guard logged == ["seen"] else { fatalError("logged \(logged)") }
