import RichMediaKitSupport

/// Reads an HTTP/1.1 response to a GET from the bytes of a connection as they arrive, with every part bounded
/// (package access): what `link-router`'s plain-HTTP transport parses, so that a server's bytes meet only this
/// package's rules (RFC 9112).
///
/// - The status line and header fields: at most ``maximumHeaderSize`` bytes together, one pass over them (a header
///   that never ends, or a flood of short fields, is a `badResponse` failure once it passes the bound).
/// - The body: delimited by `Content-Length`, `Transfer-Encoding: chunked` (chunk-size lines bounded too) or the end of
///   the connection; with a `Content-Encoding` (`gzip`, `deflate`) it is decompressed by ``Inflater`` once its
///   compressed bytes (at most the limit and ``compressionSlack``) are in, producing at most the limit and one byte.
/// - Reading stops one byte past ``sizeLimit`` (``AASAFetchResponse/truncated``), so whatever a server sends, the
///   response holds at most ``maximumHeaderSize`` + 2 × (``sizeLimit`` + ``compressionSlack``) bytes.
///
/// Feed it with ``consume(_:)`` until it says it is done, then take ``response(connectionClosed:)``.
///
/// - Complexity: O(*n*) in the bytes consumed, and O(``sizeLimit``) to decompress.
package struct HTTPResponseReader {
    /// The most bytes the status line and the header fields may take together: 64 KiB.
    package static let maximumHeaderSize = 64 << 10
    /// How many more bytes than the limit a compressed body may take (stored blocks add a few bytes per 64 KiB).
    package static let compressionSlack = 64 << 10
    /// The most bytes a chunk-size line (with its extensions) or a trailer field may take.
    private static let maximumLineSize = 4 << 10

    /// The URL requested, for the response.
    package let url: String
    /// The most body bytes wanted (after any `Content-Encoding` is undone).
    package let sizeLimit: Int

    private enum State {
        case head
        case body
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailer
        case done
    }

    private var state = State.head
    private var head: [UInt8] = []
    private var line: [UInt8] = []
    private var status: Int?
    private var headers: [String: String] = [:]
    private var contentLength: Int?
    private var remainingLength: Int?
    private var format: Inflater.Format?
    /// The body as it came (compressed when there is a `Content-Encoding`).
    private var received: [UInt8] = []
    private var receivedLimit = 0
    private var truncated = false
    private var failure: (AASAFetchResponse.TransportFailure, String)?

    /// A reader for the response to a GET of `url`.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - sizeLimit: The most body bytes wanted.
    package init(url: String, sizeLimit: Int) {
        self.url = url
        self.sizeLimit = sizeLimit
    }

    /// Whether the response is complete, failed, or read as far as it is wanted: nothing more is to be read.
    package var isDone: Bool {
        if case .done = state { return true }
        return false
    }

    /// Whether the status line and the header fields have been read.
    package var hasHeader: Bool { status != nil }

    /// Reads the next bytes of the connection.
    ///
    /// - Parameter bytes: The bytes, in order.
    /// - Returns: Whether more are wanted (false once ``isDone``).
    @discardableResult
    package mutating func consume(_ bytes: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index != bytes.endIndex, !isDone {
            switch state {
            case .head:
                let byte = bytes[index]
                index = bytes.index(after: index)
                head.append(byte)
                if byte == 0x0A, endsHead {
                    readHead()
                } else if head.count > Self.maximumHeaderSize {
                    fail(
                        .badResponse,
                        "the response header is larger than \(Self.maximumHeaderSize >> 10) KiB: it never ends")
                }
            case .body:
                var end = bytes.endIndex
                if let remaining = remainingLength, bytes.distance(from: index, to: end) > remaining {
                    end = bytes.index(index, offsetBy: remaining)
                }
                let count = bytes.distance(from: index, to: end)
                append(bytes[index..<end])
                index = end
                if let remaining = remainingLength {
                    remainingLength = remaining - count
                    if remaining - count == 0 { state = .done }
                }
            case .chunkSize, .chunkEnd, .trailer:
                let byte = bytes[index]
                index = bytes.index(after: index)
                guard byte == 0x0A else {
                    line.append(byte)
                    if line.count > Self.maximumLineSize { fail(.badResponse, "a chunk line longer than 4 KiB") }
                    continue
                }
                if line.last == 0x0D { line.removeLast() }
                readChunkLine()
                line.removeAll(keepingCapacity: true)
            case .chunkData(let remaining):
                let available = bytes.distance(from: index, to: bytes.endIndex)
                let end = available > remaining ? bytes.index(index, offsetBy: remaining) : bytes.endIndex
                let count = bytes.distance(from: index, to: end)
                append(bytes[index..<end])
                index = end
                if case .done = state { break }
                state = count == remaining ? .chunkEnd : .chunkData(remaining: remaining - count)
            case .done:
                break
            }
        }
        return !isDone
    }

    /// The response: what was read, with a failure when it stopped short.
    ///
    /// - Parameter connectionClosed: Whether the server closed the connection (the end of a body delimited by it).
    /// - Returns: The response.
    package func response(connectionClosed: Bool) -> AASAFetchResponse {
        var response = AASAFetchResponse(url: url, status: status, headers: headers)
        if let (failure, detail) = failure {
            response.failure = failure
            response.failureDetail = detail
            if status == nil { response.headers = [:] }
            return response
        }
        guard status != nil else {
            response.failure = connectionClosed ? .connectionLost : .timedOut
            return response
        }
        let complete: Bool
        switch state {
        case .done: complete = true
        case .body: complete = connectionClosed && remainingLength == nil
        default: complete = false
        }
        guard complete || truncated else {
            response.failure = connectionClosed ? .connectionLost : .timedOut
            response.body = Array(received.prefix(sizeLimit + 1))
            return response
        }
        guard let format else {
            response.body = received
            response.truncated = truncated
            return response
        }
        do throws(Inflater.Failure) {
            let result = try Inflater.inflate(received, format: format, limit: sizeLimit)
            response.body = result.output
            response.truncated = result.truncated
        } catch {
            if truncated {
                // The compressed body passed its own bound before it ended: over the limit either way.
                response.truncated = true
            } else {
                response.failure = .badResponse
                response.failureDetail = "the body's Content-Encoding cannot be undone: \(error.message)"
            }
        }
        return response
    }

    // MARK: - Parts

    /// Whether the header bytes end with an empty line (`CRLF CRLF`, or a bare `LF LF`).
    private var endsHead: Bool {
        let count = head.count
        if count >= 4, head[count - 4] == 0x0D, head[count - 3] == 0x0A, head[count - 2] == 0x0D { return true }
        return count >= 2 && head[count - 2] == 0x0A
    }

    private mutating func fail(_ failure: AASAFetchResponse.TransportFailure, _ detail: String) {
        self.failure = (failure, detail)
        state = .done
    }

    /// Parses the status line and the header fields, and picks how the body is delimited.
    private mutating func readHead() {
        // Split on the bytes (a String's "\r\n" is one Character), each line without its CR.
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { return fail(.badResponse, "an empty response header") }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
            parts[1].utf8.allSatisfy(URLBytes.isDigit), let code = Int(parts[1])
        else {
            return fail(.badResponse, "the status line is not HTTP/1.x")
        }
        // Three digits whose first names the class (RFC 9110 section 15): 000 to 099 are no status at all.
        guard code >= 100 else { return fail(.badResponse, "the status code \(parts[1]) is not 100 to 999") }
        head.removeAll()
        if (100..<200).contains(code) {
            // An interim response (100 Continue): the real one follows.
            return
        }
        // Each name once (as first written), its values in order: a field that repeats is joined with ", ".
        var names: [String: String] = [:]
        var values: [String: [String]] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else {
                return fail(.badResponse, "a header field that is not NAME: VALUE")
            }
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
            let trimmed = String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            let key = URLBytes.asciiLowercased(name)
            if names[key] == nil { names[key] = name }
            values[key, default: []].append(trimmed)
        }
        var fields: [String: String] = [:]
        for (key, name) in names { fields[name] = values[key]?.joined(separator: ", ") }
        status = code
        headers = fields
        func field(_ name: String) -> String? {
            values[name]?.joined(separator: ", ")
        }
        do throws(Inflater.Failure) {
            format = try Inflater.format(contentEncoding: field("content-encoding"))
        } catch {
            return fail(.badResponse, error.message)
        }
        receivedLimit = format == nil ? sizeLimit + 1 : sizeLimit + Self.compressionSlack
        if code == 204 || code == 304 {
            state = .done
            return
        }
        if let encoding = field("transfer-encoding") {
            guard URLBytes.asciiLowercased(encoding).split(separator: ",").last?.filter({ $0 != " " }) == "chunked"
            else {
                return fail(.badResponse, "the Transfer-Encoding \(encoding) does not end with chunked")
            }
            state = .chunkSize
            return
        }
        if let length = field("content-length") {
            // 1*DIGIT (RFC 9110 section 8.6): `Int(_:)` alone would take a sign.
            let digits = length.filter { $0 != " " }
            guard !digits.isEmpty, digits.utf8.allSatisfy(URLBytes.isDigit), let value = Int(digits) else {
                return fail(.badResponse, "the Content-Length \(length) is not a number")
            }
            contentLength = value
            remainingLength = value
            state = value == 0 ? .done : .body
            return
        }
        state = .body
    }

    /// A chunk-size line, the empty line after a chunk's data, or a trailer field.
    private mutating func readChunkLine() {
        switch state {
        case .chunkSize:
            let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != 0x20 && $0 != 0x09 }
            // 1*HEXDIG (RFC 9112 section 7.1): `Int(_:radix:)` alone would take a sign, and a negative size
            // would move the reader backwards.
            guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ URLBytes.hexValue($0) != nil }),
                let size = Int(String(decoding: digits, as: UTF8.self), radix: 16)
            else {
                return fail(.badResponse, "a chunk size that is not a hexadecimal number")
            }
            state = size == 0 ? .trailer : .chunkData(remaining: size)
        case .chunkEnd:
            guard line.isEmpty else { return fail(.badResponse, "chunk data longer than its size") }
            state = .chunkSize
        case .trailer:
            if line.isEmpty { state = .done }
        default:
            break
        }
    }

    /// Keeps body bytes, up to the bound; past it, reading stops.
    private mutating func append(_ bytes: some Collection<UInt8>) {
        let room = receivedLimit - received.count
        if bytes.count > room {
            received += bytes.prefix(max(0, room))
            truncated = true
            state = .done
        } else {
            received += bytes
        }
    }
}
