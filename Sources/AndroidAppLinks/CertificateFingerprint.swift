/// SHA-256 certificate fingerprints as `assetlinks.json` writes them: 32 upper-case hexadecimal octets separated
/// by colons (`14:6D:E9:...`).
public struct CertificateFingerprint: Sendable {
    private init() {}

    /// What is wrong with a written fingerprint.
    enum Problem: Equatable {
        case placeholder
        case lowerCase(fixed: String)
        case noColons(fixed: String)
        case octetCount(Int)
        case badOctet(String)
    }

    /// The fingerprint of `digest` (32 bytes) in the form Android compares: upper case, colon-separated.
    ///
    /// - Parameter digest: A SHA-256 digest.
    /// - Returns: Such as `14:6D:E9:83:...`.
    public static func text(of digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in digest {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: ":")) }
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The canonical form of a fingerprint typed by a person: hexadecimal digits in any case, with or without
    /// colons, spaces or dashes; nil when it is not 32 octets.
    ///
    /// - Parameter text: Such as `146de983...` or `14:6d:e9:...`.
    /// - Returns: The upper-case, colon-separated form.
    public static func normalized(_ text: String) -> String? {
        var digits: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "-"): continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - 0x20)
            default: return nil
            }
        }
        guard digits.count == 64 else { return nil }
        var result: [UInt8] = []
        for (index, digit) in digits.enumerated() {
            if index > 0, index % 2 == 0 { result.append(UInt8(ascii: ":")) }
            result.append(digit)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `text` is exactly the form Android compares.
    ///
    /// - Parameter text: A fingerprint as written.
    /// - Returns: True for 32 upper-case hexadecimal octets separated by `:`.
    public static func isValid(_ text: String) -> Bool { problem(with: text) == nil }

    static func problem(with text: String) -> Problem? {
        let upper = text.uppercased()
        let placeholderWords = ["XX", "HERE", "YOUR", "SHA256", "SHA-256", "INSERT", "FINGERPRINT", "...", "<", "TODO"]
        if placeholderWords.contains(where: { upper.contains($0) }) { return .placeholder }
        let octets = text.split(separator: ":", omittingEmptySubsequences: false)
        if octets.count == 1, let fixed = normalized(text) { return .noColons(fixed: fixed) }
        guard octets.count == 32 else { return .octetCount(octets.count) }
        var lower = false
        for octet in octets {
            guard octet.utf8.count == 2,
                octet.utf8.allSatisfy({ byte in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                })
            else { return .badOctet(String(octet)) }
            if octet.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }) { lower = true }
        }
        if lower { return .lowerCase(fixed: upper) }
        return nil
    }
}
