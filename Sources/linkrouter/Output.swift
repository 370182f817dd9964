import LinkRouter
import RichMediaKitSupport

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writing to standard output and standard error.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String) {
        write(text + "\n", to: 1)
    }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        write(text + "\n", to: 2)
    }

    /// Writes all of `text` to a file descriptor, retrying short writes.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Darwin)
                    let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #elseif canImport(Glibc)
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let written = Musl.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// `text` with control characters shown as `\u{XX}`, so untrusted input cannot drive the terminal.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// A JSON value with ordered object keys, rendered deterministically (no Foundation encoder needed).
indirect enum JSONValue {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// `.string(text)` or `.null`.
    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// Compact JSON (`{"a": 1, "b": [true]}` with a space after `:` and `,`).
    var compact: String {
        switch self {
        case .string(let text): return Self.quoted(text)
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { Self.quoted($0.0) + ": " + $0.1.compact }.joined(separator: ", ") + "}"
        }
    }

    /// An array printed one element a line (elements compact); anything else compact.
    var lines: String {
        guard case .array(let items) = self, !items.isEmpty else { return compact }
        return "[\n" + items.map { "  " + $0.compact }.joined(separator: ",\n") + "\n]"
    }

    /// A JSON string literal (see `JSONQuoting.quoted(_:)` in LinkRouter).
    static func quoted(_ text: String) -> String {
        JSONQuoting.quoted(text)
    }
}

/// Reading an input file, or standard input for `-`, with a size limit.
enum InputFile {
    /// The name to show for `path` in messages (`<stdin>` for `-`).
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Reads all of `path` (`-`: standard input), refusing more than `limit` bytes.
    /// - Throws: ``CommandFailure/input(_:)`` naming the file and the problem (exit 2).
    static func read(_ path: String, limit: Int) throws(CommandFailure) -> [UInt8] {
        let name = displayName(path)
        let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .input("\(name): cannot read: \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .input("\(name): cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                throw .input("\(name): larger than the limit of \(limit) bytes")
            }
        }
        return bytes
    }
}

/// `read(2)`, named apart from ``InputFile/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
