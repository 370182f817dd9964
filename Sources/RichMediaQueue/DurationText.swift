/// Formats queue times as seconds without trailing noise: `0`, `1`, `1.5`, `0.25` (package access: shared by
/// `QueueEvent`'s description and `mediaqueue`'s output; it lives here so the queue needs no other module).
package enum DurationText {
    /// The duration as a decimal number of seconds, with only the significant fractional digits.
    ///
    /// - Parameter duration: A non-negative duration.
    /// - Returns: For example `"1.5"`.
    package static func number(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return String(seconds) }
        var digits = String(attoseconds)
        digits = String(repeating: "0", count: max(0, 18 - digits.count)) + digits
        while digits.last == "0" { digits.removeLast() }
        return "\(seconds).\(digits)"
    }

    /// The duration as seconds with an `s` suffix, for human-readable output: `1.5s`.
    ///
    /// - Parameter duration: A non-negative duration.
    /// - Returns: For example `"1.5s"`.
    package static func seconds(_ duration: Duration) -> String {
        number(duration) + "s"
    }
}
