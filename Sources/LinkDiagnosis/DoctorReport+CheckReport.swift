import FileLocations

/// A doctor's report is a check's report whose findings are the chain's links, each pointing at its step's
/// ``DoctorReport/Step/places`` (iOS's entitlements entry, the site file's rule, the `Info.plist` scheme; Android's
/// manifest filter, statement, dynamic rule; the route). Each broken step is an error (code: the step's name, such as `entitlement`;
/// its fix), each step left unverified for want of an input a warning; the report is clean (``ok``) when there is
/// neither.
extension DoctorReport: CheckReport, StandaloneTextCheckReport {
    /// One finding per broken or unverified step, in chain order.
    public var locatedFindings: [LocatedFinding] {
        steps.compactMap { step in
            if step.verdict == .broken {
                return LocatedFinding(
                    code: step.code, severity: .error, message: step.message, fix: step.fix,
                    places: step.places)
            }
            guard step.unverified else { return nil }
            return LocatedFinding(
                code: step.code, severity: .warning, message: step.message, places: step.places)
        }
    }

    /// Whether the URL opens the app and a route handles it: no finding at all (``ok``).
    public var isClean: Bool { ok }
}
