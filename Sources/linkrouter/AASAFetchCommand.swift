import Foundation
import LinkRouter

/// `linkrouter aasa fetch DOMAIN`: fetch the deployed apple-app-site-association file as iOS does (and
/// Apple's CDN copy), and report what iOS makes of it. The rules live in ``AASAFetchChecker``; this
/// command only makes the requests, prints the report and saves the body.
///
/// Exit status: 0 when the deployed file has no error, 1 when it has errors, 2 for bad usage.
enum AASAFetchCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        try AASACommand.reject(["content-type"], flags: ["explain", "all-urls"], for: "fetch", in: arguments)
        if arguments.value("domain") != nil {
            throw .usage("`aasa fetch` takes the domain as its operand: `linkrouter aasa fetch example.com`")
        }
        guard arguments.positionals.count == 2 else {
            throw .usage(
                arguments.positionals.count < 2
                    ? "missing DOMAIN, e.g. `linkrouter aasa fetch example.com`"
                    : "`aasa fetch` takes one DOMAIN, got \(arguments.positionals.count - 1)")
        }
        let domain = try host(arguments.positionals[1])
        let origin = try base(arguments, "origin")
        if arguments.flags.contains("no-cdn"), arguments.value("cdn") != nil {
            throw .usage("give either `--cdn URL` or `--no-cdn`, not both")
        }
        let cdn = try base(arguments, "cdn")
        let routesPath = arguments.value("routes")
        let appID = arguments.value("app-id")
        guard (routesPath == nil) == (appID == nil) else {
            throw .usage("`--routes FILE` and `--app-id ID` go together (the coverage check needs both)")
        }
        let format = try arguments.format()
        let routes = try routesPath.map { path throws(CommandFailure) in try RoutesOption.load(path) }

        let urls = AASAFetchChecker.originURLs(domain: domain, base: origin)
        var responses = [AASAFetcher.fetch(urls[0])]
        if AASAFetchChecker.shouldFetchRoot(after: responses[0]) { responses.append(AASAFetcher.fetch(urls[1])) }
        let cdnResponse =
            arguments.flags.contains("no-cdn")
            ? nil : AASAFetcher.fetch(AASAFetchChecker.cdnURL(domain: domain, base: cdn))
        let report = AASAFetchChecker.check(
            domain: domain, origin: responses, cdn: cdnResponse, routes: routes, appID: appID)

        if let path = arguments.value("save") {
            try save(AASAFetchChecker.servingResponse(responses), to: path)
        }
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(report) else { throw .input("could not encode the report") }
            Console.out(String(decoding: data, as: UTF8.self))
        case .text:
            Console.out(
                report.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    Console.visible(String($0))
                }.joined(separator: "\n"))
        }
        return report.ok ? 0 : 1
    }

    /// The DOMAIN operand as a host name, read by the library's associated-domain parsing (an
    /// `applinks:` prefix is accepted; a wildcard is not: it has no file of its own).
    static func host(_ operand: String) throws(CommandFailure) -> String {
        let domain: AssociatedDomain
        do {
            domain = try AssociatedDomain(entry: operand)
        } catch {
            throw .usage("DOMAIN must be a host name such as example.com: \(error.message)")
        }
        guard !domain.isWildcard else {
            throw .usage("`\(operand)` is a wildcard; fetch the file of one host, e.g. `\(domain.host)`")
        }
        return domain.host
    }

    /// `--origin URL` or `--cdn URL`, checked (https, or http for loopback only).
    static func base(_ arguments: ParsedArguments, _ option: String) throws(CommandFailure) -> String? {
        guard let text = arguments.value(option) else { return nil }
        do {
            return try AASAFetchChecker.validatedBase(text)
        } catch {
            throw .usage("`--\(option)`: \(error.description)")
        }
    }

    /// Writes the body that was checked to `path` (`--save`); says so on standard error when there is none.
    static func save(_ response: AASAFetchResponse?, to path: String) throws(CommandFailure) {
        guard let response else {
            Console.error("linkrouter aasa fetch: nothing saved to \(path): no location served the file")
            return
        }
        do {
            try Data(response.body).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .input("\(path): cannot write: \(error.localizedDescription)")
        }
    }
}
