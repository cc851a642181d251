"""bovine 0.5.19 against a Qwinkle server with federation on: discovery, the actor and its key, a public Note, and
entries that must never be given out. Exits non-zero, naming the check, at the first that fails."""

import asyncio
import json
import sys
import urllib.error
import urllib.request

import aiohttp
from bovine.clients import lookup_uri_with_webfinger
from bovine.clients.nodeinfo import fetch_nodeinfo20
from bovine.crypto.types import CryptographicIdentifier

base = sys.argv[1]
domain = base.split("://", 1)[1]
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


asyncio.run(main())
