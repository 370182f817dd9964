import RichMediaQueue

extension ScenarioParser {
    mutating func parseSetting() throws(ScenarioError) {
        if let first = scenario.statements.first {
            throw error(at: tokens[0], "settings must come before the first event (line \(first.line))")
        }
        guard tokens.count >= 2 else { throw errorAfterLastToken("expected a setting name after 'set'") }
        let nameToken = tokens[1]
        let name = text(nameToken)
        let known = [
            "order", "min-interval", "present-timeout", "display-timeout", "max-attempts", "retry-delay",
            "capacity", "overflow", "duplicates", "frequency-cap", "decline-delay", "report-waiting",
        ]
        guard known.contains(name) else {
            throw error(at: nameToken, "unknown setting '\(name)' (expected \(known.joined(separator: ", ")))")
        }
        if let previous = settingLines[name] {
            throw error(at: nameToken, "setting '\(name)' is already set on line \(previous)")
        }
        guard tokens.count >= 3 else { throw errorAfterLastToken("expected a value for setting '\(name)'") }
        var configuration = scenario.configuration
        if name == "frequency-cap" {
            configuration.frequencyCap = try frequencyCap()
            scenario.configuration = configuration
            settingLines[name] = line
            return
        }
        try expectNoMore(after: 3)
        let value = tokens[2]
        switch name {
        case "order":
            configuration.order = try choice(value, PresentationOrder.self, "fifo, lifo or priority")
        case "min-interval":
            configuration.minInterval = try duration(value)
        case "present-timeout":
            configuration.presentTimeout = try timeout(value)
        case "display-timeout":
            configuration.displayTimeout = try timeout(value)
        case "max-attempts":
            configuration.maxAttempts = try integer(value, in: 1...Self.maximumAttempts)
        case "retry-delay":
            configuration.retryDelay = try duration(value)
        case "capacity":
            configuration.capacity =
                matches(value, "unlimited") ? nil : try integer(value, in: 1...Self.maximumCapacity)
        case "decline-delay":
            configuration.declineDelay = try timeout(value, what: "a decline delay")
        case "report-waiting":
            configuration.reportsWaiting = try onOff(value)
        case "overflow":
            configuration.overflow = try choice(
                value, OverflowPolicy.self, "drop-newest, drop-oldest or drop-lowest-priority")
        default:
            configuration.duplicates = try choice(value, DuplicatePolicy.self, "ignore or allow")
        }
        scenario.configuration = configuration
        settingLines[name] = line
    }

    /// `<n> per <duration>` or `off`, from token 2.
    private func frequencyCap() throws(ScenarioError) -> FrequencyCap? {
        if matches(tokens[2], "off") {
            try expectNoMore(after: 3)
            return nil
        }
        let count = try integer(tokens[2], in: 1...Self.maximumCapacity)
        guard tokens.count >= 4 else { throw errorAfterLastToken("expected 'per <duration>' after the count") }
        guard matches(tokens[3], "per") else {
            throw error(at: tokens[3], "expected 'per', found '\(text(tokens[3]))' (frequency-cap <n> per <duration>)")
        }
        guard tokens.count >= 5 else { throw errorAfterLastToken("expected a duration after 'per'") }
        let window = try duration(tokens[4])
        guard window > .zero else { throw error(at: tokens[4], "the window must be greater than 0") }
        try expectNoMore(after: 5)
        return FrequencyCap(count, per: window)
    }

