// snippet.hide
import RichMediaQueue

struct Promo: Identifiable, Sendable { let id: String }
let clock = ManualClock()
let timeout = QueueConfiguration(presentTimeout: .seconds(5))
let queue = PresentationQueue<Promo, ManualClock>(configuration: timeout, clock: clock)
let events = queue.subscribe()
// snippet.show
await queue.enqueue(Promo(id: "a"))  // a present timeout is due in 5 s
await clock.sleepers(atLeast: 1)  // the queue's wake-up is parked on the clock
clock.advance(by: .seconds(5))  // and wakes: the timeout fires without another call
// snippet.hide
var lines: [String] = []
for await event in events {
    lines.append(event.description)
    if lines.count == 3 { break }
}
guard lines == ["0s enqueued a", "0s present a#1", "5s failed a#1 timeout final"] else { fatalError("\(lines)") }
