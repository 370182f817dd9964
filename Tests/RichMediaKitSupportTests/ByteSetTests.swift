import Testing

@testable import RichMediaKitSupport

@Suite struct ByteSetTests {
    @Test func aRangeHoldsExactlyItsBytes() {
        let bounds: [UInt8] = [0, 1, 62, 63, 64, 65, 127, 128, 191, 192, 254, 255]
        for low in bounds {
            for high in bounds where high >= low {
                let set = ByteSet(low...high)
                for byte in 0...255 {
                    #expect(set.contains(UInt8(byte)) == (low...high).contains(UInt8(byte)), "\(low)...\(high) \(byte)")
                }
                #expect(set.count == Int(high) - Int(low) + 1)
                #expect(set == ByteSet(Array(low...high)))
            }
        }
    }
}
