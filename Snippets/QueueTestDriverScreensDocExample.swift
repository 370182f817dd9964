// snippet.hide
import RichMediaQueue
import RichMediaQueueTesting
import Testing

struct Promo: Identifiable, Sendable {
    let id: String
}
let driver = QueueTestDriver<Promo>()
// snippet.show
await driver.queue.enqueue(Promo(id: "sale"), screens: .on("home", dismissOnLeave: true))
await driver.visit("home")
await driver.advance(by: .seconds(2))
await driver.visit("checkout")
#expect(driver.timeline.suffix(2) == ["2s screen checkout", "2s closed sale#1 left-screen"])
#expect(driver.presenter.calls.last == .dismiss(AttemptToken(id: "sale", attempt: 1, entry: 1)))
// snippet.hide
guard driver.timeline.suffix(2) == ["2s screen checkout", "2s closed sale#1 left-screen"],
    driver.presenter.calls.last == .dismiss(AttemptToken(id: "sale", attempt: 1, entry: 1))
else { fatalError("\(driver.timeline) \(driver.presenter.calls)") }
