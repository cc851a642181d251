import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        do {
            try await health.checkHealth()
            return .ok(.init(body: .json(.init(status: .ok))))
        } catch {
            return .serviceUnavailable(.init(body: .json(.init(error: .init(code: "unavailable", message: "The database does not answer.")))))
        }
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        .ok(.init(body: .yaml(HTTPBody(document))))
    }

    func getInstance(_ input: Operations.GetInstance.Input) async throws -> Operations.GetInstance.Output {
        .ok(.init(body: .json(.init(
            version: QwinkleVersion.current,
            maxCharacters: lengthRule.maxCharacters,
            journalMaxCharacters: lengthRule.journalMaxCharacters,
            charactersReservedPerUrl: lengthRule.charactersReservedPerURL,
            charactersReservedPerPhoto: lengthRule.charactersReservedPerPhoto,
            maxPhotos: lengthRule.maxPhotos,
            maxPhotoBytes: configuration.maxPhotoBytes
        ))))
    }
}
