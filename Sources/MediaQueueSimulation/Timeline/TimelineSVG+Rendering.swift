import RichMediaKitSupport
import RichMediaQueue

extension TimelineSVG {
    struct Layout {
        var secondsPerRow: Double
        var step: Double
        var rows: Int
        var scale: Double { TimelineSVG.plotWidth / secondsPerRow }
    }

    static let width = 1200.0
    static let left = 112.0
    static let right = 28.0
    static let plotWidth = width - left - right
    static let ink = "#1f2328"
    static let muted = "#57606a"
    /// The font of every text: monospaced, so a text's width is its length times 0.6 em (see ``SVGLabel``).
    static let font = "ui-monospace, 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace"
    static let niceSteps: [Double] = [
        0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
        3600, 7200, 14400, 28800, 86400,
    ]
    static let palette = [
        // No red or orange: those mark failures and timeouts.
        "#0969da", "#1a7f37", "#8250df", "#1b7c83", "#bf3989", "#0550ae", "#6639ba", "#116329",
    ]
    /// Light fills for the screen bands, by the order screens first appear.
    static let screenPalette = ["#ddf4ff", "#dafbe1", "#fbefff", "#fff8c5", "#ffebe9", "#e6fffa", "#f6f8fa"]

    /// The fill of a wait, by its reason (`nil`: not reported).
    static func waitColor(_ reason: String?) -> String {
        switch reason {
        case "paused": return "#afb8c1"
        case "declined": return "#c297ff"
        case "min-interval": return "#80ccff"
        case "frequency-cap": return "#ffb77c"
        case "screen": return "#4ac26b"
        case "retry-delay": return "#ff8182"
        default: return "#d0d7de"
        }
    }

    static let waitReasons: [String?] = [
        "paused", "declined", "min-interval", "frequency-cap", "screen", "retry-delay", nil,
    ]

