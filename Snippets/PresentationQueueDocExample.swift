// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
/// Stand-in for the app's presenter: the presentation starts and is reported later.
struct PromoPresenter: MediaPresenter {
    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {}
}
var printed: [String] = []
/// Records what the sample prints, and prints it.
@MainActor func print(_ item: Any) {
    printed.append("\(item)")
    Swift.print(item)
}
// snippet.show
let queue = PresentationQueue<Promo, ContinuousClock>(
    configuration: QueueConfiguration(order: .priority, presentTimeout: .seconds(5)),
    presenter: PromoPresenter())
let events = queue.subscribe()
await queue.enqueue(Promo(id: "spring-sale"), priority: 10, ttl: .seconds(3600))
// snippet.hide
Task { @MainActor in await queue.shutdown() }  // ends the stream once the events so far are read
// snippet.show
for await event in events { print(event) }   // "0.006s enqueued spring-sale", "0.006s present spring-sale#1"
// snippet.hide
// The time (seconds since the queue started) varies; the events do not.
let shown = printed.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
guard shown == ["enqueued spring-sale", "present spring-sale#1"], printed.allSatisfy({ $0.hasPrefix("0.") }) else {
    fatalError("printed \(printed)")
}
