// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
// snippet.show
let clock = ManualClock()
let queue = PresentationQueue<Promo, ManualClock>(
    configuration: QueueConfiguration(presentTimeout: .seconds(5)), clock: clock)
await queue.enqueue(Promo(id: "spring"))
clock.advance(by: .seconds(5))
let state = await queue.snapshot()  // the present timeout has fired
// snippet.hide
guard state.onScreen == nil, state.pending.isEmpty else { fatalError("spring did not time out: \(state)") }
