import Testing

@testable import AndroidAppLinks

/// SHA-256 against the FIPS 180-4 / NIST examples, and certificate fingerprints.
@Suite struct CertificateFingerprintTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrst"
                + "nopqrstu", "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func theStandardVectors(_ message: String, _ digest: String) {
        #expect(Self.hex(CertificateFingerprint.sha256(Array(message.utf8))) == digest)
    }

    @Test func oneMillionAs() {
        #expect(
            Self.hex(CertificateFingerprint.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func fingerprintsOfDERAndPEMAgree() throws {
        // A minimal DER SEQUENCE stands in for a certificate: the fingerprint is the SHA-256 of the DER bytes.
        let der: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x05]
        let expected = CertificateFingerprint.text(of: CertificateFingerprint.sha256(der))
        #expect(try CertificateFingerprint.of(certificate: der) == expected)
        let pem = "-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n"
        #expect(try CertificateFingerprint.of(certificate: Array(pem.utf8)) == expected)
        #expect(throws: CertificateError.self) { try CertificateFingerprint.of(certificate: Array("hello".utf8)) }
        #expect(throws: CertificateError.self) { try CertificateFingerprint.of(certificate: [0x30, 0x05, 0x02]) }
    }

    @Test func normalizedFingerprints() {
        let canonical =
            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
        #expect(CertificateFingerprint.normalized(canonical.lowercased()) == canonical)
        #expect(CertificateFingerprint.normalized(canonical.filter { $0 != ":" }) == canonical)
        #expect(CertificateFingerprint.normalized("14:6D") == nil)
        #expect(CertificateFingerprint.isValid(canonical))
        #expect(!CertificateFingerprint.isValid(canonical.lowercased()))
    }
}
