import Testing

@testable import AndroidAppLinks

/// The statement-list parsing vectors of Google's Digital Asset Links compatibility tests (repository
/// `google/digitalassetlinks`, `compatibility-tests/v1/2000-web-statement-list-parsing/*.pb`: the `assetlinks.json`
/// a web site serves), as data: each test group's body and its expected outcome.
///
/// `SUCCESS` is a file read without an error, listing its statements; `FETCH_ERROR` for one statement is a file
/// read with that statement's error (the other statements still listed: comptest2003); `FETCH_ERROR` for the whole
/// file ("not valid JSON", "expected a single array") is a file refused. "Listed" counts the statements with a
/// target and no error inside them: a statement kept here with an error (a malformed fingerprint, an invalid
/// package name) verifies no app, as Google's API, which drops it, verifies none. The includes of comptest2005 and
/// the 5000 series are in LinkDeploymentTests (`AssetLinksFetchCompatibilityTests`), where includes are fetched;
/// the 1000 and 4000 series test the API's parsing and matching of queries (their sources are APKs, or sites on
/// plain http or other ports), and the 3000 series the same lists inside an APK: no `assetlinks.json` of a site
/// corresponds. The 2000 series' `check_statements_tests` with an `android_app` target are `checkStatements` below.
@Suite struct DigitalAssetLinksCompatibilityTests {
    enum Outcome: Sendable, Equatable {
        /// Read: this many statements listed, and these error codes.
        case read(listed: Int, errors: [String])
        /// Refused as a whole.
        case refused
    }

    struct Vector: Sendable, CustomTestStringConvertible {
        /// The test group's name, such as `comptest2003`.
        var test: String
        var body: String
        var outcome: Outcome
        var testDescription: String { test }
    }

