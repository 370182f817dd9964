// snippet.hide
import LinkRouter

let entitlements = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>application-identifier</key><string>ABCDE12345.com.example.app</string>
    <key>com.apple.developer.associated-domains</key><array><string>webcredentials:example.com</string></array>
    </dict></plist>
    """.utf8)
let aasa = Array(#"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#.utf8)
// snippet.show
let app = try AppLinkConfiguration(entitlements: entitlements)
let report = LinkDoctor.diagnose(
    service: .webcredentials, host: "example.com", app: app,
    file: try SiteFile.local(path: "aasa.json", bytes: aasa))
print(report.ok)  // true when the file's webcredentials section names the app
// snippet.hide
guard report.ok else { fatalError("webcredentials") }
