// snippet.hide
import Foundation
import RichMediaQueue

struct Promo: Identifiable, Sendable {
    let id: String
    let endsAt: Date
}
let queue = PresentationQueue<Promo, ManualClock>(clock: ManualClock())
await queue.pause()
await queue.enqueue(Promo(id: "over", endsAt: Date(timeIntervalSinceNow: -60)))
await queue.enqueue(Promo(id: "running", endsAt: Date(timeIntervalSinceNow: 3600)))
// snippet.show
await queue.cancel { promo in promo.endsAt < Date() }   // on resume: the sales that are over
// snippet.hide
let left = await queue.snapshot().pending.map(\.item.id)
guard left == ["running"] else { fatalError("left \(left)") }
