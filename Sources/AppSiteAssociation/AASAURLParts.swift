import RichMediaKitSupport

/// The parts of a URL as byte ranges into its UTF-8, found without Foundation's URL types.
///
/// `scheme://[userinfo@]host[:port]/path?query#fragment`: the authority ends at the first `/`,
/// `?` or `#`; the host is what follows the last `@` in it (so `evil.net@example.com` has host
/// `example.com`); a port follows the last `:` outside IPv6 brackets.
struct AASAURLParts {
    var scheme: Range<Int>
    var host: Range<Int>
    var port: Range<Int>?
    var path: Range<Int>
    /// Nil when there is no `?`.
    var query: Range<Int>?
    /// Nil when there is no `#`.
    var fragment: Range<Int>?

    /// Splits `bytes`; nil when it has no scheme or no `//` authority.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            let byte = bytes[index]
            let isAlpha = URLBytes.isAlpha(byte)
            let isOther =
                URLBytes.isDigit(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isAlpha || (index > 0 && isOther) else { return nil }
            index += 1
        }
        guard index > 0, index < bytes.count else { return nil }
        scheme = 0..<index
        index += 1
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/")
        else { return nil }
        index += 2
        let authorityStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            index += 1
        }
        let authorityEnd = index
        var hostStart = authorityStart
        for position in authorityStart..<authorityEnd where bytes[position] == UInt8(ascii: "@") {
            hostStart = position + 1
        }
        var hostEnd = authorityEnd
        port = nil
        var bracketDepth = 0
        for position in hostStart..<authorityEnd {
            switch bytes[position] {
            case UInt8(ascii: "["): bracketDepth += 1
            case UInt8(ascii: "]"): bracketDepth -= 1
            case UInt8(ascii: ":") where bracketDepth == 0:
                // Keep looking: the port follows the last such `:` (`a:1:443` has host `a:1`, which is no
                // serving domain, rather than port `1:443`).
                hostEnd = position
                port = (position + 1)..<authorityEnd
            default: break
            }
        }
        host = hostStart..<hostEnd
        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        path = pathStart..<index
        query = nil
        fragment = nil
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let queryStart = index + 1
            index = queryStart
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            query = queryStart..<index
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            fragment = (index + 1)..<bytes.count
        }
    }
}
