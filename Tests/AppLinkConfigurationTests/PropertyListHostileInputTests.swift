import Foundation
import TestSupport
import Testing

@testable import AppLinkConfiguration

@Suite struct PropertyListHostileInputTests {
    /// A binary property list of `objects` (each its encoded bytes), with one-byte offsets and references.
    static func bplist(
        _ objects: [[UInt8]], top: UInt64 = 0, offsetSize: UInt8 = 1, referenceSize: UInt8 = 1,
        count: UInt64? = nil, offsetTable: UInt64? = nil, offsets: [UInt64]? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var computed: [UInt64] = []
        for object in objects {
            computed.append(UInt64(bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        for offset in offsets ?? computed {
            for shift in stride(from: (Int(offsetSize) - 1) * 8, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: offset >> UInt64(shift)))
            }
        }
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        for field in [count ?? UInt64(objects.count), top, offsetTable ?? table] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: field >> UInt64(shift)))
            }
        }
        return bytes
    }

    static func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PropertyListReader.read(bytes)
            return nil
        } catch {
            return "\(error.position): \(error.message)"
        }
    }

    @Test func aHandBuiltBinaryListReads() throws {
        let value = try PropertyListReader.read(Self.bplist([[0xA2, 1, 2], [0x51, 0x61], [0x09]]))
        #expect(PropertyListFixtures.canonical(value) == "[\(PropertyListFixtures.quoted("a")),true]")
    }

    @Test func anArrayContainingItselfIsACycle() {
        #expect(Self.message(Self.bplist([[0xA1, 0x00]])) == "byte 8: object 0 contains itself (a reference cycle)")
    }

    @Test func sharedContainersCannotExpandExponentially() {
        // Object i is an array holding object i+1 twice: 2^40 values from a file of about 200 bytes.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        let started = ContinuousClock.now
        #expect(Self.message(Self.bplist(objects))?.contains("more values than the file has bytes") == true)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func sharedDataCannotExpandBeyondTwiceTheFileAndOneMebibyte() throws {
        // One 64 KiB data object referred to 100 times (a 66 KB file): 6.4 MB of data once expanded, past the bound
        // of 2 × 66 KB + 1 MiB, so reading stops at the object that would pass it (the value count alone, 101 values,
        // is far from its bound; this is how a 1 MiB object referred to 2,000 times reached 2 GB).
        let data: [UInt8] = [0x4F, 0x12, 0x00, 0x01, 0x00, 0x00] + [UInt8](repeating: 0x61, count: 1 << 16)
        let array: [UInt8] = [0xAF, 0x10, 100] + [UInt8](repeating: 1, count: 100)
        let bytes = Self.bplist([array, data], offsetSize: 4)
        let message = try #require(Self.message(bytes))
        #expect(
            message.contains("shared objects expand to more than \(2 * bytes.count + (1 << 20)) bytes"), "\(message)")
        // Referred to 10 times (655 KB), it reads.
        let fewer: [UInt8] = [0xAA] + [UInt8](repeating: 1, count: 10)
        let value = try PropertyListReader.read(Self.bplist([fewer, data], offsetSize: 4))
        #expect(value.elements?.count == 10)
    }

    @Test(
        arguments: [
            (bplist([[0x09]], offsetSize: 0), "the trailer's offset size 0 is not 1 to 8"),
            (bplist([[0x09]], referenceSize: 9), "the trailer's object reference size 9 is not 1 to 8"),
            (
                bplist([[0x09]], count: UInt64.max),
                "the trailer's object count 18446744073709551615 does not fit the file"
            ),
            (bplist([[0x09]], top: 5), "the trailer's top object 5 is not one of the 1 objects"),
            (bplist([[0x09]], offsetTable: 1 << 62), "does not fit the file"),
            (bplist([[0x09]], offsets: [200]), "object 0's offset 200 is outside the object area"),
            (bplist([[0xA1, 7]]), "object reference 7 is not one of the 1 objects"),
            (bplist([[0xAF, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "is larger than the file"),
            (bplist([[0x5F, 0x10, 0xF0, 0x61]]), "the count 240 is larger than the file"),
            (bplist([[0x65, 0x00, 0x61]]), "the string runs past the object area"),
            (bplist([[0x61, 0xD8, 0x00]]), "a UTF-16 string holds an unpaired surrogate"),
            (bplist([[0xD1, 1, 1], [0x10, 0x01]]), "a dictionary key is a integer, not a string"),
            (bplist([[0x00]]), "is not a property-list value"),
            (bplist([[0x80, 0x01]]), "(UID, set or unknown) is not a property-list value"),
            (bplist([[0x14, 0, 0]]), "the integer runs past the object area"),
            (Array("bplist01".utf8) + [UInt8](repeating: 0, count: 40), "only bplist00"),
            (Array("bplist00".utf8), "too short"),
        ] as [([UInt8], String)])
    func malformedBinaryListsAreErrorsWithAnOffset(bytes: [UInt8], expected: String) {
        let message = Self.message(bytes)
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
        #expect(message?.hasPrefix("byte ") == true)
    }

    @Test func deeplyNestedBinaryArraysStopAtTheLimit() {
        let objects: [[UInt8]] = (0..<200).map { $0 == 199 ? [0x09] : [0xA1, UInt8($0 + 1)] }
        let message = Self.message(Self.bplist(objects, offsetSize: 2))
        #expect(message?.contains("nest deeper than 128") == true, "\(message ?? "no error")")
    }

    @Test(arguments: [
        (String(repeating: "<array>", count: 100_000), "nest deeper than 128 levels"),
        (
            "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]><string>&lol2;</string>",
            "1:37: the document type has an internal subset"
        ),
        ("<plist><string>&xxe;</string></plist>", "1:16: unknown entity &xxe;"),
        ("<plist><string>a & b</string></plist>", "1:18: `&` without a `;`"),
        ("<plist><string>&#xD800;</string></plist>", "invalid character reference"),
        ("<plist><string>&#0;</string></plist>", "invalid character reference"),
        ("<plist><dict><string>x</string></dict></plist>", "without a <key> before it"),
        ("<plist><dict><key>a</key></dict></plist>", "1:14: the key `a` has no value"),
        ("<plist><dict><key>a</key><key>b</key></dict></plist>", "another <key> follows"),
        ("<plist><array><key>a</key></array></plist>", "<key> outside a <dict>"),
        ("<plist><array></dict></plist>", "unexpected </dict> (inside <array> opened at 1:8)"),
        ("<plist><string>a</strin></plist>", "expected </string>, found </strin>"),
        ("<plist><integer>12x</integer></plist>", "not a valid integer"),
        ("<plist><integer>99999999999999999999</integer></plist>", "not a valid integer"),
        ("<plist><date>yesterday</date></plist>", "not a valid date"),
        ("<plist><data>!!!</data></plist>", "not a valid data"),
        ("<plist><true>yes</true></plist>", "<true> holds text"),
        ("<plist><float>1</float></plist>", "unknown element <float>"),
        ("<plist><string>a</string><string>b</string></plist>", "expected </plist> after the top-level value"),
        ("<plist><string>a</string></plist>trailing", "unexpected content after the property list"),
        ("<!-- never closed", "unterminated comment"),
        ("", "the file is empty"),
        ("<plist>\n  <string>caf\u{FFFD}</string>", "2:24: expected </plist>"),
        ("<plist>\n  <string>caf\u{FFFD}", "2:15: unexpected end of file: expected </string>"),
        ("<plist><dict>", "unexpected end of file inside <dict> opened at 1:8"),
        ("text", "unexpected text"),
        ("<plist/>", "<plist/> holds no value"),
        ("<plist><plist>", "<plist> inside a property list"),
        ("<plist><string", "unterminated tag <string"),
    ])
    func malformedXMLIsAnErrorWithLineAndColumn(text: String, expected: String) {
        let message = Self.message(Array(text.utf8))
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        let bytes = Array("<plist>\n<string>ab".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        #expect(Self.message(bytes) == "2:11: the file is neither a binary property list nor UTF-8 text")
    }

    @Test func everyPrefixAndEveryByteFlipIsAnErrorOrAValueNeverACrash() throws {
        let object: [String: Any] = [
            "application-identifier": "ABCDE12345.com.example.app",
            "com.apple.developer.associated-domains": ["applinks:example.com", "webcredentials:example.com", "é"],
            "n": 300, "r": 1.5, "d": Date(timeIntervalSinceReferenceDate: 0), "b": Data([1, 2]), "t": true,
        ]
        var generator = SeededGenerator(seed: 5)
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let bytes = try PropertyListFixtures.serialized(object, format)
            for length in 0..<bytes.count { _ = Self.message(Array(bytes[..<length])) }
            for _ in 0..<2_000 {
                var mutated = bytes
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                _ = Self.message(mutated)
            }
        }
    }

    @Test func longTextIsReadInLinearTime() throws {
        let text = String(repeating: "&amp;<![CDATA[x]]>", count: 50_000)
        let started = ContinuousClock.now
        let value = try PropertyListReader.read(Array("<plist><string>\(text)</string></plist>".utf8))
        #expect(value.string?.count == 100_000)
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
