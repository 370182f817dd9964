#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Locating and reading the AASA test fixtures (`Tests/LinkRouterTests/Fixtures/AASA/`, shared by the AASA, coverage,
/// report and command suites, the guides and the snippets) and docs examples.
package enum AASAFixtures {
    /// The package root.
    package static var packageRoot: String { PackagePaths.root.path }

    /// The path of `Tests/LinkRouterTests/Fixtures/AASA/<name>`.
    package static func path(_ name: String) -> String {
        packageRoot + "/Tests/LinkRouterTests/Fixtures/AASA/" + name
    }

    /// Reads a whole file.
    package static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw FixtureError(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    package struct FixtureError: Error {
        package var path: String
    }
}
