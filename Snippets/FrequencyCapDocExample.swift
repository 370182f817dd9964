// snippet.hide
import RichMediaQueue

// snippet.show
let configuration = QueueConfiguration(frequencyCap: FrequencyCap(3, per: .seconds(3600)))
// snippet.hide
guard configuration.frequencyCap?.count == 3 else { fatalError("\(configuration)") }
