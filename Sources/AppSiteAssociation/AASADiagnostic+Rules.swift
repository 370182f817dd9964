import FileLocations
import RichMediaKitSupport

extension AASADiagnosticCode {
    /// What each lint code finds and how to fix it, for report formats that describe their rules once (SARIF's
    /// `rules`); the same text as the tables in Docs/AASA.md. A code added without an entry here still gets a rule
    /// (its code as the description, the diagnostic's hint as help); a test keeps the table complete.
    static let rulesText: [String: (description: String, help: String, level: FindingSeverity)] = [
        "json-syntax": ("The file is not valid JSON.", "Fix the JSON at the position shown.", .error),
        "invalid-utf8": ("The file is not valid UTF-8.", "Save the file as UTF-8.", .error),
        "nesting-limit": (
            "Arrays and objects nest deeper than any real AASA file.",
            "An AASA file nests a few levels; remove the runaway brackets.", .error
        ),
        "size-limit": (
            "The file is larger than 128 KB (131,072 bytes); iOS does not read it.",
            "Stay under 131,072 bytes: use wildcards or substitution variables.", .error
        ),
        "not-object": (
            "The top-level value is not a JSON object.", "Wrap everything in {\"applinks\": {...}}.", .error
        ),
        "wrong-type": (
            "A known key holds a value of the wrong JSON type.", "Use the documented type (e.g. true, not \"true\").",
            .error
        ),
        "missing-app-id": (
            "A details entry has neither appID nor appIDs, so it applies to no app.",
            "Add \"appIDs\": [\"ABCDE12345.com.example.app\"].", .error
        ),
        "empty-app-id": ("An app ID is the empty string, or appIDs is empty.", "List real app IDs.", .error),
        "app-id-format": (
            "An app ID is not <team ID>.<bundle ID> with both parts non-empty.",
            "Prefix the team ID: ABCDE12345.com.example.app.", .error
        ),
        "query-non-string": (
            "A ? dictionary holds a non-string value, so iOS ignores the whole dictionary.",
            "Write every value as a string: {\"id\": \"42\"}.", .error
        ),
        "undefined-variable": (
            "A pattern uses $(name) for a variable that is neither built in nor defined.",
            "Define the variable in substitutionVariables or use a built-in one.", .error
        ),
        "malformed-variable": (
            "A pattern has a $( without a closing ), or an empty or invalid name inside.",
            "Write $(name) with a closing parenthesis.", .error
        ),
        "nested-variable": (
            "A substitution variable's value uses another variable, which iOS does not expand.",
            "Write the values out.", .error
        ),
        "invalid-variable-name": (
            "A substitution variable's name contains $, ( or ), or is empty.", "Use a name without $, ( and ).",
            .error
        ),
        "team-id-length": (
            "An app ID's prefix is not a 10-character alphanumeric team ID.", "Use the 10-character team ID.",
            .warning
        ),
        "unknown-key": (
            "A key iOS does not know; it is silently ignored.", "Check the spelling (e.g. caseSensitive).", .warning
        ),
        "duplicate-key": ("A key appears twice in one object; the last one wins.", "Keep one key.", .warning),
        "mixed-appid-components": (
            "An entry mixes appID with components.", "Use \"appIDs\": [...] with components.", .warning
        ),
        "mixed-appids-paths": (
            "An entry mixes appIDs with legacy paths.", "Convert the paths to components.", .warning
        ),
        "paths-ignored": (
            "An entry has both components and paths; paths is ignored.", "Move the paths into components.",
            .warning
        ),
        "apps-not-empty": ("The legacy applinks.apps array is not empty.", "Write \"apps\": [].", .warning),
        "hash-in-path": (
            "A / pattern contains #, which never occurs in a path.",
            "Put the fragment in a # pattern: {\"/\": \"/app\", \"#\": \"/route/*\"}.", .warning
        ),
        "query-in-path": (
            "A / pattern contains ? followed by =, apparently meant as a query (? is a wildcard there).",
            "Put the query in a ? pattern: {\"/\": \"/search\", \"?\": {\"q\": \"*\"}}.", .warning
        ),
        "exclude-query-wildcard": (
            "An exclude rule's ? dictionary uses * for an item, which also matches URLs without it.",
            "Use ?* to require the item: {\"debug\": \"?*\"}.", .warning
        ),
        "unreachable-rule": (
            "A rule can never decide because earlier rules cover every URL it could match.",
            "Put the more specific rule first, or remove it.", .warning
        ),
        "unused-variable": ("A substitution variable is defined but never used.", "Use it or remove it.", .warning),
        "placeholder-app-id": (
            "An app ID has a placeholder (APPLE_TEAM_ID, TEAMID, <TEAM_ID>, $(AppIdentifierPrefix)) where the team "
                + "ID belongs, so it matches no app.",
            "Replace the placeholder with the team ID.", .error
        ),
        "wrong-nesting": (
            "A key is in the wrong place (details at the top level, components directly in applinks, details as "
                + "one object), so iOS ignores it.",
            "Move the key where it belongs (the diagnostic's hint shows where).", .error
        ),
        "unusual-app-id": (
            "An app ID does not look like one (a lower-case team ID, unusual characters in the bundle ID).",
            "Copy the app ID from the developer account.", .warning
        ),
        "service-without-apps": (
            "A webcredentials, appclips or activitycontinuation section lists no app, so it grants nothing.",
            "List the app IDs, or remove the service.", .warning
        ),
        "appclips-without-applinks": (
            "The file has an appclips section but no applinks, so the App Clip's URLs never open the full app.",
            "Add an applinks section whose details name the full app for the App Clip's URLs.", .warning
        ),
        "applinks-without-details": (
            "applinks has no details, so it claims no URL.", "Add details, or remove applinks.", .warning
        ),
        "empty-components": (
            "An entry's components array is empty, so the entry claims no URL.",
            "Add components, or remove the entry.", .warning
        ),
        "not-prefix": (
            "A legacy path starts with NOT without a following space (or in lower case): a literal path, not an "
                + "exclusion.",
            "Write \"NOT \" (upper case, then a space) before the path.", .warning
        ),
        "url-in-pattern": (
            "A path pattern starts with a scheme or host; patterns see the path only.",
            "Write the path only, such as \"/buy/*\".", .warning
        ),
        "defaults-exclude": (
            "exclude: true in defaults makes every component without its own exclude an exclusion.",
            "Put \"exclude\": true on the components that exclude.", .warning
        ),
        "leading-star-slash": (
            "A pattern starts with */, which needs at least one segment before it.",
            "Add the pattern without the leading */ too, or write *products/* (* already crosses /).", .warning
        ),
        "byte-order-mark": (
            "The file starts with a UTF-8 byte-order mark, which servers, CDNs or validators may reject.",
            "Save the file as UTF-8 without a byte-order mark.", .warning
        ),
        "analysis-skipped": (
            "The unreachable-rule analysis skipped rules too complex to analyse cheaply; whether earlier rules "
                + "shadow them is not known.",
            "Nothing to fix; simplify the patterns if you want them analysed.", .info
        ),
        "content-type": (
            "The server sends the file with a content type other than application/json.",
            "Serve the file as application/json.", .warning
        ),
        "grants-nothing": (
            "No section iOS reads names an app ID ({}, or only misspelled keys such as appLinks): the file grants "
                + "nothing to any app.",
            "Rename the misspelled key (applinks), or write {\"applinks\": {\"details\": [...]}}.", .error
        ),
        "file-location": (
            "The file's path is not where a server serves it at /.well-known/apple-app-site-association.",
            "Move the file to the path shown: .well-known/apple-app-site-association, no .json extension.", .warning
        ),
    ]

    /// This code as a finding rule: its description and help (see Docs/AASA.md), or, for a code without an entry,
    /// the code itself and `fallbackHelp`.
    package func findingRule(fallbackHelp: String = "", severity: FindingSeverity = .warning) -> FindingRule {
        guard let text = Self.rulesText[rawValue] else {
            return FindingRule(code: rawValue, summary: rawValue, help: fallbackHelp, severity: severity)
        }
        return FindingRule(
            code: rawValue, summary: text.description, help: text.help + " See Docs/AASA.md, Lint codes.",
            severity: text.level)
    }
}
