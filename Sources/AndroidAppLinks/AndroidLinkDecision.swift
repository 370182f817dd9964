import FileLocations

/// What Android does with one URL, given the app's manifest, its identity and the sites' `assetlinks.json` files
/// (spec §5), and every step that led there.
public struct AndroidLinkDecision: Sendable, Hashable {
    /// The outcome.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Verdict: String, Sendable, Hashable {
        /// The app opens the URL: a filter accepts it and, for a web URL, the host is verified and no dynamic rule
        /// excludes it (a custom scheme needs no verification).
        case opens
        /// A filter accepts the URL but the host is not verified: Android 12 and later hand it to the browser
        /// (unless the user approved the app for the host).
        case notVerified = "not-verified"
        /// The host is verified, but the file's dynamic rules exclude the URL.
        case excluded
        /// No intent filter of the app accepts the URL.
        case noFilter = "no-filter"
    }

    /// One filter's answer.
    public struct FilterResult: Sendable, Hashable {
        /// The activity's name.
        public var activity: String
        /// Where the filter is.
        public var location: FileLocation
        /// Whether it asks for verification (`autoVerify`, web-only, `VIEW`, `BROWSABLE`, `DEFAULT`).
        public var autoVerify: Bool
        /// The combination that accepted the URL, or nil.
        public var combination: DataCombination?
        /// Why it did not, or nil.
        public var mismatch: FilterMismatch?
    }

    /// The URL.
    public var url: String
    /// The outcome.
    public var verdict: Verdict
    /// Every filter's answer, in manifest order (empty without a manifest).
    public var filters: [FilterResult]
    /// The host that was verified for the URL, as declared (`*.example.com`), or nil.
    public var declaredHost: String?
    /// The host whose file decides (the bare domain of a wildcard), or nil.
    public var fileHost: String?
    /// Whether an `autoVerify` filter declares a host that covers the URL's host.
    public var hostDeclaredForVerification: Bool
    /// The file's answer, or nil when there was no file for the host.
    public var verification: AssetLinksVerification?
    /// The index and rule of the dynamic rule that decided, if the file has rules.
    public var dynamicRule: (index: Int, rule: DynamicAppLinkRule)?
    /// Whether the dynamic rules exclude the URL (also when no rule matches).
    public var excludedByDynamicRules: Bool
    /// The pattern that makes Android refuse to install the app, or nil: with one, the verdict is
    /// ``Verdict/noFilter`` for every URL (the system has none of the app's filters) and ``filters`` is empty.
    public var rejectedPattern: RejectedPattern?

    /// The filter that accepted the URL (the first), or nil.
    public var acceptingFilter: FilterResult? { filters.first { $0.combination != nil } }

    /// Equal when every part is.
    public static func == (lhs: AndroidLinkDecision, rhs: AndroidLinkDecision) -> Bool {
        lhs.url == rhs.url && lhs.verdict == rhs.verdict && lhs.filters == rhs.filters
            && lhs.declaredHost == rhs.declaredHost && lhs.fileHost == rhs.fileHost
            && lhs.verification == rhs.verification && lhs.dynamicRule?.index == rhs.dynamicRule?.index
            && lhs.excludedByDynamicRules == rhs.excludedByDynamicRules && lhs.rejectedPattern == rhs.rejectedPattern
    }

    /// Hashes the URL and verdict.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(verdict)
    }
}

/// Decides URLs as Android does for one app: `decide(_:)` walks the filters, the host's verification and the
/// dynamic rules (see Docs/Android.md).
public struct AndroidLinkDecider: Sendable {
    /// The manifest, or nil to decide the file's part alone (the statement and the dynamic rules).
    public var manifest: AndroidManifest?
    /// The app's identity.
    public var app: AndroidAppIdentity
    /// The app's target SDK: below 31 the hosts of every web filter count once any filter asks for verification.
    public var targetSDK: Int
    /// The device's API level: below 31 one failing host fails every host.
    public var deviceAPILevel: Int
    /// The `assetlinks.json` served for a host (the file host: a wildcard's bare domain), or nil.
    public var files: @Sendable (String) -> AssetLinksFile?

