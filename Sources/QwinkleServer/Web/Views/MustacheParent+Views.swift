import Mustache

// The views of the most rendered pages (every page's layout and the timelines) name their fields for the template
// engine directly. Otherwise it finds each `{{name}}` through a `Mirror` of every view up the context stack, which was
// two thirds of a home page's time. A missing optional is `nil`, as the engine's `Mirror` lookup makes it, so the
// search goes on up the stack. `ViewFieldTests` checks every field against the `Mirror`.

extension PageView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "site": site
        case "page": page
        default: nil
        }
    }
}

extension SiteView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "signedIn": signedIn
        case "me": me
        case "csrf": csrf
        case "nav": nav
        case "scripts": scripts
        case "composing": composing
        case "unread": unread
        case "notifying": notifying
        case "contentLines": contentLines
        default: nil
        }
    }
}

extension SiteView.NavItem: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "label": label
        case "current": current
        default: nil
        }
    }
}

extension WebApp.TimelineContent: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "welcome": welcome
        case "entries": entries
        case "nextURL": nextURL
        case "stream": stream
        case "emptyText": emptyText
        case "isJournal": isJournal
        default: nil
        }
    }
}

extension EntryView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "url": url
        case "author": author
        case "kind": kind
        case "kindLabel": kindLabel
        case "bodyHTML": bodyHTML
        case "content": content
        case "photos": photos
        case "lines": lines
        case "hasPhotos": hasPhotos
        case "warning": warning
        case "photosBehindWarning": photosBehindWarning
        case "photosBehindOwnWarning": photosBehindOwnWarning
        case "photosShown": photosShown
        case "photosWord": photosWord
        case "visibility": visibility
        case "visibilityLabel": visibilityLabel
        case "createdAt": createdAt
        case "createdText": createdText
        case "edited": edited
        case "imported": imported
        case "revision": revision
        case "marked": marked
        case "shared": shared
        case "canShare": canShare
        case "bookmarked": bookmarked
        case "pinned": pinned
        case "canPin": canPin
        case "marksText": marksText
        case "sharesText": sharesText
        case "mine": mine
        case "dream": dream
        case "cardURL": cardURL
        case "narrowCardURL": narrowCardURL
        case "contentJSON": contentJSON
        case "replyingTo": replyingTo
        case "parentID": parentID
        case "isUnavailableReply": isUnavailableReply
        case "repliesText": repliesText
        case "canReply": canReply
        case "replyURL": replyURL
        case "sharedBy": sharedBy
        case "original": original
        default: nil
        }
    }
}

extension EntryView.Original: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "host": host
        default: nil
        }
    }
}

extension EntryView.ReplyingTo: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "username": username
        default: nil
        }
    }
}

extension EntryView.PhotoView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "alt": alt
        case "size": size
        default: nil
        }
    }
}

extension EntryView.SizeView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "width": width
        case "height": height
        default: nil
        }
    }
}

extension EntryView.LineView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "label": label
        case "text": text
        default: nil
        }
    }
}

extension EntryView.DreamView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        name == "summary" ? summary : nil
    }
}

extension AccountView: MustacheParent {
    /// The field named `name`, as the template engine looks it up.
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "username": username
        case "name": self.name
        case "bio": bio
        case "avatarURL": avatarURL
        case "initial": initial
        case "profileURL": profileURL
        default: nil
        }
    }
}
