import Foundation

/// Runs a built executable of the package (`link-router`, `mediaqueue`) for end-to-end tests, feeding standard
/// input and reading standard output and standard error concurrently, so a command that writes much to both
/// cannot block on a full pipe.
package struct ProcessRunner: Sendable {
    /// What a run printed and its exit status.
    package struct Result: Sendable {
        /// The exit status.
        package let status: Int32
        /// Standard output, decoded as UTF-8.
        package let stdout: String
        /// Standard error, decoded as UTF-8.
        package let stderr: String
    }

    /// The executable's name.
    package let name: String
    /// The package's root directory.
    package let packageRoot: URL

    /// - Parameter name: The executable's name, such as `link-router`.
    package init(_ name: String) {
        self.name = name
        self.packageRoot = PackagePaths.root
    }

    /// The built executable: beside the test bundle or the test runner (the build products directory), else
    /// `.build/debug`.
    package var executable: URL? {
        var directories: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                directories.append(directory)
                directory = directory.deletingLastPathComponent()
            }
        }
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        return directories.lazy.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the executable with `arguments` and `input` on standard input, in `directory` (default: the package
    /// root) and `environment` (default: this process's).
    ///
    /// With `dataLimit`, the executable runs under that limit of its data segment (`ulimit -d`, in bytes: Linux
    /// counts the heap and private memory against it), so a command that allocates past it fails, however briefly it
    /// does: a bound on memory measured in bytes, not a figure read afterwards. Not under a sanitizer (`LSAN_OPTIONS`
    /// set, as `.ci/run` does), whose shadow memory the limit would refuse.
    package func run(
        _ arguments: [String], input: String = "", in directory: URL? = nil, environment: [String: String]? = nil,
        dataLimit: Int? = nil
    ) throws -> Result {
        guard let executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) binary not found"])
        }
        let process = Process()
        if let dataLimit, ProcessInfo.processInfo.environment["LSAN_OPTIONS"] == nil {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -d \(dataLimit / 1024) && exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory ?? packageRoot
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = Drain(stdout.fileHandleForReading)
        let errors = Drain(stderr.fileHandleForReading)
        let writer = stdin.fileHandleForWriting
        let feeding = Thread {
            writer.write(Data(input.utf8))
            try? writer.close()
        }
        feeding.start()
        let out = output.wait()
        let err = errors.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class Drain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()  // Written by the thread before `done` is signalled, read after.

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
