import QwinkleKit
import QwinkleStorage

extension EntrySearch {
    /// The search's conditions that both databases write alike: who may read (`SQL.readable(by:)`), the trash, and
    /// each filter. The terms, and the words left out, are each backend's full-text index.
    package var sharedConditions: [SQL] {
        let query = query
        var conditions: [SQL] = [SQL.readable(by: viewer), "\(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))"]
        if let author = query.author {
            conditions.append("entries.author_id = (SELECT id FROM accounts WHERE username = \(author))")
        }
        if let kind = query.kind {
            conditions.append("entries.kind = \(kind.rawValue)")
        }
        if !query.creatures.isEmpty {
            conditions.append("entries.dream_creature IN (\(list: query.creatures.map(\.rawValue).sorted()))")
        }
        if query.hasPhoto {
            conditions.append("EXISTS (SELECT 1 FROM entry_photos WHERE entry_photos.entry_id = entries.id)")
        }
        for tag in query.tags {
            conditions.append("EXISTS (SELECT 1 FROM entry_tags WHERE entry_tags.tag = \(tag) AND entry_tags.entry_id = entries.id)")
        }
        if let before = query.before {
            conditions.append("entries.created_at < \(before)")
        }
        if let after = query.after {
            conditions.append("entries.created_at >= \(after)")
        }
        return conditions
    }
}

extension SQL {
    /// Which entries `viewer` may read, as a condition on `entries`: the read policy (`Policy.canRead` in the
    /// services) in SQL, which the conformance suite checks against the policy itself on every kind of entry and
    /// viewer. Their own; a reply answering them unless it is private (in a journal's thread, the journal decides);
    /// public entries; followers' entries of those they follow; journals they were given, and replies in them.
    public static func readable(by viewer: Account.ID?) -> SQL {
        let viewer = viewer?.key ?? 0
        return """
            (entries.author_id = \(viewer) OR (entries.reply_to_author = \(viewer) AND entries.visibility <> 'private' AND entries.reply_journal IS NULL)
                OR (entries.reply_journal IS NULL AND (entries.visibility = 'public'
                    OR (entries.visibility = 'followers' AND entries.author_id IN (SELECT followee_id FROM follows WHERE follower_id = \(viewer)))
                    OR (entries.visibility = 'journal' AND entries.author_id IN (SELECT owner_id FROM journal_readers WHERE reader_id = \(viewer)))))
                OR (entries.visibility = 'journal' AND (entries.reply_journal = \(viewer)
                    OR entries.reply_journal IN (SELECT owner_id FROM journal_readers WHERE reader_id = \(viewer)))))
            """
    }
}
