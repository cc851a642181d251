"""bovine 0.5.19 against a Qwinkle server with federation on: discovery, the actor and its key, a public Note,
entries that must never be given out, and deliveries signed by bovine to Qwinkle's inbox (a peer actor is served
here on loopback, which the server is started to allow); abe follows that actor, and what bovine signs in its name
(Create, Update, Like, Announce and its Undo, Delete) shows in abe's timeline and notifications; and what a security
probe found stays closed (a key zoe's actor does not list, an activity ID on another server, a signature made for
another host); and reports both ways: a Flag from zoe's server waits for the moderators (one made with `qwinkle admin
grant-moderator`), once however often it is delivered, and a report of zoe forwarded from here reaches her inbox as a
Flag the server's own actor signs, without the reporter's name. Exits non-zero, naming the check, at the first that
fails."""

import asyncio
import html.parser
import json
import struct
import sys
import zlib
import urllib.error
import urllib.parse
import urllib.request

import aiohttp
from aiohttp import web
from bovine.clients import lookup_uri_with_webfinger
from bovine.clients.signed_http import legacy_digest_method_uppercase
from bovine.clients.signed_http_methods import signed_get, signed_post
from bovine.crypto import build_validate_http_signature_raw, generate_rsa_public_private_key
from bovine.crypto.http_signature import build_signature
from bovine.crypto.types import CryptographicSecret
from bovine.utils import get_gmt_now
from bovine.clients.nodeinfo import fetch_nodeinfo20
from bovine.crypto.types import CryptographicIdentifier

base = sys.argv[1]
domain = base.split("://", 1)[1]
peer_port = int(sys.argv[2])
peer = f"http://127.0.0.1:{peer_port}"
# The binary serving `base` and its data folder, for what only the operator does (`qwinkle admin`).
qwinkle, data_folder = sys.argv[3], sys.argv[4]
ACTIVITY = "application/activity+json"


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


# zoe's avatar: a 1×1 PNG that says where it was taken, in a text chunk a sanitizer must drop.
AVATAR = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
          + png_chunk(b"tEXt", b"Comment\x00taken at zoe's secret place") + png_chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00\xff"))
          + png_chunk(b"IEND", b""))


class Links(html.parser.HTMLParser):
    """The links of a note's content, each as (class, rel, href, text), read by Python's own HTML parser."""

    def __init__(self):
        super().__init__()
        self.found, self.open = [], None

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            attributes = dict(attrs)
            self.open = [attributes.get("class"), attributes.get("rel"), attributes.get("href"), ""]

    def handle_data(self, data):
        if self.open is not None:
            self.open[3] += data

    def handle_endtag(self, tag):
        if tag == "a" and self.open is not None:
            self.found.append(tuple(self.open))
            self.open = None


def check(condition, what):
    if not condition:
        print(f"federation-peer: FAILED: {what}")
        sys.exit(1)
    print(f"federation-peer: ok: {what}")


def api(method, path, body=None, token=None):
    """Qwinkle's own API, to set the server up as its people would."""
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def sign_up(name):
    answer = api("POST", "/api/qwinkle/v1/accounts", {
        "username": name, "email": f"{name}@example.com", "password": "correct horse", "password_confirmation": "correct horse",
    })
    return answer["token"]


