// snippet.hide
import Foundation
import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}
let queue = PresentationQueue<Promo, ManualClock>(clock: ManualClock())
await queue.enqueue(Promo(id: "on-screen"))
await queue.enqueue(Promo(id: "summer"), ttl: .seconds(3600))
await queue.enqueue(Promo(id: "autumn"))
// snippet.show
import Foundation
import RichMediaQueue

// Before the app goes away:
let backlog = await queue.backlog()                 // pending items, enqueue order, not the one on screen
let data = try JSONEncoder().encode(backlog)        // Codable when the item is Codable
UserDefaults.standard.set(data, forKey: "promo-backlog")
UserDefaults.standard.set(Date(), forKey: "promo-backlog-saved")

// snippet.hide
await queue.cancelAll()  // the relaunched app starts with an empty queue
// snippet.show
// After relaunch:
if let data = UserDefaults.standard.data(forKey: "promo-backlog") {
    let backlog = try JSONDecoder().decode(PendingBacklog<Promo>.self, from: data)
    let saved = UserDefaults.standard.object(forKey: "promo-backlog-saved") as? Date ?? Date()
    let away = Duration.seconds(max(0, Date().timeIntervalSince(saved)))
    await queue.restore(backlog, elapsedSinceSave: away)
}
// snippet.hide
let restored = await queue.snapshot()
guard restored.pending.map(\.item.id) == ["summer", "autumn"] else { fatalError("restored \(restored)") }