    /// Creates a decider.
    ///
    /// - Parameters:
    ///   - manifest: The manifest, or nil.
    ///   - app: The app's identity.
    ///   - targetSDK: The app's target SDK (default 35).
    ///   - deviceAPILevel: The device's API level (default 35).
    ///   - files: The file served for each host.
    public init(
        manifest: AndroidManifest?, app: AndroidAppIdentity, targetSDK: Int = 35, deviceAPILevel: Int = 35,
        files: @escaping @Sendable (String) -> AssetLinksFile?
    ) {
        self.manifest = manifest
        self.app = app
        self.targetSDK = targetSDK
        self.deviceAPILevel = deviceAPILevel
        self.files = files
    }

    /// The hosts Android asks to verify for the app (spec §2), in manifest order, without repeats.
    public var verificationHosts: [String] {
        guard let manifest else { return [] }
        let filters = manifest.intentFilters.map(\.filter)
        var hosts: [String] = []
        if targetSDK >= DomainVerificationRules.perHostAPILevel {
            hosts = filters.flatMap(\.verificationHosts)
        } else if filters.contains(where: \.isAutoVerifyEligible) {
            hosts = filters.filter { $0.handlesWebURIs(onlyWebSchemes: false) }.flatMap {
                $0.dataValues("host").compactMap(\.value)
            }
        }
        var seen: Set<String> = []
        return hosts.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Whether the file for `host` verifies the app.
    func hostVerifies(_ host: String) -> Bool {
        files(DomainVerificationRules.fileHost(for: host))?.verification(for: app).isVerified ?? false
    }

    /// Where a host stands with verification, whatever the URL's path: the declared host that approves it (or, when
    /// none does, the one that covers it), the file that decides, and whether the app is approved for it (spec §5
    /// step 3).
    package struct HostStanding: Sendable {
        /// The verified declared host that approves the URL's host (the host itself, else a verified wildcard whose
        /// domain it ends with); when none does, the declared host that covers it (the host itself, else a wildcard
        /// as a filter matches it, else a wildcard whose domain it ends with), or nil.
        package var declaredHost: String?
        /// Where the file is fetched from: the declared host, or a wildcard's bare domain.
        package var fileHost: String?
        /// The file's verification of the app, or nil when no file is served.
        package var verification: AssetLinksVerification?
        /// Whether the app is approved for the host (below API 31 on the device: every declared host must verify).
        package var isVerified: Bool
        /// The host itself, when it is declared for verification and its own file does not verify the app, while a
        /// verified wildcard (``declaredHost``) approves it; nil otherwise.
        package var ownHostFailing: String?
    }

    /// The standing of `host` (of `uri`): the one place ``decide(_:)``, the coverage checks and the doctor ask.
    ///
    /// The approval is AOSP's (`DomainVerificationService.approvalLevelForDomainInternal`, spec §5 step 3,
    /// ``DomainVerificationRules/approves(_:through:)``): the host is approved when it verified itself, or when any
    /// verified wildcard `*.d` of the app has it as a string suffix (so also the bare `d`, and `myd` without a dot).
    ///
    /// - Parameters:
    ///   - host: The URL's host.
    ///   - uri: The URL.
    /// - Returns: The standing.
    package func standing(ofHost host: String, in uri: AndroidURI) -> HostStanding {
        standing(ofHost: host, in: uri, hosts: verificationHosts)
    }

    /// ``standing(ofHost:in:)`` with the app's ``verificationHosts`` already known.
    private func standing(ofHost host: String, in uri: AndroidURI, hosts: [String]) -> HostStanding {
        var standing = HostStanding(isVerified: false)
        guard manifest != nil else {
            standing.declaredHost = host
            let fileHost = DomainVerificationRules.fileHost(for: host)
            standing.fileHost = fileHost
            standing.verification = files(fileHost)?.verification(for: app)
            standing.isVerified = standing.verification?.isVerified ?? false
            return standing
        }
        let lowered = host.lowercased()
        let exact = hosts.first { $0.lowercased() == lowered }
        let approving =
            exact.flatMap { hostVerifies($0) ? $0 : nil }
            ?? hosts.first {
                $0.hasPrefix("*.") && DomainVerificationRules.approves(host, through: $0) && hostVerifies($0)
            }
        let declared =
            approving ?? exact
            ?? hosts.first { $0.hasPrefix("*") && IntentFilter.hostMatches($0, nil, uri, host) }
            ?? hosts.first { $0.hasPrefix("*.") && DomainVerificationRules.approves(host, through: $0) }
        standing.declaredHost = declared
        if approving != nil, let exact, exact != approving { standing.ownHostFailing = exact }
        guard let declared else { return standing }
        let fileHost = DomainVerificationRules.fileHost(for: declared)
        standing.fileHost = fileHost
        guard let file = files(fileHost) else { return standing }
        let verification = file.verification(for: app)
        standing.verification = verification
        var verified = approving != nil
        if verified, deviceAPILevel < DomainVerificationRules.perHostAPILevel {
            verified = hosts.allSatisfy(hostVerifies)
        }
        standing.isVerified = verified
        return standing
    }

    /// What Android does with `url`.
    ///
    /// - Parameter url: The URL.
    /// - Returns: The verdict and every step.
    public func decide(_ url: String) -> AndroidLinkDecision {
        Prepared(self).decide(url)
    }
}

extension AndroidLinkDecider {
    /// The decider with what ``decide(_:)`` reads of the manifest computed once: whether it installs, each filter's
    /// claim, whether it asks for verification, and the hosts Android verifies. ``decide(_:)`` decides through one,
    /// and a caller deciding many URLs (the coverage check decides every example it reports) keeps one.
    package struct Prepared: Sendable {
        /// One intent filter, as ``decide(_:)`` reads it.
        struct Filter: Sendable {
            var activity: String
            var location: FileLocation
            var autoVerify: Bool
            /// The claim's ``IntentFilterClaim/match(_:pathUnits:)``, bound once: calling the claim's method on an
            /// element of the array copied the whole claim for every URL and filter.
            var match: @Sendable (AndroidURI, [UInt16]) -> Result<DataCombination, FilterMismatch>
            /// When the filter can accept a URL only through one of its path rules (it has hosts and path rules, and
            /// no relative filter group): each rule's `AndroidPattern.requiredPrefix` (a rule Android never matches
            /// with has none). A path that starts with none of them is accepted by no rule, so the filter rejects
            /// it. Nil when the filter may accept without a path rule.
            var pathPrefixes: [[UInt16]]?

            init(activity: String, location: FileLocation, autoVerify: Bool, claim: IntentFilterClaim) {
                self.activity = activity
                self.location = location
                self.autoVerify = autoVerify
                match = { uri, pathUnits in claim.match(uri, pathUnits: pathUnits) }
                if !claim.authorities.isEmpty, !claim.paths.isEmpty, claim.relativeFilterGroups.isEmpty {
                    pathPrefixes = claim.paths.compactMap { $0.pattern?.requiredPrefix }
                }
            }

            /// Whether the filter cannot accept a URL with this path (see `pathPrefixes`); false when it may.
            func rejects(pathUnits: [UInt16]) -> Bool {
                guard let pathPrefixes else { return false }
                return !pathPrefixes.contains { pathUnits.starts(with: $0) }
            }
        }

        /// The decider.
        package let decider: AndroidLinkDecider
        /// The manifest's pattern Android rejects, if any.
        let rejectedPattern: RejectedPattern?
        /// The manifest's filters, in manifest order (empty without a manifest).
        let filters: [Filter]
        /// ``AndroidLinkDecider/verificationHosts``.
        let hosts: [String]

        /// Reads `decider`'s manifest once.
        ///
        /// - Parameter decider: The decider.
        package init(_ decider: AndroidLinkDecider) {
            self.decider = decider
            rejectedPattern = decider.manifest?.rejectedPattern
            filters = (decider.manifest?.intentFilters ?? []).map { activity, filter in
                Filter(
                    activity: activity.name, location: filter.location, autoVerify: filter.isAutoVerifyEligible,
                    claim: filter.claim)
            }
            hosts = decider.verificationHosts
        }

        /// ``AndroidLinkDecider/decide(_:)``.
        ///
        /// - Parameter url: The URL.
        /// - Returns: The verdict and every step.
        package func decide(_ url: String) -> AndroidLinkDecision {
            decide(url, everyFilter: true).decision
        }

        /// What ``decide(_:)`` decides without recording each filter's result: the verdict, the first filter that
        /// accepts (its index in the manifest's filters) and the dynamic rule that decides (its index in the host's
        /// rules). The same steps, stopping at the first filter that accepts; the coverage check asks this of every
        /// example it reports.
        ///
        /// - Parameter url: The URL.
        /// - Returns: The verdict, the accepting filter and the deciding dynamic rule.
        package func verdict(_ url: String) -> (
            verdict: AndroidLinkDecision.Verdict, acceptingFilter: Int?, dynamicRule: Int?
        ) {
            let (decision, accepting) = decide(url, everyFilter: false)
            return (decision.verdict, accepting, decision.dynamicRule?.index)
        }

        /// The decision, with every filter's result (`everyFilter`) or none, and the index of the first filter that
        /// accepts (the filters after it are not asked unless `everyFilter`).
        private func decide(_ url: String, everyFilter: Bool) -> (decision: AndroidLinkDecision, accepting: Int?) {
            let uri = AndroidURI(url)
            var decision = AndroidLinkDecision(
                url: url, verdict: .noFilter, filters: [], hostDeclaredForVerification: false,
                excludedByDynamicRules: false
            )
            var accepting: Int?
            if decider.manifest != nil {
                if let rejected = rejectedPattern {
                    decision.rejectedPattern = rejected
                    return (decision, nil)
                }
                let pathUnits = Array(uri.path.utf16)
                if everyFilter { decision.filters.reserveCapacity(filters.count) }
                for (index, filter) in filters.enumerated() {
                    // Without every filter's result, a filter whose path rules cannot match is passed over unasked.
                    if !everyFilter, filter.rejects(pathUnits: pathUnits) { continue }
                    let result = filter.match(uri, pathUnits)
                    var combination: DataCombination?
                    var mismatch: FilterMismatch?
                    switch result {
                    case .success(let accepted):
                        combination = accepted
                        if accepting == nil { accepting = index }
                    case .failure(let reason): mismatch = reason
                    }
                    if !everyFilter {
                        if accepting != nil { break }
                        continue
                    }
                    decision.filters.append(
                        .init(
                            activity: filter.activity, location: filter.location, autoVerify: filter.autoVerify,
                            combination: combination, mismatch: mismatch))
                }
                guard accepting != nil else { return (decision, nil) }
                guard uri.isWeb else {
                    decision.verdict = .opens
                    return (decision, accepting)
                }
            } else if !uri.isWeb {
                return (decision, nil)
            }
            guard let host = uri.host else {
                decision.verdict = .notVerified
                return (decision, accepting)
            }
            let standing = decider.standing(ofHost: host, in: uri, hosts: hosts)
            decision.hostDeclaredForVerification = standing.declaredHost != nil
            decision.declaredHost = standing.declaredHost
            decision.fileHost = standing.fileHost
            decision.verification = standing.verification
            guard let verification = standing.verification, standing.isVerified else {
                decision.verdict = .notVerified
                return (decision, accepting)
            }
            if let rules = verification.dynamicRules {
                let (index, excluded) = DynamicAppLinkRule.decide(rules, for: uri)
                decision.dynamicRule = index.map { ($0, rules[$0]) }
                decision.excludedByDynamicRules = excluded
                if excluded {
                    decision.verdict = .excluded
                    return (decision, accepting)
                }
            }
            decision.verdict = .opens
            return (decision, accepting)
        }
    }
}
