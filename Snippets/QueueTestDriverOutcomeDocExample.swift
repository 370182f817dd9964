// snippet.hide
import RichMediaQueue
import RichMediaQueueTesting
import Testing

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}

let driver = QueueTestDriver<Promo>()
// snippet.show
await driver.queue.enqueue(Promo(id: "a"))
await driver.queue.enqueue(Promo(id: "b"), ttl: .seconds(30))
let b = await driver.outcome(of: "b")  // the wait is registered
await driver.advance(by: .seconds(30))
#expect(try await b.value == .expired)
// snippet.hide
guard try await b.value == .expired else { fatalError("\(driver.timeline)") }
