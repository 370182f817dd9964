import LinkRouter

/// `linkrouter url`: reverse routing, from a route name and values to the URLs that reach it.
enum URLCommand: Subcommand {
    static let name = "url"
    static let summary = "build the URLs that reach a route (reverse routing)"
    static let help = """
        USAGE: linkrouter url --routes FILE [--format text|json] NAME key=value...

        Prints the URLs that dispatch to route NAME with these values: custom-scheme URLs first, then https
        URLs, in the order of `schemes` and `associatedDomains`. Values are given as plain text (not
        percent-encoded); a `**` value keeps its slashes (`**=a/b`), `*` segments take `*=text`.

        OPTIONS:
          --routes FILE        The routes file (JSON). `-` reads standard input.
          --format text|json   One URL a line (default) or a JSON array of strings.
          -h, --help           Show this help.

        Exit status: 0 on success, 2 on bad usage, invalid input, an unknown route or values it would not accept.

        EXAMPLE:
          linkrouter url --routes Docs/Examples/routes.json promotion id=summer-sale
        """
    static let spec = ArgumentSpec(options: ["routes", "format"])

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        let routesPath = try arguments.required("routes")
        let format = try arguments.format()
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
        switch format {
        case .json: Console.out(JSONValue.array(urls.map(JSONValue.string)).compact)
        case .text: Console.out(urls.joined(separator: "\n"))
        }
        return 0
    }
}