async def main():
    abe = sign_up("abe")
    public = api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "Tea at five #tea", "visibility": "public", "photos": []}, abe)
    canaries = {}
    for visibility, kind in [("journal", "journal"), ("private", "update"), ("followers", "update")]:
        word = f"canary{visibility}zq"
        entry = api("POST", "/api/qwinkle/v1/entries", {"kind": kind, "body": f"A {word}", "visibility": visibility, "photos": []}, abe)
        canaries[word] = entry["id"]

    async with aiohttp.ClientSession() as session:
        actor_url, _ = await lookup_uri_with_webfinger(session, f"acct:abe@{domain}", domain=base)
        check(actor_url == f"{base}/people/abe", f"bovine finds acct:abe@{domain} by WebFinger at {actor_url}")
        missing, _ = await lookup_uri_with_webfinger(session, f"acct:nobody@{domain}", domain=base)
        check(missing is None, "bovine finds no account that does not exist")

        async with session.get(f"{base}/.well-known/nodeinfo") as response:
            links = await response.json(content_type=None)
        nodeinfo = await fetch_nodeinfo20(session, links["links"][0]["href"])
        check(nodeinfo is not None and nodeinfo["software"]["name"] == "qwinkle" and "activitypub" in nodeinfo["protocols"],
              "bovine reads NodeInfo: the software is qwinkle and speaks activitypub")

        async with session.get(actor_url, headers={"accept": ACTIVITY}) as response:
            check(response.status == 200 and response.content_type == "application/activity+json", "the actor is served as application/activity+json")
            actor = await response.json(content_type=None)
        check(actor["type"] == "Person" and actor["preferredUsername"] == "abe", "the actor is abe's Person")
        key = actor["publicKey"]
        identifier = CryptographicIdentifier.from_pem(key["publicKeyPem"], key["owner"])
        check(identifier.controller == actor_url and key["id"] == actor_url + "#main-key", "bovine loads the actor's public key, owned by the actor")

        async with session.get(f"{base}/entries/{public['id']}", headers={"accept": ACTIVITY}) as response:
            note = await response.json(content_type=None)
        check(note["type"] == "Note" and note["attributedTo"] == actor_url and "Tea at five" in note["content"],
              "a public entry is a Note attributed to its author")
        check(any(tag["type"] == "Hashtag" and tag["name"] == "#tea" for tag in note["tag"]), "the Note carries its hashtag")
        links = Links()
        links.feed(note["content"])
        check(("mention hashtag", "tag", f"{base}/tags/tea", "#tea") in links.found,
              f"its content links the hashtag in Mastodon's markup ({links.found})")

        # An unlisted entry with a content warning and a described photo, as another server reads it.
        request = urllib.request.Request(base + "/api/qwinkle/v1/photos", data=AVATAR, method="POST")
        for name, value in (("Content-Type", "image/png"), ("Authorization", f"Bearer {abe}")):
            request.add_header(name, value)
        with urllib.request.urlopen(request) as response:
            photo = json.loads(response.read())["id"]
        quiet = api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "Cake for @abe", "visibility": "unlisted",
                                                        "content_warning": "Cake talk", "photos": [{"id": photo, "alt": "A slice of cake"}]}, abe)
        async with session.get(f"{base}/entries/{quiet['id']}", headers={"accept": ACTIVITY}) as response:
            quiet_note = await response.json(content_type=None)
        check(quiet_note["to"] == [f"{actor_url}/followers"] and "https://www.w3.org/ns/activitystreams#Public" in quiet_note["cc"],
              f"an unlisted entry is addressed as Mastodon's unlisted posts ({quiet_note['to']}, {quiet_note['cc']})")
        check(quiet_note["summary"] == "Cake talk" and quiet_note["sensitive"] is True, "its content warning is its summary, and it is sensitive")
        attachment = quiet_note["attachment"][0]
        check(attachment["name"] == "A slice of cake" and attachment["mediaType"] == "image/png" and attachment["url"].startswith(base),
              f"its photo is an attachment with its description, media type and address ({attachment})")
        links = Links()
        links.feed(quiet_note["content"])
        check(("u-url mention", None, actor_url, "@abe") in links.found and 'class="h-card"' in quiet_note["content"],
              f"its mention is an h-card, as Mastodon writes one ({links.found})")

        seen = ""
        for word, entry_id in canaries.items():
            async with session.get(f"{base}/entries/{entry_id}", headers={"accept": ACTIVITY}) as response:
                text = await response.text()
                check(response.status == 404, f"the {word.removeprefix('canary').removesuffix('zq')} entry is not given out")
                seen += text
        for path in ["/people/abe", "/people/abe/outbox", "/people/abe/followers", "/people/abe/following"]:
            async with session.get(base + path, headers={"accept": ACTIVITY}) as response:
                seen += await response.text()
        check(not any(word in seen for word in canaries), "no canary word is in any answer to another server")

        await deliveries(session, actor_url, abe)


