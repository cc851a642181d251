import QwinkleMedia
import Testing

@Test("Each image type has its MIME type")
func contentTypes() {
    #expect(ImageType.allCases.map(\.contentType) == ["image/jpeg", "image/png", "image/webp", "image/gif"])
}
