/// The URL schemes the package treats specially: the one list of each, lowercase.
package enum URLSchemes {
    /// Schemes that are never opened, even if a routes file lists them: the router rejects them
    /// (`forbidden-scheme`), and a routes file may not own or hand them on.
    package static let forbidden = ["javascript", "data", "file", "vbscript", "blob", "about"]

    /// The web schemes: an https link is a universal link, an http link always opens in the browser.
    package static let web = ["http", "https"]

    /// Schemes a routes file can neither own (`schemes`) nor hand to the system (`externalSchemes`).
    package static let reserved = web + forbidden
}
