import Foundation

/// The `qwinkle` executable that `swift build` put beside the test bundle.
enum QwinkleExecutable {
    /// Its location; throws `Missing`, saying where it looked, when it was not built.
    static func url() throws(Missing) -> URL {
        // The test runner's path is the bundle's on Linux; on Darwin the bundle is among the loaded ones.
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        // The package's own build folder, found from this file: Tests/QwinkleTestSupport/QwinkleExecutable.swift.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        starts.append(package.appendingPathComponent(".build/debug"))
        for start in starts {
            var folder = start.standardizedFileURL
            // Only a few levels: the executable sits in the bundle's folder, or just above a bundle's inner folders.
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("qwinkle")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                    FileManager.default.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw Missing(searched: starts)
    }

    /// No `qwinkle` executable was found: the test cannot run a real process.
    struct Missing: Error, CustomStringConvertible {
        /// The folders searched, each with a few above it.
        let searched: [URL]
        /// Says where it looked and what to do.
        var description: String {
            "No qwinkle executable in \(searched.map(\.path)) or a few folders above: run `swift build --build-tests` first."
        }
    }
}
