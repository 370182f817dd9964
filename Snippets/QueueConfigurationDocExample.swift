// snippet.hide
import RichMediaQueue

// snippet.show
let configuration = QueueConfiguration(
    order: .priority, minInterval: .seconds(30), presentTimeout: .seconds(5),
    maxAttempts: 3, retryDelay: .seconds(10), capacity: 20, overflow: .dropLowestPriority)
// snippet.hide
guard configuration.order == .priority, configuration.capacity == 20, configuration.duplicates == .ignore else {
    fatalError("\(configuration)")
}
