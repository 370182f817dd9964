import FileLocations

/// What Apple's rules and the public registries say about a host an app claims in an Associated Domains entry
/// (`<service>:<fully qualified domain>`), beyond its spelling (package access; ``HostNames`` checks the spelling).
///
/// An entry's host must be a name that a public server can answer for over HTTPS, because Apple's CDN fetches the
/// site's file from it. Some hosts can never do that, and some can but should not ship:
///
/// | kind | severity | hosts |
/// | --- | --- | --- |
/// | ``Kind/ipAddress`` | error | an IPv4 address (WHATWG's rule: the last label is a number, `10.0.0.1`, `0x7f.1`) or an IPv6 one (`[::1]`, anything with a `:`) |
/// | ``Kind/singleLabel`` | error | one label, such as `localhost` or `intranet`: no public name |
/// | ``Kind/specialUse`` | error | RFC 6761's reserved names `.test`, `.invalid`, `.localhost`, `.example`, and the other special-use names no public server answers for: `.local` (RFC 6762, multicast DNS), `.onion` (RFC 7686), `.home.arpa` (RFC 8375), `.internal` (reserved by ICANN for private use, 2024) |
/// | ``Kind/documentation`` | warning | RFC 2606's documentation domains `example.com`, `example.net`, `example.org` and their subdomains |
/// | ``Kind/shutDownService`` | warning | hosts of services that no longer serve links: Firebase Dynamic Links' `*.page.link` and `*.app.goo.gl` (shut down on 2025-08-25) |
/// | ``Kind/developerTunnel`` | info | developer tunnel hosts (ngrok, localtunnel, Cloudflare quick tunnels, Microsoft dev tunnels, serveo, localhost.run, pinggy, Expo's tunnel): fine while developing, wrong in a build that ships |
/// | ``Kind/unverifiableService`` | warning | hosts of third-party services an app cannot publish a file on: payment and sign-in providers' own domains (any host under `stripe.com`, `paypal.com`, `accounts.google.com`'s `google.com`, ...), and hosting providers' shared domains themselves or a wildcard over one (`*.herokuapp.com`, `vercel.app`): see ``unverifiableServices`` |
///
/// Names are compared as ASCII case-insensitively, whole labels only (`notexample.com` is not `example.com`), and a
/// single trailing dot is ignored (`example.com.` is `example.com`).
package enum HostClaims {
    /// What a host is, when it is one of the kinds above.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An IP address, v4 or v6.
        case ipAddress = "ip-address"
        /// A single label, such as `localhost`.
        case singleLabel = "single-label"
        /// A special-use name that no public server answers for.
        case specialUse = "special-use"
        /// A documentation placeholder domain.
        case documentation
        /// The host of a service that was shut down.
        case shutDownService = "shut-down-service"
        /// A developer tunnel's host.
        case developerTunnel = "developer-tunnel"
        /// A host of a third-party service the app cannot publish a file on.
        case unverifiableService = "unverifiable-host"
    }

    /// How serious a kind is for a host an app claims: the package's one severity.
    package typealias Severity = FindingSeverity

    /// What was found about one host.
    package struct Finding: Sendable, Hashable {
        /// The kind.
        package var kind: Kind
        /// The suffix or name that decided it (`.test`, `page.link`, `ngrok-free.app`), or the host itself for an
        /// address or a single label.
        package var matched: String
        /// For a shut-down service or a tunnel: its name (`Firebase Dynamic Links`, `ngrok`).
        package var service: String?
        /// For ``Kind/unverifiableService``: whether `matched` is a hosting provider's shared domain (only the
        /// domain itself, or a wildcard over it on Android, is unverifiable; its subdomains are customers' sites).
        package var sharedHosting = false

        /// How serious it is.
        package var severity: Severity {
            switch kind {
            case .ipAddress, .singleLabel, .specialUse: .error
            case .documentation, .shutDownService, .unverifiableService: .warning
            case .developerTunnel: .info
            }
        }

        /// One sentence saying what the host is and why it matters.
        package var message: String {
            switch kind {
            case .ipAddress:
                "`\(matched)` is an IP address: an Associated Domains entry names a fully qualified domain, and Apple's CDN fetches the site's file from no address"
            case .singleLabel:
                "`\(matched)` is a single label: it is no public domain, so Apple's CDN can never fetch its file"
            case .specialUse:
                "`\(matched)` is a special-use name that no public server answers for, so Apple's CDN can never fetch its file"
            case .documentation:
                "`\(matched)` is a documentation placeholder domain (RFC 2606): no app's file is served there"
            case .shutDownService:
                "`\(matched)` belongs to \(service ?? "a service") that has shut down: its links no longer reach any app"
            case .developerTunnel:
                "`\(matched)` is a developer tunnel (\(service ?? "a tunnel")): it serves the file only while the tunnel runs"
            case .unverifiableService:
                "`\(matched)` belongs to \(service ?? "a third-party service"): the app cannot publish its own file there"
            }
        }
    }

    /// Special-use suffixes that no public server answers for, each a whole label sequence at the end of a name.
    static let specialUseSuffixes = [
        "test", "invalid", "localhost", "example", "local", "onion", "home.arpa", "internal",
    ]
    /// RFC 2606's second-level documentation domains.
    static let documentationDomains = ["example.com", "example.net", "example.org"]
    /// Shut-down services: the domain whose subdomains they served, and the service's name.
    static let shutDownServices: [(domain: String, service: String)] = [
        ("page.link", "Firebase Dynamic Links (shut down on 2025-08-25)"),
        ("app.goo.gl", "Firebase Dynamic Links (shut down on 2025-08-25)"),
    ]
    /// Developer tunnels: a domain whose subdomains they hand out, and the tunnel's name.
    static let developerTunnels: [(domain: String, service: String)] = [
        ("ngrok.io", "ngrok"), ("ngrok.app", "ngrok"), ("ngrok.dev", "ngrok"), ("ngrok-free.app", "ngrok"),
        ("ngrok-free.dev", "ngrok"), ("loca.lt", "localtunnel"), ("trycloudflare.com", "Cloudflare quick tunnel"),
        ("devtunnels.ms", "Microsoft dev tunnels"), ("serveo.net", "serveo"), ("serveousercontent.com", "serveo"),
        ("lhr.life", "localhost.run"), ("localhost.run", "localhost.run"), ("pinggy.link", "pinggy"),
        ("pinggy.online", "pinggy"), ("exp.direct", "Expo tunnel"),
    ]

    /// Third-party services whose hosts an app cannot publish `/.well-known/assetlinks.json` or
    /// `apple-app-site-association` on, so Android (and iOS) can never verify the app for them: the domain, the
    /// service's name, and whether only the domain itself (and a wildcard over it) is unverifiable.
    ///
    /// - Payment and sign-in providers (every host under the domain): the payment pages and OAuth endpoints an app
    ///   returns from are the provider's own, and return to the app through a URL of the app's own domain or a
    ///   custom scheme (Stripe: "return_url", docs.stripe.com/payments/payment-methods#redirects; Google Identity:
    ///   developers.google.com/identity/protocols/oauth2/native-app, "redirect URI"; Sign in with Apple, Facebook
    ///   Login, Microsoft identity platform, GitHub and PayPal document the same). Auth0 (`*.auth0.com`) and the link
    ///   services (Branch's `*.app.link`, AppsFlyer's `*.onelink.me`) are left out: they serve a file for the app.
    /// - Hosting providers' shared domains (the domain itself only, also as `*.domain`): a site at
    ///   `myapp.herokuapp.com` serves its own file, but `herokuapp.com` (where `*.herokuapp.com` is verified) is the
    ///   provider's. Each is in the private section of the Public Suffix List
    ///   (publicsuffix.org/list/public_suffix_list.dat, "===BEGIN PRIVATE DOMAINS===").
    static let unverifiableServices: [(domain: String, service: String, sharedOnly: Bool)] =
        [
            ("stripe.com", "Stripe (payments)"), ("paypal.com", "PayPal (payments)"),
            ("razorpay.com", "Razorpay (payments)"), ("adyen.com", "Adyen (payments)"),
            ("braintreegateway.com", "Braintree (payments)"), ("klarna.com", "Klarna (payments)"),
            ("mollie.com", "Mollie (payments)"), ("google.com", "Google (sign-in)"),
            ("facebook.com", "Facebook (sign-in)"), ("apple.com", "Apple (sign-in)"),
            ("microsoftonline.com", "Microsoft (sign-in)"), ("live.com", "Microsoft (sign-in)"),
            ("github.com", "GitHub (sign-in)"), ("twitter.com", "X (sign-in)"), ("x.com", "X (sign-in)"),
            ("linkedin.com", "LinkedIn (sign-in)"),
        ].map { ($0.0, $0.1, false) }
        + [
            ("herokuapp.com", "Heroku"), ("vercel.app", "Vercel"), ("netlify.app", "Netlify"),
            ("github.io", "GitHub Pages"), ("gitlab.io", "GitLab Pages"), ("pages.dev", "Cloudflare Pages"),
            ("web.app", "Firebase Hosting"), ("firebaseapp.com", "Firebase Hosting"),
            ("appspot.com", "Google App Engine"), ("azurewebsites.net", "Azure App Service"),
            ("cloudfront.net", "Amazon CloudFront"), ("onrender.com", "Render"), ("fly.dev", "Fly.io"),
            ("glitch.me", "Glitch"), ("surge.sh", "Surge"), ("blogspot.com", "Blogger"),
        ].map { ($0.0, "the shared domain of \($0.1) (hosting)", true) }

    /// What `host` is, or nil for an ordinary public name.
    ///
    /// - Parameter host: The host of an entry: no service, no `*.` wildcard, no port, no `?mode=`. (A wildcard
    ///   `*.base` is asked about as `base`: its file is `base`'s.)
    /// - Returns: The first kind that applies, in the order of the table above.
    /// - Complexity: O(*n*) in the length of `host`, times the number of names in the lists above.
    package static func finding(for host: some StringProtocol) -> Finding? {
        var name = URLBytes.asciiLowercased(host)
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        if name.hasPrefix("[") || name.contains(":") { return Finding(kind: .ipAddress, matched: String(host)) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if let last = labels.last, isNumber(last) { return Finding(kind: .ipAddress, matched: String(host)) }
        if labels.count == 1 { return Finding(kind: .singleLabel, matched: String(host)) }
        if let suffix = specialUseSuffixes.first(where: { name.hasLabelSuffix($0) }) {
            return Finding(kind: .specialUse, matched: "." + suffix)
        }
        if let domain = documentationDomains.first(where: { name.hasLabelSuffix($0) }) {
            return Finding(kind: .documentation, matched: domain)
        }
        if let entry = shutDownServices.first(where: { name.hasLabelSuffix($0.domain) }) {
            return Finding(kind: .shutDownService, matched: entry.domain, service: entry.service)
        }
        if let entry = developerTunnels.first(where: { name.hasLabelSuffix($0.domain) }) {
            return Finding(kind: .developerTunnel, matched: entry.domain, service: entry.service)
        }
        if let entry = unverifiableServices.first(where: {
            $0.sharedOnly ? name == $0.domain : name.hasLabelSuffix($0.domain)
        }) {
            return Finding(
                kind: .unverifiableService, matched: entry.domain, service: entry.service,
                sharedHosting: entry.sharedOnly)
        }
        return nil
    }

    /// WHATWG URL's "ends in a number": decimal digits, or `0x`/`0X` and hexadecimal digits (or nothing).
    static func isNumber(_ label: Substring) -> Bool {
        guard !label.isEmpty else { return false }
        if label.utf8.allSatisfy(URLBytes.isDigit) { return true }
        let bytes = Array(label.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "0"), bytes[1] | 0x20 == UInt8(ascii: "x") else {
            return false
        }
        return bytes.dropFirst(2).allSatisfy { URLBytes.hexValue($0) != nil }
    }
}

extension String {
    /// Whether the string is `suffix` or ends with `.` + `suffix` (whole labels).
    fileprivate func hasLabelSuffix(_ suffix: String) -> Bool {
        self == suffix || hasSuffix("." + suffix)
    }
}
