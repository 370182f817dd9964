import FileLocations
import LinkCoverage
import LinkDeployment
import LinkRouting

/// The answer of the whole-app check (`link-router check --entitlements ...`): every way the app's entitlements,
/// its `Info.plist`, its routes and the sites' apple-app-site-association files disagree, for every domain the
/// app claims.
///
/// A gap names the file that holds the mistake through its ``Gap/place``; ``domains`` says, for each domain
/// considered, where its file came from and how far the check got.
public struct AppCoverageReport: Sendable, Hashable {
    /// One disagreement.
    public struct Gap: Sendable, Hashable {
        /// What kind of disagreement.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
            /// The routes file lists an associated domain the entitlements do not claim.
            case associatedDomainNotEntitled = "associated-domain-not-entitled"
            /// A route is bound to a host the entitlements do not claim: it never receives a link.
            case routeDomainNotClaimed = "route-domain-not-claimed"
            /// The entitlements claim a domain no route serves: the app opens with nothing to show.
            case domainWithoutRoutes = "domain-without-routes"
            /// Routes use a custom scheme the `Info.plist` does not declare: iOS never hands such links to the app.
            case undeclaredScheme = "undeclared-scheme"
            /// The `Info.plist` declares a scheme no route handles: the app opens with nothing to show.
            case unhandledScheme = "unhandled-scheme"
            /// A key the check reads holds a value of the wrong type in the entitlements or the `Info.plist` (a string
            /// where the Associated Domains array belongs, an array where `CFBundleURLName`'s string belongs): iOS
            /// ignores it, and the rest of the file is checked without it (what `app lint` reports as `wrong-type`).
            case wrongType = "wrong-type"
            /// The deployed file of a claimed domain has an error (fetch mode: not served, redirected, invalid).
            case deployedFile = "deployed-file"
            /// The file of a claimed domain does not name the app ID: no link of the domain opens the app.
            case appIDNotListed = "app-id-not-listed"
            /// The file sends URLs to the app that no route handles (as `check --domain` reports).
            case unrouted
            /// A route handles URLs the file does not send to the app (as `check --domain` reports).
            case unclaimed
            /// The entitlements claim a domain for a service (`webcredentials`, `appclips`, `activitycontinuation`)
            /// and the domain's file has no section for it: iOS grants the service nothing.
            case serviceWithoutSection = "service-without-section"
            /// The section of a claimed service names other apps (an old bundle ID, another team), not this one (for
            /// `appclips`: not the App Clip, or the `applinks` section not its parent app).
            case serviceAppNotListed = "service-app-not-listed"
            /// The domain's file is ready for the app, and the entitlement entry meant to claim it is one iOS ignores
            /// (a typo'd service such as `applink:`, a port, a scheme): nothing is claimed.
            case ignoredEntry = "ignored-entry"
            /// The exact check reached its limit before it finished comparing a rule of the domain's file or a route
            /// with the other (the gap's place): gaps it is part of may be missing (the gaps reported are exact).
            case notCompared = "not-compared"
        }

