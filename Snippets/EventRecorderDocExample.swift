// snippet.hide
import RichMediaQueue
import RichMediaQueueTesting
import Testing

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
let queue = PresentationQueue<Promo, ManualClock>(clock: ManualClock())
// snippet.show
let recorder = EventRecorder(queue)
await queue.enqueue(Promo(id: "a"))
#expect(recorder.lines == ["0s enqueued a", "0s present a#1"])
// snippet.hide
guard recorder.lines == ["0s enqueued a", "0s present a#1"] else { fatalError("\(recorder.lines)") }
