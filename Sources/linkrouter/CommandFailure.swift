/// Why a subcommand stops early, with the exit status it means.
///
/// Thrown by argument parsing, input reading and subcommands; `main.swift` prints ``message`` on one line of
/// standard error (prefixed with `linkrouter <subcommand>: `) and exits with ``exitCode``.
struct CommandFailure: Error {
    /// The one-line message.
    let message: String
    /// The exit status: 2 for usage and input problems, 1 for "the check found problems".
    let exitCode: Int32
    /// Whether to add the `--help` hint (usage errors).
    let isUsage: Bool

    /// Bad usage: unknown option, missing argument, ... (exit 2, with a `--help` hint).
    static func usage(_ message: String) -> Self {
        Self(message: message, exitCode: 2, isUsage: true)
    }

    /// An unreadable file or invalid input/configuration (exit 2).
    static func input(_ message: String) -> Self {
        Self(message: message, exitCode: 2, isUsage: false)
    }
}
