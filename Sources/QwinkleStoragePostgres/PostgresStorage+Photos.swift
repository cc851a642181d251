import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: PhotoBytesStore {
    /// Keeps the bytes in the database, where every server finds them; the same bytes twice are kept once.
    public func storeBytes(_ bytes: [UInt8], sha256: String) async throws {
        try await writing { connection in
            try await connection.execute(
                "INSERT INTO photo_bytes (sha256, bytes) VALUES (\(sha256), \(ByteBuffer(bytes: bytes))) ON CONFLICT DO NOTHING", logger: logger
            )
        }
    }

    /// Reads the bytes with this hash.
    public func bytes(sha256: String) async throws -> Data? {
        try await reading { connection in
            try await connection.query("SELECT bytes FROM photo_bytes WHERE sha256 = \(sha256)", logger: logger)
                .first { Data(try $0.decode(ByteBuffer.self).readableBytesView) }
        }
    }

    /// Looks for the bytes' row.
    public func hasBytes(sha256: String) async throws -> Bool {
        try await reading { connection in
            try await connection.query("SELECT 1 FROM photo_bytes WHERE sha256 = \(sha256)", logger: logger).first { _ in true } ?? false
        }
    }

    /// Deletes the bytes with this hash, returning them.
    public func removeBytes(sha256: String) async throws -> Data? {
        try await writing { connection in
            try await connection.query("DELETE FROM photo_bytes WHERE sha256 = \(sha256) RETURNING bytes", logger: logger)
                .first { Data(try $0.decode(ByteBuffer.self).readableBytesView) }
        }
    }
}
