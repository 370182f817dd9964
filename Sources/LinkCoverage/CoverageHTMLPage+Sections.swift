import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

/// The coverage page's own sections: the gaps grouped by the rule that claims them and by route, and the rules
/// and routes that are fully consistent.
extension CoverageHTMLPage {
    /// The unrouted gaps, grouped by rule, each rule with where it is (`places`: the gaps' places, in order).
    func unroutedSection(places: ArraySlice<String?>) -> String {
        let json = ruleJSON
        return gapSection(
            report.unrouted, id: "unrouted", title: "Unrouted", places: places, by: \.rule,
            explanation: "The AASA file sends these URLs to the app, and no route handles them: the app opens and has "
                + "nothing to show. Grouped by the AASA rule that claims them.",
            groups: "rule", summary: "claiming URLs that no route handles",
            table: "<table>\n<tr><th>Rule</th><th>Example URL</th></tr>\n"
        ) { rule, gaps, place in
            let urls = gaps.map {
                "<code class=\"url\">\(MarkupEscaping.link($0.example))</code>" + URLSyntaxCorner.markup($0.corners)
            }
            return "<tr><td>\(place.map { $0 + "<br/>" } ?? "")<code>\(e(rule))</code><br/>"
                + "<code class=\"json\">\(e(json[rule] ?? ""))</code></td>"
                + "<td>\(urls.joined(separator: "<br/>"))</td></tr>\n"
        }
    }

