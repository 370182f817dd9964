import Foundation
import TestSupport
import Testing

/// No two names of the package, and no two of its files, are equal ignoring case (issue 26).
///
/// macOS's default file system (APFS) and Windows' are case-insensitive, and SwiftPM keeps a build folder and module
/// files per target and product by name: a library `LinkRouter` beside a command `linkrouter` collides there, and
/// so does a checkout holding `Docs/LinkRouter.md` beside `Docs/linkrouter.md`. CI runs on Linux, whose disks
/// tell the two apart, so these suites are what notices.
@Suite struct PackageNamesTests {
    /// One name the manifest declares.
    struct Declared: Hashable, CustomStringConvertible {
        /// `product`, `target` or `module`.
        var kind: String
        /// The name as written (for a module: the target's name as a Swift identifier).
        var name: String

        var description: String { "\(kind) \(name)" }
    }

    /// The products, targets and modules declared by `manifest` (the text of a `Package.swift`).
    ///
    /// A target's module is its name with every character that cannot be in a Swift identifier replaced by `_`, as
    /// SwiftPM names it (`link-router` builds the module `link_router`).
    static func declaredNames(in manifest: String) -> [Declared] {
        let pattern = #"\.(library|executable|target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)""#
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = manifest as NSString
        return regex.matches(in: manifest, range: NSRange(location: 0, length: text.length)).flatMap {
            match -> [Declared] in
            let call = text.substring(with: match.range(at: 1))
            let name = text.substring(with: match.range(at: 2))
            if call == "library" || call == "executable" { return [Declared(kind: "product", name: name)] }
            let module = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            return [Declared(kind: "target", name: name), Declared(kind: "module", name: module)]
        }
    }

    /// The groups of distinct names that are equal ignoring case: each must be empty. The same name declared as a
    /// product, its target and its module is one name, not a collision.
    static func collisions(among names: [String]) -> [[String]] {
        Dictionary(grouping: Set(names), by: { $0.lowercased() }).values
            .filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    static var manifest: String {
        get throws {
            try String(contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        }
    }

    @Test func noTwoProductsTargetsOrModulesAreEqualIgnoringCase() throws {
        let declared = Self.declaredNames(in: try Self.manifest)
        #expect(declared.count > 40, "read only \(declared.count) names: the manifest's shape changed")
        #expect(Self.collisions(among: declared.map(\.name)) == [])
    }

    /// The check finds the collision the package had before the command was renamed.
    @Test func theCheckFindsTheCollisionOfTheOldCommandName() {
        let before = """
            products: [
                .library(name: "LinkRouter", targets: ["LinkRouter"]),
                .executable(name: "linkrouter", targets: ["linkrouter"]),
            ],
            targets: [
                .target(name: "LinkRouter", dependencies: ["LinkRouting"]),
                .executableTarget(name: "linkrouter", dependencies: ["LinkRouter", "CommandLineToolkit"]),
            ]
            """
        #expect(Self.collisions(among: Self.declaredNames(in: before).map(\.name)) == [["LinkRouter", "linkrouter"]])
    }

    /// Module names count too: `link-router` and `Link_Router` are different targets with one module name.
    @Test func modulesDerivedFromTargetNamesAreCompared() {
        let manifest = #".executableTarget(name: "link-router"), .target(name: "Link_Router")"#
        let declared = Self.declaredNames(in: manifest)
        #expect(declared.contains(Declared(kind: "module", name: "link_router")))
        #expect(Self.collisions(among: declared.map(\.name)) == [["Link_Router", "link_router"]])
    }

    @Test func noTwoFilesOrFoldersOfTheRepositoryAreEqualIgnoringCase() throws {
        let root = PackagePaths.root
        let skipped: Set<String> = [".git", ".build", ".swiftpm"]
        var paths: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        while let path = enumerator.nextObject() as? String {
            let first = String(path.split(separator: "/").first ?? "")
            if skipped.contains(first) || first.hasPrefix(".build") {
                enumerator.skipDescendants()
                continue
            }
            paths.append(path)
        }
        #expect(paths.count > 200, "walked only \(paths.count) paths")
        #expect(Self.collisions(among: paths) == [])
    }
}