    mutating func parseEvent() throws(ScenarioError) {
        if let endLine {
            throw error(at: tokens[0], "nothing may follow 'end' (line \(endLine))")
        }
        guard tokens.count >= 2 else { throw errorAfterLastToken("expected a time after 'at'") }
        let time = try duration(tokens[1])
        if time < previousTime {
            throw error(
                at: tokens[1],
                "time \(text(tokens[1])) is earlier than the previous event's time \(DurationText.seconds(previousTime))"
            )
        }
        guard tokens.count >= 3 else { throw errorAfterLastToken("expected an event after the time") }
        let verb = tokens[2]
        let action: Scenario.Action
        if matches(verb, "enqueue") {
            action = try parseEnqueue()
        } else if matches(verb, "presented") {
            let (id, attempt) = try callbackTarget()
            try expectNoMore(after: 4)
            action = .presented(id: id, attempt: attempt)
        } else if matches(verb, "closed") {
            let (id, attempt) = try callbackTarget()
            try expectNoMore(after: 4)
            action = .closed(id: id, attempt: attempt)
        } else if matches(verb, "declined") {
            let (id, attempt) = try callbackTarget()
            try expectNoMore(after: 4)
            action = .declined(id: id, attempt: attempt)
        } else if matches(verb, "failed") {
            let (id, attempt) = try callbackTarget()
            let words = tokens.dropFirst(4).map { text($0) }
            action = .failed(id: id, attempt: attempt, reason: words.isEmpty ? nil : words.joined(separator: " "))
        } else if matches(verb, "pause") {
            try expectNoMore(after: 3)
            action = .pause
        } else if matches(verb, "resume") {
            try expectNoMore(after: 3)
            action = .resume
        } else if matches(verb, "cancel") {
            guard tokens.count >= 4 else { throw errorAfterLastToken("expected an id after 'cancel'") }
            let id = try plainID(tokens[3])
            try expectNoMore(after: 4)
            action = .cancel(id: id)
        } else if matches(verb, "cancel-all") {
            try expectNoMore(after: 3)
            action = .cancelAll
        } else if matches(verb, "cancel-tagged") {
            guard tokens.count >= 4 else { throw errorAfterLastToken("expected a tag after 'cancel-tagged'") }
            let tag = try name(tokens[3], what: "a tag")
            try expectNoMore(after: 4)
            action = .cancelTagged(tag)
        } else if matches(verb, "screen") {
            guard tokens.count >= 4 else {
                throw errorAfterLastToken("expected a screen name or 'none' after 'screen'")
            }
            let screen = matches(tokens[3], "none") ? nil : try name(tokens[3], what: "a screen name")
            try expectNoMore(after: 4)
            action = .screen(screen)
        } else if matches(verb, "end") {
            try expectNoMore(after: 3)
            action = .end
            endLine = line
        } else {
            throw error(
                at: verb,
                "unknown event '\(text(verb))' (expected enqueue, presented, closed, failed, declined, pause, resume, "
                    + "cancel, cancel-all, cancel-tagged, screen or end)")
        }
        previousTime = time
        scenario.statements.append(Scenario.Statement(line: line, time: time, action: action))
    }

    private func parseEnqueue() throws(ScenarioError) -> Scenario.Action {
        guard tokens.count >= 4 else { throw errorAfterLastToken("expected an id after 'enqueue'") }
        let id = try plainID(tokens[3])
        let expected =
            "priority=<int>, ttl=<duration>, on=<screen>,..., not-on=<screen>,..., dismiss-on-leave or tags=<tag>,..."
        var priority: Int?
        var ttl: Duration?
        var on: Set<String>?
        var notOn: Set<String>?
        var dismissOnLeave: Token?
        var tags: Set<String>?
        for option in tokens.dropFirst(4) {
            guard let equals = (option.start..<option.end).first(where: { bytes[$0] == UInt8(ascii: "=") }) else {
                guard matches(option, "dismiss-on-leave") else {
                    throw error(at: option, "expected \(expected), found '\(text(option))'")
                }
                guard dismissOnLeave == nil else { throw error(at: option, "dismiss-on-leave is given twice") }
                dismissOnLeave = option
                continue
            }
            let key = Token(start: option.start, end: equals)
            let value = Token(start: equals + 1, end: option.end)
            if matches(key, "priority") {
                guard priority == nil else { throw error(at: option, "priority is given twice") }
                priority = try integer(value, in: Int.min...Int.max)
            } else if matches(key, "ttl") {
                guard ttl == nil else { throw error(at: option, "ttl is given twice") }
                let duration = try duration(value)
                guard duration > .zero else { throw error(at: value, "ttl must be greater than 0") }
                ttl = duration
            } else if matches(key, "on") {
                guard on == nil else { throw error(at: option, "on is given twice") }
                on = try names(value, what: "a screen name")
            } else if matches(key, "not-on") {
                guard notOn == nil else { throw error(at: option, "not-on is given twice") }
                notOn = try names(value, what: "a screen name")
            } else if matches(key, "tags") {
                guard tags == nil else { throw error(at: option, "tags is given twice") }
                tags = try names(value, what: "a tag")
            } else {
                throw error(at: option, "unknown option '\(text(key))' (expected \(expected))")
            }
        }
        if let dismissOnLeave, on == nil, notOn == nil {
            throw error(at: dismissOnLeave, "dismiss-on-leave needs on=<screen>,... or not-on=<screen>,...")
        }
        let screens = ScreenRule(on: on, notOn: notOn ?? [], dismissOnLeave: dismissOnLeave != nil)
        return .enqueue(id: id, priority: priority ?? 0, ttl: ttl, screens: screens, tags: tags ?? [])
    }

