import QwinkleKit

/// What a viewer's relationships are, to decide what they may read.
public struct ViewerRelations: Hashable, Sendable {
    /// The accounts the viewer follows.
    public var following: Set<Account.ID>
    /// The accounts whose journals are shared with the viewer.
    public var journalOwners: Set<Account.ID>

    /// Collects a viewer's relationships.
    public init(following: Set<Account.ID> = [], journalOwners: Set<Account.ID> = []) {
        self.following = following
        self.journalOwners = journalOwners
    }
}
