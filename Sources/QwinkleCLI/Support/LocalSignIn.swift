import QwinkleClient

/// A sign-in as this machine keeps it: the token in the credentials file, and the offline copies of that account's
/// view.
enum LocalSignIn {
    /// Forgets both, as logging out and deleting the account do (from the command or the app), so the next person
    /// on this machine sees nothing of the account.
    static func forget(server: ServerAddress, username: String?, credentials: CredentialStore, offline: OfflineStore?) async throws {
        if let offline, let username { try? await TimelineCache(store: offline, server: server, username: username).removeAll() }
        try credentials.setCredential(nil, for: server)
    }
}
