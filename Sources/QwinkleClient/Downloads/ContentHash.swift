import Crypto
import Foundation

/// A SHA-256 hash of a file's bytes, as Qwinkle names photos and cards.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the hash.
    public let bytes: [UInt8]

    /// Reads 64 hexadecimal digits, in either case; anything else is `nil`.
    public init?(hex: some StringProtocol) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// The hash an ETag names, when the ETag is a strong, quoted SHA-256 hex digest (as Qwinkle's server sends);
    /// `nil` for any other ETag, which names a version but says nothing about the bytes.
    public init?(etag: String) {
        guard etag.count == 66, etag.hasPrefix("\""), etag.hasSuffix("\"") else { return nil }
        self.init(hex: etag.dropFirst().dropLast())
    }

    /// Exactly 32 bytes; anything else is `nil`.
    init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        self.bytes = Array(bytes)
    }

    init(_ digest: SHA256.Digest) {
        self.bytes = Array(digest)
    }

    /// The hash as 64 lowercase hexadecimal digits.
    public var hex: String {
        String(decoding: bytes.flatMap { [Self.digits[Int($0 >> 4)], Self.digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    /// The hash as 64 lowercase hexadecimal digits.
    public var description: String { hex }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
