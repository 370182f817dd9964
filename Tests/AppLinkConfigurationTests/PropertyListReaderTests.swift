import Foundation
import TestSupport
import Testing

@testable import AppLinkConfiguration

@Suite struct PropertyListReaderTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsWhatFoundationWrites(format: PropertyListSerialization.PropertyListFormat) throws {
        var generator = SeededGenerator(seed: format == .xml ? 23 : 2323)
        for round in 0..<300 {
            let (object, expected) = PropertyListFixtures.random(depth: 0, using: &generator)
            let bytes = try PropertyListFixtures.serialized(object, format)
            let value = try PropertyListReader.read(bytes)
            #expect(PropertyListFixtures.canonical(value) == expected, "round \(round), \(format)")
        }
    }

    @Test func readsTheXMLForms() throws {
        let value = try PropertyListReader.read(
            PropertyListFixtures.xml(
                """
                <dict>
                  <!-- a comment -->
                  <key>a</key><string>x &lt;&amp;&gt; &#65;&#x42; <![CDATA[<raw>]]></string>
                  <key>e</key><string/>
                  <key>t</key><true/>
                  <key>f</key><false></false>
                  <key>h</key><integer> 0x1F </integer>
                  <key>n</key><integer>-42</integer>
                  <key>r</key><real>2.5</real>
                  <key>d</key><date>2001-01-01T00:01:00Z</date>
                  <key>b</key><data>
                    AAEC
                    /w==
                  </data>
                  <key>l</key><array/>
                </dict>
                """))
        #expect(
            PropertyListFixtures.canonical(value)
                == PropertyListFixtures.canonical(
                    PropertyListValue(
                        .dictionary([
                            member("a", .string("x <&> AB <raw>")), member("e", .string("")), member("t", .bool(true)),
                            member("f", .bool(false)), member("h", .integer(31)), member("n", .integer(-42)),
                            member("r", .real(2.5)), member("d", .date(Date(timeIntervalSinceReferenceDate: 60))),
                            member("b", .data([0, 1, 2, 255])), member("l", .array([])),
                        ]), at: PropertyListPosition(byteOffset: 0))))
    }

    @Test func xmlValuesCarryLineAndColumn() throws {
        let value = try PropertyListReader.read(
            PropertyListFixtures.xml(
                "<dict>\n\t<key>k</key>\n\t<array>\n\t\t<string>é</string><string>x</string>\n\t</array>\n</dict>"))
        let elements = try #require(value["k"]?.elements)
        #expect(elements.map(\.position.description) == ["7:3", "7:21"])
        #expect(value.members?.first?.keyPosition.description == "5:2")
    }

    @Test func binaryValuesCarryTheirByteOffset() throws {
        let bytes = try PropertyListFixtures.serialized(["k": ["x"]], .binary)
        let value = try PropertyListReader.read(bytes)
        let offset = try #require(value["k"]?.elements?.first?.position.byteOffset)
        #expect(value["k"]?.elements?.first?.position.line == nil)
        #expect(bytes[offset] == 0x51)  // an ASCII string of one character
    }

    @Test func aBareValueWithoutThePlistWrapperIsRead() throws {
        let value = try PropertyListReader.read(Array("<array><string>a</string></array>".utf8))
        #expect(PropertyListFixtures.canonical(value) == "[\(PropertyListFixtures.quoted("a"))]")
    }

    private func member(_ key: String, _ content: PropertyListValue.Content) -> PropertyListValue.Member {
        let position = PropertyListPosition(byteOffset: 0)
        return .init(key: key, keyPosition: position, value: PropertyListValue(content, at: position))
    }
}
