import AndroidAppLinks
import AppSiteAssociation
import RichMediaKitSupport

/// The content of the rules and filters a gap is about, as the baselines identify them (``BaselineSubject``: one line
/// of JSON, keys sorted), never their position in the file.
package enum FindingSubjects {
    /// An AASA rule: its patterns as written and its flags after the `defaults` that apply
    /// (`{"/": "/help/*", "exclude": true}`; a legacy `paths` string as its `/` pattern).
    ///
    /// - Parameter rule: The compiled rule.
    /// - Returns: Its canonical text.
    package static func text(_ rule: AASAResolvedRule) -> String { BaselineSubject.text(json: rule.text) }

    /// The AASA rule at `index` of the app's rules in `aasa`.
    ///
    /// - Parameters:
    ///   - index: An index into `AASAMatcher.rules(for:)`.
    ///   - aasa: The file.
    ///   - appID: The app.
    /// - Returns: The rule's canonical text.
    package static func rule(_ index: Int, in aasa: AASAMatcher, appID: String) -> String {
        text(aasa.rules(for: appID)[index])
    }

    /// An intent filter: its activity, `autoVerify`, and its `<data>` elements and relative filter groups as written
    /// (`{"activity": ".MainActivity", "autoVerify": true, "data": [{"host": "example.com", "scheme": "https"}]}`).
    ///
    /// - Parameters:
    ///   - filter: The filter.
    ///   - activity: The activity that declares it.
    /// - Returns: Its canonical text.
    package static func text(_ filter: IntentFilter, of activity: ManifestActivity) -> String {
        func data(_ elements: [DataElement]) -> OrderedJSON {
            .array(
                elements.map { element in
                    .object(element.attributes.map { .init($0.name, .string($0.value.source)) })
                })
        }
        var members: [OrderedJSON.Member] = [
            .init("activity", .string(activity.name)), .init("autoVerify", .bool(filter.autoVerify)),
            .init("data", data(filter.data)),
        ]
        if !filter.relativeFilterGroups.isEmpty {
            members.append(
                .init(
                    "groups",
                    .array(
                        filter.relativeFilterGroups.map {
                            .object([.init("allow", .bool($0.allow)), .init("data", data($0.data))])
                        })))
        }
        return BaselineSubject.text(.object(members))
    }

    /// A dynamic rule of an `assetlinks.json`: `{"/": "/help/*", "?": {"q": "*"}, "#": "top", "exclude": true}` (the
    /// parts it has).
    ///
    /// - Parameter rule: The rule.
    /// - Returns: Its canonical text.
    package static func text(_ rule: DynamicAppLinkRule) -> String {
        var members: [OrderedJSON.Member] = []
        if let path = rule.path { members.append(.init("/", .string(path))) }
        if !rule.query.isEmpty {
            members.append(.init("?", .object(rule.query.map { .init($0.name, .string($0.pattern)) })))
        }
        if let fragment = rule.fragment { members.append(.init("#", .string(fragment))) }
        if rule.exclude { members.append(.init("exclude", .bool(true))) }
        return BaselineSubject.text(.object(members))
    }
}
