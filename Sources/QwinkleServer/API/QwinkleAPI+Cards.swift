import Crypto
import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func getDreamCard(_ input: Operations.GetDreamCard.Input) async throws -> Operations.GetDreamCard.Output {
        let svg = try await services.entries.card(id: input.path.id, viewer: currentViewer()).svg()
        // The card is a pure function of the entry, so the hash of its bytes names it exactly.
        let etag = "\"\(SHA256.hash(data: Data(svg.utf8)).hexString)\""
        if EntityTag.isCurrent(etag, ifNoneMatch: input.headers.ifNoneMatch) {
            return .notModified(.init(headers: .init(eTag: etag)))
        }
        return .ok(.init(headers: .init(eTag: etag, cacheControl: "private, no-cache"), body: .imageSvgXml(HTTPBody(svg))))
    }
}