    var layout: Layout {
        let total = max(endTime, 0.001)
        let durations = attempts.map { ($0.end ?? endTime) - $0.start }.filter { $0 > 0 }.sorted()
        var scale = Self.plotWidth / total
        if !durations.isEmpty {
            let median = durations[durations.count / 2]
            let wanted = 48 / median  // a typical attempt gets room for a short label
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
    /// - Complexity: O(*e* log *e* · *r*) for *e* events and *r* rows.
    package func render() -> String {
        let layout = layout
        var body = ""
        var y = 0.0
        body += SVGLabel(text: title, x: 16, y: 26, size: 18).svg("font-weight=\"600\" fill=\"\(Self.ink)\"") + "\n"
        for (index, line) in summaryLines.enumerated() {
            body += SVGLabel(text: line, x: 16, y: 48 + Double(index) * 17, size: 12).svg("fill=\"\(Self.muted)\"")
            body += "\n"
        }
        y = 48 + Double(summaryLines.count - 1) * 17 + 16
        let (legendSVG, legendBottom) = legend(top: y)
        body += legendSVG
        y = legendBottom + 12
        for row in 0..<layout.rows {
            let (rowSVG, height) = rowSVG(row, layout: layout, top: y)
            body += rowSVG
            y += height
        }
        let height = (y + 8).rounded(.up)
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(Self.width)) \(Int(height))" font-family="\(Self.font)" font-size="12">

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
        return svg + body + "</svg>\n"
    }

    /// The summary under the title, in lines that fit the width.
    var summaryLines: [String] {
        var first = [
            "\(itemCount) item\(itemCount == 1 ? "" : "s")",
            "\(attempts.count) attempt\(attempts.count == 1 ? "" : "s")",
        ]
        var second: [String] = []
        if let summary {
            first.append(
                "closed \(summary.closed), failed \(summary.failed), expired \(summary.expired), dropped "
                    + "\(summary.dropped), cancelled \(summary.cancelled), ignored \(summary.ignored)")
            second.append("on screen at the end: \(summary.onScreen ?? "none"), pending: \(summary.pending.count)")
        }
        second.append("run ends at \(Self.timeLabel(endTime))")
        return [first.joined(separator: " · "), second.joined(separator: " · ")]
    }

    /// The legend, flowing left to right; returns its elements and its bottom.
    func legend(top: Double) -> (String, Double) {
        var svg = "<g class=\"legend\">\n"
        var x = 16.0
        var y = top + 14
        let size = 11.0
        func entry(_ swatch: (Double, Double) -> String, _ text: String) {
            let width = 34 + 6 + SVGLabel.width(of: text, size: size) + 22
            if x + width > Self.width - 16 {
                x = 16
                y += 22
            }
            svg += swatch(x, y)
            svg += SVGLabel(text: text, x: x + 40, y: y + 1, size: size).svg() + "\n"
            x += width
        }
        let sample = Self.palette[0]
        entry(
            { x, y in
                "<rect x=\"\(r(x))\" y=\"\(r(y - 10))\" width=\"34\" height=\"14\" fill=\"\(sample)\" fill-opacity=\"0.45\"/>"
                    + "<rect x=\"\(r(x))\" y=\"\(r(y - 10))\" width=\"34\" height=\"14\" fill=\"url(#waiting)\"/>"
            }, "on screen, waiting for presented")
        entry(
            { x, y in "<rect x=\"\(r(x))\" y=\"\(r(y - 10))\" width=\"34\" height=\"14\" fill=\"\(sample)\"/>" },
            "shown (A#1 = item A, attempt 1)")
        entry(
            { x, y in
                "<path d=\"M\(r(x)) \(r(y + 4)) L\(r(x + 10)) \(r(y + 4)) L\(r(x + 10)) \(r(y - 6)) L\(r(x + 24)) "
                    + "\(r(y - 6)) L\(r(x + 24)) \(r(y + 4)) L\(r(x + 34)) \(r(y + 4))\" fill=\"none\" "
                    + "stroke=\"#0969da\" stroke-width=\"1.5\"/>"
            }, "pending backlog")
        if !pauses.isEmpty {
            entry(
                { x, y in "<rect x=\"\(r(x))\" y=\"\(r(y - 10))\" width=\"34\" height=\"14\" fill=\"url(#paused)\"/>" },
                "paused")
        }
        if !screens.isEmpty {
            entry(
                { x, y in
                    "<rect x=\"\(r(x))\" y=\"\(r(y - 10))\" width=\"34\" height=\"14\" fill=\"\(Self.screenPalette[0])\" "
                        + "stroke=\"#8c959f\" stroke-width=\"0.6\"/>"
                }, "screen the user is on")
        }
        // The waits and markers of this run only.
        let reasons = Self.waitReasons.filter { reason in waits.contains { $0.name == reason } }
        if !reasons.isEmpty {
            x = 16
            y += 24
        }
        for reason in reasons {
            entry(
                { x, y in
                    "<rect x=\"\(r(x))\" y=\"\(r(y - 8))\" width=\"34\" height=\"10\" fill=\"\(Self.waitColor(reason))\"/>"
                },
                reason.map { "waiting: \($0)" } ?? "waiting (reason not reported)")
        }
        let kinds = MarkerKind.allCases.filter { kind in markers.contains { $0.kind == kind } }
        if !kinds.isEmpty {
            x = 16
            y += 24
        }
        for kind in kinds {
            entry({ x, y in Self.markerShape(kind, x: x + 17, y: y - 3) }, kind.legend)
        }
        return (svg + "</g>\n", y + 10)
    }

    /// One row: its elements and its height.
    func rowSVG(_ row: Int, layout: Layout, top: Double) -> (String, Double) {
        let start = Double(row) * layout.secondsPerRow
        let end = start + layout.secondsPerRow
        let scale = layout.scale
        let lineEnd = min(end, endTime)
        func x(_ time: Double) -> Double { Self.left + (time - start) * scale }
        /// Whether a stretch from `from` to `to` (nil: the end of the run) shows in this row.
        func shows(_ from: Double, _ to: Double?) -> Bool {
            let to = to ?? endTime
            return to >= start && (from < end || (from == end && end >= endTime))
        }
        var svg = "<g class=\"row\">\n"
        var y = top + 14
        // The end of the run, in the header strip above the lanes.
        let endsHere = endTime >= start && endTime <= end
        if endsHere {
            svg +=
                SVGLabel(text: "run ends", x: x(endTime) - 3, y: top + 10, size: 10, anchor: .end)
                .svg("fill=\"\(Self.muted)\"") + "\n"
        }
        let lanesTop = y

        // Screens: named bands; a name that does not fit its band goes on a track under the lane.
        var screenSVG = ""
        if !screens.isEmpty {
            let bandTop = y
            screenSVG += laneName("screen", y: bandTop + 13)
            var order: [String: Int] = [:]
            for span in screens { if let name = span.name, order[name] == nil { order[name] = order.count } }
            var outside: [(label: String, anchor: Double)] = []
            for span in screens where shows(span.start, span.end) {
                let from = max(span.start, start)
                let to = min(span.end ?? endTime, end)
                let width = max((to - from) * scale, 1)
                let name = span.name ?? "none"
                let fill =
                    span.name.map { Self.screenPalette[order[$0]! % Self.screenPalette.count] } ?? "#ffffff"
                screenSVG += "<rect x=\"\(r(x(from)))\" y=\"\(r(bandTop))\" width=\"\(r(width))\" height=\"18\" "
                screenSVG += "fill=\"\(fill)\" stroke=\"#8c959f\" stroke-width=\"0.6\">"
                screenSVG += "<title>screen \(e(name)) \(Self.timeLabel(span.start))–"
                screenSVG += "\(span.end.map(Self.timeLabel) ?? "end")</title></rect>\n"
                let label = name + (span.start < start ? " …" : "")
                if SVGLabel.width(of: label, size: 10) + 6 <= width {
                    screenSVG +=
                        SVGLabel(text: label, x: x(from) + 3, y: bandTop + 13, size: 10)
                        .svg("fill=\"\(span.name == nil ? Self.muted : Self.ink)\"") + "\n"
                } else {
                    outside.append((label, x(from)))
                }
            }
            y += 18 + 4
            let (tracksSVG, height) = trackLabels(outside, top: y, size: 10, fromY: bandTop + 18)
            screenSVG += tracksSVG
            y += height
        }

        // On screen: attempt bars; a label that does not fit its bar goes on a track under the lane.
        let barTop = y
        var outsideBars: [(label: String, anchor: Double)] = []
        var barsSVG = laneName("on screen", y: barTop + 18)
        barsSVG += "<rect x=\"\(r(Self.left))\" y=\"\(r(barTop - 2))\" width=\"\(r(Self.plotWidth))\" height=\"32\" "
        barsSVG += "fill=\"#f6f8fa\"/>\n"
        for attempt in attempts where shows(attempt.start, attempt.end) {
            let attemptEnd = attempt.end ?? endTime
            let from = max(attempt.start, start)
            let to = min(attemptEnd, end)
            let color = Self.palette[attempt.color % Self.palette.count]
            let shownFrom = attempt.presented.map { max($0, from) }
            barsSVG += "<g><title>\(e(tooltip(attempt)))</title>"
            let waitingEnd = min(shownFrom ?? to, to)
            if waitingEnd > from || (shownFrom == nil && to == from) {
                let width = max((waitingEnd - from) * scale, 2)
                barsSVG += "<rect x=\"\(r(x(from)))\" y=\"\(r(barTop))\" width=\"\(r(width))\" height=\"28\" "
                barsSVG += "fill=\"\(color)\" fill-opacity=\"0.45\"/>"
                barsSVG += "<rect x=\"\(r(x(from)))\" y=\"\(r(barTop))\" width=\"\(r(width))\" height=\"28\" "
                barsSVG += "fill=\"url(#waiting)\"/>"
            }
            if let shownFrom, to >= shownFrom {
                let width = max((to - shownFrom) * scale, 2)
                barsSVG += "<rect x=\"\(r(x(shownFrom)))\" y=\"\(r(barTop))\" width=\"\(r(width))\" height=\"28\" "
                barsSVG += "fill=\"\(color)\"/>"
            }
            if attemptEnd <= end, let cap = Self.endCap(attempt.ending) {
                barsSVG += "<rect x=\"\(r(x(to) - 2))\" y=\"\(r(barTop - 3))\" width=\"2.5\" height=\"34\" "
                barsSVG += "fill=\"\(cap)\"/>"
            }
            barsSVG += "</g>\n"
            let label = attempt.token.description + (attempt.start < start ? " …" : "")
            let barWidth = max((to - from) * scale, 2)
            if SVGLabel.width(of: label, size: 11) + 8 <= barWidth {
                barsSVG +=
                    SVGLabel(text: label, x: x(from) + 4, y: barTop + 18, size: 11)
                    .svg(
                        "font-weight=\"600\" fill=\"\(Self.ink)\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\""
                    )
                    + "\n"
            } else {
                outsideBars.append((label, x(from) + min(barWidth / 2, 3)))
            }
        }
        y += 28 + 4
        let (barTracks, barTracksHeight) = trackLabels(outsideBars, top: y, size: 11, fromY: barTop + 28)
        barsSVG += barTracks
        y += barTracksHeight

        // Waiting: the stretches with items pending and nothing on screen, colored by reason.
        let waitTop = y + 2
        var waitSVG = laneName("waiting", y: waitTop + 11)
        for wait in waits where shows(wait.start, wait.end) {
            let from = max(wait.start, start)
            let to = min(wait.end ?? endTime, end)
            let width = max((to - from) * scale, 1)
            let why = wait.name.map { "\($0)" } ?? "reason not reported"
            let what = wait.item.map { " (the next is \($0))" } ?? ""
            waitSVG += "<rect x=\"\(r(x(from)))\" y=\"\(r(waitTop))\" width=\"\(r(width))\" height=\"14\" "
            waitSVG += "fill=\"\(Self.waitColor(wait.name))\"><title>waiting: \(e(why))\(e(what)) "
            waitSVG += "\(Self.timeLabel(wait.start))–\(wait.end.map(Self.timeLabel) ?? "end")</title></rect>\n"
            if let name = wait.name, SVGLabel.width(of: name, size: 9) + 6 <= width {
                waitSVG += SVGLabel(text: name, x: x(from) + 3, y: waitTop + 10.5, size: 9).svg() + "\n"
            }
        }
        y = waitTop + 14 + 6

        // Events: markers with their item, stacked on tracks so no two labels overlap.
        let eventsTop = y
        var eventsSVG = laneName("events", y: eventsTop + 12)
        var tracks = LabelTracks(gap: 4)
        let rowMarkers = markers.filter { $0.time >= start && ($0.time < end || ($0.time == end && end >= endTime)) }
        // A label goes right of its marker, or left of it where it would pass the plot's right edge.
        let placedMarkers = rowMarkers.map { marker -> (Marker, Double, Bool) in
            let mx = x(marker.time)
            let width = SVGLabel.width(of: marker.label, size: 10)
            let leftward = mx + 8 + width > Self.left + Self.plotWidth + Self.right - 4
            return (marker, mx, leftward)
        }
        func box(_ mx: Double, _ width: Double, _ leftward: Bool) -> (Double, Double) {
            leftward ? (mx - 8 - width, mx + 7) : (mx - 7, mx + 8 + width)
        }
        for (marker, mx, leftward) in placedMarkers.sorted(by: {
            box($0.1, SVGLabel.width(of: $0.0.label, size: 10), $0.2).0
                < box($1.1, SVGLabel.width(of: $1.0.label, size: 10), $1.2).0
        }) {
            let (from, to) = box(mx, SVGLabel.width(of: marker.label, size: 10), leftward)
            let track = tracks.place(left: from, right: to)
            let my = eventsTop + 8 + Double(track) * 16
            eventsSVG += "<g><title>\(Self.timeLabel(marker.time)) \(e(marker.detail))</title>"
            eventsSVG += Self.markerShape(marker.kind, x: mx, y: my)
            let label = SVGLabel(
                text: marker.label, x: leftward ? mx - 8 : mx + 8, y: my + 4, size: 10, anchor: leftward ? .end : .start
            )
            eventsSVG += label.svg() + "</g>\n"
        }
        y = eventsTop + Double(max(tracks.count, 1)) * 16 + 6

        // Pending backlog.
        let backlogTop = y + 4
        let backlogHeight = 40.0
        var backlogSVG = laneName("pending", y: backlogTop + 24)
        backlogSVG += "<rect x=\"\(r(Self.left))\" y=\"\(r(backlogTop - 4))\" width=\"\(r(Self.plotWidth))\" "
        backlogSVG += "height=\"\(r(backlogHeight + 8))\" fill=\"#f6f8fa\"/>\n"
        let maximum = max(backlog.map(\.count).max() ?? 0, 1)
        func level(_ count: Int) -> Double {
            backlogTop + backlogHeight - Double(count) / Double(maximum) * backlogHeight
        }
        var count = 0
        for point in backlog where point.time <= start { count = point.count }
        var path = "M\(r(x(start))) \(r(level(0))) L\(r(x(start))) \(r(level(count)))"
        for point in backlog where point.time > start && point.time < lineEnd {
            path += " L\(r(x(point.time))) \(r(level(count))) L\(r(x(point.time))) \(r(level(point.count)))"
            count = point.count
        }
        if lineEnd > start {
            path += " L\(r(x(lineEnd))) \(r(level(count))) L\(r(x(lineEnd))) \(r(level(0))) Z"
            backlogSVG += "<path d=\"\(path)\" fill=\"#0969da\" fill-opacity=\"0.18\" stroke=\"#0969da\" "
            backlogSVG += "stroke-width=\"1.5\" stroke-linejoin=\"round\"><title>pending items over time (maximum "
            backlogSVG += "\(maximum))</title></path>\n"
        }
        backlogSVG +=
            SVGLabel(text: "\(maximum)", x: Self.left - 4, y: backlogTop + 7, size: 9, anchor: .end)
            .svg("fill=\"\(Self.muted)\"") + "\n"
        backlogSVG +=
            SVGLabel(text: "0", x: Self.left - 4, y: backlogTop + backlogHeight, size: 9, anchor: .end)
            .svg("fill=\"\(Self.muted)\"") + "\n"
        y = backlogTop + backlogHeight + 8
        let lanesBottom = backlogTop + backlogHeight + 4

        // Paused periods, shaded across the lanes (drawn first, under everything else).
        var pausesSVG = ""
        for pause in pauses {
            let from = max(pause.start, start)
            let to = min(pause.end ?? endTime, end)
            guard to > from || (pause.end == nil && from == to && from >= start && from < end) else { continue }
            let width = max((to - from) * scale, 2)
            pausesSVG += "<rect x=\"\(r(x(from)))\" y=\"\(r(lanesTop))\" width=\"\(r(width))\" "
            pausesSVG += "height=\"\(r(lanesBottom - lanesTop))\" fill=\"url(#paused)\" opacity=\"0.8\">"
            pausesSVG += "<title>paused \(Self.timeLabel(pause.start))–\(pause.end.map(Self.timeLabel) ?? "end")"
            pausesSVG += "</title></rect>\n"
        }

        // Axis.
        let axisY = y + 2
        var axisSVG = "<line x1=\"\(r(Self.left))\" y1=\"\(r(axisY))\" x2=\"\(r(Self.left + Self.plotWidth))\" "
        axisSVG += "y2=\"\(r(axisY))\" stroke=\"#8c959f\"/>\n"
        var tick = start
        while tick <= end + layout.step / 1000 {
            let tx = r(x(tick))
            axisSVG += "<line x1=\"\(tx)\" y1=\"\(r(axisY))\" x2=\"\(tx)\" y2=\"\(r(axisY + 5))\" stroke=\"#8c959f\"/>"
            axisSVG += "<line x1=\"\(tx)\" y1=\"\(r(lanesTop))\" x2=\"\(tx)\" y2=\"\(r(axisY))\" stroke=\"#d0d7de\" "
            axisSVG += "stroke-width=\"0.5\"/>"
            axisSVG +=
                SVGLabel(text: Self.timeLabel(tick), x: x(tick), y: axisY + 17, size: 11, anchor: .middle)
                .svg("fill=\"\(Self.muted)\"") + "\n"
            tick = (tick / layout.step + 1).rounded() * layout.step
        }
        if endsHere {
            let ex = r(x(endTime))
            axisSVG += "<line x1=\"\(ex)\" y1=\"\(r(top + 12))\" x2=\"\(ex)\" y2=\"\(r(axisY))\" stroke=\"#57606a\" "
            axisSVG += "stroke-dasharray=\"4 3\"/>\n"
        }
        svg += pausesSVG + axisSVG + screenSVG + barsSVG + waitSVG + eventsSVG + backlogSVG
        return (svg + "</g>\n", axisY + 24 + 14 - top)
    }

    /// Labels that do not fit their band, on tracks from `top` down, each with a leader line from its anchor
    /// (at `fromY`, the band's bottom) to the label; returns the elements and the height the tracks take.
    func trackLabels(_ labels: [(label: String, anchor: Double)], top: Double, size: Double, fromY: Double)
        -> (String, Double)
    {
        guard !labels.isEmpty else { return ("", 0) }
        let pitch = size + 4
        var tracks = LabelTracks()
        var svg = ""
        let placed = labels.map { item -> (String, Double, Double) in
            let width = SVGLabel.width(of: item.label, size: size)
            // Keep the label inside the plot: one near the right edge ends there.
            let left = min(max(item.anchor - 2, Self.left), Self.left + Self.plotWidth - width)
            return (item.label, item.anchor, left)
        }
        for (label, anchor, left) in placed.sorted(by: { $0.2 < $1.2 }) {
            let width = SVGLabel.width(of: label, size: size)
            let track = tracks.place(left: left, right: left + width)
            let baseline = top + Double(track) * pitch + size * SVGLabel.ascent
            let labelTop = baseline - size * SVGLabel.ascent
            svg += "<line x1=\"\(r(anchor))\" y1=\"\(r(fromY))\" x2=\"\(r(max(left + 1, min(anchor, left + width))))\" "
            svg += "y2=\"\(r(labelTop))\" stroke=\"#8c959f\" stroke-width=\"0.8\"/>"
            svg += SVGLabel(text: label, x: left, y: baseline, size: size).svg() + "\n"
        }
        return (svg, Double(tracks.count) * pitch + 4)
    }

    /// The tooltip of an attempt's bar: its times and how it ended.
    func tooltip(_ attempt: Attempt) -> String {
        let attemptEnd = attempt.end ?? endTime
        var tip = "\(attempt.token): present \(Self.timeLabel(attempt.start))"
        if let presented = attempt.presented { tip += ", presented \(Self.timeLabel(presented))" }
        switch attempt.ending {
        case .closed: tip += ", closed \(Self.timeLabel(attemptEnd))"
        case .closedByTimeout: tip += ", closed by display timeout \(Self.timeLabel(attemptEnd))"
        case .leftScreen: tip += ", closed: left the screen \(Self.timeLabel(attemptEnd))"
        case .failed: tip += ", failed \(Self.timeLabel(attemptEnd))"
        case .timedOut: tip += ", present timeout \(Self.timeLabel(attemptEnd))"
        case .declined: tip += ", declined (not now) \(Self.timeLabel(attemptEnd))"
        case .running: tip += ", still on screen when the run ends"
        }
        return tip
    }

    /// The mark at the end of a bar: dark (closed), red (failed), orange (a timeout), purple (left the screen).
    static func endCap(_ ending: Ending) -> String? {
        switch ending {
        case .failed: return "#cf222e"
        case .timedOut, .closedByTimeout: return "#bc4c00"
        case .leftScreen: return "#8250df"
        case .running, .declined: return nil
        case .closed: return ink
        }
    }

    func laneName(_ name: String, y: Double) -> String {
        SVGLabel(text: name, x: Self.left - 10, y: y, size: 11, anchor: .end).svg("fill=\"\(Self.muted)\"") + "\n"
    }

    static func markerShape(_ kind: MarkerKind, x: Double, y: Double) -> String {
        let (x, y) = (x, y)
        func r(_ value: Double) -> String { SVGNumber.text(value) }
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
        case .leftScreen:
            return
                "<path d=\"M\(r(x - 6)) \(r(y)) L\(r(x + 1)) \(r(y - 6)) L\(r(x + 1)) \(r(y - 2.5)) L\(r(x + 6)) \(r(y - 2.5)) "
                + "L\(r(x + 6)) \(r(y + 2.5)) L\(r(x + 1)) \(r(y + 2.5)) L\(r(x + 1)) \(r(y + 6)) Z\" fill=\"#8250df\"/>"
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

    func e(_ text: String) -> String { MarkupEscaping.escaped(text) }

    func r(_ value: Double) -> String { SVGNumber.text(value) }

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
