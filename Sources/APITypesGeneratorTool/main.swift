import Foundation

// Runs swift-openapi-generator for a types-only target at `package` access, then drops the access level from the
// generated imports. The generator splits the types into several files and gives each the same
// `package import`s, so on Swift 6.3 every file that does not use one warns "package import … was not used in
// package declarations" (it silences that with `@diagnose` from Swift 6.4 only). A plain import is public in the
// Swift 6 language mode, so the generated declarations compile the same, without the warnings.
//
// Usage: APITypesGeneratorTool GENERATOR DOCUMENT CONFIG RAW_FOLDER OUTPUT_FOLDER FILE...

let arguments = CommandLine.arguments
guard arguments.count > 6 else {
    FileHandle.standardError.write(Data("usage: APITypesGeneratorTool GENERATOR DOCUMENT CONFIG RAW_FOLDER OUTPUT_FOLDER FILE...\n".utf8))
    exit(2)
}
let (generator, document, config) = (arguments[1], arguments[2], arguments[3])
let raw = URL(filePath: arguments[4], directoryHint: .isDirectory)
let output = URL(filePath: arguments[5], directoryHint: .isDirectory)
let files = arguments.dropFirst(6)

do {
    let fileManager = FileManager.default
    try? fileManager.removeItem(at: raw)
    try fileManager.createDirectory(at: raw, withIntermediateDirectories: true)
    try fileManager.createDirectory(at: output, withIntermediateDirectories: true)

    let process = Process()
    process.executableURL = URL(filePath: generator)
    process.arguments = [
        "generate", document, "--config", config, "--output-directory", raw.path(percentEncoded: false), "--plugin-source", "build",
    ]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { exit(process.terminationStatus) }

    for file in files {
        let generated = try String(contentsOf: raw.appending(component: file), encoding: .utf8)
        let rewritten = withPlainImports(generated)
        let destination = output.appending(component: file)
        // Unchanged files keep their dates, so only what changed is compiled again.
        if (try? String(contentsOf: destination, encoding: .utf8)) != rewritten {
            try rewritten.write(to: destination, atomically: true, encoding: .utf8)
        }
    }
} catch {
    FileHandle.standardError.write(Data("APITypesGeneratorTool: \(error)\n".utf8))
    exit(1)
}

/// The generated text with `package import` and `public import` made plain, and the `@diagnose` blocks that
/// only Swift 6.4 reads removed with them.
func withPlainImports(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < lines.count {
        if lines[index] == "#if compiler(>=6.4)", index + 2 < lines.count,
            lines[index + 1].hasPrefix("@diagnose(UnusedImportAccess"), lines[index + 2] == "#endif"
        {
            lines.removeSubrange(index...(index + 2))
            continue
        }
        let line = lines[index]
        let attributes = line.hasPrefix("@_spi(") ? String(line.prefix { $0 != " " }) + " " : ""
        for modifier in ["package import ", "public import "] where line.dropFirst(attributes.count).hasPrefix(modifier) {
            lines[index] = attributes + "import " + line.dropFirst(attributes.count + modifier.count)
        }
        index += 1
    }
    return lines.joined(separator: "\n")
}
