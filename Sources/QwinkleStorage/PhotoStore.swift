import Foundation
import QwinkleKit

/// What is known of an uploaded photo: who uploaded it and what its stored bytes are.
public struct StoredPhoto: Hashable, Sendable {
    /// The photo as the API shows it.
    public var photo: Photo
    /// The account that uploaded it.
    public var uploader: Account.ID
    /// When it was uploaded.
    public var createdAt: Date
    /// What the uploader said it shows, before attaching it (a Mastodon app's media description); empty when none.
    /// An entry's photos carry their own alternative text; this is what they start from.
    public var description: String
    /// For a copy of another server's picture, where it was fetched from (it is fetched again from there when its
    /// copy was evicted); `nil` for an upload.
    public var source: String?

    /// Describes a stored photo.
    public init(photo: Photo, uploader: Account.ID, createdAt: Date, description: String = "", source: String? = nil) {
        self.photo = photo
        self.uploader = uploader
        self.createdAt = createdAt
        self.description = description
        self.source = source
    }
}

/// A photo about to be recorded; its bytes are already stored under `sha256`.
public struct NewPhoto: Hashable, Sendable {
    /// The uploader.
    public var uploader: Account.ID
    /// The SHA-256 of the stored bytes, lowercase hex.
    public var sha256: String
    /// The image type.
    public var contentType: String
    /// The size of the stored bytes.
    public var byteSize: Int
    /// When it was uploaded.
    public var createdAt: Date
    /// For a copy of another server's picture, where it was fetched from.
    public var source: String?
    /// Its size as shown, when its header says.
    public var size: PhotoSize?

    /// Describes a photo to record.
    public init(
        uploader: Account.ID, sha256: String, contentType: String, byteSize: Int, createdAt: Date, source: String? = nil, size: PhotoSize? = nil
    ) {
        self.uploader = uploader
        self.sha256 = sha256
        self.contentType = contentType
        self.byteSize = byteSize
        self.createdAt = createdAt
        self.source = source
        self.size = size
    }
}

/// Everything that shows a photo, to decide who may fetch its bytes.
public struct PhotoUses: Hashable, Sendable {
    /// The entries that attach it, but for those in the trash: their authors and visibilities.
    public var entries: [EntryAudience]
    /// The participants of each conversation with a message that carries it.
    public var conversations: [Set<Account.ID>]
    /// Whether some account uses it as its avatar (profiles are public).
    public var isAvatar: Bool

    /// Collects a photo's uses.
    public init(entries: [EntryAudience] = [], conversations: [Set<Account.ID>] = [], isAvatar: Bool = false) {
        self.entries = entries
        self.conversations = conversations
        self.isAvatar = isAvatar
    }
}

/// Uploaded photos' records (their bytes live in a content-addressed folder, not in the database).
public protocol PhotoStore: Sendable {
    /// Records an uploaded photo and gives it an ID.
    func createPhoto(_ photo: NewPhoto) async throws -> StoredPhoto
    /// The photo with this ID.
    func photo(id: Photo.ID) async throws -> StoredPhoto?
    /// Everything that shows the photo.
    func photoUses(id: Photo.ID) async throws -> PhotoUses
    /// Whether any photo record names bytes with this SHA-256, so they must be kept.
    func hasPhoto(sha256: String) async throws -> Bool
    /// Sets a photo's description; throws `StorageError.notFound` for an unknown photo.
    func describePhoto(_ id: Photo.ID, as description: String) async throws
    /// Takes the copies of another server's pictures (photos a person elsewhere "uploaded", fetched with their note)
    /// out of an entry in the trash, and removes each record nothing else shows; the hashes of the removed records'
    /// bytes, for the byte store to drop unless another record names them.
    func removeFetchedPhotos(of entry: Entry.ID) async throws -> Set<String>
    /// Keeps the copies of other servers' pictures within `maxBytes` in all: the oldest copies beyond it are marked
    /// evicted (their records stay, and a read fetches them again); the hashes of the evicted copies' bytes that no
    /// kept copy or upload names, for the byte store to drop.
    func evictFetchedPhotos(beyond maxBytes: Int) async throws -> Set<String>
    /// Marks a fetched photo's copy as kept again, after a read fetched it anew.
    func keepFetchedPhotoAgain(_ id: Photo.ID) async throws
}
