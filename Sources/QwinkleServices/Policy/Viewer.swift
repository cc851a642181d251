import QwinkleKit
import QwinkleStorage

/// Who is asking, and what the read policy needs to know about them.
public struct Viewer: Hashable, Sendable {
    /// The signed-in account, or `nil` for an anonymous visitor.
    public var account: Account.ID?
    /// Their follows and journal grants (empty for an anonymous visitor).
    public var relations: ViewerRelations

    /// Describes a viewer.
    public init(account: Account.ID?, relations: ViewerRelations = ViewerRelations()) {
        self.account = account
        self.relations = relations
    }

    /// An anonymous visitor who knows nothing of what moderators decided: for tests and rules about audiences alone;
    /// the services' anonymous viewer is `ServiceContext.viewer(for: nil)`.
    public static let anonymous = Viewer(account: nil)
}
