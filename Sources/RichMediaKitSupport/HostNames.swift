/// The package's one rule for what a host name in an entitlement entry or a serving domain may hold (package
/// access): labels of letters, digits, `-` and non-ASCII bytes, separated by single dots, none empty.
///
/// Non-ASCII bytes pass here (the routers compare hosts as bytes); the entitlement lint reports them separately,
/// since iOS expects internationalized names in their punycode (`xn--`) form.
package enum HostNames {
    /// Why `host` is not a host name, or nil.
    ///
    /// - Parameter host: The host, without a port or a `*.` wildcard.
    /// - Returns: A message such as ``"`a..b` is not a host name (empty label)"``, or nil.
    /// - Complexity: O(*n*) in the length of `host`.
    package static func problem(_ host: some StringProtocol) -> String? {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, labels.allSatisfy({ !$0.isEmpty }) else {
            return "`\(host)` is not a host name (empty label)"
        }
        let valid = host.utf8.allSatisfy {
            URLBytes.isAlpha($0) || URLBytes.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                || $0 >= 0x80
        }
        return valid ? nil : "`\(host)` is not a host name (no ports, paths or wildcards inside)"
    }
}
