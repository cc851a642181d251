import Foundation
import QwinkleMedia

extension DownloadCommand {
    /// Gives a downloaded photo the extension its bytes call for (`qwinkle-7-photo-1.jpg` for a JPEG), so file
    /// managers and viewers open it; an earlier download's file of that name is replaced. Only the bytes can say:
    /// an entry names its photos, not their types, and a photo is downloaded (and resumed) under one name throughout.
    static func namedByType(_ file: URL) throws -> URL {
        let head: Data
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            head = try handle.read(upToCount: 12) ?? Data()
        } catch {
            throw CommandFailure.refused("Cannot read the downloaded \(file.path).")
        }
        guard let type = ImageType.detect(head) else { return file }
        let named = file.appendingPathExtension(type.fileExtension)
        do {
            if FileManager.default.fileExists(atPath: named.path) { try FileManager.default.removeItem(at: named) }
            try FileManager.default.moveItem(at: file, to: named)
        } catch {
            throw CommandFailure.refused("Cannot name the downloaded photo \(named.path).")
        }
        return named
    }
}
