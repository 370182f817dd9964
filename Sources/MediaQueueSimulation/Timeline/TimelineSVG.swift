import RichMediaKitSupport
import RichMediaQueue

/// `mediaqueue simulate FILE --format svg`: a self-contained SVG timeline of a simulation (package access).
///
/// Drawn from the queue's events alone, so it shows what the queue did, not what the scenario asked. Each row
/// covers a stretch of time, with these lanes:
/// - **screen** (when the run sets screens): the screen the user is on, as named bands;
/// - **on screen**: each attempt is a bar from `present` to its end (closed, failed, timed out, left the screen,
///   or the end of the run), hatched while waiting for `presented` and solid once shown;
/// - **waiting**: the stretches when items are pending and nothing is on screen, colored by why (the `waiting`
///   reports of `set report-waiting on`; without them, one neutral color);
/// - **events**: markers for failures (hollow: will retry; filled: final), present timeouts, display timeouts,
///   closes by a screen change, expiry, drops, cancels and ignored callbacks, each with its item;
/// - **pending**: the backlog over time;
/// - a time axis; paused periods shaded across the lanes; a legend on top.
///
/// Every label is readable and none overlaps another or vanishes: each bar is labelled `item#attempt`, inside
/// the bar when it fits, else on a label track under the lane with a leader line to its bar (tracks are added
/// as needed, so long ids such as `promo-2026-12-black-friday` and many short attempts stay legible); screen
/// names and marker labels are placed the same way. Every text has a fixed advance (`textLength`, in a
/// monospaced face), so its box is known from the file's geometry alone (the tests read the boxes back and check
/// that no two overlap).
///
/// The scale keeps a typical attempt wide enough for its label; when the run is longer than one row at that
/// scale, it continues on further rows (at most ``maximumRows``), so 3 items and 300 both stay readable. Every
/// bar, band and marker has a `<title>` (a tooltip in browsers) with the exact times. The output is well-formed
/// XML with no external references (no scripts, fonts, images or style sheets).
package struct TimelineSVG {
    /// The most rows a timeline is split into; longer runs are drawn at a smaller scale.
    package static let maximumRows = 40

    struct Attempt {
        var token: AttemptToken<String>
        var start: Double
        var presented: Double?
        var end: Double?
        var ending: Ending
        var color: Int
    }

    enum Ending {
        case closed, closedByTimeout, leftScreen, failed, timedOut, declined, running
    }

    enum MarkerKind: CaseIterable {
        case failedRetry, failedFinal, presentTimeoutRetry, presentTimeoutFinal, displayTimeout, leftScreen, expired,
            dropped, cancelled, ignored

        var legend: String {
            switch self {
            case .failedRetry: return "failed, will retry"
            case .failedFinal: return "failed (final)"
            case .presentTimeoutRetry: return "present timeout, will retry"
            case .presentTimeoutFinal: return "present timeout (final)"
            case .displayTimeout: return "closed by display timeout"
            case .leftScreen: return "closed: left the screen"
            case .expired: return "expired"
            case .dropped: return "dropped"
            case .cancelled: return "cancelled"
            case .ignored: return "ignored callback"
            }
        }
    }

    struct Marker {
        var time: Double
        var kind: MarkerKind
        var label: String
        var detail: String
    }

    /// A stretch of time with a name: a screen, or a wait and its reason.
    struct Stretch {
        var start: Double
        var end: Double?
        /// The screen's name, or the wait's reason (`nil`: a wait whose reason was not reported).
        var name: String?
        /// The item a wait names, if reported.
        var item: String?
    }

    let title: String
    let summary: SimulationSummary?
    var attempts: [Attempt] = []
    var markers: [Marker] = []
    var backlog: [(time: Double, count: Int)] = [(0, 0)]
    var pauses: [(start: Double, end: Double?)] = []
    /// The screens set during the run, in order (empty when the run sets none).
    var screens: [Stretch] = []
    /// The stretches with items pending and nothing on screen, split where the reported reason changes.
    var waits: [Stretch] = []
    var endTime: Double = 0
    var itemCount = 0

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
        // The last waiting report since the last present (it stands until the next present, as the queue's does).
        var reason: (name: String, item: String)?
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
        /// Ends the current wait, if any, at `time`.
        func endWait(at time: Double) {
            if let last = waits.indices.last, waits[last].end == nil { waits[last].end = time }
        }
        /// After each event: a wait runs while items are pending and nothing is on screen.
        func updateWait(at time: Double) {
            let waitsNow = pending > 0 && open.isEmpty
            let current = waits.last.flatMap { $0.end == nil ? $0 : nil }
            if !waitsNow {
                endWait(at: time)
            } else if current == nil || current?.name != reason?.name || current?.item != reason?.item {
                endWait(at: time)
                waits.append(Stretch(start: time, end: nil, name: reason?.name, item: reason?.item))
            }
        }
        for event in events {
            let time = seconds(event.elapsed)
            endTime = max(endTime, time)
            switch event.kind {
            case .enqueued(let id):
                if colors[id] == nil { colors[id] = colors.count }
                adjust(time, 1)
            case .present(let token):
                adjust(time, -1)
                open[token] = attempts.count
                reason = nil
                attempts.append(
                    Attempt(
                        token: token, start: time, presented: nil, end: nil, ending: .running,
                        color: colors[token.id] ?? 0))
            case .presented(let token):
                if let index = open[token] { attempts[index].presented = time }
            case .closed(let token, let why):
                let ending: Ending = why == .timeout ? .closedByTimeout : why == .leftScreen ? .leftScreen : .closed
                finish(token, at: time, ending)
                if why == .timeout {
                    markers.append(
                        Marker(
                            time: time, kind: .displayTimeout, label: token.description,
                            detail: "closed \(token) by display timeout"))
                } else if why == .leftScreen {
                    markers.append(
                        Marker(
                            time: time, kind: .leftScreen, label: token.description,
                            detail: "closed \(token): the user left for a screen it does not allow"))
                }
            case .failed(let token, let why, let final):
                let timeout = why == "timeout"
                finish(token, at: time, timeout ? .timedOut : .failed)
                if !final { adjust(time, 1) }
                let kind: MarkerKind =
                    timeout
                    ? (final ? .presentTimeoutFinal : .presentTimeoutRetry) : (final ? .failedFinal : .failedRetry)
                let because = why.map { " \($0)" } ?? ""
                markers.append(
                    Marker(
                        time: time, kind: kind, label: token.description,
                        detail: "failed \(token)\(because) (\(final ? "final" : "will retry"))"))
            case .declined(let token):
                finish(token, at: time, .declined)
                adjust(time, 1)
            case .expired(let id):
                adjust(time, -1)
                markers.append(Marker(time: time, kind: .expired, label: id, detail: "expired \(id)"))
            case .dropped(let id, let why):
                adjust(time, -1)
                markers.append(
                    Marker(time: time, kind: .dropped, label: id, detail: "dropped \(id) (\(why.rawValue))"))
            case .cancelled(let id):
                adjust(time, -1)
                markers.append(Marker(time: time, kind: .cancelled, label: id, detail: "cancelled \(id)"))
            case .ignored(let action, let id, let attempt, let why):
                let target = (id ?? "") + (attempt.map { "#\($0)" } ?? "")
                markers.append(
                    Marker(
                        time: time, kind: .ignored, label: target.isEmpty ? action.rawValue : target,
                        detail: "ignored \(action.rawValue) \(target) (\(why.rawValue))"))
            case .paused:
                pauses.append((time, nil))
            case .resumed:
                if let last = pauses.indices.last, pauses[last].end == nil { pauses[last].end = time }
            case .screen(let name):
                // The same screen again is no change: its band goes on.
                if let last = screens.last, last.end == nil, last.name == name { break }
                if let last = screens.indices.last, screens[last].end == nil { screens[last].end = time }
                screens.append(Stretch(start: time, end: nil, name: name, item: nil))
            case .waiting(let id, let why, _):
                reason = (why.rawValue, id)
            }
            updateWait(at: time)
        }
        // Zero-length stretches (a wait ended at the instant it began) draw nothing.
        waits.removeAll { $0.end == $0.start }
        if !screens.isEmpty, screens[0].start > 0 {
            screens.insert(Stretch(start: 0, end: screens[0].start, name: nil, item: nil), at: 0)
        }
        screens.removeAll { $0.end == $0.start }
        itemCount = colors.count
    }
}
