import RichMediaKitSupport
import RichMediaQueue

/// `mediaqueue simulate FILE --format svg`: a self-contained SVG timeline of a simulation (package access).
///
/// Drawn from the queue's events alone, so it shows what the queue did, not what the scenario asked:
/// - a time axis;
/// - the **on screen** lane: each attempt is a bar from `present` to its end (closed, failed, timed out, or the end
///   of the run), hatched while waiting for `presented` and solid once shown, labelled `item#attempt`;
/// - the **events** lane: markers for failures (hollow: will retry; filled: final), present timeouts, display
///   timeouts, expiry, drops, cancels and ignored callbacks;
/// - the **pending** lane: the backlog over time;
/// - paused periods shaded across the lanes, and a legend.
///
/// The scale keeps a typical attempt wide enough for its label; when the run is longer than one row at that
/// scale, it continues on further rows (at most ``maximumRows``), so 3 items and 300 both stay readable. Every bar
/// and marker has a `<title>` (a tooltip in browsers) with the exact times. The output is well-formed XML with no
/// external references (no scripts, fonts, images or style sheets).
package struct TimelineSVG {
    /// The most rows a timeline is split into; longer runs are drawn at a smaller scale.
    package static let maximumRows = 40

    private struct Attempt {
        var token: AttemptToken<String>
        var start: Double
        var presented: Double?
        var end: Double?
        var ending: Ending
        var color: Int
    }

    private enum Ending {
        case closed, closedByTimeout, failed, timedOut, declined, running
    }

    private enum MarkerKind: CaseIterable {
        case failedRetry, failedFinal, presentTimeoutRetry, presentTimeoutFinal, displayTimeout, expired, dropped,
            cancelled, ignored

        var legend: String {
            switch self {
            case .failedRetry: return "failed, will retry"
            case .failedFinal: return "failed (final)"
            case .presentTimeoutRetry: return "present timeout, will retry"
            case .presentTimeoutFinal: return "present timeout (final)"
            case .displayTimeout: return "closed by display timeout"
            case .expired: return "expired"
            case .dropped: return "dropped"
            case .cancelled: return "cancelled"
            case .ignored: return "ignored callback"
            }
        }
    }

    private struct Marker {
        var time: Double
        var kind: MarkerKind
        var label: String
        var detail: String
    }

    private let title: String
    private let summary: SimulationSummary?
    private var attempts: [Attempt] = []
    private var markers: [Marker] = []
    private var backlog: [(time: Double, count: Int)] = [(0, 0)]
    private var pauses: [(start: Double, end: Double?)] = []
    private var endTime: Double = 0
    private var itemCount = 0

    private static let palette = [
        // No red or orange: those mark failures and timeouts.
        "#0969da", "#1a7f37", "#8250df", "#1b7c83", "#bf3989", "#0550ae", "#6639ba", "#116329",
    ]

    /// Prepares a timeline.
    ///
    /// - Parameters:
    ///   - events: The simulation's events, in order.
    ///   - summary: The simulation's summary, or nil.
    ///   - title: The heading, such as the scenario's file name.
    package init(events: [QueueEvent<String>], summary: SimulationSummary?, title: String) {
        self.title = title
        self.summary = summary
        var open: [AttemptToken<String>: Int] = [:]
        var colors: [String: Int] = [:]
        var pending = 0
        func seconds(_ duration: Duration) -> Double {
            let (whole, attoseconds) = duration.components
            return Double(whole) + Double(attoseconds) / 1e18
        }
        func adjust(_ time: Double, _ delta: Int) {
            pending += delta
            if backlog.last?.time == time {
                backlog[backlog.count - 1].count = pending
            } else {
                backlog.append((time, pending))
            }
        }
        func finish(_ token: AttemptToken<String>, at time: Double, _ ending: Ending) {
            guard let index = open.removeValue(forKey: token) else { return }
            attempts[index].end = time
            attempts[index].ending = ending
        }
        for event in events {
            let time = seconds(event.elapsed)
            endTime = max(endTime, time)
            switch event.kind {
            case .enqueued(let id):
                if colors[id] == nil {
                    colors[id] = colors.count
                }
                adjust(time, 1)
            case .present(let token):
                adjust(time, -1)
                open[token] = attempts.count
                attempts.append(
                    Attempt(
                        token: token, start: time, presented: nil, end: nil, ending: .running,
                        color: colors[token.id] ?? 0))
            case .presented(let token):
                if let index = open[token] { attempts[index].presented = time }
            case .closed(let token, let reason):
                finish(token, at: time, reason == .timeout ? .closedByTimeout : .closed)
                if reason == .timeout {
                    markers.append(
                        Marker(
                            time: time, kind: .displayTimeout, label: token.description,
                            detail: "closed \(token) by display timeout"))
                }
            case .failed(let token, let reason, let final):
                let timeout = reason == "timeout"
                finish(token, at: time, timeout ? .timedOut : .failed)
                if !final { adjust(time, 1) }
                let kind: MarkerKind =
                    timeout
                    ? (final ? .presentTimeoutFinal : .presentTimeoutRetry) : (final ? .failedFinal : .failedRetry)
                let why = reason.map { " \($0)" } ?? ""
                markers.append(
                    Marker(
                        time: time, kind: kind, label: token.description,
                        detail: "failed \(token)\(why) (\(final ? "final" : "will retry"))"))
            case .declined(let token):
                finish(token, at: time, .declined)
                adjust(time, 1)
            case .expired(let id):
                adjust(time, -1)
                markers.append(Marker(time: time, kind: .expired, label: id, detail: "expired \(id)"))
            case .dropped(let id, let reason):
                adjust(time, -1)
                markers.append(
                    Marker(time: time, kind: .dropped, label: id, detail: "dropped \(id) (\(reason.rawValue))"))
            case .cancelled(let id):
                adjust(time, -1)
                markers.append(Marker(time: time, kind: .cancelled, label: id, detail: "cancelled \(id)"))
            case .ignored(let action, let id, let attempt, let reason):
                let target = (id ?? "") + (attempt.map { "#\($0)" } ?? "")
                markers.append(
                    Marker(
                        time: time, kind: .ignored, label: target,
                        detail: "ignored \(action.rawValue) \(target) (\(reason.rawValue))"))
            case .paused:
                pauses.append((time, nil))
            case .resumed:
                if let last = pauses.indices.last, pauses[last].end == nil { pauses[last].end = time }
            case .screen, .waiting:
                break
            }
        }
        itemCount = colors.count
    }

    // MARK: Layout

    private struct Layout {
        var secondsPerRow: Double
        var step: Double
        var rows: Int
        var scale: Double { TimelineSVG.plotWidth / secondsPerRow }
    }

    private static let width = 1200.0
    private static let left = 112.0
    private static let right = 28.0
    private static let plotWidth = width - left - right
    private static let rowHeight = 186.0
    private static let niceSteps: [Double] = [
        0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
        3600, 7200, 14400, 28800, 86400,
    ]

    private var layout: Layout {
        let total = max(endTime, 0.001)
        let durations = attempts.map { ($0.end ?? endTime) - $0.start }.filter { $0 > 0 }.sorted()
        var scale = Self.plotWidth / total
        if !durations.isEmpty {
            let median = durations[durations.count / 2]
            let wanted = 48 / median  // a typical attempt gets room for its label
            scale = max(scale, wanted)
        }
        scale = min(scale, Self.plotWidth * Double(Self.maximumRows) / total)
        let step = Self.niceSteps.first { $0 * scale >= 90 } ?? Self.niceSteps.last!
        var perRow = max((Self.plotWidth / scale / step).rounded(.down) * step, step)
        if total * scale <= Self.plotWidth * 1.001 || total <= perRow {
            // The whole run fits one row: end the axis at the first tick after the run.
            perRow = max(step, (total / step).rounded(.up) * step)
        }
        let rows = min(max(Int((total / perRow).rounded(.up)), 1), Self.maximumRows + 1)
        return Layout(
            secondsPerRow: perRow, step: Self.niceSteps.first { $0 * (Self.plotWidth / perRow) >= 90 } ?? step,
            rows: rows)
    }

    // MARK: Rendering

    /// The SVG document.
    ///
    /// - Complexity: O(*e* · *r*) for *e* events and *r* rows.
    package func render() -> String {
        let layout = layout
        let legendHeight = 96.0
        let top = 64.0 + legendHeight
        let height = top + Double(layout.rows) * Self.rowHeight + 16
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(Self.width)) \(Int(height))" font-family="-apple-system, 'Segoe UI', Helvetica, Arial, \
            sans-serif" font-size="12">

            """
        svg += "<title>\(e(title))</title>\n"
        svg += """
            <defs>
            <pattern id="waiting" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="3" height="6" fill="#ffffff" fill-opacity="0.65"/></pattern>
            <pattern id="paused" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
            <rect width="8" height="8" fill="#eaeef2"/><rect width="2" height="8" fill="#d0d7de"/></pattern>
            </defs>
            <rect width="100%" height="100%" fill="#ffffff"/>

            """
        svg += "<text x=\"16\" y=\"28\" font-size=\"18\" font-weight=\"600\" fill=\"#1f2328\">\(e(title))</text>\n"
        svg += "<text x=\"16\" y=\"50\" font-size=\"13\" fill=\"#57606a\">\(e(summaryLine))</text>\n"
        svg += legend(top: 64)
        for row in 0..<layout.rows {
            svg += rowSVG(row, layout: layout, top: top + Double(row) * Self.rowHeight)
        }
        return svg + "</svg>\n"
    }

    private var summaryLine: String {
        var parts = [
            "\(itemCount) item\(itemCount == 1 ? "" : "s")",
            "\(attempts.count) attempt\(attempts.count == 1 ? "" : "s")",
        ]
        if let summary {
            parts.append(
                "closed \(summary.closed), failed \(summary.failed), expired \(summary.expired), dropped "
                    + "\(summary.dropped), cancelled \(summary.cancelled), ignored \(summary.ignored)")
            parts.append("on screen at the end: \(summary.onScreen ?? "none"), pending: \(summary.pending.count)")
        }
        parts.append("run ends at \(Self.timeLabel(endTime))")
        return parts.joined(separator: " · ")
    }

    private func legend(top: Double) -> String {
        var svg = "<g class=\"legend\">\n"
        var x = 16.0
        var y = top + 14
        func advance(_ width: Double) {
            x += width
            if x > Self.width - 200 {
                x = 16
                y += 24
            }
        }
        let sample = Self.palette[0]
        svg += "<rect x=\"\(x)\" y=\"\(y - 10)\" width=\"34\" height=\"14\" fill=\"\(sample)\" fill-opacity=\"0.45\"/>"
        svg += "<rect x=\"\(x)\" y=\"\(y - 10)\" width=\"34\" height=\"14\" fill=\"url(#waiting)\"/>"
        svg += "<text x=\"\(x + 40)\" y=\"\(y + 1)\" fill=\"#1f2328\">waiting for presented</text>\n"
        advance(190)
        svg += "<rect x=\"\(x)\" y=\"\(y - 10)\" width=\"34\" height=\"14\" fill=\"\(sample)\"/>"
        svg += "<text x=\"\(x + 40)\" y=\"\(y + 1)\" fill=\"#1f2328\">shown (A#1 = item A, attempt 1)</text>\n"
        advance(260)
        svg +=
            "<path d=\"M\(x) \(y + 4) L\(x + 10) \(y + 4) L\(x + 10) \(y - 6) L\(x + 24) \(y - 6) L\(x + 24) \(y + 4) "
        svg += "L\(x + 34) \(y + 4)\" fill=\"none\" stroke=\"#0969da\" stroke-width=\"1.5\"/>"
        svg += "<text x=\"\(x + 40)\" y=\"\(y + 1)\" fill=\"#1f2328\">pending backlog</text>\n"
        advance(160)
        svg += "<rect x=\"\(x)\" y=\"\(y - 10)\" width=\"34\" height=\"14\" fill=\"url(#paused)\"/>"
        svg += "<text x=\"\(x + 40)\" y=\"\(y + 1)\" fill=\"#1f2328\">paused</text>\n"
        x = 16
        y += 26
        for kind in MarkerKind.allCases {
            let width = 26 + Double(kind.legend.count) * 6.6 + 18
            if x + width > Self.width - 16 {
                x = 16
                y += 24
            }
            svg += Self.markerShape(kind, x: x + 6, y: y - 3)
            svg += "<text x=\"\(x + 16)\" y=\"\(y + 1)\" fill=\"#1f2328\">\(kind.legend)</text>\n"
            x += width
        }
        return svg + "</g>\n"
    }

    private func rowSVG(_ row: Int, layout: Layout, top: Double) -> String {
        let start = Double(row) * layout.secondsPerRow
        let end = start + layout.secondsPerRow
        let scale = layout.scale
        func x(_ time: Double) -> Double { Self.left + (time - start) * scale }
        let screenTop = top + 8
        let screenHeight = 30.0
        let markersTop = top + 50
        let backlogTop = top + 104
        let backlogHeight = 44.0
        let axisY = top + 156
        var svg = "<g class=\"row\">\n"
        // Lane backgrounds and names.
        svg +=
            "<rect x=\"\(Self.left)\" y=\"\(screenTop - 4)\" width=\"\(Self.plotWidth)\" height=\"\(screenHeight + 8)\" "
        svg += "fill=\"#f6f8fa\"/>\n"
        svg += "<rect x=\"\(Self.left)\" y=\"\(backlogTop - 4)\" width=\"\(Self.plotWidth)\" "
        svg += "height=\"\(backlogHeight + 8)\" fill=\"#f6f8fa\"/>\n"
        svg += laneName("on screen", y: screenTop + 19)
        svg += laneName("events", y: markersTop + 18)
        svg += laneName("pending", y: backlogTop + 26)
        // Paused periods.
        for pause in pauses {
            let from = max(pause.start, start)
            let to = min(pause.end ?? endTime, end)
            guard to > from || (pause.end == nil && from == to && from >= start && from < end) else { continue }
            let width = max((to - from) * scale, 2)
            svg += "<rect x=\"\(r(x(from)))\" y=\"\(screenTop - 4)\" width=\"\(r(width))\" "
            svg += "height=\"\(backlogTop + backlogHeight + 4 - screenTop + 4)\" fill=\"url(#paused)\" opacity=\"0.8\">"
            svg +=
                "<title>paused \(Self.timeLabel(pause.start))–\(pause.end.map(Self.timeLabel) ?? "end")</title></rect>\n"
            svg +=
                "<text x=\"\(r(x(from) + 3))\" y=\"\(markersTop + 40)\" font-size=\"10\" fill=\"#57606a\">paused</text>\n"
        }
        // Attempts.
        for attempt in attempts {
            let attemptEnd = attempt.end ?? endTime
            guard attemptEnd >= start, attempt.start < end || (attempt.start == end && end >= endTime) else { continue }
            let from = max(attempt.start, start)
            let to = min(attemptEnd, end)
            let color = Self.palette[attempt.color % Self.palette.count]
            let shownFrom = attempt.presented.map { max($0, from) }
            var tip = "\(attempt.token): present \(Self.timeLabel(attempt.start))"
            if let presented = attempt.presented { tip += ", presented \(Self.timeLabel(presented))" }
            switch attempt.ending {
            case .closed: tip += ", closed \(Self.timeLabel(attemptEnd))"
            case .closedByTimeout: tip += ", closed by display timeout \(Self.timeLabel(attemptEnd))"
            case .failed: tip += ", failed \(Self.timeLabel(attemptEnd))"
            case .timedOut: tip += ", present timeout \(Self.timeLabel(attemptEnd))"
            case .declined: tip += ", declined (not now) \(Self.timeLabel(attemptEnd))"
            case .running: tip += ", still on screen when the run ends"
            }
            svg += "<g><title>\(e(tip))</title>"
            let waitingEnd = min(shownFrom ?? to, to)
            if waitingEnd > from || (shownFrom == nil && to == from) {
                let width = max((waitingEnd - from) * scale, 2)
                svg += "<rect x=\"\(r(x(from)))\" y=\"\(screenTop)\" width=\"\(r(width))\" height=\"\(screenHeight)\" "
                svg += "fill=\"\(color)\" fill-opacity=\"0.45\"/>"
                svg += "<rect x=\"\(r(x(from)))\" y=\"\(screenTop)\" width=\"\(r(width))\" height=\"\(screenHeight)\" "
                svg += "fill=\"url(#waiting)\"/>"
            }
            if let shownFrom, to >= shownFrom {
                let width = max((to - shownFrom) * scale, 2)
                svg += "<rect x=\"\(r(x(shownFrom)))\" y=\"\(screenTop)\" width=\"\(r(width))\" "
                svg += "height=\"\(screenHeight)\" fill=\"\(color)\"/>"
            }
            let endsHere = attemptEnd <= end
            if endsHere {
                let cap: String?
                switch attempt.ending {
                case .failed: cap = "#cf222e"
                case .timedOut, .closedByTimeout: cap = "#bc4c00"
                case .running, .declined: cap = nil
                case .closed: cap = "#1f2328"
                }
                if let cap {
                    svg += "<rect x=\"\(r(x(to) - 2))\" y=\"\(screenTop - 3)\" width=\"2.5\" "
                    svg += "height=\"\(screenHeight + 6)\" fill=\"\(cap)\"/>"
                }
            }
            let barWidth = max((to - from) * scale, 2)
            let label = attempt.token.description + (attempt.start < start ? " …" : "")
            if barWidth >= Double(label.count) * 7 + 6 {
                svg += "<text x=\"\(r(x(from) + 4))\" y=\"\(screenTop + 19)\" font-size=\"12\" font-weight=\"600\" "
                svg +=
                    "fill=\"#1f2328\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(e(label))</text>"
            }
            svg += "</g>\n"
        }
        // Markers, stacked when they would overlap.
        let rowMarkers = markers.filter { $0.time >= start && ($0.time < end || ($0.time == end && end >= endTime)) }
        let showLabels = rowMarkers.count <= 30
        var levels: [Double] = [-.infinity, -.infinity, -.infinity]
        for marker in rowMarkers {
            let mx = x(marker.time)
            let labelWidth = showLabels ? Double(marker.label.count) * 6.2 + 6 : 0
            let level = levels.firstIndex { $0 <= mx - 7 } ?? levels.indices.min { levels[$0] < levels[$1] }!
            levels[level] = mx + 7 + labelWidth
            let my = markersTop + 8 + Double(level) * 16
            svg += "<g><title>\(Self.timeLabel(marker.time)) \(e(marker.detail))</title>"
            svg += Self.markerShape(marker.kind, x: mx, y: my)
            if showLabels {
                svg += "<text x=\"\(r(mx + 8))\" y=\"\(r(my + 4))\" font-size=\"10.5\" fill=\"#1f2328\">"
                svg += "\(e(marker.label))</text>"
            }
            svg += "</g>\n"
        }
        // Pending backlog.
        let maximum = max(backlog.map(\.count).max() ?? 0, 1)
        func y(_ count: Int) -> Double { backlogTop + backlogHeight - Double(count) / Double(maximum) * backlogHeight }
        var count = 0
        for point in backlog where point.time <= start { count = point.count }
        var path = "M\(r(x(start))) \(r(y(0))) L\(r(x(start))) \(r(y(count)))"
        for point in backlog where point.time > start && point.time < min(end, endTime) {
            path += " L\(r(x(point.time))) \(r(y(count))) L\(r(x(point.time))) \(r(y(point.count)))"
            count = point.count
        }
        let lineEnd = min(end, endTime)
        if lineEnd > start {
            path += " L\(r(x(lineEnd))) \(r(y(count))) L\(r(x(lineEnd))) \(r(y(0))) Z"
            svg += "<path d=\"\(path)\" fill=\"#0969da\" fill-opacity=\"0.18\" stroke=\"#0969da\" stroke-width=\"1.5\" "
            svg += "stroke-linejoin=\"round\"><title>pending items over time (maximum \(maximum))</title></path>\n"
        }
        svg += "<text x=\"\(Self.left - 6)\" y=\"\(r(backlogTop + 4))\" font-size=\"10\" fill=\"#57606a\" "
        svg += "text-anchor=\"end\">\(maximum)</text>\n"
        svg += "<text x=\"\(Self.left - 6)\" y=\"\(r(backlogTop + backlogHeight + 3))\" font-size=\"10\" "
        svg += "fill=\"#57606a\" text-anchor=\"end\">0</text>\n"
        // Axis.
        svg += "<line x1=\"\(Self.left)\" y1=\"\(axisY)\" x2=\"\(Self.left + Self.plotWidth)\" y2=\"\(axisY)\" "
        svg += "stroke=\"#8c959f\"/>\n"
        var tick = start
        while tick <= end + layout.step / 1000 {
            let tx = r(x(tick))
            svg += "<line x1=\"\(tx)\" y1=\"\(axisY)\" x2=\"\(tx)\" y2=\"\(axisY + 5)\" stroke=\"#8c959f\"/>"
            svg += "<line x1=\"\(tx)\" y1=\"\(screenTop - 4)\" x2=\"\(tx)\" y2=\"\(axisY)\" stroke=\"#d0d7de\" "
            svg += "stroke-width=\"0.5\"/>"
            svg += "<text x=\"\(tx)\" y=\"\(axisY + 17)\" font-size=\"11\" fill=\"#57606a\" text-anchor=\"middle\">"
            svg += "\(Self.timeLabel(tick))</text>\n"
            tick = (tick / layout.step + 1).rounded() * layout.step
        }
        if endTime >= start, endTime <= end {
            let ex = r(x(endTime))
            svg += "<line x1=\"\(ex)\" y1=\"\(screenTop - 6)\" x2=\"\(ex)\" y2=\"\(axisY)\" stroke=\"#57606a\" "
            svg += "stroke-dasharray=\"4 3\"/>"
            svg +=
                "<text x=\"\(r(x(endTime) - 3))\" y=\"\(screenTop - 8)\" font-size=\"10\" fill=\"#57606a\" "
                + "text-anchor=\"end\">run ends</text>\n"
        }
        return svg + "</g>\n"
    }

    private func laneName(_ name: String, y: Double) -> String {
        "<text x=\"\(Self.left - 10)\" y=\"\(y)\" font-size=\"12\" fill=\"#57606a\" text-anchor=\"end\">\(name)</text>\n"
    }

    private static func markerShape(_ kind: MarkerKind, x: Double, y: Double) -> String {
        switch kind {
        case .failedRetry:
            return
                "<circle cx=\"\(r(x))\" cy=\"\(r(y))\" r=\"5\" fill=\"#ffffff\" stroke=\"#cf222e\" stroke-width=\"2\"/>"
        case .failedFinal:
            return "<circle cx=\"\(r(x))\" cy=\"\(r(y))\" r=\"6\" fill=\"#cf222e\"/>"
                + "<path d=\"M\(r(x - 3)) \(r(y - 3)) L\(r(x + 3)) \(r(y + 3)) M\(r(x + 3)) \(r(y - 3)) L\(r(x - 3)) \(r(y + 3))\" "
                + "stroke=\"#ffffff\" stroke-width=\"1.6\"/>"
        case .presentTimeoutRetry:
            return
                "<path d=\"M\(r(x)) \(r(y - 6)) L\(r(x + 6)) \(r(y)) L\(r(x)) \(r(y + 6)) L\(r(x - 6)) \(r(y)) Z\" fill=\"#ffffff\" "
                + "stroke=\"#bc4c00\" stroke-width=\"2\"/>"
        case .presentTimeoutFinal:
            return
                "<path d=\"M\(r(x)) \(r(y - 7)) L\(r(x + 7)) \(r(y)) L\(r(x)) \(r(y + 7)) L\(r(x - 7)) \(r(y)) Z\" fill=\"#bc4c00\"/>"
        case .displayTimeout:
            return "<rect x=\"\(r(x - 5))\" y=\"\(r(y - 5))\" width=\"10\" height=\"10\" fill=\"#bc4c00\"/>"
                + "<path d=\"M\(r(x)) \(r(y - 3)) L\(r(x)) \(r(y)) L\(r(x + 3)) \(r(y))\" stroke=\"#ffffff\" stroke-width=\"1.4\" "
                + "fill=\"none\"/>"
        case .expired:
            return
                "<path d=\"M\(r(x - 5)) \(r(y - 6)) L\(r(x + 5)) \(r(y - 6)) L\(r(x - 5)) \(r(y + 6)) L\(r(x + 5)) \(r(y + 6)) Z\" "
                + "fill=\"#6e7781\"/>"
        case .dropped:
            return
                "<path d=\"M\(r(x - 5)) \(r(y - 5)) L\(r(x + 5)) \(r(y + 5)) M\(r(x + 5)) \(r(y - 5)) L\(r(x - 5)) \(r(y + 5))\" "
                + "stroke=\"#bf3989\" stroke-width=\"2.6\" stroke-linecap=\"round\"/>"
        case .cancelled:
            return
                "<rect x=\"\(r(x - 5))\" y=\"\(r(y - 5))\" width=\"10\" height=\"10\" fill=\"#ffffff\" stroke=\"#8250df\" "
                + "stroke-width=\"2\"/><path d=\"M\(r(x - 3)) \(r(y + 3)) L\(r(x + 3)) \(r(y - 3))\" stroke=\"#8250df\" "
                + "stroke-width=\"1.6\"/>"
        case .ignored:
            return
                "<path d=\"M\(r(x)) \(r(y - 6)) L\(r(x + 6)) \(r(y + 5)) L\(r(x - 6)) \(r(y + 5)) Z\" fill=\"#ffffff\" "
                + "stroke=\"#9a6700\" stroke-width=\"1.6\"/>"
        }
    }

    private func e(_ text: String) -> String { MarkupEscaping.escaped(text) }

    /// A coordinate rounded to a tenth, to keep the file small.
    private static func r(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func r(_ value: Double) -> String { Self.r(value) }

    /// A time on the axis: `0s`, `1.5s`, `45s`, `2m`, `2m30s`, `1h5m`.
    package static func timeLabel(_ seconds: Double) -> String {
        if seconds < 60 {
            let tenths = (seconds * 1000).rounded() / 1000
            return tenths == tenths.rounded() ? "\(Int(tenths))s" : "\(tenths)s"
        }
        let total = Int(seconds.rounded())
        if total < 3600 { return "\(total / 60)m" + (total % 60 == 0 ? "" : "\(total % 60)s") }
        return "\(total / 3600)h" + (total % 3600 / 60 == 0 ? "" : "\(total % 3600 / 60)m")
    }
}
