import FileLocations

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading baseline files with `JSONDecoder`, with errors that say where (package access: shared by
/// AppSiteAssociation's `AASALintBaseline` and LinkCoverage's `CoverageBaseline`, which turn a ``Failure`` into
/// their public `BaselineError`).
package enum BaselineDecoding {
    /// Why a baseline file could not be read.
    package enum Failure: Error, Sendable, Hashable {
        /// The file is not valid JSON: where (1-based) and what.
        case syntax(line: Int, column: Int, String)
        /// The file is JSON, but not a baseline of the expected kind: the JSON pointer of the value (`""` for the
        /// whole file) and what is wrong.
        case content(pointer: String, String)
    }

    /// Decodes `type` from `bytes` with a decoder whose `userInfo` is `userInfo`, turning decoder errors into a
    /// ``Failure`` with a location.
    package static func decode<T: Decodable>(
        _ type: T.Type, from bytes: [UInt8], userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws(Failure) -> T {
        do {
            let decoder = JSONDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw baselineError(error, bytes: bytes)
        } catch {
            throw .content(pointer: "", "\(error)")
        }
    }

    /// The container's `version`: 1 (entries by position, still read) up to `expected` (the version written).
    ///
    /// - Throws: `DecodingError` for another version.
    package static func checkVersion<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, key: Key, expected: Int
    ) throws -> Int {
        let version = try container.decode(Int.self, forKey: key)
        guard (1...expected).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "baseline format version \(version) is not supported (expected 1 to \(expected))")
        }
        return version
    }

    private static func baselineError(_ error: DecodingError, bytes: [UInt8]) -> Failure {
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
            return .content(pointer: pointer(context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            return .content(pointer: pointer(context.codingPath + [key]), "missing required key `\(key.stringValue)`")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let expected = type == String.self ? "a string" : type == Int.self ? "an integer" : "\(type)"
            return .content(pointer: pointer(context.codingPath), "expected \(expected)")
        @unknown default:
            return .content(pointer: "", "\(error)")
        }
    }
}
