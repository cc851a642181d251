import Foundation
import PackagePlugin

/// Generates a target's OpenAPI types, shared by the server and the clients, at `package` access without the
/// warnings swift-openapi-generator's split files give on Swift 6.3 (see `APITypesGeneratorTool`).
@main
struct APITypesGenerator: BuildToolPlugin {
    /// The files the generator writes for `generate: [types]`.
    static let typeFiles = [
        "Types.swift", "Types+Components.swift", "Types+Operations.swift", "Types+Components+Schemas.swift",
        "Types+Components+Parameters.swift", "Types+Components+RequestBodies.swift", "Types+Components+Responses.swift",
        "Types+Components+Headers.swift",
    ]

    struct MissingInput: Error, CustomStringConvertible {
        let target: String
        var description: String { "\(target) needs an openapi.yaml and an openapi-generator-config.yaml among its sources" }
    }

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let sources = target.sourceFiles.map(\.url)
        guard
            let document = sources.first(where: { $0.lastPathComponent == "openapi.yaml" }),
            let config = sources.first(where: { $0.lastPathComponent == "openapi-generator-config.yaml" })
        else { throw MissingInput(target: target.name) }
        let generator = try context.tool(named: "swift-openapi-generator").url
        let work = context.pluginWorkDirectoryURL
        let output = work.appending(component: "GeneratedSources")
        return [
            .buildCommand(
                displayName: "Generating the API types of \(target.name)",
                executable: try context.tool(named: "APITypesGeneratorTool").url,
                arguments: [
                    generator.path(percentEncoded: false), document.path(percentEncoded: false), config.path(percentEncoded: false),
                    work.appending(component: "Raw").path(percentEncoded: false), output.path(percentEncoded: false),
                ] + Self.typeFiles,
                inputFiles: [document, config, generator],
                outputFiles: Self.typeFiles.map { output.appending(component: $0) }
            )
        ]
    }
}
