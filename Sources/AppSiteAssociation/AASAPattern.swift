import RichMediaKitSupport

/// A compiled AASA wildcard pattern (`/`, `?` or `#` value, a `?` item value, or a legacy path).
///
/// This is the representation other engines (the coverage/diff automata) consume. A pattern is a
/// sequence of ``Element``s matched against the **bytes** of a URL part, anchored at both ends:
///
/// - ``Element/byte(_:)``: exactly that byte. Only emitted for case-sensitive patterns or bytes
///   that are not ASCII letters; with `caseSensitive: false` a letter becomes a `byteClass`
///   holding both cases.
/// - ``Element/anyCharacter``: AASA `?`, exactly one **Unicode scalar** in UTF-8 (1 to 4 bytes).
///   Percent-encoded parts are ASCII (LinkRouter percent-encodes raw non-ASCII bytes of a URL
///   before matching), so there it is exactly one byte (`%` counts as one); in percent-decoded
///   parts (`percentEncoded: false`) it is one scalar, e.g. `é`.
/// - ``Element/anyRun``: AASA `*`, any run of bytes, including the empty run and `/`.
/// - ``Element/byteClass(_:)``: one byte from the set; the built-in variables `$(alpha)`,
///   `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)`, `$(xdigit)` with case-insensitivity already
///   folded in.
/// - ``Element/alternation(_:)``: exactly one of the branches, each a sequence of elements
///   without further alternation: custom variables (a value may use `*` and `?`), `$(region)`
///   and `$(lang)`, case-folded like the rest.
///
/// Path patterns are stored **canonicalised** (see ``AASAPatternCompiler``): leading and
/// trailing slashes are stripped, then the pattern is `/` + body + `/`, except that no `/` is
/// appended when the body ends in `*`. The URL path is canonicalised the same way
/// (`/` + body + `/`, the root being `//`), so that trailing slashes are insignificant on both
/// sides while `/id/????` still does not match `/id/481`.
package struct AASAPattern: Sendable, Equatable {
    /// One step of a pattern.
    package indirect enum Element: Sendable, Hashable {
        /// Exactly this byte.
        case byte(UInt8)
        /// AASA `?`: one UTF-8 encoded Unicode scalar.
        case anyCharacter
        /// AASA `*`: zero or more arbitrary bytes.
        case anyRun
        /// One byte out of a set.
        case byteClass(ByteSet)
        /// Exactly one of the branches.
        case alternation([[Element]])
    }

    /// The pattern text as written in the file (before path canonicalisation).
    package var source: String
    /// The elements to match, in order.
    package var elements: [Element]
    /// Whether the pattern was compiled case-sensitively (already folded into `elements`).
    var caseSensitive: Bool
    /// Whether the pattern applies to the part as written (`true`) or percent-decoded (`false`).
    var percentEncoded: Bool
    /// The automaton matching ``elements``; built once when the pattern is compiled.
    var automaton: AASAAutomaton
    /// The bit-parallel form of ``automaton``, when the pattern is small enough (most are); it
    /// decides ASCII input on its own and defers to ``automaton`` otherwise.
    var fastPath: AASABitParallelMatcher?

    init(source: String, elements: [Element], caseSensitive: Bool, percentEncoded: Bool) {
        self.source = source
        self.elements = elements
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.automaton = AASAAutomaton(elements)
        self.fastPath = AASABitParallelMatcher(elements)
        self.matchesEmpty = automaton.matches(prefix: nil, body: UnsafeBufferPointer(start: nil, count: 0), suffix: nil)
    }

    package static func == (lhs: AASAPattern, rhs: AASAPattern) -> Bool {
        lhs.source == rhs.source && lhs.elements == rhs.elements && lhs.caseSensitive == rhs.caseSensitive
            && lhs.percentEncoded == rhs.percentEncoded
    }

    /// Whether the pattern accepts every input (it is made of `*` only, or is empty-and-`*`).
    var matchesEverything: Bool {
        !elements.isEmpty && elements.allSatisfy { $0 == .anyRun }
    }

    /// Whether a canonicalised path pattern accepts every canonical path (`/` then `*`s only).
    var matchesEveryPath: Bool {
        elements.count >= 2 && elements[0] == .byte(UInt8(ascii: "/"))
            && elements.dropFirst().allSatisfy { $0 == .anyRun }
    }

    /// Whether the pattern accepts the empty string.
    let matchesEmpty: Bool

    /// Matches a whole byte sequence.
    ///
    /// - Complexity: O(n) for n bytes on the bit-parallel path (patterns of up to 63 positions),
    ///   else O(n × m) for a pattern of m automaton states; never backtracks.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        matches(prefix: nil, body: bytes, suffix: nil)
    }

    /// Matches `prefix`, then `body`, then `suffix` (each optional), on the fast path when it can.
    ///
    /// - Complexity: O(n) for n bytes on the bit-parallel path, else O(n × m) as above.
    func matches(prefix: UInt8?, body: UnsafeBufferPointer<UInt8>, suffix: UInt8?) -> Bool {
        if let fastPath, let decided = fastPath.matches(prefix: prefix, body: body, suffix: suffix) {
            return decided
        }
        return automaton.matches(prefix: prefix, body: body, suffix: suffix)
    }

    /// Matches a Swift string's UTF-8 (a convenience for tests and the linter).
    func matches(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { matches($0) }
    }
}
