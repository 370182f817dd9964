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
