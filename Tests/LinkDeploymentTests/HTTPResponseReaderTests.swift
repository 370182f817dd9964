import Testing

@testable import LinkDeployment

/// The plain-HTTP transport's reader and decompressor, on bytes in memory: every part of a response bounded in the
/// bytes it reads and keeps, measured in those bytes (issue 43). Fast: about 0.3 s in a debug build.
@Suite struct HTTPResponseReaderTests {
    static let text = Array(
        (String(
            repeating: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "#
                + #""android_app", "package_name": "com.example.app"}}]"# + "\n", count: 3)).utf8)

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// `text` compressed by Python's gzip and zlib: dynamic Huffman blocks (level 9), a stored block (level 0), a
    /// zlib stream, raw DEFLATE, fixed Huffman codes.
    static let gzip9 = hex(
        "1f8b0800000000000203ed8e4b0ac3301043f73d45987571f6bd8a09668885633afe603b5008b97bc7eb5ea14b494f42f6a206e111"
            + "4ba6d762c9431078c055b4147b577fdd4b4a259b83b31738167167934edb73a1c12d6068f3a2cc09bdf20e55a4682bd13bae9514"
            + "53fbcd016e3233d645830fa72a3013b9efed61ff4f7e9e7c01af213fa49e010000")
    static let zlib = hex(
        "78daed8e4b0ac3301043f73d45987571f6bd8a09668885633afe603b5008b97bc7eb5ea14b494f42f6a206e1114ba6d762c9431078"
            + "c055b4147b577fdd4b4a259b83b31738167167934edb73a1c12d6068f3a2cc09bdf20e55a4682bd13bae951453fbcd016e3233d6"
            + "45830fa72a3013b9efed61ff4f7e9e7c01b5ed929e")
    static let raw = Array(zlib.dropFirst(2).dropLast(4))
    static let fixed = hex(
        "8bae562a4acd492cc9cccf53b25288564a49cd494d4f2c498d2f482dcacd2c2e068aeb27e7e7e6e6e7e96524e6a5e4a4c627e6e4c4"
            + "9716e5142bc5ea2828952416a5a7960075562be525e6a616172426a702794a40a545f99929f18905054a406540e1ecc4f4d47890"
            + "1a9034d044bdd48ac4dc829c543d9092dada58aee8519760b80400")
    /// `hello` in a gzip member with every optional header field (extra, name, comment, header CRC).
    static let flagged = hex(
        "1f8b081e00000000000303006162636e616d6500636f6d6d656e74000000cb48cdc9c9070086a6103605000000")

    /// A stored block holding `bytes` (a gzip member with it).
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        let length = UInt16(bytes.count)
        return [
            0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x01, UInt8(length & 0xFF), UInt8(length >> 8),
            UInt8(~length & 0xFF), UInt8(~length >> 8),
        ] + bytes + [0, 0, 0, 0, 0, 0, 0, 0]
    }

    /// A DEFLATE bomb: a space, then `matches` copies of the last 258 bytes (each 13 bits of fixed Huffman codes), so
    /// `matches` × 258 bytes from `matches` × 13 / 8 bytes.
    static func bomb(matches: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var count: UInt32 = 0
        func put(_ value: UInt32, _ bits: UInt32) {
            buffer |= value << count
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        /// A Huffman code, most significant bit first.
        func code(_ value: UInt32, _ bits: UInt32) {
            var reversed: UInt32 = 0
            for bit in 0..<bits { reversed |= (value >> bit & 1) << (bits - 1 - bit) }
            put(reversed, bits)
        }
        put(1, 1)  // the last block
        put(1, 2)  // fixed codes
        code(0x30 + 0x20, 8)  // a space
        for _ in 0..<matches {
            code(0xC0 + 5, 8)  // length 258 (symbol 285)
            code(0, 5)  // distance 1
        }
        code(0, 7)  // end of block
        put(0, 7)
        return bytes
    }

    @Test(arguments: [("gzip", 0), ("zlib", 1), ("raw", 2), ("fixed", 3)])
    func everyFormThatServersSendIsUndone(_ name: String, _ index: Int) throws {
        let input = [Self.gzip9, Self.zlib, Self.raw, Self.fixed][index]
        let result = try Inflater.inflate(input, format: name == "gzip" ? .gzip : .deflate, limit: 1 << 20)
        #expect(result.output == Self.text)
        #expect(!result.truncated)
        let flagged = try Inflater.inflate(Self.flagged, format: .gzip, limit: 100)
        #expect(flagged.output == Array("hello".utf8))
        let stored = try Inflater.inflate(Self.stored(Self.text), format: .gzip, limit: 1 << 20)
        #expect(stored.output == Self.text)
    }

    @Test func productionStopsOneBytePastTheLimitHoweverFarTheDataWouldExpand() throws {
        // 5 MB from 33 KB (a larger bomb only costs the test more to build): decoding stops after 1 MiB and a byte,
        // having read about 7 KB of the input.
        let input = Self.bomb(matches: 20_000)
        let result = try Inflater.inflate(input, format: .deflate, limit: 1 << 20)
        #expect(result.output.count == (1 << 20) + 1)
        #expect(result.truncated)
        #expect(result.output.allSatisfy { $0 == 0x20 })
        #expect(result.consumed <= (1 << 20) / 258 * 13 / 8 + 16)
    }

    @Test(arguments: [
        ([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x07] as [UInt8], "a block of the reserved type 3"),
        ([0x1F, 0x8C, 8] as [UInt8], "not gzip data"),
        ([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] as [UInt8], "ends too soon"),
        ([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x01, 5, 0, 0, 0] as [UInt8], "whose length is damaged"),
        ([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x03, 0x01] as [UInt8], "before the start of the data"),
    ])
    func malformedDataIsAFailureNeverATrap(_ input: [UInt8], _ message: String) {
        do throws(Inflater.Failure) {
            _ = try Inflater.inflate(input, format: .gzip, limit: 100)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    static func read(_ chunks: [[UInt8]], limit: Int = 1 << 20, closed: Bool = true) -> AASAFetchResponse {
        var reader = HTTPResponseReader(url: "http://127.0.0.1/x", sizeLimit: limit)
        for chunk in chunks where !reader.isDone { reader.consume(chunk) }
        return reader.response(connectionClosed: closed)
    }

    static func head(_ fields: String) -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\n\(fields)\r\n".utf8)
    }

    @Test func aResponseReadsTheSameWhateverItsChunks() {
        let body = Array(#"[{"a": 1}]"#.utf8)
        let whole = Self.head("Content-Type: application/json\r\nContent-Length: \(body.count)\r\n") + body
        let oneByOne = Self.read(whole.map { [$0] }, closed: false)
        #expect(oneByOne.status == 200)
        #expect(oneByOne.contentType == "application/json")
        #expect(oneByOne.body == body)
        #expect(oneByOne.failure == nil)
        #expect(Self.read([whole], closed: false) == oneByOne)
        let chunked =
            Self.head("Transfer-Encoding: chunked\r\nX-Twice: a\r\nx-twice: b\r\n")
            + Array("3;ext=1\r\n[{\"\r\n7\r\na\": 1}]\r\n0\r\nTrailer: t\r\n\r\n".utf8)
        let dechunked = Self.read(chunked.map { [$0] }, closed: false)
        #expect(dechunked.body == body)
        #expect(dechunked.header("x-twice") == "a, b")
        let closeDelimited = Self.read([Array("HTTP/1.0 200 OK\n\n".utf8) + body])
        #expect(closeDelimited.body == body)
        #expect(closeDelimited.failure == nil)
        let continued = Self.read([Array("HTTP/1.1 100 Continue\r\n\r\n".utf8) + whole])
        #expect(continued.body == body)
    }

    @Test func aGzipBodyIsUndoneAndItsSizeCountedAfterwards() {
        let response = Self.read(
            [Self.head("Content-Encoding: gzip\r\nContent-Length: \(Self.gzip9.count)\r\n") + Self.gzip9], closed: false
        )
        #expect(response.body == Self.text)
        #expect(response.header("Content-Encoding") == "gzip")
        let small = Self.read(
            [Self.head("Content-Encoding: gzip\r\nContent-Length: \(Self.gzip9.count)\r\n") + Self.gzip9], limit: 100)
        #expect(small.truncated)
        #expect(small.body.count == 101)
    }

    @Test func aCompressionBombKeepsAtMostTheLimitAndItsCompressedBound() {
        // 5 MB of spaces from 33 KB on the wire: the reader keeps the compressed bytes up to the limit and
        // 64 KiB, and produces the limit and one byte.
        let bomb = Self.bomb(matches: 20_000)
        let response = Self.read(
            [Self.head("Content-Encoding: deflate\r\nContent-Length: \(bomb.count)\r\n"), bomb], limit: 1 << 20,
            closed: false)
        #expect(response.failure == nil)
        #expect(response.truncated)
        #expect(response.body.count == (1 << 20) + 1)
    }

    @Test func anEndlessBodyIsReadOnlyToTheLimitAndOneByte() {
        var reader = HTTPResponseReader(url: "http://127.0.0.1/x", sizeLimit: 1 << 20)
        reader.consume(Self.head(""))
        var fed = 0
        let chunk = [UInt8](repeating: 0x20, count: 65_536)
        while reader.consume(chunk) { fed += chunk.count }
        #expect(fed <= (1 << 20) + 1)
        let response = reader.response(connectionClosed: false)
        #expect(response.truncated)
        #expect(response.body.count == (1 << 20) + 1)
        #expect(response.failure == nil)
    }

    @Test(arguments: [
        ("X: a\r\n", "the response header is larger than 64 KiB"),
        ("X-Filler: " + String(repeating: "a", count: 1_000) + "\r\n", "the response header is larger than 64 KiB"),
    ])
    func aHeaderThatNeverEndsIsABadResponseAtItsBound(_ line: String, _ message: String) {
        // Short fields without end: read in one pass, refused once they pass 64 KiB (each field was once handled
        // in time growing with the fields before it).
        var reader = HTTPResponseReader(url: "http://127.0.0.1/x", sizeLimit: 1 << 20)
        let chunk = Array(("HTTP/1.1 200 OK\r\n" + String(repeating: line, count: 200)).utf8)
        var fed = 0
        while reader.consume(chunk) { fed += chunk.count }
        #expect(fed <= HTTPResponseReader.maximumHeaderSize)
        let response = reader.response(connectionClosed: false)
        #expect(response.failure == .badResponse)
        #expect(response.failureDetail?.contains(message) == true)
        #expect(response.status == nil)
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n", "the Content-Encoding br is not one the request accepted"),
        ("HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n", "the Content-Length x is not a number"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "a chunk size that is not a hexadecimal"),
        ("HTTP/1.1 200 OK\r\nno colon\r\n\r\n", "a header field that is not NAME: VALUE"),
        ("SSH-2.0-OpenSSH\r\n\r\n", "the status line is not HTTP/1.x"),
        // Found by the fetch fuzz target in CI: a status below 100 was read as the response's status.
        ("HTTP/1.1 010 Continue\r\n\r\nHTTP/1.1 200 OK\r\nConetnt-]", "the status code 010 is not 100 to 999"),
        ("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc", "cannot be undone"),
        // Found by the fetch fuzz target in CI: a signed chunk size (`-3`) was read as a negative length and
        // trapped; a signed Content-Length was taken as a number.
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-3;x\r\nabc\r\n0\r\n\r\n", "not a hexadecimal"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+3\r\nabc\r\n0\r\n\r\n", "not a hexadecimal"),
        ("HTTP/1.1 200 OK\r\nContent-Length: +3\r\n\r\nabc", "the Content-Length +3 is not a number"),
        ("HTTP/1.1 200 OK\r\nContent-Length: -0\r\n\r\n", "the Content-Length -0 is not a number"),
    ])
    func malformedResponsesAreBadResponses(_ text: String, _ message: String) {
        let response = Self.read([Array(text.utf8)], closed: true)
        #expect(response.failure == .badResponse)
        #expect(response.failureDetail?.contains(message) == true, "\(response.failureDetail ?? "no detail")")
    }

    @Test func aBodyCutShortIsAConnectionLostWithWhatArrived() {
        let response = Self.read([Self.head("Content-Length: 10\r\n") + Array("abc".utf8)], closed: true)
        #expect(response.failure == .connectionLost)
        #expect(response.status == 200)
        #expect(response.body == Array("abc".utf8))
        #expect(Self.read([Array("HTTP/1.1 2".utf8)], closed: true).failure == .connectionLost)
    }
}
