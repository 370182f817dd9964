import Foundation
import TestSupport

@testable import AppLinkConfiguration

/// Random property lists built both as Foundation objects (for `PropertyListSerialization`) and as the canonical
/// text of the value the reader must return.
enum PropertyListFixtures {
    /// A position-free, key-sorted text of a value, to compare the reader's result with what was written.
    static func canonical(_ value: PropertyListValue) -> String {
        switch value.content {
        case .dictionary(let members):
            let sorted = members.sorted { $0.key < $1.key }
            return "{" + sorted.map { "\(quoted($0.key))=\(canonical($0.value))" }.joined(separator: ",") + "}"
        case .array(let elements): return "[" + elements.map(canonical).joined(separator: ",") + "]"
        case .string(let text): return quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return "i\(number)"
        case .real(let number): return "r\(number)"
        case .date(let date): return "d\(date.timeIntervalSinceReferenceDate)"
        case .data(let bytes): return "<" + bytes.map { String($0, radix: 16) }.joined(separator: " ") + ">"
        }
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

    static let strings = [
        "", "applinks:example.com", "a<b&c>\"d'", "héllo wörld", "日本語", "emoji 👍🏽", " spaced ", "line\nbreak",
        "tab\there", "]]>", "&amp;",
    ]

    /// A random value as a Foundation object and its canonical text.
    static func random(depth: Int, using generator: inout SeededGenerator) -> (object: Any, canonical: String) {
        let choice = depth >= 4 ? Int.random(in: 2...7, using: &generator) : Int.random(in: 0...7, using: &generator)
        switch choice {
        case 0:
            var object: [String: Any] = [:]
            var parts: [(String, String)] = []
            for index in 0..<Int.random(in: 0...4, using: &generator) {
                let key = strings.randomElement(using: &generator)! + "\(index)"
                let child = random(depth: depth + 1, using: &generator)
                object[key] = child.object
                parts.append((key, child.canonical))
            }
            let sorted = parts.sorted { $0.0 < $1.0 }
            return (object, "{" + sorted.map { "\(quoted($0.0))=\($0.1)" }.joined(separator: ",") + "}")
        case 1:
            let children = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                random(depth: depth + 1, using: &generator)
            }
            return (children.map(\.object), "[" + children.map(\.canonical).joined(separator: ",") + "]")
        case 2:
            let text = strings.randomElement(using: &generator)!
            return (text, quoted(text))
        case 3:
            let flag = Bool.random(using: &generator)
            return (flag, flag ? "true" : "false")
        case 4:
            let number = [0, 1, -1, 255, 256, 65_535, 65_536, Int.max, Int.min, -300].randomElement(using: &generator)!
            return (number, "i\(number)")
        case 5:
            let number = Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 8
            return (number, "r\(number)")
        case 6:
            let seconds = Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &generator))
            return (Date(timeIntervalSinceReferenceDate: seconds), "d\(seconds)")
        default:
            let bytes = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            return (Data(bytes), "<" + bytes.map { String($0, radix: 16) }.joined(separator: " ") + ">")
        }
    }

    /// `object` written by Foundation in `format`.
    static func serialized(_ object: Any, _ format: PropertyListSerialization.PropertyListFormat) throws -> [UInt8] {
        Array(try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0))
    }

    /// An XML property list of `body` (the value inside `<plist>`).
    static func xml(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>

            """.utf8)
    }
}
