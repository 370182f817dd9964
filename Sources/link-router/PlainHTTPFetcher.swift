import Foundation
import LinkRouter
import RichMediaKitSupport

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The transport of `http://` requests (the fetch commands accept plain http only for loopback bases:
/// 127.0.0.0/8, `[::1]`, `localhost`): one GET over a socket of this process, the response read by the library's
/// bounded reader (`HTTPResponseReader`: a 64 KiB header, the body stopped one byte past the limit, a `gzip` or
/// `deflate` body decompressed with a bound), so a server's bytes never go through a parser that has no bound.
///
/// The exchange runs on a thread of its own and polls the socket in short slices; when the calling task is
/// cancelled (the deadline) it stops within a slice, closes the connection and returns what had arrived.
struct PlainHTTPFetcher: AASAFetchTransport {
    /// How long one wait on the socket lasts before the exchange checks for cancellation.
    static let slice: Int32 = 20

    func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
        let stop = StopFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { continuation.resume(returning: Self.exchange(request, stop: stop)) }
                thread.start()
            }
        } onCancel: {
            stop.raise()
        }
    }

    /// The host (without IPv6 brackets), the port, the `Host` field and the request target of an `http://` URL.
    static func target(of url: String) -> (host: String, port: String, authority: String, path: String)? {
        guard let origin = URLParts.origin(of: url, userinfo: .report), origin.userinfo == nil,
            URLBytes.asciiLowercased(origin.scheme) == "http", !origin.host.isEmpty
        else { return nil }
        let host =
            origin.host.hasPrefix("[") && origin.host.hasSuffix("]")
            ? String(origin.host.dropFirst().dropLast()) : origin.host
        let authority = origin.host + (origin.port.map { ":" + $0 } ?? "")
        let afterScheme = url.drop { $0 != ":" }.dropFirst(3)
        var path = String(afterScheme.drop { $0 != "/" && $0 != "?" && $0 != "#" }.prefix { $0 != "#" })
        if path.isEmpty || path.hasPrefix("?") { path = "/" + path }
        let port = origin.port.flatMap { $0.isEmpty ? nil : $0 } ?? "80"
        return (host, port, authority, path)
    }

    /// The whole exchange, blocking: resolve, connect, send, read until the reader is done, the server closes or
    /// `stop` is raised.
    private static func exchange(_ request: AASAFetchRequest, stop: StopFlag) -> AASAFetchResponse {
        guard let target = target(of: request.url) else {
            return .failed(url: request.url, .other, detail: "not a valid http URL")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(target.host, target.port, &hints, &list) == 0, let first = list else {
            return .failed(url: request.url, .hostNotFound)
        }
        defer { freeaddrinfo(list) }
        var descriptor: Int32 = -1
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let candidate = address, descriptor < 0, !stop.isRaised {
            descriptor = connect(candidate.pointee, stop: stop)
            address = candidate.pointee.ai_next
        }
        guard descriptor >= 0 else {
            return stop.isRaised ? .failed(url: request.url, .timedOut) : .failed(url: request.url, .cannotConnect)
        }
        defer { close(descriptor) }
        var text = "GET \(target.path) HTTP/1.1\r\nHost: \(target.authority)\r\n"
        for (name, value) in request.headerFields.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "Accept: */*\r\nAccept-Encoding: gzip, deflate\r\nConnection: close\r\n\r\n"
        guard send(Array(text.utf8), on: descriptor, stop: stop) else {
            return .failed(url: request.url, stop.isRaised ? .timedOut : .connectionLost)
        }
        var reader = HTTPResponseReader(url: request.url, sizeLimit: request.sizeLimit)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while !reader.isDone, !stop.isRaised {
            guard wait(for: Int16(POLLIN), on: descriptor) else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return reader.response(connectionClosed: true)
            }
            if count == 0 { return reader.response(connectionClosed: true) }
            reader.consume(buffer[0..<count])
        }
        return reader.response(connectionClosed: false)
    }

    /// A non-blocking socket connected to `address`, or -1.
    private static func connect(_ address: addrinfo, stop: StopFlag) -> Int32 {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { return -1 }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if systemConnect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return descriptor }
        guard errno == EINPROGRESS else {
            close(descriptor)
            return -1
        }
        while !stop.isRaised {
            guard wait(for: Int16(POLLOUT), on: descriptor) else { continue }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { break }
            return descriptor
        }
        close(descriptor)
        return -1
    }

    /// Sends all of `bytes`; false when the connection fails or `stop` is raised first.
    private static func send(_ bytes: [UInt8], on descriptor: Int32, stop: StopFlag) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard !stop.isRaised else { return false }
            guard wait(for: Int16(POLLOUT), on: descriptor) else { continue }
            let sent = bytes.withUnsafeBytes { buffer in
                systemSend(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Waits one slice for `events` on the socket; whether they (or an error) came.
    private static func wait(for events: Int16, on descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        return poll(&entry, 1, slice) > 0
    }
}

/// `connect(2)`, named apart from ``PlainHTTPFetcher``'s own.
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}

/// `send(2)` without SIGPIPE, named apart from ``PlainHTTPFetcher``'s own.
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
        return send(descriptor, buffer, count, 0)
    #else
        return send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
    #endif
}

/// A flag raised once, from any thread (the cancellation of a fetch).
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }

    var isRaised: Bool { lock.withLock { raised } }
}
