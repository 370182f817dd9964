/// LinkRouter: the umbrella module of the link libraries.
///
/// `import LinkRouter` brings in all the link modules, as swift-collections' `Collections` does; each is also a
/// product of its own, and their dependencies are one-way, in this order:
///
/// - `FileLocations`: where something is in a file (`FileLocation`, `JSONPointer`), the one vocabulary every
///   error and finding of the other modules uses to say where; it depends on nothing.
/// - `LinkRouting`: the route table, dispatch (``RouteTable/outcome(for:)``, ``RouteTable/decision(for:)``),
///   reverse routing, push payloads and `LinkDispatcher`. This is what an app embeds; import it alone to
///   link nothing else.
/// - `AppSiteAssociation`: the apple-app-site-association model, decoder, linter, matcher and explainer (not on
///   routing).
/// - `LinkCoverage`: the automata engine behind `check`, `diff`, `generate` and the unreachable-rule lint
///   pass (`AASALintPass.unreachableRules`); it depends on the two above.
/// - `AppLinkConfiguration`: the app's side: its entitlements and Info.plist (app IDs, Associated Domains
///   entries, URL schemes), read from XML or binary property lists, and their lint (`AppLinkLinter`).
/// - `LinkDeployment`: the deployed file: verifying the file a server really serves (`AASAFetchChecker`, as
///   `link-router aasa fetch` does): how the origin and Apple's CDN serve it, with the lint and coverage checks
///   of the served file; it needs neither the app's configuration nor the modules below.
/// - `AppCoverage`: the whole-app check (`AppCoverageChecker`, `link-router check --entitlements`): the app's
///   configuration, its routes and every claimed domain's file against each other.
/// - `LinkDiagnosis`: one URL end to end (`LinkDoctor`, `link-router doctor`): the chain iOS walks, on the
///   whole-app check's reading of the app.
/// - `AndroidAppLinks`: Android's side: `assetlinks.json` (parser, host verification, dynamic rules), the
///   manifest's intent filters, and Android's own path matchers.
///
/// <!-- snippet: UmbrellaImportDocExample -->
/// ```swift
/// import LinkRouter          // everything
/// import LinkRouting         // an app that only dispatches links
/// ```
@_exported import AndroidAppLinks
@_exported import AppCoverage
@_exported import AppLinkConfiguration
@_exported import AppSiteAssociation
@_exported import FileLocations
@_exported import LinkCoverage
@_exported import LinkDeployment
@_exported import LinkDiagnosis
@_exported import LinkRouting
