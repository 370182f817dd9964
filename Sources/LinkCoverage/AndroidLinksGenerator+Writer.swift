import RichMediaKitSupport

extension AndroidLinksGenerator {
    /// Writes the texts of a ``Plan``.
    enum Writer {
        /// The `assetlinks.json` text: one statement granting App Links to the package and fingerprints, with the
        /// dynamic rules when there are any.
        static func assetLinks(packageName: String, fingerprints: [String], rules: [Rule]) -> String {
            var text = "[\n  {\n    \"relation\": [\"delegate_permission/common.handle_all_urls\"],\n"
            text += "    \"target\": {\n      \"namespace\": \"android_app\",\n"
            text += "      \"package_name\": " + JSONQuoting.quoted(packageName) + ",\n"
            text += "      \"sha256_cert_fingerprints\": [\n"
            text += fingerprints.map { "        " + JSONQuoting.quoted($0) }.joined(separator: ",\n") + "\n      ]\n"
            text += "    }"
            if !rules.isEmpty {
                text += ",\n    \"relation_extensions\": {\n"
                text += "      \"delegate_permission/common.handle_all_urls\": {\n"
                text += "        \"dynamic_app_link_components\": [\n"
                let lines = rules.map { rule -> String in
                    var members = ["\"/\": " + JSONQuoting.quoted(rule.path)]
                    if !rule.query.isEmpty {
                        let items = rule.query.sorted { $0.key < $1.key }.map {
                            JSONQuoting.quoted($0.key) + ": " + JSONQuoting.quoted($0.value)
                        }
                        members.append("\"?\": {" + items.joined(separator: ", ") + "}")
                    }
                    if rule.exclude { members.append("\"exclude\": true") }
                    return "          {" + members.joined(separator: ", ") + "}"
                }
                text += lines.joined(separator: ",\n") + "\n        ]\n      }\n    }"
            }
            return text + "\n  }\n]\n"
        }

        /// The `<intent-filter>` elements, or the empty string for none.
        static func intentFilters(_ filters: [Filter], schemes: [String]) -> String {
            var text = ""
            for filter in filters {
                text += "<intent-filter android:autoVerify=\"true\">\n"
                text += "    <action android:name=\"android.intent.action.VIEW\" />\n"
                text += "    <category android:name=\"android.intent.category.DEFAULT\" />\n"
                text += "    <category android:name=\"android.intent.category.BROWSABLE\" />\n"
                for scheme in schemes { text += "    " + data("scheme", scheme) + "\n" }
                for host in filter.hosts { text += "    " + data("host", host) + "\n" }
                for (entry, routes) in filter.paths {
                    text += "    " + data(entry.attribute, entry.value) + comment(routes) + "\n"
                }
                for (entries, routes) in filter.groups {
                    text += "    <uri-relative-filter-group>" + comment(routes) + "\n"
                    for entry in entries { text += "        " + data(entry.attribute, entry.value) + "\n" }
                    text += "    </uri-relative-filter-group>\n"
                }
                text += "</intent-filter>\n"
            }
            return text
        }

        /// ` <!-- the route names -->`.
        private static func comment(_ routes: [String]) -> String {
            " <!-- " + routes.joined(separator: ", ").replacing("--", with: "- -") + " -->"
        }

        /// A `<data>` element; the value is written so that the resource compiler gives it back (`\` doubled).
        private static func data(_ attribute: String, _ value: String) -> String {
            let source = value.replacing("\\", with: "\\\\")
            return "<data android:" + attribute + "=\"" + MarkupEscaping.escaped(source) + "\" />"
        }

        /// A manifest holding the filters in one activity, to read them back as Android would.
        static func manifest(_ intentFilters: String, packageName: String) -> String {
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(packageName)">
            <application>
            <activity android:name=".MainActivity" android:exported="true">
            \(intentFilters)</activity>
            </application>
            </manifest>

            """
        }
    }
}
