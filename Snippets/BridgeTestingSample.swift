// snippet.hide
import Foundation
import RichMediaQueue
import Testing

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
/// A fake SDK that records what the bridge asks of it.
final class FakeSDK: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    var calls: [String] { lock.withLock { log } }
    func present(_ promo: Promo) { lock.withLock { log.append("present \(promo.id)") } }
    func dismiss(_ promo: Promo) { lock.withLock { log.append("dismiss \(promo.id)") } }
}
let fakeSDK = FakeSDK()
// snippet.show
let clock = ManualClock()
let bridge = PresentingDelegateBridge<Promo, ManualClock>(
    configuration: QueueConfiguration(presentTimeout: .seconds(5)), clock: clock,
    present: { promo in fakeSDK.present(promo) }, dismiss: { promo in fakeSDK.dismiss(promo) })
_ = bridge.shouldPresent(Promo(id: "x"))      // false: enqueued; the queue asks the SDK to present x#1
await bridge.settled()
clock.advance(by: .seconds(5))                // x#1 times out
await bridge.settled()                        // the dismissal was made
#expect(bridge.shouldPresent(Promo(id: "x")) == false)   // a new request, not the old attempt's yes
// snippet.hide
// (The second shouldPresent enqueued x again, so a new present may follow.)
guard fakeSDK.calls.prefix(2) == ["present x", "dismiss x"] else { fatalError("the fake SDK saw \(fakeSDK.calls)") }
