/// The URL schemes the package treats specially: the one list of each, lowercase.
package enum URLSchemes {
    /// Schemes that are never opened, even if a routes file lists them: the router rejects them
    /// (`forbidden-scheme`), and a routes file may not own or hand them on.
    package static let forbidden = ["javascript", "data", "file", "vbscript", "blob", "about"]

    /// The web schemes: an https link is a universal link, an http link always opens in the browser.
    package static let web = ["http", "https"]

    /// Schemes the system keeps for itself: an app that declares one in its Info.plist's `CFBundleURLSchemes`
    /// never receives its URLs (the web schemes go to Safari or, as universal links, to the app that claims the
    /// host; the others to Apple's own apps; `file` is the system's).
    ///
    /// Apple's documentation: "If your URL type includes a scheme that is identical to one defined by Apple, the
    /// Apple-provided app is launched instead of your app" (App Programming Guide for iOS, "Inter-App
    /// Communication", archived); "Apple supports common schemes associated with system apps, such as mailto, tel,
    /// sms, and facetime" ("Defining a custom URL scheme for your app",
    /// https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app); the schemes
    /// Apple's apps define are listed in the "Apple URL Scheme Reference"
    /// (https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/): `mailto`, `tel`,
    /// `sms`, `facetime`, `facetime-audio`, `maps`, and the iTunes and App Store links (`itms`, `itms-apps`,
    /// `itms-services` for enterprise installs); `music`, `shortcuts` and `prefs` are the Music, Shortcuts and
    /// Settings apps' own.
    package static let keptBySystem =
        web + [
            "mailto", "tel", "sms", "facetime", "facetime-audio", "maps", "itms", "itms-apps", "itms-services",
            "music", "shortcuts", "prefs", "file",
        ]

    /// Schemes a routes file can neither own (`schemes`) nor hand to the system (`externalSchemes`).
    package static let reserved = web + forbidden

    /// Whether `scheme` is a scheme name (RFC 3986 §3.1): an ASCII letter, then letters, digits, `+`, `-` and `.`.
    ///
    /// - Parameter scheme: The text before a URL's first `:`.
    /// - Returns: Whether it is a scheme.
    package static func isSchemeName(_ scheme: some StringProtocol) -> Bool {
        guard let first = scheme.utf8.first, URLBytes.isAlpha(first) else { return false }
        return scheme.utf8.allSatisfy {
            URLBytes.isAlpha($0) || URLBytes.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }
}