        /// The file, and the place in it, that holds the mistake.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum Place: Sendable, Hashable {
            /// The applinks entry at this index of the entitlements' `com.apple.developer.associated-domains`.
            case entitlement(index: Int)
            /// The entitlements file as a whole (a missing entry).
            case entitlements
            /// The URL scheme declared in the `Info.plist`'s `CFBundleURLTypes`.
            case infoPlistScheme(String)
            /// The value at this key path of the entitlements (`com.apple.developer.associated-domains[1]`).
            case entitlementsValue(keyPath: String)
            /// The value at this key path of the `Info.plist` (`CFBundleURLTypes[0].CFBundleURLName`).
            case infoPlistValue(keyPath: String)
            /// The JSON pointer in the routes file.
            case routes(pointer: JSONPointer)
            /// The JSON pointer in the AASA file of `domain` (a local file, or the body that was fetched).
            case aasa(domain: String, pointer: JSONPointer)
        }

        /// What kind of disagreement.
        public var kind: Kind
        /// The domain the gap is about, if any.
        public var domain: String?
        /// The route's name, if the gap is about a route.
        public var route: String?
        /// The JSON pointer of the AASA rule (unrouted: claiming; unclaimed: blocking, or nil).
        public var rule: String?
        /// The URL scheme, for scheme gaps.
        public var scheme: String?
        /// The associated-domain entry as written, for entry gaps.
        public var entry: String?
        /// A URL showing the gap, where one does.
        public var example: String?
        /// For ``Kind/appIDNotListed``: the app IDs the file names.
        public var appIDs: [String]
        /// For ``Kind/deployedFile``: the fetch finding's code.
        public var code: AASAFetchFinding.Code?
        /// What is wrong and what it does to links, in one or two sentences.
        public var message: String
        /// Where the mistake is.
        public var place: Place
        /// The position in the file ``place`` names: the JSON pointer in the routes or AASA file, the line and
        /// column of the entry or scheme in an XML property list; nil where the file has no such position (a
        /// binary property list, or a mistake that is a missing entry).
        public var fileLocation: FileLocation?
        /// For a gap between the entitlements and a site's file: the place in the other file (the entry when
        /// ``place`` is in the site's file, the section when it is the entry), or nil.
        public var counterpart: Place?
        /// The position in the file ``counterpart`` names (as ``fileLocation`` for ``place``).
        public var counterpartLocation: FileLocation?
        /// The corners of URL syntax the example depends on (unrouted and unclaimed gaps), when the checker found it:
        /// said in its message and fix, and in its JSON's `corners`.
        package var corners: [URLSyntaxCorner] = []
        /// The content of the AASA rule ``rule`` names, when the checker found the gap: how a baseline identifies
        /// the rule (not its pointer).
        package var ruleText: String?

        /// Creates a gap.
        ///
        /// - Parameters:
        ///   - kind: What kind of disagreement.
        ///   - message: What is wrong, in one or two sentences.
        ///   - place: Where the mistake is.
        ///   - domain: The domain, if any.
        ///   - route: The route's name, if any.
        ///   - rule: The AASA rule's pointer, if any.
        ///   - scheme: The URL scheme, if any.
        ///   - entry: The associated-domain entry, if any.
        ///   - example: An example URL, if any.
        ///   - appIDs: The app IDs a file names.
        ///   - code: A fetch finding's code.
        ///   - fileLocation: The position in the file; by default the pointer of a routes or AASA place.
        ///   - counterpart: The place in the other file, for a gap between the entitlements and a site's file.
        ///   - counterpartLocation: The position in that file; by default the pointer of an AASA place.
        public init(
            kind: Kind, message: String, place: Place, domain: String? = nil, route: String? = nil,
            rule: String? = nil, scheme: String? = nil, entry: String? = nil, example: String? = nil,
            appIDs: [String] = [], code: AASAFetchFinding.Code? = nil, fileLocation: FileLocation? = nil,
            counterpart: Place? = nil, counterpartLocation: FileLocation? = nil
        ) {
            self.kind = kind
            self.message = message
            self.place = place
            self.fileLocation = place.defaultLocation(fileLocation)
            self.counterpart = counterpart
            self.counterpartLocation = counterpart?.defaultLocation(counterpartLocation)
            self.domain = domain
            self.route = route
            self.rule = rule
            self.scheme = scheme
            self.entry = entry
            self.example = example
            self.appIDs = appIDs
            self.code = code
        }

        /// Creates a gap whose fetch finding's code is a `String` (the initializer of 0.1).
        ///
        /// - Parameters:
        ///   - kind: What kind of disagreement.
        ///   - message: What is wrong, in one or two sentences.
        ///   - place: Where the mistake is.
        ///   - domain: The domain, if any.
        ///   - route: The route's name, if any.
        ///   - rule: The AASA rule's pointer, if any.
        ///   - scheme: The URL scheme, if any.
        ///   - entry: The associated-domain entry, if any.
        ///   - example: An example URL, if any.
        ///   - appIDs: The app IDs a file names.
        ///   - code: A fetch finding's code, as its text.
        ///   - fileLocation: The position in the file; by default the pointer of a routes or AASA place.
        ///   - counterpart: The place in the other file, for a gap between the entitlements and a site's file.
        ///   - counterpartLocation: The position in that file; by default the pointer of an AASA place.
        @available(*, deprecated, message: "pass an AASAFetchFinding.Code (`.redirect`, or `.init(rawValue:)`)")
        @_disfavoredOverload
        public init(
            kind: Kind, message: String, place: Place, domain: String? = nil, route: String? = nil,
            rule: String? = nil, scheme: String? = nil, entry: String? = nil, example: String? = nil,
            appIDs: [String] = [], code: String?, fileLocation: FileLocation? = nil,
            counterpart: Place? = nil, counterpartLocation: FileLocation? = nil
        ) {
            self.init(
                kind: kind, message: message, place: place, domain: domain, route: route, rule: rule, scheme: scheme,
                entry: entry, example: example, appIDs: appIDs, code: code.map(AASAFetchFinding.Code.init(rawValue:)),
                fileLocation: fileLocation, counterpart: counterpart, counterpartLocation: counterpartLocation)
        }
    }

    /// One domain the check considered.
    public struct Domain: Sendable, Hashable {
        /// How far the check of a domain got.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum State: String, Sendable, Hashable, Codable {
            /// The file was compared with the routes (its gaps, if any, are in ``AppCoverageReport/gaps``).
            case checked
            /// The file does not name the app ID.
            case appIDNotListed = "app-id-not-listed"
            /// No file could be read for the domain (fetch mode: not served or not valid).
            case unavailable
            /// No route serves the domain, so there is nothing to compare the file with.
            case noRoutes = "no-routes"
            /// A claimed host for which no file was given (local mode): not checked (give `--aasa HOST=FILE` or
            /// `--fetch`); the check goes on with the others.
            case notChecked = "not-checked"
            /// A file was given for a host the entitlements do not claim: iOS never reads it.
            case notClaimed = "not-claimed"
            /// The file has no section for the service the host is claimed for (`webcredentials`, ...).
            case noSection = "no-section"
        }

        /// The host.
        public var domain: String
        /// The entitlement entry that claims it, as written, or nil.
        public var entry: String?
        /// Where its file came from: the path given, or the URL that served it; nil when there is none.
        public var source: String?
        /// How far the check got.
        public var state: State
        /// In fetch mode: how Apple's CDN copy compares with the origin's file (`current`, `stale`, `miss`, ...).
        public var cdn: String?
        /// The service the host is claimed for and checked for: `applinks` (also for a host no entry claims), or
        /// `webcredentials`, `appclips` or `activitycontinuation` (a host claimed for several has a domain for each).
        public var service: AssociatedDomain.Service

        /// Creates a domain entry.
        ///
        /// - Parameters:
        ///   - domain: The host.
        ///   - entry: The claiming entitlement entry.
        ///   - source: Where its file came from.
        ///   - state: How far the check got.
        ///   - cdn: The CDN copy's state, in fetch mode.
        ///   - service: The service the host is checked for.
        public init(
            domain: String, entry: String?, source: String?, state: State, cdn: String? = nil,
            service: AssociatedDomain.Service = .applinks
        ) {
            self.domain = domain
            self.entry = entry
            self.source = source
            self.state = state
            self.cdn = cdn
            self.service = service
        }
    }

    /// The app ID checked.
    public var appID: String
    /// The domains considered, in the order of the entitlements (hosts under wildcards after their entry).
    public var domains: [Domain]
    /// Every gap: the app's files first (values of the wrong type, entitlements, routes, schemes), then each domain's,
    /// in ``domains`` order.
    public var gaps: [Gap]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - appID: The app ID checked.
    ///   - domains: The domains considered.
    ///   - gaps: The gaps.
    public init(appID: String, domains: [Domain], gaps: [Gap]) {
        self.appID = appID
        self.domains = domains
        self.gaps = gaps
    }

    /// Whether the app's files and the sites' files agree everywhere: no gap, and every claimed host was checked
    /// (``isComplete``). A host left `not-checked` makes the check fail (exit 1), so CI cannot pass on a file it
    /// never saw.
    public var isClean: Bool { gaps.isEmpty && isComplete }

    /// Whether every claimed host was checked: no domain is ``Domain/State/notChecked`` (a claimed host for which
    /// no file was given).
    public var isComplete: Bool { !domains.contains { $0.state == .notChecked } }
}

extension AppCoverageReport.Gap.Place {
    /// `location`, or for a place in a JSON file its pointer.
    func defaultLocation(_ location: FileLocation?) -> FileLocation? {
        switch self {
        case .routes(let pointer), .aasa(_, let pointer): location ?? .pointer(pointer)
        case .entitlement, .entitlements, .infoPlistScheme, .entitlementsValue, .infoPlistValue: location
        }
    }
}
