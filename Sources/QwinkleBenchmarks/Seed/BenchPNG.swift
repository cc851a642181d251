import QwinkleMedia

/// Small real PNG images for seeded photos: one colour each.
enum BenchPNG {
    /// A `size`×`size` PNG filled with one RGB colour.
    static func solid(red: UInt8, green: UInt8, blue: UInt8, size: Int = 16) -> [UInt8] {
        let pixels = (0..<(size * size)).flatMap { _ in [red, green, blue] }
        return StoredPNG.image(width: size, height: size, colorType: .rgb, pixels: pixels)
    }
}
