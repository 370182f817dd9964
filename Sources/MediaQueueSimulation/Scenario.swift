import RichMediaQueue

/// A parsed `mediaqueue` scenario: the queue settings and the timed statements, in file order.
package struct Scenario: Sendable, Hashable {
    /// What a statement does.
    package enum Action: Sendable, Hashable {
        case enqueue(id: String, priority: Int, ttl: Duration?, screens: ScreenRule = .anywhere, tags: Set<String> = [])
        case presented(id: String, attempt: Int?)
        case closed(id: String, attempt: Int?)
        case failed(id: String, attempt: Int?, reason: String?)
        case declined(id: String, attempt: Int?)
        case pause
        case resume
        case cancel(id: String)
        case cancelAll
        case cancelTagged(String)
        case screen(String?)
        case end
    }

    /// One `at <time> ...` line.
    package struct Statement: Sendable, Hashable {
        /// The 1-based line number.
        package var line: Int
        /// The time since the start.
        package var time: Duration
        /// What happens.
        package var action: Action

        package init(line: Int, time: Duration, action: Action) {
            self.line = line
            self.time = time
            self.action = action
        }
    }

    /// The queue settings from the `set` lines (defaults for the rest).
    package var configuration: QueueConfiguration
    /// The events, in file order (times are non-decreasing).
    package var statements: [Statement]

    package init(configuration: QueueConfiguration = QueueConfiguration(), statements: [Statement] = []) {
        self.configuration = configuration
        self.statements = statements
    }
}
