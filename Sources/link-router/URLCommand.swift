import CommandLineToolkit
import LinkRouter
import RichMediaKitSupport

/// `link-router url`: reverse routing, from a route name and values to the URLs that reach it.
enum URLCommand {
    static let format = Options.valueFormat("One URL a line (default) or a JSON array of strings.")

    static let spec = CommandSpec(
        operands: "NAME key=value...",
        discussion: """
            Prints the URLs that dispatch to route NAME with these values: custom-scheme URLs first, then https
            URLs, in the order of `schemes` and `associatedDomains`. Values are given as plain text (not
            percent-encoded); a `**` value keeps its slashes (`**=a/b`), `*` segments take `*=text`.
            """,
        options: [.required(Options.routes), .optional(format)],
        exitStatus: ExitStatusText(failure: "an unknown route or values it would not accept"),
        epilogue: """
            EXAMPLE:
              link-router url --routes Docs/Examples/routes.json promotion id=summer-sale
            """)

    static let command = Command(
        "url", summary: "build the URLs that reach a route (reverse routing)", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        let routesPath = try arguments.required(Options.routes)
        guard let name = arguments.positionals.first else { throw .usage("missing the route NAME") }
        var values: [String: String] = [:]
        for pair in arguments.positionals.dropFirst() {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw .usage("`\(pair)` is not key=value")
            }
            let key = String(pair[..<equals])
            guard values[key] == nil else { throw .usage("`\(key)` is given twice") }
            values[key] = String(pair[pair.index(after: equals)...])
        }
        let table = try RoutesOption.load(routesPath)
        let urls: [String]
        do {
            urls = try table.urls(for: name, parameters: values)
        } catch {
            throw .input(error.description)
        }
        let chosen = arguments[format] ?? .text
        switch chosen {
        case .json: Console.out(OrderedJSON.array(urls.map(OrderedJSON.string)).compact)
        case .text: Console.out(urls.joined(separator: "\n"))
        }
        return .success
    }
}
