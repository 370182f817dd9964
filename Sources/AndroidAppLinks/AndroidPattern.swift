/// A pattern of `android.os.PatternMatcher`, matched as Android matches it: on UTF-16 code units, case-sensitively.
///
/// The kinds are the `<data>` path attributes (and the query and fragment attributes of a relative filter group):
/// `path` (``Kind-swift.enum/literal``), `pathPrefix`, `pathSuffix`, `pathPattern` (``Kind-swift.enum/glob``) and
/// `pathAdvancedPattern` (``Kind-swift.enum/advanced``).
///
/// **The glob** (`pathPattern`, `PatternMatcher.matchGlobPattern`): `.` matches any one character; `X*` matches zero
/// or more of `X`, greedily and without backtracking; `.*` skips to the *first* occurrence of the pattern's next
/// character and never backtracks; `\` escapes the next character. Android's quirks are reproduced: `/p/.*/details`
/// does not match `/p/a/b/details`; `\.` not followed by `*` still matches any character; a pattern ending in
/// `X*` fails when the input ends where `X*` begins (`/a*` does not match `/`), except a final `.*`.
///
/// **The advanced pattern** (`pathAdvancedPattern`, API 31): literals, `.`, sets `[a-z]` and `[^...]`, each
/// optionally followed by `*`, `+`, `{n}`, `{n,}` or `{n,m}`; every token takes as many characters as it can with
/// no backtracking, and the whole input must be consumed. Malformed patterns throw, as Android rejects them.
///
/// - Complexity: Matching is O(*n* + *m*) for a glob and O(*n* · *s*) for an advanced pattern whose largest set has
///   *s* ranges.
public struct AndroidPattern: Sendable, Hashable, CustomStringConvertible {
    /// The kind of pattern: which `<data>` attribute it comes from.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `path`: the whole input equals the pattern.
        case literal
        /// `pathPrefix`: the input starts with the pattern (a plain string prefix).
        case prefix
        /// `pathPattern`: Android's simple glob.
        case glob
        /// `pathAdvancedPattern` (API 31): Android's advanced glob.
        case advanced
        /// `pathSuffix` (API 31): the input ends with the pattern.
        case suffix