    /// A comma-separated list of names (`home,feed`), each checked by ``name(_:what:)``.
    private func names(_ token: Token, what: String) throws(ScenarioError) -> Set<String> {
        var names: Set<String> = []
        var start = token.start
        while true {
            var end = start
            while end < token.end, bytes[end] != UInt8(ascii: ",") { end += 1 }
            let part = Token(start: start, end: end)
            guard part.end > part.start else {
                throw error(atOffset: start, "expected \(what)\(start == token.start ? "" : " after ','")")
            }
            if what == "a screen name", matches(part, "none") {
                throw error(at: part, "'none' is no screen name (it means no screen: `screen none`)")
            }
            names.insert(try name(part, what: what))
            if end == token.end { return names }
            start = end + 1
        }
    }

    /// A screen name or a tag: a word without `,` or `#`.
    private func name(_ token: Token, what: String) throws(ScenarioError) -> String {
        if let bad = (token.start..<token.end).first(where: {
            bytes[$0] == UInt8(ascii: ",") || bytes[$0] == UInt8(ascii: "#")
        }) {
            throw error(atOffset: bad, "\(what) must not contain '\(Character(UnicodeScalar(bytes[bad])))'")
        }
        return text(token)
    }

    /// `on` or `off`.
    private func onOff(_ token: Token) throws(ScenarioError) -> Bool {
        if matches(token, "on") { return true }
        if matches(token, "off") { return false }
        throw error(at: token, "unknown value '\(text(token))' (expected on or off)")
    }

    private func plainID(_ token: Token) throws(ScenarioError) -> String {
        if let hash = (token.start..<token.end).first(where: { bytes[$0] == UInt8(ascii: "#") }) {
            throw error(atOffset: hash, "an id must not contain '#'")
        }
        return text(token)
    }

    /// `<id>[#<attempt>]` in token 3.
    private func callbackTarget() throws(ScenarioError) -> (String, Int?) {
        guard tokens.count >= 4 else { throw errorAfterLastToken("expected an id after '\(text(tokens[2]))'") }
        let token = tokens[3]
        guard let hash = (token.start..<token.end).first(where: { bytes[$0] == UInt8(ascii: "#") }) else {
            return (text(token), nil)
        }
        let id = Token(start: token.start, end: hash)
        let number = Token(start: hash + 1, end: token.end)
        guard id.end > id.start else { throw error(at: token, "expected an id before '#'") }
        guard number.end > number.start else {
            throw error(atOffset: hash, "expected an attempt number after '#'")
        }
        return (text(id), try integer(number, in: 1...Self.maximumAttempts, what: "attempt"))
    }

    // MARK: - Values

