// snippet.hide
import RichMediaQueue
import RichMediaQueueTesting

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
// snippet.show
let presenter = RecordingPresenter<Promo>(script: [
    "welcome": .closes(after: .seconds(3)),   // presented, then closed 3 s later
    "broken": .fails(reason: "http 500"),    // `present` throws: a failed attempt
    "slow": .hangs,                          // never reports back (a present timeout ends it)
    "promo": .declinesFirst(1),              // "not now" once, then presented
])
// snippet.hide
let driver = QueueTestDriver<Promo>(configuration: QueueConfiguration(presentTimeout: .seconds(5)), presenter: presenter)
for id in ["welcome", "broken", "slow"] { await driver.queue.enqueue(Promo(id: id)) }
await driver.advance(by: .seconds(10))
guard driver.timeline.contains("3s closed welcome#1"), driver.timeline.contains("3s failed broken#1 http 500 final"),
    driver.timeline.contains("8s failed slow#1 timeout final")
else { fatalError("\(driver.timeline)") }
