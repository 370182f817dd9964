import RichMediaKitSupport

/// Automata for the byte-level text classes both matchers use.
enum TextLanguages {
    private static let continuation = ByteSet(0x80...0xBF)

    /// One well-formed UTF-8 encoded scalar, optionally without the Unicode `Cc` control characters
    /// (U+0000–U+001F, U+007F, U+0080–U+009F).
    static func scalar(excludingControls: Bool) -> NFA {
        var ascii = ByteSet(0x00...0x7F)
        if excludingControls {
            ascii = ByteSet(0x20...0x7E)
        }
        let cont = NFA.byte(continuation)
        var twoByte = [NFA.byte(ByteSet(0xC3...0xDF)).then(cont)]
        twoByte.append(NFA.byte(ByteSet([0xC2])).then(.byte(excludingControls ? ByteSet(0xA0...0xBF) : continuation)))
        return .union(
            [.byte(ascii)] + twoByte + [
                NFA.byte(ByteSet([0xE0])).then(.byte(ByteSet(0xA0...0xBF))).then(cont),
                NFA.byte(ByteSet(0xE1...0xEC).union(ByteSet(0xEE...0xEF))).then(cont).then(cont),
                NFA.byte(ByteSet([0xED])).then(.byte(ByteSet(0x80...0x9F))).then(cont),
                NFA.byte(ByteSet([0xF0])).then(.byte(ByteSet(0x90...0xBF))).then(cont).then(cont),
                NFA.byte(ByteSet(0xF1...0xF3)).then(cont).then(cont).then(cont),
                NFA.byte(ByteSet([0xF4])).then(.byte(ByteSet(0x80...0x8F))).then(cont).then(cont),
            ])
    }

    /// Well-formed UTF-8 (any length, including empty).
    static let validUTF8: NFA = scalar(excludingControls: false).star.minimized

    /// Well-formed UTF-8 without control characters: the router's "clean text".
    static let cleanText: NFA = scalar(excludingControls: true).star.minimized

    /// The router's `<int>` check on raw bytes: one or more ASCII digits.
    static let digits: NFA = NFA.byte(ByteSet(0x30...0x39)).plus

    /// The router's `<uuid>` check on raw bytes: 8-4-4-4-12 hexadecimal digits, any case.
    static let uuid: NFA = {
        let hex = NFA.byte(.hexDigits)
        let dash = NFA.literal("-")
        func run(_ count: Int) -> NFA { .concatenation(Array(repeating: hex, count: count)) }
        return .concatenation([run(8), dash, run(4), dash, run(4), dash, run(4), dash, run(12)])
    }()
}
