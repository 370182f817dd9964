import Foundation
import LinkDeployment
import TestSupport
import Testing

@testable import link_router

/// The `URLSession` transport of `aasa fetch`, in this process: when the deadline passes it returns at once with
/// what had arrived and really stops the transfer (the server sees its client go away while this process goes
/// on), so a library caller that verifies many domains does not keep reading from servers it gave up on.
@Suite struct AASAFetcherTests {
    @Test func theDeadlineStopsTheTransferNotOnlyTheWait() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = await AASAFetchChecker.fetch(
            AASAFetchRequest(url: server.url("drip/.well-known/apple-app-site-association"), timeout: .seconds(3)),
            transport: AASAFetcher())
        #expect(response.failure == .timedOut)
        #expect(response.status == 200)
        #expect(response.body.count < 820)
        // The server answers once the dripping connection has lost its client (it waits up to 30 s for that: a
        // loaded machine once took more than 10).
        let ended = await AASAFetcher().response(
            for: AASAFetchRequest(url: server.url("wait-ended/1"), timeout: .seconds(40)))
        #expect(ended.status == 200)
        #expect(String(decoding: ended.body, as: UTF8.self) == "ended 1")
    }

    @Test func aFailureIsDescribedInOurOwnWords() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let refused = await AASAFetcher().response(
            for: AASAFetchRequest(url: "http://127.0.0.1:\(server.closedPort)/x"))
        #expect(refused.failure == .cannotConnect)
        #expect(refused.failureDetail == nil)
        let cut = await AASAFetcher().response(
            for: AASAFetchRequest(url: server.url("half-body/.well-known/apple-app-site-association")))
        #expect(cut.failure == .connectionLost)
        #expect(cut.status == 200)
        #expect(cut.body.count == 410)
        #expect(AASAFetcher.failure(URLError(.timedOut)) == (.timedOut, nil))
        #expect(AASAFetcher.failure(CocoaError(.fileNoSuchFile)) == (.other, nil))
    }
}