    private func choice<Value: RawRepresentable<String>>(
        _ token: Token, _ type: Value.Type, _ expected: String
    ) throws(ScenarioError) -> Value {
        guard let value = Value(rawValue: text(token)) else {
            throw error(at: token, "unknown value '\(text(token))' (expected \(expected))")
        }
        return value
    }

    private func timeout(_ token: Token, what: String = "a timeout") throws(ScenarioError) -> Duration? {
        if matches(token, "off") { return nil }
        let value = try duration(token)
        guard value > .zero else { throw error(at: token, "\(what) must be greater than 0 (or off)") }
        return value
    }

    func integer(_ token: Token, in range: ClosedRange<Int>, what: String = "number") throws(ScenarioError) -> Int {
        var index = token.start
        var negative = false
        if index < token.end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < token.end else { throw error(at: token, "expected a \(what), found '\(text(token))'") }
        var magnitude: UInt64 = 0
        while index < token.end {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw error(at: token, "expected a \(what), found '\(text(token))'")
            }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2, sum <= UInt64(Int64.max) + 1 else {
                throw error(at: token, "\(what) '\(text(token))' is out of range")
            }
            magnitude = sum
            index += 1
        }
        let value: Int
        if negative {
            value = magnitude == UInt64(Int64.max) + 1 ? Int.min : -Int(magnitude)
        } else {
            guard magnitude <= UInt64(Int.max) else {
                throw error(at: token, "\(what) '\(text(token))' is out of range")
            }
            value = Int(magnitude)
        }
        guard range.contains(value) else {
            throw error(
                at: token, "\(what) \(text(token)) is out of range (\(range.lowerBound)...\(range.upperBound))")
        }
        return value
    }

    /// `250ms`, `5s`, `1.5s`, `2m` or a bare `0`.
    func duration(_ token: Token) throws(ScenarioError) -> Duration {
        let problem = "expected a duration like 250ms, 5s, 1.5s or 2m, found '\(text(token))'"
        var index = token.start
        var whole: Int64 = 0
        var wholeDigits = 0
        while index < token.end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            guard wholeDigits < 13 else { throw error(at: token, "duration '\(text(token))' is too large") }
            whole = whole * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            wholeDigits += 1
            index += 1
        }
        guard wholeDigits > 0 else { throw error(at: token, problem) }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if index < token.end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < token.end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                guard fractionDigits < 9 else {
                    throw error(at: token, "duration '\(text(token))' is too precise (1 nanosecond at most)")
                }
                fraction = fraction * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                fractionDigits += 1
                index += 1
            }
            guard fractionDigits > 0 else { throw error(at: token, problem) }
        }
        let unit = Token(start: index, end: token.end)
        let nanosecondsPerUnit: Int64
        if unit.start == unit.end {
            guard whole == 0, fraction == 0 else {
                throw error(at: token, "'\(text(token))' needs a unit: ms, s or m (for example \(text(token))s)")
            }
            return .zero
        } else if matches(unit, "ms") {
            nanosecondsPerUnit = 1_000_000
        } else if matches(unit, "s") {
            nanosecondsPerUnit = 1_000_000_000
        } else if matches(unit, "m") {
            nanosecondsPerUnit = 60_000_000_000
        } else {
            throw error(at: unit, "unknown unit '\(text(unit))' (expected ms, s or m)")
        }
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        guard nanosecondsPerUnit % scale == 0 else {
            throw error(at: token, "duration '\(text(token))' is too precise (1 nanosecond at most)")
        }
        let limit = Self.maximumSeconds * 1_000_000_000
        let (wholeNanoseconds, overflow) = whole.multipliedReportingOverflow(by: nanosecondsPerUnit)
        let total = wholeNanoseconds + fraction * (nanosecondsPerUnit / scale)
        guard !overflow, total <= limit else {
            throw error(at: token, "duration '\(text(token))' is too large (\(Self.maximumSeconds)s at most)")
        }
        return .nanoseconds(total)
    }
}
