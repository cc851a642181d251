import Crypto
import Foundation
import NIOPosix
import QwinkleKit
import QwinkleMedia
import QwinkleStorage

/// Photos: uploads judged by their bytes and stripped of metadata, stored by content hash, and read only by those
/// the policy lets see an entry, message or profile that shows them.
public struct PhotoService: Sendable {
    let context: ServiceContext
    let store: any PhotoBytesStore
    private let sanitizer = PhotoSanitizer()

    /// Creates the service over the shared context, keeping bytes in `bytes`.
    public init(context: ServiceContext, bytes: any PhotoBytesStore) {
        self.context = context
        store = bytes
    }

    /// Stores an upload: its type decided by its bytes, its metadata (EXIF, GPS, XMP, comments) removed. `source` is
    /// where a copy of another server's picture was fetched from.
    public func upload(_ bytes: [UInt8], by account: Account, source: String? = nil) async throws -> StoredPhoto {
        let sanitizer = sanitizer
        // Parsing and hashing up to 10 MiB is blocking work: do it on the thread pool.
        let (sanitized, sha256) = try await NIOThreadPool.singleton.runIfActive {
            let sanitized = try Self.sanitize(bytes, with: sanitizer)
            return (sanitized, SHA256.hash(data: sanitized.bytes).hexString)
        }
        // Kept before the record that points at them, so no record ever names missing bytes.
        try await store.storeBytes(sanitized.bytes, sha256: sha256)
        let stored = try await context.storage.createPhoto(NewPhoto(
            uploader: account.id, sha256: sha256, contentType: sanitized.type.contentType, byteSize: sanitized.bytes.count,
            createdAt: context.clock.now(), source: source, size: sanitized.dimensions.map { PhotoSize(width: $0.width, height: $0.height) }
        ))
        // The same bytes may have been removed meanwhile, with the last other photo that had them
        // (`removeUnused(sha256:)`): keeping them again now, after the record, closes that race.
        if try await !store.hasBytes(sha256: sha256) { try await store.storeBytes(sanitized.bytes, sha256: sha256) }
        context.metrics.photoUploaded()
        return stored
    }

    /// Removes the bytes of photos whose records are gone, unless another record still names them.
    ///
    /// The bytes are taken away first and checked for after: an upload of the same bytes that recorded its photo
    /// before the check gets them back here, and one that records it later finds them missing and keeps them again
    /// (`upload`), so no record is left naming missing bytes.
    public func removeUnused(sha256 hashes: Set<String>) async throws {
        for sha256 in hashes where try await !context.storage.hasPhoto(sha256: sha256) {
            if let removed = try await store.removeBytes(sha256: sha256), try await context.storage.hasPhoto(sha256: sha256) {
                try await store.storeBytes(Array(removed), sha256: sha256)
            }
        }
    }

    /// The photo with this ID if the viewer may see it; hidden and missing photos are the same `notFound`.
    public func photo(id: String, viewer: Viewer) async throws -> StoredPhoto {
        guard let photoID = Photo.ID(rawValue: id), photoID.integerValue != nil, let stored = try await context.storage.photo(id: photoID),
            Policy.canRead(stored, uses: try await context.storage.photoUses(id: photoID), viewer: viewer)
        else { throw ServiceError.notFound("The photo \(id)") }
        return stored
    }

    /// The uploader's own photo, to describe or attach; another's, or none, is `notFound`.
    public func own(id: String, by account: Account) async throws -> StoredPhoto {
        guard let photoID = Photo.ID(rawValue: id), photoID.integerValue != nil, let stored = try await context.storage.photo(id: photoID),
            Policy.canAttach(stored, by: account.id)
        else { throw ServiceError.notFound("The photo \(id)") }
        return stored
    }

    /// Sets what the uploader says their photo shows, which an entry attaching it starts from as its alternative text.
    /// With `onlyUnattached`, a photo an entry attaches is refused: each entry keeps its own alternative text, which
    /// editing the entry changes.
    public func describe(id: String, as description: String, by account: Account, onlyUnattached: Bool = false) async throws -> StoredPhoto {
        guard description.count <= EntryService.maxAltText else {
            throw ServiceError.invalid(field: "description", "A description must be at most \(EntryService.maxAltText) characters.")
        }
        var stored = try await own(id: id, by: account)
        if onlyUnattached, try await !context.storage.photoUses(id: stored.photo.id).entries.isEmpty {
            throw ServiceError.invalid(
                field: "description", "This photo is posted already: change its description by editing the status (media_attributes)."
            )
        }
        try await context.storage.describePhoto(stored.photo.id, as: description)
        stored.description = description
        return stored
    }

    /// The bytes of a photo the viewer was allowed to see (`photo(id:viewer:)`).
    /// A copy of another server's picture that was evicted is fetched again from its source, and kept again if it
    /// is still the same picture.
    public func bytes(of stored: StoredPhoto) async throws -> Data {
        if let bytes = try await store.bytes(sha256: stored.photo.sha256) { return bytes }
        guard let source = stored.source, let fetched = await context.remote?.picture(at: source) else {
            throw StorageError.notFound("The bytes of photo \(stored.photo.id)")
        }
        let sanitizer = sanitizer
        let sanitized = try? await NIOThreadPool.singleton.runIfActive {
            let sanitized = try Self.sanitize(fetched, with: sanitizer)
            return (sanitized.bytes, SHA256.hash(data: sanitized.bytes).hexString)
        }
        guard let (bytes, sha256) = sanitized, sha256 == stored.photo.sha256 else {
            throw StorageError.notFound("The bytes of photo \(stored.photo.id), changed at \(source)")
        }
        try await store.storeBytes(bytes, sha256: sha256)
        try await context.storage.keepFetchedPhotoAgain(stored.photo.id)
        return Data(bytes)
    }

    /// Keeps the copies of other servers' pictures within `maxBytes`: the oldest beyond go from the byte store
    /// (their records stay, to be fetched again when read).
    public func evictFetched(beyond maxBytes: Int) async throws {
        for sha256 in try await context.storage.evictFetchedPhotos(beyond: maxBytes) {
            _ = try await store.removeBytes(sha256: sha256)
        }
    }

    private static func sanitize(_ bytes: [UInt8], with sanitizer: PhotoSanitizer) throws -> SanitizedPhoto {
        do {
            return try sanitizer.sanitize(bytes)
        } catch .unsupportedType {
            throw ServiceError.unsupportedMediaType("A photo must be a JPEG, PNG, WebP or GIF image.")
        } catch {
            throw ServiceError.unprocessable(code: "damaged_photo", message: "The photo cannot be read: \(error.description)")
        }
    }
}
