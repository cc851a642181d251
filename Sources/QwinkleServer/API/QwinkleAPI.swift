import Foundation
import QwinkleKit
import QwinkleMedia
import QwinkleStorage

/// The handlers of every operation in `openapi.yaml`. The generated `APIProtocol` names them and their
/// inputs and outputs, so a handler cannot drift from its description; errors are thrown as `APIError`.
struct QwinkleAPI: APIProtocol {
    /// Where everything is kept.
    let storage: any Storage
    /// bcrypt, off the request tasks.
    let passwords: PasswordHasher
    /// The photo bytes on disk.
    let photoFiles: PhotoFiles
    /// Strips metadata from uploaded photos.
    let sanitizer = PhotoSanitizer()
    /// The server's limits.
    let configuration: ServerConfiguration
    /// The length rule every entry is held to, as clients count it.
    let lengthRule = LengthRule.standard
    /// The OpenAPI document, served as it is.
    let document: String
    /// Entry writes, told to the open event streams.
    let events = EntryEvents()

    /// The current time at the millisecond precision the API reports, so a stored time reads back equal.
    func now() -> Date {
        Date(timeIntervalSince1970: (configuration.clock().timeIntervalSince1970 * 1_000).rounded(.down) / 1_000)
    }
}
