import CommandLineToolkit
import Foundation
import LinkRouter

/// Loading the `--routes FILE` every routing subcommand takes (`-` reads standard input).
enum RoutesOption {
    /// The largest routes file accepted (the library's limit).
    static let sizeLimit = RouteTable.maximumFileSize

    /// Reads and checks the routes file.
    /// - Throws: ``CommandFailure/input(_:)`` with `FILE:line:column: message` for JSON syntax errors and
    ///   `FILE: /json/pointer: message` for everything else (exit 2).
    static func load(_ path: String) throws(CommandFailure) -> RouteTable {
        try loadWithBytes(path).table
    }

    /// Reads and checks the routes file, keeping its bytes (for source positions in annotations).
    /// - Throws: ``CommandFailure/input(_:)`` as ``load(_:)``.
    static func loadWithBytes(_ path: String) throws(CommandFailure) -> (table: RouteTable, bytes: [UInt8]) {
        try CommandFailure.reading { () throws(LinkProjectError) in try AppFilesOption.reader.routes(path) }
    }

    /// `file:line:column: message` or `file: location: message`.
    static func describe(_ error: RouteConfigurationError, file: String) -> String {
        ProjectInputReader.failure(error, file: file).description
    }
}
