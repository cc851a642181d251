import Foundation

// zlib through the module ZIPFoundation declares for it (`CZlib`, the system's zlib found by pkg-config) on Linux;
// Apple's SDKs have their own `zlib` module.
#if canImport(CZlib)
import CZlib
#else
import zlib
#endif

/// A raw deflate stream (RFC 1951, as a ZIP entry holds it) fed a piece at a time, so a file of any length is
/// compressed without being held whole: each call hands back what zlib has made so far.
///
/// One deflater serves one file: `finish()` ends it. zlib's state lives outside Swift's memory, so the deflater is a
/// class that frees it when it goes, and it is used by one task at a time.
final class Deflater {
    private var stream = z_stream()
    private var isOpen = false
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    /// Opens a raw deflate stream at zlib's default level.
    init() throws(ZIPWriterError) {
        let status = deflateInit2_(
            &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size)
        )
        guard status == Z_OK else { throw .compression(status) }
        isOpen = true
    }

    deinit {
        if isOpen { deflateEnd(&stream) }
    }

    /// Compresses `bytes` and returns what zlib has written so far (often nothing: it keeps a window).
    func compress(_ bytes: some Collection<UInt8>) throws(ZIPWriterError) -> [UInt8] {
        var input = Array(bytes)
        return try input.withUnsafeMutableBufferPointer { (buffer) throws(ZIPWriterError) -> [UInt8] in
            stream.next_in = buffer.baseAddress
            stream.avail_in = UInt32(buffer.count)
            return try run(flush: Z_NO_FLUSH)
        }
    }

    /// Ends the stream and returns its last bytes.
    func finish() throws(ZIPWriterError) -> [UInt8] {
        stream.next_in = nil
        stream.avail_in = 0
        let last = try run(flush: Z_FINISH)
        deflateEnd(&stream)
        isOpen = false
        return last
    }

    /// Runs deflate until it has taken all its input (and, when finishing, written the end of the stream).
    private func run(flush: Int32) throws(ZIPWriterError) -> [UInt8] {
        var produced: [UInt8] = []
        let capacity = output.count
        while true {
            let status = output.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(capacity)
                return deflate(&stream, flush)
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw .compression(status) }
            let written = capacity - Int(stream.avail_out)
            produced.append(contentsOf: output[0..<written])
            if flush == Z_FINISH {
                if status == Z_STREAM_END { return produced }
            } else if stream.avail_in == 0 && stream.avail_out != 0 {
                return produced
            }
        }
    }
}

/// The CRC-32 a ZIP file records of each entry's bytes, kept up to date as they are written.
struct RunningCRC32 {
    private(set) var value: UInt32 = 0

    /// Adds bytes to the checksum.
    mutating func update(_ bytes: some Collection<UInt8>) {
        let updated = bytes.withContiguousStorageIfAvailable { buffer in
            UInt32(crc32(uLong(value), buffer.baseAddress, uInt(buffer.count)))
        }
        if let updated {
            value = updated
        } else {
            let copy = Array(bytes)
            value = copy.withUnsafeBufferPointer { UInt32(crc32(uLong(value), $0.baseAddress, uInt($0.count))) }
        }
    }
}
