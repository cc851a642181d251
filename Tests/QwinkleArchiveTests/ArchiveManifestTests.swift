import Foundation
import QwinkleArchive
import Testing

@Suite struct ArchiveManifestTests {
    /// An importer recognises an archive by its manifest's keys, so they are the format's, spelled as the API spells.
    @Test func writesTheFormatsKeys() throws {
        let manifest = ArchiveManifest(
            exportedAt: Date(timeIntervalSince1970: 1_800_000_000), server: "https://qwinkle.example", username: "abe"
        )
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try JSONSerialization.jsonObject(with: encoder.encode(manifest)) as? [String: Any]
        #expect(object?["format"] as? String == "qwinkle-archive")
        #expect(object?["format_version"] as? Int == 1)
        #expect(object?["exported_at"] as? String == "2027-01-15T08:00:00Z")
        #expect(object?["username"] as? String == "abe")
    }
}
