/// Where a site's association file must sit in a repository so that the web server serves it where the platform
/// fetches it: Android's `https://HOST/.well-known/assetlinks.json`, Apple's
/// `https://HOST/.well-known/apple-app-site-association` (no `.json`). The one rule `aasa lint FILE` and
/// `assetlinks lint FILE` apply to the path they are given (package access).
///
/// Judged, because the server would serve the file elsewhere: a name that misspells the file's
/// (`assetslinks.json`, `assetlinks.json.txt`, `asset_links.json`, `apple-app-site-association.json`), a folder
/// that misspells `.well-known` (`.well_known`, `well-known`, `.wellknown`), and a web root's own folder (`public`,
/// `static`, `www`, `dist`, ...) holding the file without `.well-known/`. Any other folder (a repository's
/// `Docs/Examples/`, an app module) is not judged: nothing says the server serves it.
package enum SiteFilePaths {
    /// The file a path is checked as.
    package enum Kind: Sendable {
        /// `assetlinks.json` (Android).
        case assetLinks
        /// `apple-app-site-association` (Apple).
        case appleAppSiteAssociation

        /// The file's name on the server.
        package var name: String {
            switch self {
            case .assetLinks: "assetlinks.json"
            case .appleAppSiteAssociation: "apple-app-site-association"
            }
        }

        /// The platform that fetches it.
        var fetcher: String {
            switch self {
            case .assetLinks: "Android fetches"
            case .appleAppSiteAssociation: "Apple's CDN fetches"
            }
        }
    }

    /// The folders a web project serves as its site's root.
    static let webRoots: Set<String> = [
        "public", "static", "www", "wwwroot", "htdocs", "public_html", "dist", "build", "out", "site", "_site", "web",
    ]

    /// What is wrong with where `path` sits, and the path the file must have; nil when it is right or not judged
    /// (also for `-`, standard input).
    ///
    /// - Parameters:
    ///   - path: The file's path as given (`/` or `\` separated).
    ///   - kind: The file it is.
    /// - Returns: The message and the path it must have, or nil.
    /// - Complexity: O(*n*) in the length of `path`.
    package static func problem(_ path: String, kind: Kind) -> (message: String, expected: String)? {
        guard path != "-" else { return nil }
        var parts = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.map(String.init)
        guard let name = parts.popLast(), !name.isEmpty else { return nil }
        let folder = parts.last
        let stem = kind == .assetLinks ? ["assetlink", "assetslink"] : ["appleappsiteassociation"]
        let nameWrong = name != kind.name && stem.contains { normalized(name).contains($0) }
        let served: String?
        let base: [String]
        if let folder, folder != ".well-known", normalized(folder) == "wellknown" {
            served = "/\(folder)/\(name)"
            base = parts.dropLast() + [".well-known"]
        } else if let folder, webRoots.contains(folder.lowercased()) {
            served = "/\(name)"
            base = parts + [".well-known"]
        } else if folder == ".well-known" {
            served = nameWrong ? "/.well-known/\(name)" : nil
            base = parts
        } else {
            served = nil
            base = parts
        }
        guard served != nil || nameWrong else { return nil }
        let expected = (base + [kind.name]).joined(separator: "/")
        let wanted = "/.well-known/\(kind.name)"
        let message =
            served.map { "the server would serve '\(path)' at \($0), and \(kind.fetcher) \(wanted) only" }
            ?? "the file is named '\(name)', not '\(kind.name)': \(kind.fetcher) \(wanted) only"
        return (message, expected)
    }

    /// `text` in lower case with only its letters.
    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter })
    }
}
