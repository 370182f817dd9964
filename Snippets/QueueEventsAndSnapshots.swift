// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
var logged: [String] = []
@MainActor func log(_ line: String) { logged.append(line) }

// A queue on a manual clock, without a presenter: one item is presented, another waits; then the queue shuts
// down, which finishes the event stream and ends the loop below. (The task runs on the main actor, so it starts
// once the loop waits for its first event.)
let clock = ManualClock()
let queue = PresentationQueue<Promo, ManualClock>(clock: clock)
Task { @MainActor in
    await queue.enqueue(Promo(id: "spring-sale"))
    await queue.enqueue(Promo(id: "welcome"))
    await queue.shutdown()
}
// snippet.show
for await event in queue.subscribe() {     // one subscription, keeps the newest 1,000 unconsumed events
    print(event)                           // "0s present spring-sale#1"
    switch event.kind {
    case .present(let token): log("showing \(token)")
    case .failed(let token, let reason, let final): log("\(token) failed: \(reason ?? "-"), final: \(final)")
    case .ignored(let action, let id, _, let reason): log("ignored \(action) for \(String(describing: id)): \(reason)")
    default: break
    }
}

let state = await queue.snapshot()         // on screen + pending in queue order
print(state.onScreen?.id as Any, state.pending.map(\.item.id))
// snippet.hide
guard logged.first == "showing spring-sale#1", state.onScreen?.id == "spring-sale",
    state.pending.map(\.item.id) == ["welcome"]
else { fatalError("logged \(logged), state \(state)") }