async def deliveries(session, abe_url, abe):
    """A peer actor, served here, follows abe: bovine signs the delivery, Qwinkle fetches the key and checks it, then
    sends its Accept and abe's entries to the peer's inbox, where bovine checks Qwinkle's signatures."""
    public_pem, private_pem = generate_rsa_public_private_key()
    zoe = f"{peer}/users/zoe"
    actor = {
        "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
        "id": zoe, "type": "Person", "preferredUsername": "zoe", "inbox": zoe + "/inbox",
        "publicKey": {"id": zoe + "#main-key", "owner": zoe, "publicKeyPem": public_pem},
        "icon": {"type": "Image", "mediaType": "image/png", "url": f"{peer}/media/zoe.png"},
    }
    # zoe's server's own actor, as Mastodon's instance actor: it sends the server's reports.
    server_public_pem, server_private_pem = generate_rsa_public_private_key()
    server_actor = {
        "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
        "id": f"{peer}/actor", "type": "Application", "preferredUsername": "127.0.0.1", "inbox": f"{peer}/actor/inbox",
        "publicKey": {"id": f"{peer}/actor#main-key", "owner": f"{peer}/actor", "publicKeyPem": server_public_pem},
    }
    received = []
    notes = {}
    files = {}
    fetched_by = []

    async def serve_actor(request):
        return web.json_response(actor, content_type="application/activity+json")

    async def serve_server_actor(request):
        return web.json_response(server_actor, content_type="application/activity+json")

    async def webfinger(request):
        if request.query.get("resource") != f"acct:zoe@127.0.0.1:{peer_port}":
            return web.Response(status=404)
        return web.json_response({"subject": request.query["resource"], "links": [{"rel": "self", "type": ACTIVITY, "href": zoe}]},
                                 content_type="application/jrd+json")

    async def inbox(request):
        received.append((dict(request.headers), await request.read()))
        return web.Response(status=202)

    async def serve_note(request):
        """A note of zoe's, given only to a fetch bovine verifies as signed by the Qwinkle server."""
        async def no_body():
            return b""
        headers = {name.lower(): value for name, value in request.headers.items()}
        try:
            signer = await validate("get", str(request.url), headers, no_body)
        except Exception:
            signer = None
        note = notes.get(request.match_info["id"])
        if not signer or not signer.startswith(base) or note is None:
            return web.Response(status=401 if not signer else 404)
        fetched_by.append(signer)
        return web.json_response(note, content_type="application/activity+json")

    async def serve_file(request):
        """Whatever zoe's server lets its people upload: any JSON at all."""
        document = files.get(request.match_info["name"])
        if document is None:
            return web.Response(status=404)
        return web.json_response(document, content_type="application/activity+json")

    async def serve_avatar(request):
        return web.Response(body=AVATAR, content_type="image/png")

    app = web.Application()
    app.router.add_get("/media/zoe.png", serve_avatar)
    app.router.add_get("/users/zoe", serve_actor)
    app.router.add_get("/actor", serve_server_actor)
    app.router.add_get("/.well-known/webfinger", webfinger)
    app.router.add_post("/users/zoe/inbox", inbox)
    app.router.add_get("/users/zoe/notes/{id}", serve_note)
    app.router.add_get("/files/{name}", serve_file)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", peer_port).start()

    async def qwinkle_key(key_id):
        async with session.get(key_id.split("#")[0], headers={"accept": ACTIVITY}) as response:
            document = await response.json(content_type=None)
        key = document["publicKey"]
        return CryptographicIdentifier.from_pem(key["publicKeyPem"], key["owner"])

    validate = build_validate_http_signature_raw(qwinkle_key)

    async def arrived(count, what, signer=abe_url):
        for _ in range(300):
            if len(received) >= count:
                break
            await asyncio.sleep(0.05)
        check(len(received) == count, f"{what} arrives at zoe's inbox ({len(received)} of {count} deliveries)")
        headers, body = received[count - 1]

        async def read_body():
            return body

        owner = await validate("post", f"{zoe}/inbox", {name.lower(): value for name, value in headers.items()}, read_body)
        name = "the server's actor" if signer == f"{base}/actor" else signer.rsplit("/", 1)[-1]
        check(owner == signer, f"bovine verifies its signature as {name}'s ({owner})")
        return json.loads(body)

    try:
        secret = CryptographicSecret.from_pem(zoe + "#main-key", private_pem)
        follow = json.dumps({
            "@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/follows/1", "type": "Follow",
            "actor": zoe, "object": abe_url,
        })
        inbox_url = f"{base}/people/abe/inbox"
        async with await signed_post(session, secret, inbox_url, follow, legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"a Follow bovine signed is taken by abe's inbox ({response.status})")
        async with await signed_post(session, secret, f"{base}/inbox", follow, legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"and by the shared inbox, as the same activity again ({response.status})")
        accept = await arrived(1, "one Accept")
        check(accept["type"] == "Accept" and accept["actor"] == abe_url and accept["object"]["id"] == zoe + "/follows/1",
              "the Accept is abe's, of zoe's Follow")

        # What abe writes now: only the public and the followers-only entries go to zoe.
        for visibility, kind in [("journal", "journal"), ("private", "update")]:
            api("POST", "/api/qwinkle/v1/entries", {"kind": kind, "body": f"A canarylater{visibility}zq", "visibility": visibility, "photos": []}, abe)
        scones = api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "Scones at six #tea", "visibility": "public", "photos": []}, abe)
        create = await arrived(2, "a Create of the public entry")
        check(create["type"] == "Create" and create["object"]["type"] == "Note" and "Scones at six" in create["object"]["content"]
              and "https://www.w3.org/ns/activitystreams#Public" in create["object"]["to"], "it carries the public Note, addressed to everyone")
        friends = api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "Only for friends", "visibility": "followers", "photos": [],
                                                          "content_warning": "Friends' news", "location": "Harbour café"}, abe)
        create = await arrived(3, "a Create of the followers-only entry")
        check(create["object"]["to"] == [abe_url + "/followers"] and "Only for friends" in create["object"]["content"],
              "it carries the followers-only Note, addressed to abe's followers alone")
        check(create["object"].get("summary") == "Friends' news" and create["object"].get("sensitive") is True
              and create["object"].get("location") == {"type": "Place", "name": "Harbour café"},
              f"the Note says its content warning as summary, is sensitive, and names its location as a Place ({create['object'].get('summary')!r})")
        api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "Quietly said", "visibility": "unlisted", "photos": []}, abe)
        create = await arrived(4, "a Create of the unlisted entry")
        check(create["object"]["to"] == [abe_url + "/followers"] and "https://www.w3.org/ns/activitystreams#Public" in create["object"]["cc"]
              and "Quietly said" in create["object"]["content"], "it carries the unlisted Note as Mastodon addresses one: to the followers, Public in cc")

        undo = json.dumps({"id": zoe + "/follows/1/undo", "type": "Undo", "actor": zoe, "object": json.loads(follow)})
        async with await signed_post(session, secret, inbox_url, undo, legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"zoe's Undo of the Follow is taken ({response.status})")
        # zoe follows cal as well, who posts right after abe: Qwinkle queues writes in order and sends each server
        # its deliveries in order, so cal's Create arriving is the moment by which abe's would have arrived.
        cal = sign_up("cal")
        cal_url = f"{base}/people/cal"
        follow_cal = json.dumps({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/follows/cal", "type": "Follow",
                                 "actor": zoe, "object": cal_url})
        async with await signed_post(session, secret, f"{cal_url}/inbox", follow_cal, legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"zoe's Follow of cal is taken ({response.status})")
        await arrived(5, "cal's Accept", signer=cal_url)
        api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "After the undo", "visibility": "public", "photos": []}, abe)
        api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "Cal was here", "visibility": "public", "photos": []}, cal)
        marker = await arrived(6, "cal's next entry", signer=cal_url)
        check(marker["type"] == "Create" and "Cal was here" in marker["object"]["content"],
              "after the Undo nothing more of abe's is delivered to zoe: the next delivery is cal's")
        check(not any(b"canary" in body for _, body in received), "no canary word is in any delivery")

        await follow_zoe(session, secret, zoe, abe, abe_url, scones["id"], arrived, notes, fetched_by)
        server_secret = CryptographicSecret.from_pem(f"{peer}/actor#main-key", server_private_pem)
        await reports(session, server_secret, zoe, abe_url, scones["id"], arrived, received)
        check(not any(b"canary" in body for _, body in received), "still no canary word in any delivery")

        # The same signature over another body: the digest no longer matches.
        host, target = domain, "/people/abe/inbox"
        _, digest = legacy_digest_method_uppercase(follow.encode())
        helper = (build_signature(host, "post", target).with_field("date", get_gmt_now()).with_field("digest", digest)
                  .with_field("content-type", "application/activity+json"))
        headers = {**helper.headers, "signature": helper.sign_for_http_draft(secret)}
        async with session.post(inbox_url, data=follow.replace("Follow", "Block"), headers=headers) as response:
            check(response.status == 401, f"a body the signature does not cover is refused ({response.status})")

        # Signed by a key that is not zoe's, in zoe's name.
        other_public_pem, other_pem = generate_rsa_public_private_key()
        forger = CryptographicSecret.from_pem(zoe + "#main-key", other_pem)
        async with await signed_post(session, forger, inbox_url, follow, legacy_digest_method_uppercase) as response:
            check(response.status == 401, f"a signature by another key in zoe's name is refused ({response.status})")

        await probe_findings(session, secret, zoe, other_public_pem, other_pem, files, scones["id"], friends["id"])
    finally:
        await runner.cleanup()


