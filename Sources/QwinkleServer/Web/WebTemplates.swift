import Foundation
import Mustache

/// The web app's Mustache templates, loaded once from this module's resources.
enum WebTemplates {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "the web templates are missing from the QwinkleServer resources" }
    }

    /// Every `*.mustache` file in `Templates/`, registered by its name without the extension.
    static func load() throws -> MustacheLibrary {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else { throw Missing() }
        var library = MustacheLibrary()
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "mustache" {
            try library.register(String(contentsOf: file, encoding: .utf8), named: file.deletingPathExtension().lastPathComponent)
        }
        return library
    }

    /// The folder of the static files served at `/static`.
    static func staticFolder() throws -> String {
        guard let folder = Bundle.module.url(forResource: "Static", withExtension: nil) else { throw Missing() }
        return folder.path
    }
}
