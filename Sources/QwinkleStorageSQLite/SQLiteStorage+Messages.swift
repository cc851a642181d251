import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage {
    static func participants(_ db: Database, conversation: Int64) throws -> Set<Account.ID> {
        Set(try Int64.fetchAll(
            db, cached: "SELECT account_id FROM conversation_participants WHERE conversation_id = ?", arguments: [conversation]
        ).map(Account.ID.init(integer:)))
    }
}
