import AndroidAppLinks
import FileLocations

/// The answer of ``AndroidCoverageChecker/check(decider:routes:sources:unavailable:allURLs:)`` (what
/// `link-router check --manifest ...` prints): every way the app's manifest, its routes and the sites'
/// `assetlinks.json` files disagree, for every host a verified filter claims and every host the routes name.
///
/// A gap names the file that holds the mistake through its ``Gap/place``: the manifest (an intent filter's line and
/// column), a host's `assetlinks.json` (a JSON pointer) or the routes file (a JSON pointer). ``hosts`` says, for each
/// host considered, where its file came from and how far the check got. Every example URL was decided by
/// `AndroidLinkDecider.decide(_:)` and routed by the route table, and really shows its gap.
public struct AndroidCoverageReport: Sendable, Hashable {
    /// One disagreement.
    public struct Gap: Sendable, Hashable {
        /// What kind of disagreement. The codes are the iOS checks' where they mean the same.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
            /// Android opens URLs in the app that no route handles: the app gets a link it cannot show (grouped by
            /// the intent filter that accepts them).
            case unrouted
            /// A route handles URLs that Android does not open in the app (no filter accepts them, the host is not
            /// verified, or a dynamic rule excludes them): the link opens in the browser.
            case unclaimed
            /// The routes file associates a host (or a route is bound to one) that no verified filter claims:
            /// Android never verifies it, so its links open in the browser.
            case routeDomainNotClaimed = "route-domain-not-claimed"
            /// A verified filter claims a host no route serves: the app opens with nothing to show.
            case domainWithoutRoutes = "domain-without-routes"
            /// The `assetlinks.json` of a claimed host does not grant App Links to the app's package with one of its
            /// fingerprints: Android verifies none of the host's links.
            case hostNotVerified = "host-not-verified"
            /// A claimed host's file could not be fetched or read (`--fetch`): nothing of the host was checked.
            case deployedFile = "deployed-file"
            /// The exact check reached its limit before it finished comparing an intent filter, a dynamic rule or a
            /// route (the gap's place): gaps it is part of may be missing (the gaps reported are exact).
            case notCompared = "not-compared"
        }

