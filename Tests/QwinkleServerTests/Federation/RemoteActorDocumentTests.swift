import Foundation
import QwinkleFederation
import QwinkleStorage
import Testing

/// What is read of another server's actor document: its avatar's address in each shape servers write `icon`, and
/// whether it approves its followers.
@Suite("Federation: an actor's document")
struct RemoteActorDocumentTests {
    static var base: [String: Any] { ["id": "https://far.example/users/bea", "inbox": "https://far.example/users/bea/inbox", "preferredUsername": "bea"] }

    @Test("The avatar is read from a URL, an Image's url (a URL or a Link), or the first of a list; anything else is none")
    func icon() {
        let url = "https://far.example/media/bea.png"
        let shapes: [Any] = [
            url, ["type": "Image", "url": url], ["type": "Image", "url": ["type": "Link", "href": url]], [["type": "Image", "url": url], "https://other"],
            ["type": "Image", "url": [url]],
        ]
        for shape in shapes {
            #expect(RemoteAccounts.iconURL(Self.base.merging(["icon": shape]) { $1 }) == url, "\(shape)")
        }
        #expect(RemoteAccounts.iconURL(Self.base) == nil)
        #expect(RemoteAccounts.iconURL(Self.base.merging(["icon": ["type": "Image"]]) { $1 }) == nil)
        #expect(RemoteAccounts.iconURL(Self.base.merging(["icon": 42]) { $1 }) == nil)
    }

    @Test("An actor that says manuallyApprovesFollowers is kept locked; one that does not, or says it oddly, is not")
    func locked() {
        #expect(RemoteAccounts.actor(Self.base.merging(["manuallyApprovesFollowers": true]) { $1 }, at: "https://far.example/users/bea")?.locked == true)
        #expect(RemoteAccounts.actor(Self.base, at: "https://far.example/users/bea")?.locked == false)
        #expect(RemoteAccounts.actor(Self.base.merging(["manuallyApprovesFollowers": "yes"]) { $1 }, at: "https://far.example/users/bea")?.locked == false)
    }
}