    /// The rules and routes the check did not finish comparing (only when it reached its limit).
    func notComparedSection() -> String {
        guard !report.notCompared.isEmpty else { return "" }
        var html = "<section id=\"not-compared\">\n<h2>Not compared <span class=\"count\">"
        html += "\(report.notCompared.count)</span></h2>\n"
        html += "<p class=\"explain\">The exact check reached its limit (\(CoverageChecker.stateLimit) product states) "
        html += "before it finished comparing these rules and routes: gaps they are part of may be missing above (the "
        html += "gaps shown are exact). \(e(CoverageReport.notComparedRule.help))</p>\n"
        html += "<table>\n<tr><th>Rule or route</th><th>As written</th></tr>\n"
        for entry in report.notCompared {
            let name = entry.rule.map { "<code>\(e($0))</code>" } ?? "<strong>\(e(entry.route ?? ""))</strong>"
            html += "<tr><td>\(name)</td><td><code class=\"json\">\(e(entry.text))</code></td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    /// The unclaimed gaps, grouped by route, each route with where it is (`places`: the gaps' places, in order).
    func unclaimedSection(places: ArraySlice<String?>) -> String {
        let patterns = Dictionary(routes.map { ($0.name, $0.pattern) }, uniquingKeysWith: { first, _ in first })
        let json = ruleJSON
        return gapSection(
            report.unclaimed, id: "unclaimed", title: "Unclaimed", places: places, by: \.route,
            explanation: "A route handles these URLs, and iOS does not send them to the app: the link opens in "
                + "Safari. Grouped by route, with the exclude rule that blocks each (or none).",
            groups: "route", summary: "with URLs that iOS does not send to the app",
            table: "<table class=\"by-route\">\n<tr><th>Route</th><th>Example URL</th><th>Blocked by</th></tr>\n"
        ) { route, group, place in
            var html = ""
            for (index, gap) in group.enumerated() {
                html += index == 0 ? "<tr class=\"first\">" : "<tr>"
                if index == 0 {
                    let span = group.count > 1 ? " rowspan=\"\(group.count)\"" : ""
                    html += "<td\(span)><strong>\(e(route))</strong><br/><code>\(e(patterns[route] ?? ""))</code>"
                    html += "\(place.map { "<br/>" + $0 } ?? "")</td>"
                }
                let blocker = gap.rule.map {
                    "exclude rule <code>\(e($0))</code><br/><code class=\"json\">\(e(json[$0] ?? ""))</code>"
                }
                html += "<td><code class=\"url\">\(MarkupEscaping.link(gap.example))</code>"
                html += "\(URLSyntaxCorner.markup(gap.corners))</td>"
                html += "<td>\(blocker ?? "no rule matches")</td></tr>\n"
            }
            return html
        }
    }

    /// A section of gaps: its heading with their count and what they mean (`None.` when there is none), then the gaps
    /// grouped by `key` in order of first appearance, under their number, `noun` and `summary` in `table` (its
    /// opening), each group's `rows` with the first place one of its gaps has (`places`: the gaps' places, in order).
    private func gapSection<Gap>(
        _ gaps: [Gap], id: String, title: String, places: ArraySlice<String?>, by key: (Gap) -> String,
        explanation: String, groups noun: String, summary: String, table: String,
        rows: (_ key: String, _ gaps: [Gap], _ place: String?) -> String
    ) -> String {
        var html = "<section id=\"\(id)\">\n<h2>\(title) <span class=\"count\">\(gaps.count)</span></h2>\n"
        html += "<p class=\"explain\">\(explanation)</p>\n"
        guard !gaps.isEmpty else { return html + "<p class=\"none\">None.</p>\n</section>\n" }
        var groups: [(key: String, gaps: [Gap], place: String?)] = []
        var indexOf: [String: Int] = [:]
        for (gap, place) in zip(gaps, places) {
            let index = indexOf[key(gap)] ?? groups.count
            if index == groups.count {
                indexOf[key(gap)] = index
                groups.append((key(gap), [], nil))
            }
            groups[index].gaps.append(gap)
            groups[index].place = groups[index].place ?? place
        }
        html += "<details class=\"group \(id)\" open=\"open\">\n<summary>\(groups.count) \(noun)"
        html += "\(groups.count == 1 ? "" : "s") \(summary)</summary>\n" + table
        return html + groups.map { rows($0.key, $0.gaps, $0.place) }.joined() + "</table>\n</details>\n</section>\n"
    }

    /// The rules with no gap, accepted or not.
    var consistentRules: [(pointer: String, exclude: Bool, json: String)] {
        let involved = Set(whole.unrouted.map(\.rule) + whole.unclaimed.compactMap(\.rule))
        return rules.filter { !involved.contains($0.pointer) }
    }

    func consistentSection() -> String {
        // A rule or route with an accepted gap still has the gap: it is not consistent.
        let involvedRoutes = Set(whole.unclaimed.map(\.route))
        let goodRules = consistentRules
        let goodRoutes = routes.indices.filter { routeApplies[$0] && !involvedRoutes.contains(routes[$0].name) }
        let otherRoutes = routes.indices.filter { !routeApplies[$0] }
        var html = "<section id=\"consistent\">\n<h2>Fully consistent</h2>\n"
        html += "<p class=\"explain\">Rules with no gap: a match rule whose URLs all have a route, an exclude rule "
        html += "that blocks no route. Routes with no gap: every URL they handle on this domain opens the app.</p>\n"
        html +=
            "<details class=\"group ok\"\(!goodRules.isEmpty && goodRules.count <= Self.openListLimit ? " open=\"open\"" : "")>\n<summary>Rules "
        html += "<span class=\"count\">\(goodRules.count) of \(rules.count)</span></summary>\n"
        if !goodRules.isEmpty {
            html += "<table>\n<tr><th>Rule</th><th>Kind</th><th>As written</th></tr>\n"
            for rule in goodRules {
                html += "<tr><td><code>\(e(rule.pointer))</code></td><td>\(rule.exclude ? "exclude" : "match")</td>"
                html += "<td><code class=\"json\">\(e(rule.json))</code></td></tr>\n"
            }
            html += "</table>\n"
        }
        html += "</details>\n"
        let applying = routeApplies.filter { $0 }.count
        html +=
            "<details class=\"group ok\"\(!goodRoutes.isEmpty && goodRoutes.count <= Self.openListLimit ? " open=\"open\"" : "")>\n<summary>Routes on "
        html += "\(e(report.domain)) <span class=\"count\">\(goodRoutes.count) of \(applying)</span></summary>\n"
        html += routeTable(goodRoutes)
        html += "</details>\n"
        if !otherRoutes.isEmpty {
            html += "<details class=\"group other\">\n<summary>Routes not on \(e(report.domain)) (custom schemes, "
            html += "other hosts) <span class=\"count\">\(otherRoutes.count)</span></summary>\n"
            html += routeTable(otherRoutes)
            html += "</details>\n"
        }
        return html + "</section>\n"
    }

    func routeTable(_ indexes: [Int]) -> String {
        guard !indexes.isEmpty else { return "" }
        var html = "<table>\n<tr><th>Route</th><th>Pattern</th></tr>\n"
        for index in indexes {
            html += "<tr><td>\(e(routes[index].name))</td><td><code>\(e(routes[index].pattern))</code></td></tr>\n"
        }
        return html + "</table>\n"
    }
}
