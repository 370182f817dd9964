import FileLocations
import Foundation
import Testing

/// One place type for every error and finding: a pointer, a line and column, or both, written the way the commands
/// write it after a file's name.
@Suite struct FileLocationTests {
    @Test func aLineAndColumnIsWrittenBeforeAPointer() {
        let pointer = JSONPointer.root.appending("routes").appending(1)
        #expect(FileLocation.text(line: 3, column: 17).description == "3:17")
        #expect(FileLocation.pointer(pointer).description == "/routes/1")
        #expect(FileLocation(pointer: pointer, line: 4, column: 5).description == "4:5")
        #expect(FileLocation.pointer(.root).description == "/")
        #expect(FileLocation().description == "")
    }

    @Test func commandsWriteThePlaceAfterTheFileName() {
        #expect(FileLocation.text(line: 3, column: 17).written(after: "a.json") == "a.json:3:17")
        #expect(FileLocation.pointer(JSONPointer("/gaps/2")!).written(after: "a.json") == "a.json: /gaps/2")
        #expect(FileLocation.pointer(.root).written(after: "a.json") == "a.json: /")
        #expect(FileLocation().written(after: "a.json") == "a.json")
        #expect(FileLocation.text(line: 1, column: 2).isTextPosition)
        #expect(!FileLocation(line: 1).isTextPosition)
    }

    /// A property list's place: its key path and byte offset, and a line and column in an XML file.
    @Test func aPropertyListPlaceHasItsKeyPathAndByteOffset() {
        let xml = FileLocation.propertyList(keyPath: "CFBundleURLTypes[0]", line: 9, column: 3, byteOffset: 212)
        #expect(xml.description == "9:3" && xml.written(after: "Info.plist") == "Info.plist:9:3")
        #expect(xml.keyPath == "CFBundleURLTypes[0]" && xml.byteOffset == 212 && xml.pointer == nil)
        let binary = FileLocation.propertyList(keyPath: "application-identifier", byteOffset: 48)
        #expect(binary.description == "byte 48" && !binary.isTextPosition)
        #expect(binary.written(after: "App.entitlements") == "App.entitlements: byte 48")
        #expect(FileLocation.propertyList(keyPath: "x").written(after: "a.plist") == "a.plist")
    }

    @Test func itEncodesItsPartsAndLeavesAbsentOnesOut() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let place = FileLocation(pointer: JSONPointer("/a~1b/0")!, line: 2, column: 9)
        let data = try encoder.encode(place)
        #expect(String(decoding: data, as: UTF8.self) == #"{"column":9,"line":2,"pointer":"\/a~1b\/0"}"#)
        #expect(try JSONDecoder().decode(FileLocation.self, from: data) == place)
        let pointerOnly = try encoder.encode(FileLocation.pointer(.root))
        #expect(String(decoding: pointerOnly, as: UTF8.self) == #"{"pointer":""}"#)
    }
}
