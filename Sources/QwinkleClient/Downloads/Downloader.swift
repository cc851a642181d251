/// The one interface behind which a download's strategy hides (talk 002's downloader data source): what to
/// ask the server for, given what is on disk, and what to do with its answer.
protocol Downloader: Sendable {
    /// Headers for a request that continues the partial file `saved` describes.
    func headers(continuing saved: DownloadResumeData) -> [(name: String, value: String)]
    /// What to do with the server's answer to that request.
    func plan(for response: ResponseHead, continuing saved: DownloadResumeData) -> TransferPlan
}

/// What one response means for the partial file.
enum TransferPlan: Equatable {
    /// The body continues the partial file, which will reach `expectedLength` bytes.
    case append(expectedLength: Int64?)
    /// The body is the whole file: empty the partial file first.
    case replace(expectedLength: Int64?)
    /// Throw the partial file away and ask again from the first byte, without a range.
    case startOver
    /// Not the file: an error, or a status this strategy cannot use.
    case refuse
}
