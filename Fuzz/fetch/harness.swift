// libFuzzer harness: what a server sends, as the plain-HTTP transport of the fetch commands reads it. The first byte
// picks how the rest is cut into the reads of a connection (1 to 256 bytes each, or one read) and whether the
// server then closes the connection; the rest is the response. A second mode (first byte odd) feeds the rest
// straight to the decompressor. Every check below is an invariant of the library: breaking one traps, which
// libFuzzer reports as a crash; a reader or decompressor that grows past its bounds trips -malloc_limit_mb and
// -rss_limit_mb, and one that is quadratic trips -timeout on the large seeds (Fuzz/run.sh).

@testable import LinkDeployment

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

/// A small limit, so that the fuzzer reaches it.
private let limit = 4_096

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFetch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes[1...])
    if mode & 1 == 1 {
        for format in [Inflater.Format.gzip, .deflate] {
            guard let result = try? Inflater.inflate(rest, format: format, limit: limit) else { continue }
            check(result.output.count <= limit + 1, "produced past the limit")
            check(result.truncated == (result.output.count == limit + 1), "truncated without reaching the limit")
            check(result.consumed <= rest.count, "read past the input")
        }
        return 0
    }
    let step = Int(mode >> 2) + 1
    let closes = mode & 2 == 2
    var reader = HTTPResponseReader(url: "http://127.0.0.1/x", sizeLimit: limit)
    var index = 0
    var fed = 0
    while index < rest.count, !reader.isDone {
        let end = mode >> 2 == 63 ? rest.count : min(rest.count, index + step)
        reader.consume(rest[index..<end])
        fed += end - index
        index = end
    }
    let response = reader.response(connectionClosed: closes)
    check(response.body.count <= limit + 1, "a body past the limit")
    check(!response.truncated || response.body.count == limit + 1 || response.failure == nil, "truncated and failed")
    check(response.status.map { (100..<1000).contains($0) } ?? true, "a status of \(response.status ?? 0)")
    if response.failure == .badResponse { check(response.failureDetail != nil, "a bad response without a reason") }
    if response.status == nil { check(response.body.isEmpty, "a body without a status line") }
    check(fed <= rest.count, "read past the input")
    return 0
}
