/// The exit statuses every command of the package uses.
///
/// `0` success; `1` the command ran and its check found something (lint errors, coverage gaps, changes);
/// `2` the command could not do its job: bad usage, an unreadable file, invalid input or configuration.
package enum ExitStatus: Int32, Sendable {
    /// The command did its job (a `reject` decision or a `no_match` is a successful answer).
    case success = 0
    /// The check found problems.
    case findings = 1
    /// Bad usage, an unreadable file, or invalid input.
    case failure = 2

    /// What the status means for every command, for the EXIT STATUS section of `--help`: written once here;
    /// a command adds only what is its own (``ExitStatusText``).
    package var meaning: String {
        switch self {
        case .success: return "success"
        case .findings: return "the check found problems"
        case .failure: return "bad usage, an unreadable file, or invalid input"
        }
    }
}

/// Why a command stops early, with the exit status it means.
///
/// Thrown by argument parsing, input reading and commands; ``CommandLineProgram`` prints ``message`` on one line of
/// standard error and exits with ``status``. Every kind exits 2.
package struct CommandFailure: Error, Sendable, Equatable {
    private enum Kind: Sendable, Equatable {
        case usage
        case input
        case diagnostic
    }

    private let kind: Kind
    /// The one-line message, without the program prefix.
    package let message: String

    private init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The exit status: always ``ExitStatus/failure``.
    package var status: ExitStatus { .failure }

    /// Whether the message is printed with a hint to read `--help` (usage errors).
    package var suggestsHelp: Bool { kind == .usage }

    /// Whether the message is printed as it is, without the `program command:` prefix: a compiler-style
    /// `FILE:LINE:COLUMN: message` diagnostic that editors can jump to.
    package var isBareDiagnostic: Bool { kind == .diagnostic }

    /// Bad usage: unknown option, missing argument, invalid option value (exit 2, with a `--help` hint).
    package static func usage(_ message: String) -> Self {
        Self(.usage, message)
    }

    /// An unreadable file or invalid input or configuration (exit 2). Name the file and, where there is one,
    /// the location.
    package static func input(_ message: String) -> Self {
        Self(.input, message)
    }

    /// A located diagnostic printed as it is (`FILE:LINE:COLUMN: message`, exit 2).
    package static func diagnostic(_ message: String) -> Self {
        Self(.diagnostic, message)
    }
}
