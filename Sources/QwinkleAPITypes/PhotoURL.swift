import QwinkleKit

/// Where a photo's bytes are served: part of the contract, so server and clients agree. Relative, so it holds
/// behind any proxy.
package enum PhotoURL {
    /// The path of a photo's bytes.
    package static func path(_ id: Photo.ID) -> String { "/api/qwinkle/v1/photos/\(id.rawValue)" }
}
