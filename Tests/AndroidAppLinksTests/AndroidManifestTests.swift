import FileLocations
import Testing

@testable import AndroidAppLinks

/// Reading a source `AndroidManifest.xml` and `strings.xml`, hostile inputs included.
@Suite struct AndroidManifestTests {
    static let manifest = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
          <application android:label="@string/app_name">
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" />
                <data android:host="${webHost}" />
                <data android:host="@string/shop_host" android:port="8443" />
                <data android:pathPattern="/a\\.b" />
                <data android:pathPattern="/c\.d" />
                <uri-relative-filter-group android:allow="false">
                  <data android:path="/shop/private" />
                </uri-relative-filter-group>
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """#

    @Test func readsActivitiesFiltersAndDataWithPositions() throws {
        var resources = ManifestResources(placeholders: ["webHost": "example.com"])
        try resources.addStrings(
            parsing: Array(#"<resources><string name="shop_host">shop.example.com</string></resources>"#.utf8))
        let manifest = try AndroidManifest(parsing: Self.manifest, resources: resources)
        #expect(manifest.packageName == "com.example.app")
        #expect(manifest.diagnostics.isEmpty)
        let activity = try #require(manifest.activities.first)
        #expect(activity.name == ".MainActivity")
        #expect(activity.exported == true)
        #expect(activity.location == .text(line: 4, column: 5))
        let filter = try #require(activity.intentFilters.first)
        #expect(filter.autoVerify)
        #expect(filter.location == .text(line: 5, column: 7))
        #expect(filter.schemes == ["https"])
        #expect(filter.dataValues("host").map(\.value) == ["example.com", "shop.example.com"])
        #expect(filter.dataValues("host")[0].source == "${webHost}")
        #expect(filter.data[2]["port"]?.value == "8443")
        #expect(filter.data[1].location == .text(line: 10, column: 9))
        #expect(filter.data[1]["host"]?.location == .text(line: 10, column: 15))
        // What Android receives after the resource compiler: "\\." is "\.", "\." is ".".
        #expect(filter.data[3]["pathPattern"]?.value == "/a\\.b")
        #expect(filter.data[4]["pathPattern"]?.value == "/c.d")
        #expect(filter.relativeFilterGroups.count == 1)
        #expect(filter.relativeFilterGroups[0].allow == false)
        #expect(filter.relativeFilterGroups[0].data[0]["path"]?.value == "/shop/private")
        #expect(filter.verificationHosts == ["example.com", "shop.example.com"])
    }

    @Test func unresolvedValuesAreNamedAndNeverHosts() throws {
        let manifest = try AndroidManifest(parsing: Self.manifest)
        #expect(manifest.diagnostics.map(\.code) == [.unresolvedPlaceholder, .unresolvedString])
        #expect(manifest.diagnostics[0].location == .text(line: 10, column: 15))
        #expect(manifest.diagnostics[0].fix.contains("--define webHost=VALUE"))
        let filter = try #require(manifest.intentFilters.first?.filter)
        #expect(filter.dataValues("host").isEmpty)
        #expect(filter.data[1]["host"]?.unresolved == "${webHost}")
    }

    @Test(arguments: [
        (#"a\\b"#, #"a\b"#), (#"a\.b"#, "a.b"), (#"a\tb"#, "a\tb"), (#"a\nb"#, "a\nb"), (#"\u0041"#, "A"),
        (#"ab\"#, "ab"), (#"a\\\\*"#, #"a\\*"#),
    ])
    func theResourceCompilersEscapes(_ source: String, _ received: String) {
        #expect(ManifestValueResolver.compile(source) == received)
    }

    static func error(_ text: String) -> AndroidManifestError? {
        do {
            _ = try AndroidManifest(parsing: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func billionLaughsIsRefusedWithAPosition() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            <manifest>&lol2;</manifest>
            """
        let error = try #require(Self.error(text))
        #expect(error.diagnostic.code == .xmlSyntax)
        #expect(error.location == .text(line: 2, column: 16))
        #expect(error.message.contains("internal subset"))
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE manifest SYSTEM "file:///etc/passwd">
            <manifest package="&xxe;"></manifest>
            """
        let error = try #require(Self.error(text))
        #expect(error.location == .text(line: 3, column: 20))
        #expect(error.message.contains("unknown entity &xxe;"))
    }

    @Test func deepNestingAndHugeFilesEndWithAPosition() throws {
        let deep = "<manifest>" + String(repeating: "<a>", count: 10_000)
        let error = try #require(Self.error(deep))
        #expect(error.message.contains("deeper than 64"))
        #expect(error.location == .text(line: 1, column: 11 + 3 * 63))
        let huge = "<manifest>" + String(repeating: " ", count: 10_000_000) + "</manifest>"
        let large = try #require(Self.error(huge))
        #expect(large.message.contains("at most"))
        #expect(large.location == .text(line: 1, column: 1))
    }

    @Test(arguments: [
        ("<manifest><activity></manifest>", 1, 21),
        ("<manifest a='1' a='2'/>", 1, 17),
        ("<manifest a=1/>", 1, 13),
        ("<manifest><!ENTITY x 'y'></manifest>", 1, 11),
        ("<application/>", 1, 1),
        ("", 1, 1),
        ("<manifest/><manifest/>", 1, 12),
    ])
    func malformedXMLIsLocated(_ text: String, _ line: Int, _ column: Int) throws {
        let error = try #require(Self.error(text))
        #expect(error.location == .text(line: line, column: column))
    }

    @Test func stringsFilesKeepQuotedSpacesAndCollapseOthers() throws {
        var resources = ManifestResources()
        try resources.addStrings(
            parsing: Array(
                #"<resources><string name="a">  two   words </string><string name="b">" kept "</string></resources>"#
                    .utf8))
        #expect(resources.strings == ["a": "two words", "b": " kept "])
    }

    @Test func aNulInAnAttributeIsAnErrorAtItsPositionNotAValue() throws {
        let text = "<manifest package=\"com.example\">\n  <uses-sdk android:minSdkVersion=\"2\u{0}6\"/>\n</manifest>"
        let error = try #require(Self.error(text))
        #expect(error.diagnostic.code == .xmlSyntax)
        #expect(error.location == .text(line: 2, column: 37))
        #expect(error.message.hasPrefix("U+0000 (NUL) is not allowed in XML"))
    }

    @Test(arguments: ["x\u{0}y", "\u{1B}]0;title\u{7}", "&#1;"])
    func aStringsFileWithACharacterXMLForbidsIsRefused(_ value: String) throws {
        var resources = ManifestResources()
        do throws(AndroidManifestError) {
            try resources.addStrings(parsing: Array("<resources><string name=\"h\">\(value)</string></resources>".utf8))
            Issue.record("accepted \(value.debugDescription)")
        } catch {
            #expect(error.location == .text(line: 1, column: value == "&#1;" ? 29 : value.hasPrefix("x") ? 30 : 29))
        }
        #expect(resources.strings.isEmpty)
    }

    @Test func positionsCostOnePassOverTheFile() throws {
        // 2,000 sibling <data> elements (78 KB): each element's position is counted once, forward. When the start
        // was asked for after the attributes, the counter went back to the start of the file for every element
        // (quadratic: 25 s for 20,000). The benchmark `android.manifest.read.N` measures the time per filter.
        let data = String(
            repeating: "        <data android:host=\"h.example.com\" android:pathPrefix=\"/p\"/>\n", count: 2_000)
        let text = Self.manifest.replacing("        <data android:scheme=\"https\" />\n", with: data)
        var reader = ManifestXMLReader(bytes: Array(text.utf8))
        let manifest = try reader.readManifest(resources: ManifestResources())
        #expect(manifest.activities.first?.intentFilters.first?.data.count ?? 0 >= 2_000)
        #expect(reader.positionWork <= text.utf8.count)
    }
}
