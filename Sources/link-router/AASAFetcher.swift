import Foundation
import LinkRouter

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` transport behind `link-router aasa fetch`: one GET the way iOS fetches an
/// apple-app-site-association file. Redirects are not followed, reading stops one byte past the size limit,
/// and when the calling task is cancelled (``AASAFetchChecker/fetch(_:transport:clock:)``'s deadline) it
/// returns at once with what had arrived and cancels the transfer; data that still comes is dropped.
///
/// Failures are described in our own words (``failure(_:)``), never with the platform's localized text.
struct AASAFetcher: AASAFetchTransport {
    func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
        // Plain http (loopback bases only): this package's own bounded client, which IPv6 literals reach too.
        if request.url.prefix(7).lowercased() == "http://" {
            return await PlainHTTPFetcher().response(for: request)
        }
        guard let target = URL(string: request.url), target.host != nil else {
            return .failed(url: request.url, .other, detail: "not a valid URL")
        }
        // The checker enforces the deadline; these only stop a transfer that outlives it for some reason.
        let backstop = AASAFetchChecker.seconds(request.timeout) + 5
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let delegate = FetchDelegate(url: request.url, limit: request.sizeLimit)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        var urlRequest = URLRequest(
            url: target, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: backstop)
        for (name, value) in request.headerFields.sorted(by: { $0.key < $1.key }) {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let task = session.dataTask(with: urlRequest)
        let response = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if delegate.start(continuation) { task.resume() }
            }
        } onCancel: {
            delegate.finish(error: nil)
            // FoundationNetworking may wait for its own busy queue (a flood of header fields): never in the caller.
            DispatchQueue.global().async { task.cancel() }
        }
        DispatchQueue.global().async { session.invalidateAndCancel() }
        return response
    }

    /// The transport failure an error means, with our own words for the detail.
    ///
    /// FoundationNetworking (libcurl) reports some failures as `unknown` with curl's English text: a TLS
    /// failure, a header that never ends, a body cut short. The text is only matched, never shown.
    static func failure(_ error: any Error) -> (AASAFetchResponse.TransportFailure, String?) {
        guard let error = error as? URLError else { return (.other, nil) }
        switch error.code {
        case .timedOut:
            return (.timedOut, nil)
        case .cannotFindHost, .dnsLookupFailed:
            return (.hostNotFound, nil)
        case .cannotConnectToHost, .notConnectedToInternet:
            return (.cannotConnect, nil)
        case .networkConnectionLost:
            return (.connectionLost, nil)
        case .serverCertificateHasBadDate:
            return (.secureConnectionFailed, "the certificate has expired or is not valid yet")
        case .serverCertificateNotYetValid:
            return (.secureConnectionFailed, "the certificate is not valid yet")
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
            return (.secureConnectionFailed, "the certificate is not trusted")
        case .clientCertificateRejected, .clientCertificateRequired:
            return (.secureConnectionFailed, "the server asks for a client certificate")
        case .secureConnectionFailed:
            return (.secureConnectionFailed, nil)
        case .badServerResponse, .cannotParseResponse:
            return (.badResponse, nil)
        case .zeroByteResource:
            return (.connectionLost, nil)
        case .redirectToNonExistentLocation, .httpTooManyRedirects:
            return (.other, "a redirect could not be followed")
        case .unsupportedURL, .badURL:
            return (.other, "the URL is not supported")
        default:
            let text = (error.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? "").lowercased()
            if text.contains("response header") || text.contains("header size") {
                return (.badResponse, "the response header is larger than the client accepts: it never ends")
            }
            if text.contains("transfer closed") || text.contains("partial file") {
                return (.connectionLost, nil)
            }
            if ["ssl", "tls", "certificate"].contains(where: text.contains) {
                return (.secureConnectionFailed, nil)
            }
            return (.other, "URLError code \(error.code.rawValue)")
        }
    }
}

/// The session delegate behind ``AASAFetcher``: records the response, refuses redirects, cuts the body
/// past the limit, and resumes the waiting task exactly once, when the task completes or is cancelled
/// (``finish(error:)``); after that it drops whatever still arrives. Its state is guarded by a lock (the
/// session calls it on its own queue).
private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var state: AASAFetchResponse
    private var continuation: CheckedContinuation<AASAFetchResponse, Never>?
    private var finished = false

    init(url: String, limit: Int) {
        self.limit = limit
        state = AASAFetchResponse(url: url)
    }

    /// Keeps `continuation` for ``finish(error:)``; returns false (resuming it at once) when the fetch was
    /// already cancelled.
    func start(_ continuation: CheckedContinuation<AASAFetchResponse, Never>) -> Bool {
        let result: AASAFetchResponse? = lock.withLock {
            guard finished else {
                self.continuation = continuation
                return nil
            }
            return state
        }
        guard let result else { return true }
        continuation.resume(returning: result)
        return false
    }

    /// Ends the fetch: records `error` and resumes the waiting task with the response, once.
    func finish(error: (any Error)?) {
        let (continuation, response) = lock.withLock {
            () -> (CheckedContinuation<AASAFetchResponse, Never>?, AASAFetchResponse) in
            guard !finished else { return (nil, state) }
            finished = true
            if let error, !state.truncated {
                let (failure, detail) = AASAFetcher.failure(error)
                state.failure = failure
                state.failureDetail = detail
            }
            let continuation = self.continuation
            self.continuation = nil
            return (continuation, state)
        }
        continuation?.resume(returning: response)
    }

    private func record(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse else { return }
        state.status = http.statusCode
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        state.headers = headers
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        lock.withLock {
            guard !finished else { return }
            record(response)
            state.redirectTarget = request.url?.absoluteString
        }
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let finished = lock.withLock { () -> Bool in
            if !self.finished { record(response) }
            return self.finished
        }
        completionHandler(finished ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let stop = lock.withLock { () -> Bool in
            guard !finished, !state.truncated else { return true }
            state.body += data.prefix(limit + 1 - state.body.count)
            if state.body.count > limit { state.truncated = true }
            return state.truncated
        }
        if stop {
            // Resume the waiting task first: FoundationNetworking's `cancel()` may wait for the session's own
            // queues, and the fetch must end at the size limit whatever the cancellation does.
            finish(error: nil)
            DispatchQueue.global().async { dataTask.cancel() }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(error: error)
    }
}
