// snippet.hide
import Foundation
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
/// A fake SDK that records what the bridge asks of it.
final class FakeSDK: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    var calls: [String] { lock.withLock { log } }
    func record(_ call: String) { lock.withLock { log.append(call) } }
}
let sdk = FakeSDK()
let clock = ManualClock()
let bridge = PresentingDelegateBridge<Promo, ManualClock>(
    configuration: QueueConfiguration(presentTimeout: .seconds(5)), clock: clock,
    present: { sdk.record("present \($0.id)") }, dismiss: { sdk.record("dismiss \($0.id)") })
// snippet.show
_ = bridge.shouldPresent(Promo(id: "a"))
await bridge.settled()            // the queue asked the SDK to present a#1
clock.advance(by: .seconds(5))
await bridge.settled()            // the present timeout fired and its dismissal was made
// snippet.hide
guard sdk.calls == ["present a", "dismiss a"] else { fatalError("the SDK saw \(sdk.calls)") }