        /// The attribute suffix: `""`, `Prefix`, `Pattern`, `AdvancedPattern` or `Suffix` (as in `pathPrefix`).
        public var attributeSuffix: String {
            switch self {
            case .literal: return ""
            case .prefix: return "Prefix"
            case .glob: return "Pattern"
            case .advanced: return "AdvancedPattern"
            case .suffix: return "Suffix"
            }
        }
    }

    /// The kind.
    public let kind: Kind
    /// The pattern as Android receives it (after the resource compiler's escapes).
    public let pattern: String
    private let units: [UInt16]
    private let parsed: [Int32]

    /// Creates a pattern.
    ///
    /// - Parameters:
    ///   - kind: The kind.
    ///   - pattern: The pattern, as Android receives it.
    /// - Throws: ``AndroidPatternError`` for an advanced pattern Android rejects.
    public init(_ kind: Kind, _ pattern: String) throws(AndroidPatternError) {
        // The units once, and nothing of `self` stored before the parser may throw: with `self.units` stored first,
        // Swift 6.3.1's optimizer freed the array's buffer before filling it where this initializer was inlined
        // into a throwing context (found by the android fuzz target under the address sanitizer).
        let units = Array(pattern.utf16)
        let parsed = kind == .advanced ? try AdvancedPatternParser.parse(units) : []
        self.kind = kind
        self.pattern = pattern
        self.units = units
        self.parsed = parsed
    }

    /// Whether the pattern matches `input`, exactly as `PatternMatcher.match` answers.
    ///
    /// - Parameter input: A decoded path, query parameter or fragment.
    /// - Returns: Whether it matches.
    public func matches(_ input: String) -> Bool {
        matches(units: Array(input.utf16))
    }

    /// ``matches(_:)`` on the input's UTF-16 units, for a caller that tries one input against many patterns.
    ///
    /// - Parameter text: The UTF-16 units of a decoded path, query parameter or fragment.
    /// - Returns: Whether it matches.
    package func matches(units text: [UInt16]) -> Bool {
        switch kind {
        case .literal: return text == units
        case .prefix: return text.starts(with: units)
        case .suffix: return text.count >= units.count && text.suffix(units.count).elementsEqual(units)
        case .glob: return Self.matchGlob(units, text)
        case .advanced: return AdvancedPatternParser.match(parsed, text)
        }
    }

    /// The units every input the pattern matches starts with (possibly none): a caller trying one input against
    /// many patterns can pass over a pattern whose prefix the input lacks without asking `matches(units:)`.
    ///
    /// The literal characters the pattern begins with: all of a `path`'s or `pathPrefix`'s, none of a
    /// `pathSuffix`'s, and those of a `pathPattern` or `pathAdvancedPattern` before its first wildcard, set,
    /// escape or repetition (less the character a repetition applies to).
    package var requiredPrefix: [UInt16] {
        switch kind {
        case .literal, .prefix: return units
        case .suffix: return []
        case .glob:
            let special = units.firstIndex { $0 == 0x2E || $0 == 0x2A || $0 == 0x5C } ?? units.count
            // `c*` is zero or more of `c`: the character before a `*` is not required.
            let required = special < units.count && units[special] == 0x2A ? special - 1 : special
            return Array(units[..<max(required, 0)])
        case .advanced:
            var prefix: [UInt16] = []
            var index = 0
            // Characters are themselves (non-negative) and tokens negative; a character a repetition applies to is
            // not required as it is.
            while index < parsed.count, parsed[index] >= 0,
                index + 1 >= parsed.count || !AdvancedPatternParser.isModifier(parsed[index + 1])
            {
                prefix.append(UInt16(parsed[index]))
                index += 1
            }
            return prefix
        }
    }

    /// `path="..."`, `pathPattern="..."`: the attribute and value.
    public var description: String { "path\(kind.attributeSuffix)=\"\(pattern)\"" }

    /// `PatternMatcher.matchGlobPattern`, step for step.
    static func matchGlob(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
        let patternCount = pattern.count
        guard patternCount > 0 else { return match.isEmpty }
        let matchCount = match.count
        let dot = UInt16(UInt8(ascii: "."))
        let star = UInt16(UInt8(ascii: "*"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        var ip = 0
        var im = 0
        var nextChar = pattern[0]
        func at(_ index: Int) -> UInt16 { index < patternCount ? pattern[index] : 0 }
        while ip < patternCount, im < matchCount {
            var c = nextChar
            ip += 1
            nextChar = at(ip)
            let escaped = c == backslash
            if escaped {
                c = nextChar
                ip += 1
                nextChar = at(ip)
            }
            if nextChar == star {
                if !escaped, c == dot {
                    if ip >= patternCount - 1 { return true }
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == backslash {
                        ip += 1
                        nextChar = at(ip)
                    }
                    repeat {
                        if match[im] == nextChar { break }
                        im += 1
                    } while im < matchCount
                    if im == matchCount { return false }
                    ip += 1
                    nextChar = at(ip)
                    im += 1
                } else {
                    repeat {
                        if match[im] != c { break }
                        im += 1
                    } while im < matchCount
                    ip += 1
                    nextChar = at(ip)
                }
            } else {
                if c != dot, match[im] != c { return false }
                im += 1
            }
        }
        if ip >= patternCount, im >= matchCount { return true }
        if ip == patternCount - 2, pattern[ip] == dot, pattern[ip + 1] == star { return true }
        return false
    }
}

/// Why Android rejects an advanced pattern (`pathAdvancedPattern`), and where.
public struct AndroidPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, such as `a modifier must follow a token`.
    public let message: String
    /// The 0-based offset of the offending character, in UTF-16 code units.
    public let offset: Int

    /// `message (at offset N)`.
    public var description: String { "\(message) (at offset \(offset))" }
}
