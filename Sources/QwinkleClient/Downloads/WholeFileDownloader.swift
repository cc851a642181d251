/// The fallback for servers without byte ranges or a strong ETag: every request asks for the whole file, so
/// resuming after a pause starts again from the first byte. Slower, but it always gets a whole, current file.
struct WholeFileDownloader: Downloader {
    func headers(continuing saved: DownloadResumeData) -> [(name: String, value: String)] {
        []
    }

    func plan(for response: ResponseHead, continuing saved: DownloadResumeData) -> TransferPlan {
        response.status == 200 ? .replace(expectedLength: response.contentLength) : .refuse
    }
}
