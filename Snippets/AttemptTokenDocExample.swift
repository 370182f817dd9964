// snippet.hide
import RichMediaQueue
import RichMediaQueueTesting
import Testing

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
let driver = QueueTestDriver<Promo>()
let presenter = driver.presenter
await driver.queue.enqueue(Promo(id: "a"))
await driver.queue.enqueue(Promo(id: "b"))
await driver.queue.closed(presenter.lastToken(for: "a")!)
// snippet.show
// The second item enqueued, on its first attempt:
#expect(presenter.lastToken(for: "b") == AttemptToken(id: "b", attempt: 1, entry: 2))
// snippet.hide
guard presenter.lastToken(for: "b") == AttemptToken(id: "b", attempt: 1, entry: 2) else {
    fatalError("b's token is \(String(describing: presenter.lastToken(for: "b")))")
}