async def signed_for_host(session, secret, method, path, host, body=None):
    """A request to Qwinkle's `path`, signed by bovine as if it were for `host` (its Host header says so too)."""
    helper = build_signature(host, method, path).with_field("date", get_gmt_now())
    if body is None:
        helper = helper.with_field("accept", ACTIVITY)
    else:
        _, digest = legacy_digest_method_uppercase(body.encode())
        helper = helper.with_field("digest", digest).with_field("content-type", ACTIVITY)
    headers = {**helper.headers, "signature": helper.sign_for_http_draft(secret)}
    return await session.request(method.upper(), base + path, data=body, headers=headers)


async def probe_findings(session, secret, zoe, other_public_pem, other_pem, files, scones_id, friends_id):
    """What a security probe found, signed with real keys by bovine: a key on zoe's server that zoe's actor does not
    list signs nothing in her name; an activity whose ID is on another server is refused; a signature made for
    another host is refused, for a delivery and for a follower's fetch of a followers-only note."""
    public = "https://www.w3.org/ns/activitystreams#Public"
    files["key.json"] = {"id": f"{peer}/files/key.json", "type": "Key", "owner": zoe, "publicKeyPem": other_public_pem}
    impostor = CryptographicSecret.from_pem(f"{peer}/files/key.json", other_pem)
    forged = json.dumps({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/99/create", "type": "Create",
                         "actor": zoe, "to": public, "object": {"id": zoe + "/notes/99", "type": "Note", "attributedTo": zoe,
                                                                "to": public, "content": "<p>Forged</p>", "published": "2026-11-28T08:00:00Z"}})
    async with await signed_post(session, impostor, f"{base}/inbox", forged, legacy_digest_method_uppercase) as response:
        check(response.status == 401, f"a key document on zoe's server naming her its owner, not listed by her actor, is refused ({response.status})")

    squatted = json.dumps({"@context": "https://www.w3.org/ns/activitystreams", "id": "https://elsewhere.example/users/x#likes/1",
                           "type": "Like", "actor": zoe, "object": f"{base}/entries/{scones_id}"})
    async with await signed_post(session, secret, f"{base}/inbox", squatted, legacy_digest_method_uppercase) as response:
        check(response.status == 400, f"an activity of zoe's whose id is on another server is refused ({response.status})")

    refollow = json.dumps({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/follows/2", "type": "Follow",
                           "actor": zoe, "object": f"{base}/people/abe"})
    async with await signed_for_host(session, secret, "post", "/people/abe/inbox", "evil.example", refollow) as response:
        check(response.status == 401, f"a Follow bovine signed for another host is refused ({response.status})")
    async with await signed_post(session, secret, f"{base}/people/abe/inbox", refollow, legacy_digest_method_uppercase) as response:
        check(response.status == 202, f"signed for this host, it is taken ({response.status})")
    async with await signed_for_host(session, secret, "get", f"/entries/{friends_id}", "evil.example") as response:
        check(response.status == 404, f"a follower's fetch of a followers-only note, signed for another host, gets nothing ({response.status})")
    async with await signed_get(session, secret, f"{base}/entries/{friends_id}") as response:
        note = await response.json(content_type=None) if response.status == 200 else {}
        check(response.status == 200 and "Only for friends" in note.get("content", ""),
              f"signed for this host, the follower gets the note ({response.status})")


