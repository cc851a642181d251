/// How far a download has come.
public struct DownloadProgress: Hashable, Sendable, CustomStringConvertible {
    /// Bytes in the partial file so far, including those written before a pause.
    public var bytesWritten: Int64
    /// The whole file's size, when the server said it.
    public var expectedBytes: Int64?

    /// Describes progress.
    public init(bytesWritten: Int64, expectedBytes: Int64?) {
        self.bytesWritten = bytesWritten
        self.expectedBytes = expectedBytes
    }

    /// The share done, from 0 to 1, when the size is known.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(bytesWritten) / Double(expectedBytes))
    }

    /// Such as "512 of 1024 bytes", or "512 bytes" when the size is unknown.
    public var description: String {
        expectedBytes.map { "\(bytesWritten) of \($0) bytes" } ?? "\(bytesWritten) bytes"
    }
}
