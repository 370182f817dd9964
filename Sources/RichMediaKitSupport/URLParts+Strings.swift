extension URLParts {
    /// The scheme, host and port of an absolute URL as strings, split by ``URLParts`` as the router and the AASA
    /// matcher split it: for callers off the hot paths (the doctor, the fetch's messages) that must name the same
    /// host as `route` and `aasa match` do.
    package struct Origin: Equatable, Sendable {
        /// The scheme as written.
        package var scheme: String
        /// The userinfo without its `@` (with ``UserinfoPolicy/report``), else nil.
        package var userinfo: String?
        /// The host as written (not case-folded, not percent-decoded); may be empty.
        package var host: String
        /// The port without its `:`, possibly empty; nil when there is none.
        package var port: String?

        /// The origin's parts.
        package init(scheme: String, userinfo: String? = nil, host: String, port: String? = nil) {
            self.scheme = scheme
            self.userinfo = userinfo
            self.host = host
            self.port = port
        }
    }

    /// Splits `url` and returns its origin, or nil when it has no scheme or no `//` authority.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - policy: Whether the userinfo is reported (the router) or dropped (the AASA matcher).
    /// - Returns: The scheme, host and port as written.
    /// - Complexity: O(*n*) in the URL's length.
    package static func origin(of url: String, userinfo policy: UserinfoPolicy = .skip) -> Origin? {
        var url = url
        return url.withUTF8 { bytes in
            guard let parts = URLParts(bytes, userinfo: policy) else { return nil }
            func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            return Origin(
                scheme: text(parts.scheme), userinfo: parts.userinfo.map(text), host: text(parts.host),
                port: parts.port.map(text))
        }
    }
}

extension URLBytes {
    /// Whether every byte of `bytes` may stand in a URL (RFC 3986): an unreserved character, a delimiter
    /// (`:/?#[]@!$&'()*+,;=`), or `%` and two hex digits. Off the hot paths: for checking a URL the user gives.
    ///
    /// - Parameter bytes: The URL's UTF-8.
    /// - Returns: Whether the text is URL text (no space, no control, no non-ASCII byte, no stray `%`).
    /// - Complexity: O(*n*) in the URL's length.
    package static func areURLText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let delimiters = Array(":/?#[]@!$&'()*+,;=".utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil
                else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || delimiters.contains(byte) else { return false }
            index += 1
        }
        return true
    }
}
