// snippet.hide
import RichMediaQueue
import RichMediaQueueTesting
import Testing

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
// snippet.show
let driver = QueueTestDriver<Promo>(
    configuration: QueueConfiguration(minInterval: .seconds(2)),
    presenter: RecordingPresenter(default: .closes(after: .seconds(5))))
await driver.queue.enqueue(Promo(id: "a"))
await driver.queue.enqueue(Promo(id: "b"))
await driver.advance(by: .seconds(20))
#expect(driver.timeline.contains("7s present b#1"))
// snippet.hide
guard driver.timeline.contains("7s present b#1") else { fatalError("\(driver.timeline)") }