    static let vectors: [Vector] = [
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2001: statement list with valid statements (multiple statements and multiple relations)
        Vector(
            test: "comptest2001",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_user_location"], "target" : { "namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2001", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"] }}, {"relation": [ "delegate_permission/common.get_login_creds" ], "target" : { "namespace": "web", "site": "https://target-comptest2001.digitalassetlinks.org" }}]"#,
            outcome: .read(listed: 2, errors: [])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2002: empty statement list
        Vector(test: "comptest2002", body: #"[]"#, outcome: .read(listed: 0, errors: ["empty-list"])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2003: single invalid statement in statements list is skipped
        Vector(
            test: "comptest2003",
            body:
                #"[{"target": {"namespace": "web", "site": "https://target-comptest2003.digitalassetlinks.org"}, "relation": ["delegate_permission/common.get_login_creds"]}, {}, {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2003", "sha256_cert_fingerprints": ["10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"]}}]"#,
            outcome: .read(listed: 2, errors: ["invalid-statement"])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2004: include directives do not allow other standard fields
        Vector(
            test: "comptest2004",
            body:
                #"[{"target": {"namespace": "web", "site": "https://target-comptest2004.digitalassetlinks.org"}, "include": "https://source-comptest2004.digitalassetlinks.org/includefile.json" }]"#,
            outcome: .read(listed: 0, errors: ["include-with-target"])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2005: include directives *do* allow other non-standard fields (for extensibility)
        Vector(
            test: "comptest2005",
            body:
                #"[{"magicfield": {"foo": "bar"}, "include": "https://source-comptest2005.digitalassetlinks.org/includefile.json" }]"#,
            outcome: .read(listed: 0, errors: [])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2006: statement list parsing fails when JSON is invalid (1)
        Vector(test: "comptest2006", body: #"[{"#, outcome: .refused),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2007: statement list parsing uses strict JSON parsing mode (security requirement) (1)
        Vector(test: "comptest2007", body: #"42"#, outcome: .refused),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2008: statement list parsing uses strict JSON parsing mode (security requirement) (2)
        Vector(
            test: "comptest2008",
            body:
                #"[{"relation": [ "delegate_permission/common.handle_all_urls", ], "target" : { "namespace": "web", "site": "https://target-comptest2008.digitalassetlinks.org"} }]"#,
            outcome: .refused),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2009: statement list must be encoded as a single JSON array
        Vector(
            test: "comptest2009",
            body:
                #"{"relation": [ "delegate_permission/common.handle_all_urls" ], "target" : { "namespace": "web", "site": "https://target-comptest2009.digitalassetlinks.org"} }"#,
            outcome: .refused),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2010: statement list must be encoded as a JSON object
        Vector(test: "comptest2010", body: #""foo""#, outcome: .refused),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2011: statement list must have a target
        Vector(
            test: "comptest2011", body: #"[{"relation": [ "delegate_permission/common.handle_all_urls" ]}]"#,
            outcome: .read(listed: 0, errors: ["invalid-statement"])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2012: statement list must have a relation
        Vector(
            test: "comptest2012",
            body:
                #"[{ "target" : { "namespace": "web", "site": "https://target-comptest2012.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["invalid-statement"])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2013: asset descriptors must be objects
        Vector(
            test: "comptest2013",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : "https://target-comptest2013.digitalassetlinks.org" }]"#,
            outcome: .read(listed: 0, errors: ["wrong-type"])),
        // v1/2000-web-statement-list-parsing/2000-general.pb, comptest2014: asset descriptors must use a recognized namespace
        Vector(
            test: "comptest2014",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "internets", "site": "https://target-comptest2014.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["unknown-namespace"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2101: valid relation string in statement lists (1)
        Vector(
            test: "comptest2101",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target-comptest2101.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2102: valid relation string in statement lists (2)
        Vector(
            test: "comptest2102",
            body:
                #"[{"relation": ["delegate_permission/write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2102.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2103: valid relation string in statement lists (3)
        Vector(
            test: "comptest2103",
            body:
                #"[{"relation": ["delegate_permission/org.digitalassetlinks.write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2103.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2104: valid relation string in statement lists (4)
        Vector(
            test: "comptest2104",
            body:
                #"[{"relation": ["navigate/yellow_brick_road"], "target" : { "namespace": "web", "site": "https://target-comptest2104.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2105: valid relation string in statement lists (5)
        Vector(
            test: "comptest2105",
            body:
                #"[{"relation": ["delegate_permission/get_login_creds"], "target" : { "namespace": "web", "site": "https://target-comptest2105.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2106: missing relation string in statement list
        Vector(
            test: "comptest2106",
            body:
                #"[{ "target" : { "namespace": "web", "site": "https://target-comptest2106.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["invalid-statement"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2107: Relation must be non-empty
        Vector(
            test: "comptest2107",
            body:
                #"[{"relation": [""], "target" : { "namespace": "web", "site": "https://target-comptest2107.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2108: relations must be given as an array
        Vector(
            test: "comptest2108",
            body:
                #"[{"relation": "delegate_permission/common.handle_all_urls", "target" : { "namespace": "web", "site": "https://target-comptest2108.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["wrong-type"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2109: individual relations must be strings
        Vector(
            test: "comptest2109",
            body:
                #"[{"relation": [ {} ], "target" : { "namespace": "web", "site": "https://target-comptest2109.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["wrong-type"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2110: relations must not have wildcards
        Vector(
            test: "comptest2110",
            body:
                #"[{"relation": ["delegate_permission/*"], "target" : { "namespace": "web", "site": "https://target-comptest2110.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2111: relation string with invalid kind (1)
        Vector(
            test: "comptest2111",
            body:
                #"[{"relation": ["INVALID_KIND/write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2111.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2112: relation string with invalid kind (2)
        Vector(
            test: "comptest2112",
            body:
                #"[{"relation": ["/write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2112.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2113: relation string with invalid kind (3)
        Vector(
            test: "comptest2113",
            body:
                #"[{"relation": ["/"], "target" : { "namespace": "web", "site": "https://target-comptest2113.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2114: invalid relation string (1)
        Vector(
            test: "comptest2114",
            body:
                #"[{"relation": ["write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2114.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2115: invalid relation string (2)
        Vector(
            test: "comptest2115",
            body:
                #"[{"relation": ["delegate_permission"], "target" : { "namespace": "web", "site": "https://target-comptest2115.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2116: invalid relation string (3)
        Vector(
            test: "comptest2116",
            body:
                #"[{"relation": ["delegate_permission/write_on_the_walls/foo"], "target" : { "namespace": "web", "site": "https://target-comptest2116.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2117: invalid relation string (4)
        Vector(
            test: "comptest2117",
            body:
                #"[{"relation": ["delegate_permission,write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2117.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2118: relation string with invalid detail (1)
        Vector(
            test: "comptest2118",
            body:
                #"[{"relation": ["delegate_permission/"], "target" : { "namespace": "web", "site": "https://target-comptest2118.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2119: relation string with invalid detail (2)
        Vector(
            test: "comptest2119",
            body:
                #"[{"relation": ["delegate_permission/write on the walls"], "target" : { "namespace": "web", "site": "https://target-comptest2119.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2120: relation string with invalid detail (3)
        Vector(
            test: "comptest2120",
            body:
                #"[{"relation": ["delegate_permission/write+on+the+walls"], "target" : { "namespace": "web", "site": "https://target-comptest2120.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2121: relation string with invalid detail (4)
        Vector(
            test: "comptest2121",
            body:
                #"[{"relation": ["delegate_permission/write_on_the_walls!"], "target" : { "namespace": "web", "site": "https://target-comptest2121.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2122: relation string with invalid detail (5)
        Vector(
            test: "comptest2122",
            body:
                #"[{"relation": ["delegate_permission/write_on_the_WALLS"], "target" : { "namespace": "web", "site": "https://target-comptest2122.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2123: relation string with spurious whitespace (1)
        Vector(
            test: "comptest2123",
            body:
                #"[{"relation": ["delegate_permission/write_on_the_walls "], "target" : { "namespace": "web", "site": "https://target-comptest2123.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2124: relation string with spurious whitespace (2)
        Vector(
            test: "comptest2124",
            body:
                #"[{"relation": [" delegate_permission/write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2124.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2100-relations.pb, comptest2125: relation string with spurious whitespace (3)
        Vector(
            test: "comptest2125",
            body:
                #"[{"relation": ["delegate_permission / write_on_the_walls"], "target" : { "namespace": "web", "site": "https://target-comptest2125.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["relation-format"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2201: statement list with a valid statement (typical case)
        Vector(
            test: "comptest2201",
            body:
                #"[{"target": {"namespace": "web", "site": "https://target.digitalassetlinks.org"}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2202: statement list with a valid statement (statement with identical source and target)
        Vector(
            test: "comptest2202",
            body:
                #"[{"target": {"namespace": "web", "site": "https://comptest2202.digitalassetlinks.org"}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2203: statement list with a valid statement (source uses a non-standard port number)
        Vector(
            test: "comptest2203",
            body:
                #"[{"target": {"namespace": "web", "site": "https://comptest2203.digitalassetlinks.org"}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2204: statement list with a valid statement (fully qualified target)
        Vector(
            test: "comptest2204",
            body:
                #"[{"target": {"namespace": "web", "site": "https://target.digitalassetlinks.org."}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2205: statement list with a valid statement (Mixed-case URL)
        Vector(
            test: "comptest2205",
            body:
                #"[{"target": {"namespace": "web", "site": "HtTpS://target.digitalassetlinks.org"}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2206: web asset descriptors must have a URL
        Vector(
            test: "comptest2206",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web" } }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2207: web asset descriptors must contain valid URLs (the port number is invalid)
        Vector(
            test: "comptest2207",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target.digitalassetlinks.org:999999"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2208: web asset descriptors must contain HTTP or HTTPS URLs
        Vector(
            test: "comptest2208",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "mailto://user@digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2209: web asset descriptors must contain URLs without login info
        Vector(
            test: "comptest2209",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://x:y@target.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2210: web asset descriptors must contain URLs without query parameters
        Vector(
            test: "comptest2210",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target.digitalassetlinks.org?bar"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2211: web asset descriptors must contain URLs without fragment IDs
        Vector(
            test: "comptest2211",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target.digitalassetlinks.org#bar"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2212: web asset descriptors must contain URLs without path components (1)
        Vector(
            test: "comptest2212",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target.digitalassetlinks.org/"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2213: web asset descriptors must contain URLs without path components (2)
        Vector(
            test: "comptest2213",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target.digitalassetlinks.org/XXX"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2214: web asset descriptors must contain URLs without path components (3)
        Vector(
            test: "comptest2214",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target.digitalassetlinks.org/XXX/"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2215: web asset descriptors must contain URLs without path components (4)
        Vector(
            test: "comptest2215",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "https://target.digitalassetlinks.org/*"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2200-web-targets.pb, comptest2216: web asset descriptors must contain a scheme
        Vector(
            test: "comptest2216",
            body:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web", "site": "target.digitalassetlinks.org"} }]"#,
            outcome: .read(listed: 0, errors: ["web-site"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2301: statement list with a valid statement (target is an Android app)
        Vector(
            test: "comptest2301",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2301", "sha256_cert_fingerprints": ["00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2302: statement list with a valid statement (target is an Android app with two certificates)
        Vector(
            test: "comptest2302",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2302", "sha256_cert_fingerprints": ["11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11", "22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 1, errors: [])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2303: Android app asset descriptors must have a package name
        Vector(
            test: "comptest2303",
            body:
                #"[{"target": {"namespace": "android_app", "sha256_cert_fingerprints": ["00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["package-name"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2304: Android app asset descriptors must have a certificate fingerprint
        Vector(
            test: "comptest2304",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2304"}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["no-fingerprints"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2305: Certificate fingerprints in Android app asset descriptors must be given as an array
        Vector(
            test: "comptest2305",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2305", "sha256_cert_fingerprints": "00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00"}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["no-fingerprints"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2306: Individual certificate fingerprints in Android app asset descriptors must be strings
        Vector(
            test: "comptest2306",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2306", "sha256_cert_fingerprints": [{}] }, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["wrong-type"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2307: Android app asset descriptors must have a non-empty package name
        Vector(
            test: "comptest2307",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["package-name"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2308: Android app asset descriptors must have a valid package name
        Vector(
            test: "comptest2308",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "B A D", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["package-name"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2309: Android app asset descriptors must have at least one certificate
        Vector(
            test: "comptest2309",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2309", "sha256_cert_fingerprints": []}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["no-fingerprints"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2310: Certificate in Android app asset descriptors must be non-empty
        Vector(
            test: "comptest2310",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2310", "sha256_cert_fingerprints": [""]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["fingerprint-format"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2311: Certificate in Android app asset descriptors must be well-formed (1)
        Vector(
            test: "comptest2311",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2311", "sha256_cert_fingerprints": ["B A D"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["fingerprint-format"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2312: Certificate in Android app asset descriptors must be well-formed (2)
        Vector(
            test: "comptest2312",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2312", "sha256_cert_fingerprints": ["14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["fingerprint-format"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2313: Certificate in Android app asset descriptors must be well-formed (3)
        Vector(
            test: "comptest2313",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2313", "sha256_cert_fingerprints": ["GG:HH:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["fingerprint-format"])),
        // v1/2000-web-statement-list-parsing/2300-android-targets.pb, comptest2314: Certificate in Android app asset descriptors must be well-formed (4)
        Vector(
            test: "comptest2314",
            body:
                #"[{"target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2314", "sha256_cert_fingerprints": ["6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}, "relation": ["delegate_permission/common.get_login_creds"]}]"#,
            outcome: .read(listed: 0, errors: ["fingerprint-format"])),
    ]

    /// The statements with a target and no error inside them.
    static func listed(_ file: AssetLinksFile) -> [AssetLinksStatement] {
        file.statements.filter { statement in
            guard statement.target != nil, let pointer = statement.location.pointer?.text else { return false }
            return !file.diagnostics.contains { diagnostic in
                guard diagnostic.severity == .error, let inner = diagnostic.location.pointer?.text else { return false }
                return inner == pointer || inner.hasPrefix(pointer + "/")
            }
        }
    }

    @Test(arguments: vectors)
    func statementListsParseAsTheCompatibilityTestsExpect(_ vector: Vector) {
        do throws(AssetLinksError) {
            let file = try AssetLinksFile(parsing: vector.body)
            let errors = file.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
            #expect(Outcome.read(listed: Self.listed(file).count, errors: errors) == vector.outcome)
        } catch {
            #expect(vector.outcome == .refused, "\(error.diagnostic)")
        }
    }

    /// Whether `file` lists a statement with `relation` about the app `package` signed with `fingerprint` (the
    /// `check_statements_tests` with an `android_app` target).
    static func holds(_ file: AssetLinksFile, _ relation: String, package: String, fingerprint: String) -> Bool {
        listed(file).contains { statement in
            guard statement.relations.contains(relation),
                case .androidApp(let name, let fingerprints) = statement.target
            else { return false }
            return name == package && fingerprints.contains(fingerprint)
        }
    }

    static let fingerprint2001 =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let fingerprint2003 =
        "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    /// The `check_statements_tests` of comptest2001 ("Finds first relation.", "Finds second relation."), comptest2003
    /// ("Valid statement in the statement list should not be ignored.") and comptest2301 and comptest2302 (each
    /// certificate of two), all expecting `response: true`.
    @Test func checkStatements() throws {
        func file(_ test: String) throws -> AssetLinksFile {
            try AssetLinksFile(parsing: try #require(Self.vectors.first { $0.test == test }).body)
        }
        let first = try file("comptest2001")
        #expect(
            Self.holds(
                first, AssetLinksStatement.handleAllURLs, package: "org.digitalassetlinks.comptest2001",
                fingerprint: Self.fingerprint2001))
        #expect(
            Self.holds(
                first, "delegate_permission/common.get_user_location", package: "org.digitalassetlinks.comptest2001",
                fingerprint: Self.fingerprint2001))
        let app = AndroidAppIdentity(
            packageName: "org.digitalassetlinks.comptest2003", fingerprints: [Self.fingerprint2003])
        #expect(try file("comptest2003").verification(for: app).isVerified)
        #expect(
            Self.holds(
                try file("comptest2301"), "delegate_permission/common.get_login_creds",
                package: "org.digitalassetlinks.comptest2301", fingerprint: String(repeating: "00:", count: 31) + "00"))
        for octet in ["11", "22"] {
            #expect(
                Self.holds(
                    try file("comptest2302"), "delegate_permission/common.get_login_creds",
                    package: "org.digitalassetlinks.comptest2302",
                    fingerprint: String(repeating: octet + ":", count: 31) + octet))
        }
    }
}
