/// LinkRouter: the umbrella module of the link libraries.
///
/// `import LinkRouter` brings in all the link modules, as swift-collections' `Collections` does:
///
/// - `LinkRouting`: the route table, dispatch (``RouteTable/outcome(for:)``, ``RouteTable/decision(for:)``),
///   reverse routing, push payloads and `LinkDispatcher`. This is what an app embeds; import it alone to
///   link nothing else.
/// - `AppSiteAssociation`: the apple-app-site-association model, decoder, linter, matcher and explainer.
/// - `LinkCoverage`: the automata engine behind `check`, `diff`, `generate` and the unreachable-rule lint
///   pass (`AASALintPass.unreachableRules`); it depends on the other two.
/// - `LinkDeployment`: verifying the file a server really deploys (`AASAFetchChecker`, as `link-router aasa
///   fetch` does): how the origin and Apple's CDN serve it, with the lint and coverage checks of the served
///   file; the whole-app check (`AppCoverageChecker`) and the link doctor (`LinkDoctor`); it depends on the
///   others.
/// - `AppLinkConfiguration`: the app's side: its entitlements and Info.plist (app IDs, Associated Domains
///   entries, URL schemes), read from XML or binary property lists, and their lint.
/// - `AndroidAppLinks`: Android's side: `assetlinks.json` (parser, host verification, dynamic rules), the
///   manifest's intent filters, and Android's own path matchers.
/// - `FileLocations`: where something is in a file (`FileLocation`, `JSONPointer`), the one vocabulary every
///   error and finding of the other modules uses to say where.
///
/// <!-- snippet: UmbrellaImportDocExample -->
/// ```swift
/// import LinkRouter          // everything
/// import LinkRouting         // an app that only dispatches links
/// ```
@_exported import AndroidAppLinks
@_exported import AppLinkConfiguration
@_exported import AppSiteAssociation
@_exported import FileLocations
@_exported import LinkCoverage
@_exported import LinkDeployment
@_exported import LinkRouting