        /// The file, and the place in it, that holds the mistake.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum Place: Sendable, Hashable {
            /// The intent filter at this index of `AndroidManifest.intentFilters` (manifest order).
            case intentFilter(index: Int)
            /// An element of the manifest (such as a `<data android:host>`), at the gap's ``Gap/fileLocation``.
            case manifest
            /// The JSON pointer in the routes file.
            case routes(pointer: JSONPointer)
            /// The JSON pointer in the `assetlinks.json` of `host` (the file host: a wildcard's bare domain).
            case assetLinks(host: String, pointer: JSONPointer)
        }

        /// What kind of disagreement.
        public var kind: Kind
        /// The host the gap is about, if any.
        public var host: String?
        /// The route's name, if the gap is about a route.
        public var route: String?
        /// The index in `AndroidManifest.intentFilters` of the filter that accepts the URLs (unrouted) or that
        /// declares the host, if any.
        public var filter: Int?
        /// The place of that filter in the manifest (its line and column), if any.
        public var filterLocation: FileLocation?
        /// The index of the dynamic rule that excludes the URLs, in the verifying statement's rules, if any.
        public var rule: Int?
        /// The JSON pointer of that rule in the host's `assetlinks.json`, if any.
        public var rulePointer: String?
        /// For ``Kind/unclaimed``: what Android does instead (`no-filter`, `not-verified` or `excluded`).
        public var reason: AndroidLinkDecision.Verdict?
        /// A URL showing the gap, where one does (it reproduces with `link-router route` and
        /// `link-router assetlinks match`).
        public var example: String?
        /// What is wrong and what it does to links, in one or two sentences.
        public var message: String
        /// Where the mistake is.
        public var place: Place
        /// The position in the file ``place`` names: an intent filter's line and column, or a JSON pointer.
        public var fileLocation: FileLocation?
        /// The place in the other file, if the gap is between two files (the manifest's filter for a host whose
        /// file does not verify the app), or nil.
        public var counterpart: Place?
        /// The position in the file ``counterpart`` names.
        public var counterpartLocation: FileLocation?
        /// The corners of URL syntax the example depends on, when the checker found it: said in its message and fix,
        /// and in its JSON's `corners`.
        package var corners: [URLSyntaxCorner] = []
        /// The content of the filter ``filter`` names, when the checker found the gap (`FindingSubjects`): how a
        /// baseline identifies the filter.
        package var filterText: String?
        /// The content of the dynamic rule ``rule`` names, when the checker found the gap: how a baseline identifies
        /// the rule.
        package var ruleText: String?

        /// Creates a gap.
        ///
        /// - Parameters:
        ///   - kind: What kind of disagreement.
        ///   - message: What is wrong, in one or two sentences.
        ///   - place: Where the mistake is.
        ///   - host: The host, if any.
        ///   - route: The route's name, if any.
        ///   - filter: The intent filter's index, if any.
        ///   - filterLocation: The filter's place in the manifest, if any.
        ///   - rule: The dynamic rule's index, if any.
        ///   - rulePointer: The dynamic rule's JSON pointer, if any.
        ///   - reason: For an unclaimed gap, what Android does instead.
        ///   - example: An example URL, if any.
        ///   - fileLocation: The position in the file; by default the pointer of a routes or assetlinks place.
        ///   - counterpart: The place in the other file, if any.
        ///   - counterpartLocation: The position in that file; by default the pointer of a JSON place.
        public init(
            kind: Kind, message: String, place: Place, host: String? = nil, route: String? = nil, filter: Int? = nil,
            filterLocation: FileLocation? = nil, rule: Int? = nil, rulePointer: String? = nil,
            reason: AndroidLinkDecision.Verdict? = nil, example: String? = nil, fileLocation: FileLocation? = nil,
            counterpart: Place? = nil, counterpartLocation: FileLocation? = nil
        ) {
            self.kind = kind
            self.message = message
            self.place = place
            self.host = host
            self.route = route
            self.filter = filter
            self.filterLocation = filterLocation
            self.rule = rule
            self.rulePointer = rulePointer
            self.reason = reason
            self.example = example
            self.fileLocation = place.defaultLocation(fileLocation)
            self.counterpart = counterpart
            self.counterpartLocation = counterpart?.defaultLocation(counterpartLocation)
        }
    }

    /// One host the check considered.
    public struct Host: Sendable, Hashable {
        /// How far the check of a host got.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum State: String, Sendable, Hashable, CaseIterable, Codable {
            /// The filters, the file and the routes were compared (the gaps, if any, are in
            /// ``AndroidCoverageReport/gaps``).
            case checked
            /// The host's file does not verify the app (``Gap/Kind/hostNotVerified``).
            case notVerified = "not-verified"
            /// The host's file could not be fetched or read (`--fetch`).
            case unavailable
            /// No route serves the host, so there is nothing to compare the filters with.
            case noRoutes = "no-routes"
            /// A host a verified filter claims, with no file given (`--assetlinks HOST=FILE` or `--fetch`): not
            /// checked; the check goes on with the others.
            case notChecked = "not-checked"
            /// A host the routes name that no verified filter claims (``Gap/Kind/routeDomainNotClaimed``).
            case notClaimed = "not-claimed"
            /// A wildcard host (`*.example.com`) a verified filter claims: checked only on the hosts below it that
            /// the routes name (listed after it, declared by it); every other host below it is not checked.
            case wildcard
        }

        /// The host (lower case), or a wildcard host as declared (`*.example.com`).
        public var host: String
        /// The host a verified filter declares that covers it (itself, or a wildcard), or nil.
        public var declaredBy: String?
        /// The host whose `assetlinks.json` decides (a wildcard's bare domain), or nil.
        public var fileHost: String?
        /// Where its file came from: the path given, or the URL that served it; nil when there is none.
        public var source: String?
        /// How far the check got.
        public var state: State

        /// Creates a host entry.
        ///
        /// - Parameters:
        ///   - host: The host.
        ///   - declaredBy: The declared host that covers it.
        ///   - fileHost: The host whose file decides.
        ///   - source: Where its file came from.
        ///   - state: How far the check got.
        public init(host: String, declaredBy: String?, fileHost: String?, source: String?, state: State) {
            self.host = host
            self.declaredBy = declaredBy
            self.fileHost = fileHost
            self.source = source
            self.state = state
        }
    }

    /// The app's package name.
    public var packageName: String
    /// The hosts considered: the verified filters' hosts in manifest order (each wildcard followed by the hosts
    /// checked below it), then the routes' hosts no verified filter claims.
    public var hosts: [Host]
    /// Every gap: the routes' unclaimed hosts first, then each host's, in ``hosts`` order.
    public var gaps: [Gap]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - packageName: The app's package name.
    ///   - hosts: The hosts considered.
    ///   - gaps: The gaps.
    public init(packageName: String, hosts: [Host], gaps: [Gap]) {
        self.packageName = packageName
        self.hosts = hosts
        self.gaps = gaps
    }
}

extension AndroidCoverageReport.Gap.Place {
    /// `location`, or for a place in a JSON file its pointer.
    func defaultLocation(_ location: FileLocation?) -> FileLocation? {
        switch self {
        case .routes(let pointer), .assetLinks(_, let pointer): location ?? .pointer(pointer)
        case .intentFilter, .manifest: location
        }
    }
}

// Codes print as codes: `print(gap.kind)` writes `route-domain-not-claimed`, the text users see in the command's
// output, JSON, SARIF and baselines, not the Swift case name.

extension AndroidCoverageReport.Gap.Kind: CustomStringConvertible {
    /// The gap kind's code, such as `host-not-verified` (its raw value).
    public var description: String { rawValue }
}

extension AndroidCoverageReport.Host.State: CustomStringConvertible {
    /// The host state's code, such as `not-checked` (its raw value).
    public var description: String { rawValue }
}
