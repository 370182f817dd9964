// snippet.hide
import RichMediaQueue

// snippet.show
let configuration = QueueConfiguration(
    order: .fifo,                  // .fifo, .lifo, .priority
    minInterval: .zero,            // between a close and the next present
    presentTimeout: nil,           // fail an attempt that is not reported presented in time
    displayTimeout: nil,           // close (and dismiss) an item shown for too long
    maxAttempts: 1,                // attempts per item
    retryDelay: .zero,             // wait before a failed item is eligible again
    capacity: nil,                 // max pending items; nil = unlimited
    overflow: .dropNewest,         // .dropNewest, .dropOldest, .dropLowestPriority
    duplicates: .ignore,           // .ignore, .allow
    frequencyCap: nil,             // e.g. FrequencyCap(3, per: .seconds(3600)); nil = no cap
    declineDelay: nil,             // ask again after a "not now"; nil = at the next enqueue or resume()
    reportsWaiting: false)         // publish `waiting` events saying why nothing is shown
// snippet.hide
guard configuration == QueueConfiguration() else { fatalError("the values shown are not the defaults") }
