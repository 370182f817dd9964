// snippet.hide
import RichMediaQueue
import RichMediaQueueTesting
import Testing

enum AppQueue {
    static let configuration = QueueConfiguration()
}
// snippet.show
let lines = try await ScenarioRunner.run(
    """
    at 0s enqueue a
    at 0s enqueue b priority=5
    at 1s closed a
    """,
    configuration: AppQueue.configuration)
#expect(lines == ["0s enqueued a", "0s present a#1", "0s enqueued b", "1s closed a#1", "1s present b#1"])
// snippet.hide
guard lines == ["0s enqueued a", "0s present a#1", "0s enqueued b", "1s closed a#1", "1s present b#1"] else {
    fatalError("\(lines)")
}
