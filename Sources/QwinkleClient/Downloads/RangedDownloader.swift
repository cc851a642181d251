/// Continues a paused download with `Range: bytes=N-` and `If-Range: ETag`, so only the missing bytes travel,
/// and only while the server's file is still the one the partial file began.
struct RangedDownloader: Downloader {
    func headers(continuing saved: DownloadResumeData) -> [(name: String, value: String)] {
        guard saved.bytesWritten > 0, let etag = saved.etag else { return [] }
        return [("Range", "bytes=\(saved.bytesWritten)-"), ("If-Range", etag)]
    }

    func plan(for response: ResponseHead, continuing saved: DownloadResumeData) -> TransferPlan {
        switch response.status {
        case 206:
            // Appending anywhere but the end of the partial file would corrupt it: start over instead.
            guard saved.bytesWritten > 0, let range = response.contentRange, range.first == saved.bytesWritten else {
                return .startOver
            }
            return .append(expectedLength: range.completeLength)
        case 200:
            // The file changed since the partial file began (If-Range did not match), or the server ignored the range.
            return .replace(expectedLength: response.contentLength)
        case 416:
            // The partial file claims more bytes than the server's file has: it is not a prefix of it.
            return .startOver
        default:
            return .refuse
        }
    }
}