async def api_async(session, method, path, body=None, token=None):
    """Qwinkle's API without blocking the loop that serves zoe (which Qwinkle asks while it answers)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with session.request(method, base + path, json=body, headers=headers) as response:
        return response.status, await response.json(content_type=None)


async def follow_zoe(session, secret, zoe, abe, abe_url, scones_id, arrived, notes, fetched_by):
    """abe follows zoe, found by handle; what zoe sends, signed by bovine, is taken: a Create in abe's home timeline,
    its Update, a Like of abe's entry, Announces (of a note Qwinkle fetches from zoe, signed, and of abe's entry) shown
    as shared by zoe, their Undo, the Delete; abe's unfollow sends an Undo bovine verifies; zoe's Block ends abe's
    follow and hides each from the other, and abe's Block and its Undo reach zoe signed."""
    handle = f"zoe@127.0.0.1:{peer_port}"
    status, followed = await api_async(session, "POST", f"/api/qwinkle/v1/accounts/{handle}/follow", token=abe)
    check(status == 200 and followed["following"] and followed["account"]["username"] == handle,
          f"abe follows zoe, found as {handle} by WebFinger ({status})")
    follow = await arrived(7, "abe's Follow of zoe")
    check(follow["type"] == "Follow" and follow["object"] == zoe, "it is abe's Follow of zoe")

    async def send(activity, what, path="/inbox"):
        async with await signed_post(session, secret, base + path, json.dumps(activity), legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"{what}, signed by bovine, is taken ({response.status})")

    async def home():
        """zoe's entries in abe's home timeline (abe's own are there too)."""
        _, timeline = await api_async(session, "GET", "/api/qwinkle/v1/timelines/home", token=abe)
        return [entry for entry in timeline if entry["author"]["username"] == handle]

    public = "https://www.w3.org/ns/activitystreams#Public"
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/accepts/1", "type": "Accept", "actor": zoe,
                "object": follow}, "zoe's Accept", "/people/abe/inbox")
    note = {"id": zoe + "/notes/1", "type": "Note", "attributedTo": zoe, "to": public, "cc": zoe + "/followers",
            "content": "<p>Greetings from <em>bovine</em> &amp; co<script>alert(1)</script></p>", "published": "2026-11-27T12:00:00Z",
            "summary": "Bovine spoilers", "sensitive": True, "location": {"type": "Place", "name": "Lisbon", "latitude": 38.7}}
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/1/create", "type": "Create", "actor": zoe,
                "to": public, "object": note}, "zoe's Create of a note")
    timeline = await home()
    status, zoe_account = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}", token=abe)
    avatar_path = zoe_account.get("avatar_url")
    check(status == 200 and avatar_path, f"zoe's avatar was fetched and is hers here ({zoe_account})")
    async with session.get(base + (avatar_path or "/missing")) as response:
        avatar = await response.read()
    check(response.status == 200 and avatar.startswith(b"\x89PNG") and b"secret place" not in avatar,
          f"it is served as a PNG without the text its original carried ({response.status}, {len(avatar)} bytes)")
    check([(entry["body"], entry["author"]["username"]) for entry in timeline] == [("Greetings from bovine & co", handle)],
          "zoe's note is in abe's home timeline, as plain text, by " + handle)
    check(timeline[0].get("html") == "<p>Greetings from <em>bovine</em> &amp; co</p>",
          f"and as its HTML, emphasis kept and its script gone ({timeline[0].get('html')!r})")
    check((timeline[0].get("content_warning"), timeline[0].get("sensitive"), timeline[0].get("location")) == ("Bovine spoilers", True, "Lisbon"),
          "its summary is its content warning (not its text), it is sensitive, and its Place is its location")

    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/1/update", "type": "Update", "actor": zoe,
                "to": public, "object": {**note, "content": "<p>Greetings, edited</p>", "updated": "2026-11-27T12:05:00Z"}}, "zoe's Update")
    timeline = await home()
    check(timeline[0]["body"] == "Greetings, edited" and timeline[0]["revision"] == 2, "the edit is the entry's second revision")

    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/likes/1", "type": "Like", "actor": zoe,
                "object": f"{base}/entries/{scones_id}"}, "zoe's Like of abe's public entry")
    _, notifications = await api_async(session, "GET", "/api/qwinkle/v1/notifications", token=abe)
    check("marked" in json.dumps(notifications) and handle in json.dumps(notifications), "abe is told zoe marked the entry")

    # An unlisted note, addressed as Mastodon addresses one (to the followers, Public in cc): kept unlisted, in abe's
    # home, on nobody's public timeline; then deleted, so the home timeline below holds what it held.
    quiet = {"id": zoe + "/notes/3", "type": "Note", "attributedTo": zoe, "to": [zoe + "/followers"], "cc": [public],
             "content": "<p>Quietly mooed</p>", "published": "2026-11-27T12:10:00Z"}
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/3/create", "type": "Create", "actor": zoe,
                "to": [zoe + "/followers"], "cc": [public], "object": quiet}, "zoe's Create of an unlisted note")
    timeline = await home()
    check(timeline and timeline[0]["body"] == "Quietly mooed" and timeline[0]["visibility"] == "unlisted",
          f"the note with Public only in cc is unlisted in abe's home ({timeline[:1]})")
    _, everyone = await api_async(session, "GET", "/api/qwinkle/v1/timelines/public")
    check(all(entry["body"] != "Quietly mooed" for entry in everyone), "and on nobody's public timeline")
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/3/delete", "type": "Delete", "actor": zoe,
                "to": [public], "object": {"id": zoe + "/notes/3", "type": "Tombstone"}}, "zoe's Delete of the unlisted note")

    # zoe shares a note of hers Qwinkle has not seen (it fetches it from zoe, signed) and abe's own entry.
    notes["2"] = {"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/2", "type": "Note", "attributedTo": zoe,
                  "to": [public], "content": "<p>Worth reading again</p>", "published": "2026-11-26T08:00:00Z"}
    for number, shared in [(1, zoe + "/notes/2"), (2, f"{base}/entries/{scones_id}")]:
        await send({"@context": "https://www.w3.org/ns/activitystreams", "id": f"{zoe}/announces/{number}", "type": "Announce",
                    "actor": zoe, "to": public, "cc": zoe + "/followers", "object": shared}, f"zoe's Announce {number}")
    check(fetched_by and fetched_by[0].startswith(base), "Qwinkle fetched the shared note with a signature bovine verifies")
    _, timeline = await api_async(session, "GET", "/api/qwinkle/v1/timelines/home", token=abe)
    shown = [(entry["body"], (entry.get("shared_by") or {}).get("account", {}).get("username")) for entry in timeline[:2]]
    check(shown == [("Scones at six #tea", handle), ("Worth reading again", handle)],
          f"both shares lead abe's home timeline, shared by {handle} ({shown})")
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/announces/2/undo", "type": "Undo", "actor": zoe,
                "object": {"id": zoe + "/announces/2", "type": "Announce", "actor": zoe, "object": f"{base}/entries/{scones_id}"}},
               "zoe's Undo of the Announce of abe's entry")
    _, timeline = await api_async(session, "GET", "/api/qwinkle/v1/timelines/home", token=abe)
    check(not any(entry.get("shared_by") and entry["id"] == scones_id for entry in timeline), "the share of abe's entry is gone")

    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/1/delete", "type": "Delete", "actor": zoe,
                "to": public, "object": {"id": zoe + "/notes/1", "type": "Tombstone"}}, "zoe's Delete of the note")
    check([entry["body"] for entry in await home()] == ["Worth reading again"], "the deleted note is gone from abe's home timeline")

    status, unfollowed = await api_async(session, "DELETE", f"/api/qwinkle/v1/accounts/{handle}/follow", token=abe)
    check(status == 200 and not unfollowed["following"], "abe unfollows zoe")
    undo = await arrived(8, "abe's Undo of the Follow")
    check(undo["type"] == "Undo" and undo["object"]["id"] == follow["id"], "it undoes the Follow it names")

    # Blocks both ways: zoe's Block ends abe's follow of her and hides each from the other; abe's goes to zoe's server.
    status, _ = await api_async(session, "POST", f"/api/qwinkle/v1/accounts/{handle}/follow", token=abe)
    check(status == 200, "abe follows zoe again")
    follow = await arrived(9, "abe's second Follow of zoe")
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/accepts/2", "type": "Accept", "actor": zoe,
                "object": follow}, "zoe's Accept of it", "/people/abe/inbox")
    block = {"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/blocks/1", "type": "Block", "actor": zoe, "object": abe_url}
    await send(block, "zoe's Block of abe", "/people/abe/inbox")
    status, relation = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/relationship", token=abe)
    check(status == 200 and relation["blocked_by"] and not relation["following"], f"zoe's Block ends abe's follow of her ({relation})")
    _, hers = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/entries", token=abe)
    _, anyones = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/entries")
    check(hers == [] and len(anyones) == 1, f"abe no longer sees zoe's entries, which others still see ({len(hers)}, {len(anyones)})")
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/blocks/1/undo", "type": "Undo", "actor": zoe,
                "object": {"id": zoe + "/blocks/1", "type": "Block", "actor": zoe, "object": abe_url}}, "zoe's Undo of the Block", "/people/abe/inbox")
    _, relation = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/relationship", token=abe)
    check(not relation["blocked_by"], "after zoe's Undo, the block is gone")

    status, relation = await api_async(session, "POST", f"/api/qwinkle/v1/accounts/{handle}/block", token=abe)
    check(status == 200 and relation["blocking"], "abe blocks zoe")
    sent = await arrived(10, "abe's Block of zoe")
    check(sent["type"] == "Block" and sent["actor"] == abe_url and sent["object"] == zoe, "it is abe's Block of zoe")
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/follows/blocked", "type": "Follow", "actor": zoe,
                "object": abe_url}, "zoe's Follow of abe, who blocks her", "/people/abe/inbox")
    refused = await arrived(11, "abe's Reject of it")
    check(refused["type"] == "Reject" and refused["object"]["id"] == zoe + "/follows/blocked", "a Follow across a block is rejected")
    status, relation = await api_async(session, "DELETE", f"/api/qwinkle/v1/accounts/{handle}/block", token=abe)
    check(status == 200 and not relation["blocking"], "abe unblocks zoe")
    undo = await arrived(12, "abe's Undo of the Block")
    check(undo["type"] == "Undo" and undo["object"]["id"] == sent["id"] and undo["object"]["type"] == "Block", "it undoes the Block it names")

    # abe approves each follower: zoe's Follow waits as a request until abe approves it, and then she gets the Accept.
    status, _ = await api_async(session, "PATCH", "/api/qwinkle/v1/accounts/me", {"locked": True}, token=abe)
    check(status == 200, "abe approves each follower from now on")
    async with session.get(abe_url, headers={"Accept": "application/activity+json"}) as response:
        check((await response.json(content_type=None)).get("manuallyApprovesFollowers") is True, "abe's actor says so")
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/follows/3", "type": "Follow", "actor": zoe, "object": abe_url},
               "zoe's Follow of the locked abe", "/people/abe/inbox")
    _, waiting = await api_async(session, "GET", "/api/qwinkle/v1/follow_requests", token=abe)
    check([account["username"] for account in waiting] == [handle], f"zoe's Follow waits as a request ({waiting})")
    status, relation = await api_async(session, "POST", f"/api/qwinkle/v1/follow_requests/{handle}/approve", token=abe)
    check(status == 200, f"abe approves it ({status})")
    accept = await arrived(13, "abe's Accept of zoe's Follow, once approved")
    check(accept["type"] == "Accept" and accept["object"]["id"] == zoe + "/follows/3", "it accepts the Follow zoe sent")
    await api_async(session, "PATCH", "/api/qwinkle/v1/accounts/me", {"locked": False}, token=abe)

    # abe blocks zoe's whole server: her entries are hidden from abe.
    status, blocked = await api_async(session, "POST", "/api/qwinkle/v1/domain_blocks", {"domain": f"https://127.0.0.1:{peer_port}/"}, token=abe)
    check(status == 200 and blocked["domain"] == "127.0.0.1", f"abe blocks zoe's server, named by a URL ({status} {blocked})")
    _, relation = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/relationship", token=abe)
    _, hers = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/entries", token=abe)
    check(relation["domain_blocking"] and hers == [], "zoe's server is blocked for abe, and her entries with it")
    status, _ = await api_async(session, "DELETE", "/api/qwinkle/v1/domain_blocks/127.0.0.1", token=abe)
    _, hers = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/entries", token=abe)
    check(status == 204 and len(hers) == 1, "unblocked, her entries are back")

    # Direct messages both ways: zoe's note to abe alone is a private message to abe (nobody else's); abe's answer
    # leaves as a note addressed to zoe alone, for her own inbox, signed by abe.
    direct = {"id": zoe + "/notes/4", "type": "Note", "attributedTo": zoe, "to": [abe_url], "cc": [],
              "content": f'<p><span class="h-card"><a href="{abe_url}">@abe</a></span> Psst, a secret</p>', "published": "2026-11-27T12:20:00Z",
              "tag": [{"type": "Mention", "href": abe_url, "name": "@abe"}]}
    await send({"@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/notes/4/create", "type": "Create", "actor": zoe,
                "to": [abe_url], "cc": [], "object": direct}, "zoe's Create of a note to abe alone")
    _, conversations = await api_async(session, "GET", "/api/qwinkle/v1/conversations", token=abe)
    check(len(conversations) == 1, f"abe has one conversation ({conversations})")
    conversation = conversations[0]["id"]
    _, messages = await api_async(session, "GET", f"/api/qwinkle/v1/conversations/{conversation}/messages", token=abe)
    check([message["body"] for message in messages] == ["@abe Psst, a secret"], f"zoe's direct note is a private message to abe ({messages})")
    _, everyone = await api_async(session, "GET", "/api/qwinkle/v1/timelines/public")
    check(all("Psst" not in entry["body"] for entry in everyone) and all("Psst" not in entry["body"] for entry in await home()),
          "and no entry of any timeline")
    status, sent = await api_async(session, "POST", "/api/qwinkle/v1/messages", {"to": [f"@{handle}"], "body": "Secret kept"}, token=abe)
    check(status == 201 and sent["conversation"]["id"] == conversation, f"abe answers in the same conversation ({status})")
    answer = await arrived(14, "abe's message to zoe")
    check(answer["type"] == "Create" and answer["to"] == [zoe] and answer["cc"] == [] and answer["object"]["to"] == [zoe]
          and answer["object"]["cc"] == [] and "Secret kept" in answer["object"]["content"],
          f"it is a note addressed to zoe alone ({answer['object']['to']}, {answer['object']['cc']})")


