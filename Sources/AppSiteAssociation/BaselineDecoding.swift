import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading baseline files with `JSONDecoder`, with errors that say where (package access: shared by
/// `AASALintBaseline` and LinkCoverage's `CoverageBaseline`).
package enum BaselineDecoding {
    /// Decodes `type` from `bytes`, turning decoder errors into ``BaselineError`` with a location.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(BaselineError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw baselineError(error, bytes: bytes)
        } catch {
            throw .content(at: "", "\(error)")
        }
    }

    /// Throws unless the container's `version` is `expected`.
    package static func checkVersion<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, key: Key, expected: Int
    ) throws {
        let version = try container.decode(Int.self, forKey: key)
        guard version == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "baseline format version \(version) is not supported (expected \(expected))")
        }
    }

    private static func baselineError(_ error: DecodingError, bytes: [UInt8]) -> BaselineError {
        func pointer(_ path: [any CodingKey]) -> String {
            var pointer = JSONPointer.root
            for key in path {
                if let index = key.intValue {
                    pointer = pointer.appending(index)
                } else {
                    pointer = pointer.appending(key.stringValue)
                }
            }
            return pointer.text
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let (line, column, message) = JSONParser.locateSyntaxError(in: bytes)
                return .syntax(line: line, column: column, message)
            }
            return .content(at: pointer(context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            return .content(at: pointer(context.codingPath + [key]), "missing required key `\(key.stringValue)`")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let expected = type == String.self ? "a string" : type == Int.self ? "an integer" : "\(type)"
            return .content(at: pointer(context.codingPath), "expected \(expected)")
        @unknown default:
            return .content(at: "", "\(error)")
        }
    }
}
