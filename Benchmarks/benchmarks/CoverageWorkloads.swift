import Foundation
import LinkRouter

/// The files of the coverage benchmarks: storefront AASA files, a mixed real-world one, and an Android manifest with
/// its site file, each with a matching routes file. Deterministic: the same arguments give the same bytes.
enum CoverageWorkloads {
    static let domain = "example.com"
    static let appID = "ABCDE12345.com.example.app"
    static let packageName = "com.example.app"
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")

    private static let sections = [
        "products", "collections", "pages", "blogs", "search", "cart", "account", "orders", "gift", "brands",
        "stores", "deals", "events", "videos", "recipes", "articles", "wishlist", "reviews", "lookbook", "campaign",
    ]

    private static func section(_ index: Int) -> String {
        sections[index % sections.count] + (index < sections.count ? "" : "\(index)")
    }

    private static func aasa(_ components: [String], variables: String = "") -> Data {
        Data(
            """
            {"applinks": {\(variables)"details": [{"appIDs": ["\(appID)"], "components": [
              \(components.joined(separator: ",\n  "))
            ]}]}}
            """.utf8)
    }

    /// A shop's file: `rules` components `{"/": "*/section/*"}` (a section anywhere, so also under a locale
    /// prefix), every fifth one an exclusion and every fourth other one asking for a `ref` query item.
    static func storefrontAASA(rules: Int) -> Data {
        aasa(
            (0..<rules).map { index in
                let path = #""/": "*/\#(section(index))/*""#
                if index % 5 == 3 { return "{\(path), \"exclude\": true}" }
                if index % 4 == 1 { return #"{\#(path), "?": {"ref": "?*"}}"# }
                return "{\(path)}"
            })
    }

    /// The shop's routes: the home page, then `/section/:handle` and `/:locale/section/:handle` per section, until
    /// there are `routes` of them.
    static func storefrontRoutes(_ routes: Int) throws -> RouteTable {
        var list = [Route(name: "home", pattern: "/")]
        var index = 0
        while list.count < routes {
            let name = section(index)
            list.append(Route(name: "\(name)-\(index)", pattern: "/\(name)/:handle"))
            if list.count < routes {
                list.append(Route(name: "\(name)-l\(index)", pattern: "/:locale/\(name)/:handle"))
            }
            index += 1
        }
        return try RouteTable(schemes: ["shop"], associatedDomains: ["applinks:\(domain)"], routes: list)
    }

    /// 100 rules of the shapes real files mix: locale prefixes (`*`, `??`, `$(lang)`, a custom variable), `?` and `*`
    /// runs, exclusions, case-insensitive rules, query dictionaries and strings, fragments.
    static func mixedAASA() -> Data {
        var components: [String] = [##"{"#": "no_universal_links", "exclude": true}"##]
        for index in 1..<100 {
            let name = "section\(index)"
            switch index % 10 {
            case 0: components.append(#"{"/": "/\#(name)/private/*", "exclude": true}"#)
            case 1: components.append(#"{"/": "*/\#(name)/*", "?": {"ref": "?*"}}"#)
            case 2: components.append(#"{"/": "/$(market)/\#(name)/*"}"#)
            case 3: components.append(#"{"/": "/\#(name)/????", "caseSensitive": false}"#)
            case 4: components.append(#"{"/": "/??/\#(name)/*/reviews", "exclude": true}"#)
            case 5: components.append(#"{"/": "/\#(name)/?*/details"}"#)
            case 6: components.append(#"{"/": "/\#(name)", "?": "src=push*"}"#)
            case 7: components.append(#"{"/": "/$(lang)/\#(name)/*"}"#)
            case 8: components.append(##"{"/": "/\##(name)/id-?*", "?": {"utm_source": "*"}, "#": "*"}"##)
            default: components.append(#"{"/": "*/\#(name)/*"}"#)
            }
        }
        return aasa(components, variables: #""substitutionVariables": {"market": ["en-us", "de-de", "fr-fr"]}, "#)
    }

    /// 1,000 routes over the mixed file's sections: parameters, `<int>`, `<uuid>`, `**`, query constraints, locale
    /// prefixes.
    static func mixedRoutes() throws -> RouteTable {
        var list: [Route] = []
        for index in 0..<1_000 {
            let name = "section\(index % 100)"
            let pattern: String
            switch index % 6 {
            case 0: pattern = "/\(name)/item\(index)/:id"
            case 1: pattern = "/\(name)/page\(index)/:n<int>"
            case 2: pattern = "/\(name)/doc\(index)/**"
            case 3: pattern = "/\(name)/q\(index)?ref=:ref"
            case 4: pattern = "/:locale/\(name)/u\(index)/:u<uuid>"
            default: pattern = "/\(name)/x\(index)/:slug/details"
            }
            list.append(Route(name: "r\(index)", pattern: pattern))
        }
        return try RouteTable(schemes: ["shop"], associatedDomains: ["applinks:\(domain)"], routes: list)
    }

    /// An app's manifest with `filters` verified https intent filters on the domain, one per section, using every
    /// kind of path attribute; the routes use the same sections.
    static func androidManifest(filters: Int) -> Data {
        var text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(packageName)">
              <application>
                <activity android:name=".LinkActivity" android:exported="true">

            """
        for index in 0..<filters {
            let name = "section\(index)"
            let path: String
            switch index % 5 {
            case 0: path = #"android:pathPrefix="/\#(name)/""#
            case 1: path = #"android:path="/\#(name)""#
            case 2: path = #"android:pathPattern="/\#(name)/.*/details""#
            case 3: path = #"android:pathAdvancedPattern="/\#(name)/[0-9]+""#
            default: path = #"android:pathSuffix="/\#(name).html""#
            }
            text += """
                      <intent-filter android:autoVerify="true">
                        <action android:name="android.intent.action.VIEW"/>
                        <category android:name="android.intent.category.DEFAULT"/>
                        <category android:name="android.intent.category.BROWSABLE"/>
                        <data android:scheme="https" android:host="\(domain)"/>
                        <data \(path)/>
                      </intent-filter>

                """
        }
        text += "    </activity>\n  </application>\n</manifest>\n"
        return Data(text.utf8)
    }

    /// The site's `assetlinks.json`: the app with two dynamic rules (an exclusion, then everything).
    static func assetLinks() -> Data {
        Data(
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
                {"/": "/section7/private/*", "exclude": true}, {"/": "*"}]}},
              "target": {"namespace": "android_app", "package_name": "\(packageName)",
                "sha256_cert_fingerprints": ["\(fingerprint)"]}}]
            """.utf8)
    }

    /// `routes` routes over the manifest's `filters` sections.
    static func androidRoutes(_ routes: Int, filters: Int) throws -> RouteTable {
        var list: [Route] = []
        for index in 0..<routes {
            let name = "section\(index % filters)"
            let pattern: String
            switch index / filters % 3 {
            case 0: pattern = index % 2 == 0 ? "/\(name)/:id" : "/\(name)/:slug/details"
            case 1: pattern = "/\(name)"
            default: pattern = "/\(name)/item\(index)/:n<int>"
            }
            list.append(Route(name: "r\(index)", pattern: pattern))
        }
        return try RouteTable(schemes: ["shop"], associatedDomains: ["applinks:\(domain)"], routes: list)
    }
}