async def reports(session, server_secret, zoe, abe_url, scones_id, arrived, received):
    """Reports both ways. zoe's server sends a Flag of abe and his public entry, with a comment, signed by bovine in
    its own actor's name: it waits in the queue of a moderator the operator made with `qwinkle admin grant-moderator`
    (the server running), from that server, and a second delivery of it is no second report. A person here reports
    zoe and her note, forwarded: zoe's inbox gets a Flag of both with the comment, from and signed by the server's
    own actor, without the reporter's name."""
    peer_domain = urllib.parse.urlsplit(peer).hostname
    async with session.get(f"{base}/entries/{scones_id}", headers={"accept": ACTIVITY}) as response:
        scones_note = (await response.json(content_type=None))["id"]
    complaint = "Scones at six every day: this is spam"
    flag = json.dumps({"@context": "https://www.w3.org/ns/activitystreams", "id": f"{peer}/flags/1", "type": "Flag",
                       "actor": f"{peer}/actor", "content": complaint, "object": [abe_url, scones_note]})

    async def deliver_flag(path, what):
        async with await signed_post(session, server_secret, base + path, flag, legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"{what}, signed by bovine as zoe's server's actor, is taken ({response.status})")

    async def queue(token):
        return await api_async(session, "GET", "/api/qwinkle/v1/moderation/reports?state=all", token=token)

    await deliver_flag("/inbox", "a Flag of abe and his entry from zoe's server, to the shared inbox")
    mona = sign_up("mona")
    status, _ = await queue(mona)
    check(status == 403, f"mona, not a moderator, is not shown the reports ({status})")
    granting = await asyncio.create_subprocess_exec(qwinkle, "admin", "grant-moderator", "mona", "--data", data_folder,
                                                    stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await granting.communicate()
    check(granting.returncode == 0, f"qwinkle admin grant-moderator makes mona a moderator beside the running server "
                                    f"({granting.returncode}: {(out + err).decode().strip()})")
    status, shown = await queue(mona)
    flagged = [report for report in shown if report.get("origin") == peer_domain] if status == 200 else []
    check(status == 200 and len(flagged) == 1, f"mona is shown one report from {peer_domain} ({status}, {len(flagged)} of {len(shown)})")
    report = flagged[0]
    check(report["account"]["username"] == "abe" and "reporter" not in report and report["comment"] == complaint
          and [(entry["id"], entry["body"]) for entry in report["entries"]] == [(scones_id, "Scones at six #tea")]
          and report["state"] == "open",
          f"it is open, of abe and his entry, with the comment, and names no reporter ({report})")
    await deliver_flag("/people/abe/inbox", "the same Flag again, to abe's inbox")
    _, shown = await queue(mona)
    check([report["id"] for report in shown if report.get("origin") == peer_domain] == [flagged[0]["id"]],
          f"it makes no second report ({len(shown)} reports)")

    reporter_name = "wrenreporter"
    wren = sign_up(reporter_name)
    handle = f"zoe@127.0.0.1:{peer_port}"
    _, hers = await api_async(session, "GET", f"/api/qwinkle/v1/accounts/{handle}/entries", token=wren)
    check([entry["body"] for entry in hers] == ["Worth reading again"], "wren reads zoe's note kept here")
    comment = "Shares the same note again and again"
    status, made = await api_async(session, "POST", "/api/qwinkle/v1/reports",
                                   {"account": handle, "entry_ids": [hers[0]["id"]], "comment": comment, "forward": True}, wren)
    check(status == 201 and made["account"]["username"] == handle and made["forwarded"] is True
          and [entry["id"] for entry in made["entries"]] == [hers[0]["id"]],
          f"wren reports zoe, by handle, and her note, to be forwarded ({status})")
    server_actor = f"{base}/actor"
    sent = await arrived(15, "the forwarded report's Flag", signer=server_actor)
    check(sent["type"] == "Flag" and sent["actor"] == server_actor and sent["id"] == f"{server_actor}#reports/{made['id']}",
          f"it is a Flag from the server's actor, named by the report ({sent['id']})")
    check(sent["object"] == [zoe, zoe + "/notes/2"] and sent["content"] == comment,
          f"it flags zoe and her note, and carries the comment ({sent['object']})")
    headers, body = received[14]
    check(reporter_name not in body.decode() and reporter_name not in json.dumps(headers),
          "the reporter's name is nowhere in it, body or headers")
    _, shown = await queue(mona)
    local = [report for report in shown if report["account"]["username"] == handle]
    check(len(local) == 1 and local[0]["reporter"]["username"] == reporter_name and local[0]["forwarded"] is True and "origin" not in local[0],
          "mona is shown wren's report as wren's, forwarded")


asyncio.run(main())
