#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension CertificateFingerprint {
    /// The SHA-256 of `bytes`, computed by the package (FIPS 180-4).
    ///
    /// - Parameter bytes: Any bytes.
    /// - Returns: The 32-byte digest.
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] { SHA256Hasher.digest(bytes) }

    /// The fingerprint `assetlinks.json` lists for an X.509 certificate: the SHA-256 of its DER bytes, upper case
    /// and colon-separated.
    ///
    /// - Parameter certificate: A certificate as DER, or PEM (`-----BEGIN CERTIFICATE-----`; the first one).
    /// - Returns: Such as `14:6D:E9:...`.
    /// - Throws: ``CertificateError`` when the bytes are neither PEM nor a DER sequence.
    public static func of(certificate: some Collection<UInt8>) throws(CertificateError) -> String {
        let bytes = Array(certificate)
        let der: [UInt8]
        let pem = String(decoding: bytes, as: UTF8.self)
        if let begin = pem.firstRange(of: "-----BEGIN CERTIFICATE-----") {
            guard let end = pem[begin.upperBound...].firstRange(of: "-----END CERTIFICATE-----") else {
                throw CertificateError(message: "the PEM certificate has no -----END CERTIFICATE----- line")
            }
            let body = pem[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
            guard let decoded = Data(base64Encoded: String(body)) else {
                throw CertificateError(message: "the PEM certificate's body is not Base64")
            }
            der = Array(decoded)
        } else {
            der = bytes
        }
        guard Self.isDERSequence(der) else {
            throw CertificateError(message: "the file is neither a PEM nor a DER X.509 certificate")
        }
        return text(of: sha256(der))
    }

    /// Whether `bytes` is one DER SEQUENCE whose length covers exactly the bytes.
    static func isDERSequence(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2, bytes[0] == 0x30 else { return false }
        var length = 0
        var header = 2
        if bytes[1] < 0x80 {
            length = Int(bytes[1])
        } else {
            let count = Int(bytes[1] & 0x7F)
            guard count >= 1, count <= 4, bytes.count >= 2 + count else { return false }
            for index in 0..<count { length = length << 8 | Int(bytes[2 + index]) }
            header += count
        }
        return header + length == bytes.count
    }
}

/// Why a certificate file could not be read.
public struct CertificateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String

    /// The message.
    public var description: String { message }
}
