import RichMediaKitSupport

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writing to standard output and standard error, and escaping untrusted text for a terminal.
package enum Console {
    /// Writes `text` and a newline to standard output.
    package static func out(_ text: String) {
        write(Array((text + "\n").utf8), to: 1)
    }

    /// Writes `text` and a newline to standard error.
    package static func error(_ text: String) {
        write(Array((text + "\n").utf8), to: 2)
    }

    /// Writes `bytes` to standard output as they are.
    package static func out(bytes: [UInt8]) {
        write(bytes, to: 1)
    }

    /// Writes all of `bytes` to a file descriptor, retrying short and interrupted writes.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// `text` with control characters shown as `\u{XX}`: ``TerminalText/visible(_:)``, the package's one copy of
    /// that escaping (the libraries' text renderings use it too, so the commands print what they return).
    package static func visible(_ text: String) -> String {
        TerminalText.visible(text)
    }
}

/// `write(2)`, named apart from ``Console``'s own `write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
