"""bovine 0.5.19 against a Qwinkle server with federation on: discovery, the actor and its key, a public Note,
entries that must never be given out, and deliveries signed by bovine to Qwinkle's inbox (a peer actor is served
here on loopback, which the server is started to allow). Exits non-zero, naming the check, at the first that fails."""

import asyncio
import json
import sys
import urllib.error
import urllib.request

import aiohttp
from aiohttp import web
from bovine.clients import lookup_uri_with_webfinger
from bovine.clients.signed_http import legacy_digest_method_uppercase
from bovine.clients.signed_http_methods import signed_post
from bovine.crypto import generate_rsa_public_private_key
from bovine.crypto.http_signature import build_signature
from bovine.crypto.types import CryptographicSecret
from bovine.utils import get_gmt_now
from bovine.clients.nodeinfo import fetch_nodeinfo20
from bovine.crypto.types import CryptographicIdentifier

base = sys.argv[1]
domain = base.split("://", 1)[1]
peer_port = int(sys.argv[2])
peer = f"http://127.0.0.1:{peer_port}"
ACTIVITY = "application/activity+json"


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

        await deliveries(session, actor_url)


async def deliveries(session, abe_url):
    """A peer actor, served here, follows abe: bovine signs the delivery, Qwinkle fetches the key and checks it."""
    public_pem, private_pem = generate_rsa_public_private_key()
    zoe = f"{peer}/users/zoe"
    actor = {
        "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
        "id": zoe, "type": "Person", "preferredUsername": "zoe", "inbox": zoe + "/inbox",
        "publicKey": {"id": zoe + "#main-key", "owner": zoe, "publicKeyPem": public_pem},
    }

    async def serve_actor(request):
        return web.json_response(actor, content_type="application/activity+json")

    app = web.Application()
    app.router.add_get("/users/zoe", serve_actor)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", peer_port).start()
    try:
        secret = CryptographicSecret.from_pem(zoe + "#main-key", private_pem)
        follow = json.dumps({
            "@context": "https://www.w3.org/ns/activitystreams", "id": zoe + "/follows/1", "type": "Follow",
            "actor": zoe, "object": abe_url,
        })
        inbox = f"{base}/people/abe/inbox"
        async with await signed_post(session, secret, inbox, follow, legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"a Follow bovine signed is taken by abe's inbox ({response.status})")
        async with await signed_post(session, secret, f"{base}/inbox", follow, legacy_digest_method_uppercase) as response:
            check(response.status == 202, f"and by the shared inbox ({response.status})")

        # The same signature over another body: the digest no longer matches.
        host, target = domain, "/people/abe/inbox"
        _, digest = legacy_digest_method_uppercase(follow.encode())
        helper = (build_signature(host, "post", target).with_field("date", get_gmt_now()).with_field("digest", digest)
                  .with_field("content-type", "application/activity+json"))
        headers = {**helper.headers, "signature": helper.sign_for_http_draft(secret)}
        async with session.post(inbox, data=follow.replace("Follow", "Block"), headers=headers) as response:
            check(response.status == 401, f"a body the signature does not cover is refused ({response.status})")

        # Signed by a key that is not zoe's, in zoe's name.
        _, other_pem = generate_rsa_public_private_key()
        forger = CryptographicSecret.from_pem(zoe + "#main-key", other_pem)
        async with await signed_post(session, forger, inbox, follow, legacy_digest_method_uppercase) as response:
            check(response.status == 401, f"a signature by another key in zoe's name is refused ({response.status})")
    finally:
        await runner.cleanup()


asyncio.run(main())
