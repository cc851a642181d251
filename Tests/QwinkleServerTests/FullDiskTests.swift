import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import QwinkleServer
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

/// A full disk refuses what cannot be kept with 507 and a message, and nothing else; the real disk is filled in
/// `.ci/fault-tests`, here the photo store says it is full.
@Suite("A full disk")
struct FullDiskTests {
    /// Photos' bytes on a disk with no room left.
    struct FullPhotoStore: PhotoBytesStore {
        func storeBytes(_ bytes: [UInt8], sha256: String) async throws { throw StorageError.full("the photo") }
        func bytes(sha256: String) async throws -> Data? { nil }
        func hasBytes(sha256: String) async throws -> Bool { false }
        func removeBytes(sha256: String) async throws -> Data? { nil }
    }

    @Test("An upload that cannot be kept is 507 with a JSON error, and makes no photo; reading goes on")
    func uploadOnFullDisk() async throws {
        try await withTemporaryFolder { folder in
            let storage = try SQLiteStorage.inMemory()
            var logger = Logger(label: "full-disk")
            logger.logLevel = .critical
            let app = try buildApplication(
                configuration: ServerConfiguration(port: 0, dataDirectory: folder, bcryptCost: 4), storage: storage,
                photoBytes: FullPhotoStore(), logger: logger
            )
            try await app.test(.router) { client in
                let api = APIClient(client: client)
                let abe = try await api.signUp("abe")
                let upload = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: TestImages.png, contentType: "image/png")
                #expect(upload.status.code == 507)
                #expect(upload.errorCode == "insufficient_storage")
                #expect(upload.json["error"]["message"].string == "The server's disk is full: the photo was not saved. Try again later.")
                #expect(try await api.get("/api/qwinkle/v1/timelines/public").status == .ok)
                #expect(try await api.get("/api/qwinkle/v1/photos/1", token: abe.token).status == .notFound, "no photo was recorded")
            }
        }
    }
}
