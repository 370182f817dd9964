/// A URL split and decoded as `android.net.Uri` does for intent matching.
///
/// The scheme runs to the first `:` (kept as written: Android compares schemes case-sensitively); after `//` the
/// authority runs to the first `/`, `?` or `#`; the host follows the last `@`, and a port is the digits after the
/// last `:` (`getPort()` is -1 without one). ``path``, ``query`` and ``fragment`` are percent-decoded as
/// `getPath()` and friends return them (`%2F` becomes `/`, `+` stays `+`, an invalid escape becomes U+FFFD), and
/// not normalised (`/a/../b` stays). `https://example.com` has the empty path.
public struct AndroidURI: Sendable, Hashable {
    /// The scheme as written, or nil when the text has none.
    public var scheme: String?
    /// The decoded host, or nil when there is no authority.
    public var host: String?
    /// The explicit port, or nil (Android's -1).
    public var port: Int?
    /// The decoded path; empty when there is none.
    public var path: String
    /// The decoded query without `?`, or nil.
    public var query: String?
    /// The decoded fragment without `#`, or nil.
    public var fragment: String?
    /// The query's raw text, for splitting into parameters before decoding.
    public var encodedQuery: String?

    /// Splits and decodes `text`.
    ///
    /// - Parameter text: A URL such as `https://example.com/shop%2Fx`.
    public init(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        var schemeEnd: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                schemeEnd = index
                break
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            index += 1
        }
        var rest = 0
        if let schemeEnd, schemeEnd > 0 {
            scheme = String(decoding: bytes[..<schemeEnd], as: UTF8.self)
            rest = schemeEnd + 1
        }
        host = nil
        port = nil
        var cursor = rest
        if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "/") {
            cursor += 2
            let start = cursor
            while cursor < bytes.count, !"/?#".utf8.contains(bytes[cursor]) { cursor += 1 }
            let authority = Array(bytes[start..<cursor])
            let hostStart = (authority.lastIndex(of: UInt8(ascii: "@")) ?? -1) + 1
            var portSeparator: Int?
            var scan = authority.count - 1
            while scan >= 0 {
                let byte = authority[scan]
                if byte == UInt8(ascii: ":") {
                    portSeparator = scan
                    break
                }
                if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") { break }
                scan -= 1
            }
            if let separator = portSeparator, separator < hostStart { portSeparator = nil }
            let hostEnd = portSeparator ?? authority.count
            host = Self.decode(authority[hostStart..<max(hostStart, hostEnd)])
            if let separator = portSeparator {
                let digits = String(decoding: authority[(separator + 1)...], as: UTF8.self)
                port = Int32(digits).map(Int.init)
            }
        }
        let pathStart = cursor
        while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "?"), bytes[cursor] != UInt8(ascii: "#") {
            cursor += 1
        }
        path = Self.decode(bytes[pathStart..<cursor])
        query = nil
        encodedQuery = nil
        fragment = nil
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "?") {
            let start = cursor + 1
            cursor = start
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "#") { cursor += 1 }
            encodedQuery = String(decoding: bytes[start..<cursor], as: UTF8.self)
            query = Self.decode(bytes[start..<cursor])
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            fragment = Self.decode(bytes[(cursor + 1)...])
        }
    }

    /// Whether the scheme is exactly `http` or `https`.
    public var isWeb: Bool { scheme == "http" || scheme == "https" }

    /// The query's parameters as decoded `key=value` strings, split on `&` (or on `;` when there is no `&`), as a
    /// relative filter group's query rule sees them.
    public var queryParameters: [String] {
        guard let query else { return [] }
        var parts = query.split(separator: "&", omittingEmptySubsequences: false)
        if parts.count == 1 { parts = query.split(separator: ";", omittingEmptySubsequences: false) }
        return parts.map(String.init)
    }

    /// The query's parameters as decoded name and value pairs (split on `&`, then at the first `=`).
    public var queryItems: [(name: String, value: String)] {
        guard let encodedQuery else { return [] }
        return encodedQuery.split(separator: "&").map { item in
            let bytes = Array(item.utf8)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                return (Self.decode(bytes[..<equals]), Self.decode(bytes[(equals + 1)...]))
            }
            return (Self.decode(bytes[...]), "")
        }
    }

    /// Percent-decodes UTF-8 as `Uri.decode` does: `+` stays, an invalid escape becomes U+FFFD.
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        guard input.contains(UInt8(ascii: "%")) else { return String(decoding: input, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%") {
                if index + 2 < input.count + 0, let high = hex(input[index + 1]), let low = hex(input[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                } else {
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    index += 1
                }
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
