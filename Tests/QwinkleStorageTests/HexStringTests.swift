import QwinkleStorage
import Testing

/// How photos' files, tokens' hashes and ETags are spelled: two lowercase hexadecimal digits a byte.
struct HexStringTests {
    @Test("every byte is two lowercase digits, in order")
    func bytes() {
        #expect([UInt8]().hexString == "")
        #expect([0x00, 0x01, 0x0A, 0x0F, 0x10, 0x7F, 0x80, 0xAB, 0xFF].hexString == "00010a0f107f80abff")
        let all = (0...255).map(UInt8.init).hexString
        #expect(all.count == 512)
        #expect(all.hasPrefix("000102") && all.hasSuffix("fdfeff"))
    }
}
