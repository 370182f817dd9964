import Foundation
import LinkRouter

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP GET the way iOS fetches an apple-app-site-association file: redirects are not followed, the
/// whole request may take ``AASAFetchChecker/timeout``, and reading stops one byte past
/// ``AASAFetchChecker/sizeLimit``. The answer is a plain ``AASAFetchResponse`` for the library's rules.
enum AASAFetcher {
    /// Fetches `url` and waits for the answer (at most the timeout).
    static func fetch(_ url: String) -> AASAFetchResponse {
        guard let target = URL(string: url) else { return .failed(url: url, .other, detail: "not a valid URL") }
        let seconds = TimeInterval(AASAFetchChecker.timeout.components.seconds)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let delegate = FetchDelegate(url: url, limit: AASAFetchChecker.sizeLimit)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        var request = URLRequest(
            url: target, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: seconds)
        request.setValue("linkrouter (aasa fetch)", forHTTPHeaderField: "User-Agent")
        session.dataTask(with: request).resume()
        delegate.finished.wait()
        session.finishTasksAndInvalidate()
        return delegate.response
    }

    /// The transport failure an `URLError` means, with the system's words where they add something.
    ///
    /// On Linux, FoundationNetworking reports TLS failures (a certificate that does not verify, a server
    /// that does not speak TLS) as `unknown` with OpenSSL's message; those count as TLS failures too.
    static func failure(_ error: any Error) -> (AASAFetchResponse.TransportFailure, String?) {
        guard let error = error as? URLError else { return (.other, "\(error)") }
        let description = error.errorUserInfo[NSLocalizedDescriptionKey] as? String
        switch error.code {
        case .timedOut:
            return (.timedOut, nil)
        case .cannotFindHost, .dnsLookupFailed:
            return (.hostNotFound, nil)
        case .cannotConnectToHost, .notConnectedToInternet:
            return (.cannotConnect, nil)
        case .networkConnectionLost:
            return (.connectionLost, nil)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return (.secureConnectionFailed, description)
        default:
            let lowered = description?.lowercased() ?? ""
            if ["ssl", "tls", "certificate"].contains(where: lowered.contains) {
                return (.secureConnectionFailed, description)
            }
            return (.other, description ?? error.localizedDescription)
        }
    }
}

/// The session delegate behind ``AASAFetcher``: records the response, refuses redirects, cuts the body
/// past the limit, and signals ``finished`` when the task completes. Its state is guarded by a lock (the
/// session calls it on its own queue; the caller reads ``response`` after ``finished``).
private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let limit: Int
    private var state: AASAFetchResponse

    init(url: String, limit: Int) {
        self.limit = limit
        state = AASAFetchResponse(url: url)
    }

    /// The response as recorded; read it after ``finished`` was signalled.
    var response: AASAFetchResponse {
        lock.withLock { state }
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
            record(response)
            state.redirectTarget = request.url?.absoluteString
        }
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { record(response) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            guard !state.truncated else { return false }
            state.body += data.prefix(limit + 1 - state.body.count)
            if state.body.count > limit {
                state.truncated = true
                return true
            }
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock {
            if let error, !state.truncated {
                let (failure, detail) = AASAFetcher.failure(error)
                state.failure = failure
                state.failureDetail = detail
                state.status = nil
            }
        }
        finished.signal()
    }
}
