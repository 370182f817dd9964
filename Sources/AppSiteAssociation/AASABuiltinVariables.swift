import RichMediaKitSupport

/// The built-in substitution variables every AASA file can use without defining them.
///
/// `$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)` and `$(xdigit)` match exactly one
/// ASCII character; `$(region)` matches one code of ``regionCodes`` and `$(lang)` one code of
/// ``languageCodes``. A file may not redefine them (a custom definition with the same name is
/// ignored; built-ins win).
enum AASABuiltinVariables {
    /// The single-character classes, by variable name.
    static let classes: [String: ByteSet] = [
        "alpha": ByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z")).union(ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z"))),
        "upper": ByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z")),
        "lower": ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z")),
        "alnum": .alphanumerics,
        "digit": ByteSet(UInt8(ascii: "0")...UInt8(ascii: "9")),
        "xdigit": .hexDigits,
    ]

    /// The code lists, by variable name.
    static let codeLists: [String: [String]] = [
        "region": regionCodes,
        "lang": languageCodes,
    ]

    /// Whether `name` is a built-in variable.
    static func isBuiltin(_ name: String) -> Bool {
        classes[name] != nil || codeLists[name] != nil
    }
}
