/// The package's version: the one place that defines it (Docs/Versioning.md).
///
/// `link-router --version` and `mediaqueue --version` print it, and `VersionTests` keeps it equal to the newest
/// version section of `CHANGELOG.md`. Raise it together with that section when a version is cut.
package enum PackageVersion {
    /// The version, as semantic versioning spells it (`MAJOR.MINOR.PATCH`).
    package static let current = "0.2.0"
}
