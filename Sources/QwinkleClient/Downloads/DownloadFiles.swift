import Foundation
import QwinkleKit

/// The files of one download: the destination, the partial file beside it (`NAME.part`) and the resume data
/// beside that (`NAME.part.resume`). Only the destination is ever a whole, verified file.
public struct DownloadFiles: Hashable, Sendable {
    /// Where the verified file appears.
    public let destination: URL
    /// The bytes received so far.
    public let partial: URL
    /// The `DownloadResumeData` of a paused download.
    public let resumeData: URL

    /// The files for a destination.
    public init(destination: URL) {
        self.destination = destination
        self.partial = destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".part")
        self.resumeData = partial.deletingLastPathComponent().appendingPathComponent(partial.lastPathComponent + ".resume")
    }

    /// Reads the resume data, with errors that say what to do about it.
    func readResumeData() throws(DownloadError) -> DownloadResumeData {
        guard FileManager.default.fileExists(atPath: resumeData.path) else { throw .noResumeData(resumeData) }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: resumeData)
        } catch {
            throw .fileSystem(resumeData, reason: error.localizedDescription)
        }
        let saved: DownloadResumeData
        do {
            saved = try DownloadResumeData(fileData: bytes)
        } catch {
            throw .resumeDataUnreadable(resumeData, error)
        }
        // Resume data copied in beside another file would graft one download's bytes onto another's.
        guard saved.destination.standardizedFileURL.path == destination.standardizedFileURL.path else {
            throw .resumeDataUnreadable(resumeData, .invalidValue("it belongs to \(saved.destination.path)"))
        }
        return saved
    }

    /// Writes the resume data atomically.
    func writeResumeData(_ saved: DownloadResumeData) throws(DownloadError) {
        do {
            try saved.write(to: resumeData)
        } catch {
            throw .fileSystem(resumeData, reason: "\(error)")
        }
    }

    /// Removes the partial file and the resume data, leaving the destination alone.
    func removeLeftovers() {
        try? FileManager.default.removeItem(at: partial)
        try? FileManager.default.removeItem(at: resumeData)
    }
}
