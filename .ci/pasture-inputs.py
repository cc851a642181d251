"""fediverse-pasture-inputs 0.3.0 against a Qwinkle server with federation on.

A peer actor ("Test Actor", as funfedi.dev's pasture-one-actor) is served here on loopback; hippo follows it. Every
input (262 notes, as Mastodon, Misskey, Pleroma, GoToSocial and others write them) is sent to hippo's inbox as the
signed Create fediverse-pasture's own ActivitySender builds. Then, per input:

- nothing is answered 5xx, and every HTML output (the Mastodon API's `content`, the Qwinkle API's `html`, the web
  page's entry body) parses to nothing outside Qwinkle's allow-list: no other element, no other attribute, no link
  but http(s);
- the web page shows what the Qwinkle API's `html` says;
- what the Mastodon API shows is compared with what Mastodon shows for the same input, field by field for what the
  input is about (its content, content warning, media, tags, mentions, language, reply). Mastodon's answers are
  written here from facts, not from Qwinkle's code: its strict sanitizer's allow-list (`Sanitize::Config::
  MASTODON_STRICT`, applied below by Python's own HTML parser), its status parser (content, else contentMap's first;
  language, contentMap's first key; Article, Page, Event, Image, Audio and Video shown as name, summary and link;
  other types dropped), its media parser (every attachment with an http(s) `url` is media, described by its summary,
  else its name), its hashtag bar (tags the content does not show follow it, since 4.2), its quotes (the quoted
  note shown under the content, since 4.5: written here as the "RE:" link Qwinkle shows), and the results funfedi.dev
  publishes for Mastodon 4.4 and 4.5 (`<small>` becomes its text, `<b>` stays, a summary is the spoiler text as
  written). Two readings are this check's own where no published result says: a reply's parent given as a list, a
  Link or an embedded note is resolved as a plain ID is, and a note with no or a broken `@context` is kept. The
  inputs shown otherwise are printed with both sides; the share shown as Mastodon shows them must not fall below
  FLOOR. Qwinkle differs on purpose in three ways: a `Link` attachment (or one with `href` alone) stays a link after
  the text, where Mastodon drops it; a content warning is cut to Qwinkle's 100 characters; and a contentMap of
  several languages shows English (or the language `content` is in), where Mastodon shows the first as written.

And two inputs sent otherwise addressed: one with Public in `cc` alone is absent from the public and tag timelines;
one to hippo alone is hippo's message and nobody else's entry. Exits non-zero, naming the check, at the first that
fails."""

import asyncio
import html
import html.parser
import io
import json
import re
import sys

import aiohttp
from aiohttp import web
from bovine import BovineActor
from bovine.activitystreams import Actor
from bovine.crypto import generate_rsa_public_private_key
from fediverse_pasture.runner import ActivitySender
from fediverse_pasture_inputs import available
from PIL import Image

base = sys.argv[1]
peer_port = int(sys.argv[2])
peer = f"http://127.0.0.1:{peer_port}"
PASTURE = "http://pasture-one-actor"
PUBLIC = "https://www.w3.org/ns/activitystreams#Public"
ACTIVITY = "application/activity+json"
# The share of inputs shown as Mastodon shows them below which this check fails: raised as Qwinkle learns more.
FLOOR = 0.95


def check(condition, what):
    if not condition:
        print(f"pasture-inputs: FAILED: {what}")
        sys.exit(1)
    print(f"pasture-inputs: ok: {what}")


# -- HTML: what may be in Qwinkle's output, and what Mastodon's sanitizer keeps ---------------------------------

# Qwinkle's allow-list, as RemoteHTML writes it.
QWINKLE_ELEMENTS = {"p", "br", "a", "span", "em", "strong", "b", "i", "u", "del", "code", "pre", "blockquote", "ul", "ol", "li"}
QWINKLE_ATTRIBUTES = {"a": {"href", "rel", "class", "target"}, "span": {"class"}}


class AllowListCheck(html.parser.HTMLParser):
    """Parses HTML and records everything outside Qwinkle's allow-list."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.outside = []

    def handle_starttag(self, tag, attrs):
        if tag not in QWINKLE_ELEMENTS:
            self.outside.append(f"<{tag}>")
        for name, value in attrs:
            if name not in QWINKLE_ATTRIBUTES.get(tag, set()):
                self.outside.append(f"{tag}[{name}]")
            elif name == "href" and not re.match(r"^https?://", value or "", re.I):
                self.outside.append(f"a[href={value}]")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_comment(self, data):
        self.outside.append("<!-- -->")

    def handle_pi(self, data):
        self.outside.append("<?")

    def handle_decl(self, decl):
        self.outside.append("<!")


def outside_allow_list(fragment):
    parser = AllowListCheck()
    parser.feed(fragment or "")
    parser.close()
    return parser.outside


# Mastodon's MASTODON_STRICT: its elements, what it drops with their text, and the link protocols it keeps.
MASTODON_ELEMENTS = {"p", "br", "span", "a", "del", "s", "pre", "blockquote", "code", "b", "strong", "u", "i", "em", "ul", "ol", "li",
                     "ruby", "rt", "rp"}
MASTODON_DROPPED = {"script", "style", "iframe", "math", "noembed", "noframes", "noscript", "plaintext", "svg", "xmp", "template"}
MASTODON_LINK_PROTOCOLS = {"http", "https", "dat", "dweb", "ipfs", "ipns", "ssb", "gopher", "xmpp", "magnet", "gemini"}
VOID = {"br", "img", "wbr", "hr", "input", "meta", "source", "area", "base", "col", "embed", "link", "param", "track"}


class Shown(html.parser.HTMLParser):
    """What a reader sees of HTML: text with its emphasis, its blocks and its links' targets, written as a string in
    which different markup that looks the same is the same (`b` and `strong`, `s` and `del`, loose text and one
    paragraph). `mastodon=True` reads it as Mastodon's sanitizer leaves it."""

    MARKS = {"b": "*", "strong": "*", "i": "_", "em": "_", "s": "~", "del": "~", "u": "+", "code": "`", "pre": "```",
             "blockquote": "> ", "li": "• "}

    def __init__(self, mastodon=False):
        super().__init__(convert_charrefs=True)
        self.mastodon = mastodon
        self.out = io.StringIO()
        self.stack = []
        self.dropping = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in VOID:
            if tag == "br":
                self.out.write("⏎")
            return
        if tag in MASTODON_DROPPED:
            self.dropping += 1
            self.stack.append((tag, ""))
            return
        mark = ""
        if self.mastodon and tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            mark = "¶*"
        elif self.mastodon and tag not in MASTODON_ELEMENTS:
            mark = ""
        elif tag == "a":
            href = attributes.get("href") or ""
            scheme = href.split(":", 1)[0].lower() if ":" in href else ""
            mark = f"[{href}|" if scheme in MASTODON_LINK_PROTOCOLS else ""
        elif tag in {"p", "ul", "ol"}:
            mark = "¶"
        else:
            mark = self.MARKS.get(tag, "")
        self.out.write(mark)
        self.stack.append((tag, mark))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                for name, mark in reversed(self.stack[index:]):
                    if name in MASTODON_DROPPED:
                        self.dropping -= 1
                    self.out.write({"¶*": "*¶", "¶": "¶"}.get(mark, "]" if mark.startswith("[") else mark.strip()))
                del self.stack[index:]
                return

    def handle_data(self, data):
        if not self.dropping:
            self.out.write(re.sub(r"\s+", " ", data))

    def shown(self):
        text = self.out.getvalue()
        text = re.sub(r"\s*¶[\s¶]*", "¶", text).strip("¶ ")
        return re.sub(r" +", " ", text)


def shown(fragment, mastodon=False):
    parser = Shown(mastodon=mastodon)
    parser.feed(fragment or "")
    parser.close()
    return parser.shown()


# -- Mastodon's answers ----------------------------------------------------------------------------------------------

# Object types Mastodon shows as their name, summary and a link to the object, not their content.
CONVERTED_TYPES = {"Image", "Audio", "Video", "Article", "Page", "Event"}
# Object types Mastodon keeps as statuses at all.
SUPPORTED_TYPES = {"Note", "Question"} | CONVERTED_TYPES


def types_of(note):
    kind = note.get("type")
    return set(kind) if isinstance(kind, list) else {kind}


def mastodon_content(note):
    """What Mastodon shows as a note's content: a converted type's name, summary and link; else its content (or
    contentMap's first), through MASTODON_STRICT."""
    if types_of(note) & CONVERTED_TYPES:
        paragraphs = [html.escape(part) for part in [note.get("name"), note.get("summary")] if part]
        address = note.get("url") if isinstance(note.get("url"), str) else note["id"]
        link = f'<a href="{address}">{address}</a>'
        last = " ".join(paragraphs[-1:] + [link])
        return shown("".join(f"<p>{part}</p>" for part in paragraphs[:-1]) + f"<p>{last}</p>")
    content = note.get("content") or next(iter((note.get("contentMap") or {}).values()), "")
    return shown(content, mastodon=True)


def listed(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def href_of(url):
    """Where a `url` points, as Mastodon reads it: a string, a Link's href, or the first of a list."""
    if isinstance(url, list):
        url = url[0] if url else None
    if isinstance(url, dict):
        url = url.get("href")
    return url if isinstance(url, str) else ""


def hashtag_bar(note, content):
    """The hashtags Mastodon's web app shows after a status's content (its hashtag bar, since 4.2): the status's
    tags that its content does not show."""
    names = []
    for tag in listed(note.get("tag")):
        name = (tag.get("name") or "").removeprefix("#")
        if tag.get("type") in {"Hashtag", "as:Hashtag"} and re.fullmatch(r"\w+", name) and not name.isdigit() \
                and f"#{name.lower()}" not in content.lower() and name.lower() not in [n.lower() for n in names]:
            names.append(name)
    return "".join(f"¶#{name}" for name in names)


def quote_shown(note):
    """A quoted note, which Mastodon (4.5) shows under the content: written here as the "RE:" link Qwinkle shows."""
    tagged = [tag.get("href") for tag in listed(note.get("tag")) if str(tag.get("rel", "")).endswith("_misskey_quote")]
    quoted = next((note[key] for key in ["quote", "quoteUrl", "quoteUri", "_misskey_quote"] if note.get(key)), None) or next(iter(tagged), None)
    return f"¶RE: [{quoted}|{quoted}]" if quoted else ""


def mastodon_expected(name, note):
    """What Mastodon shows of `note`, sent as the input named: the fields the input is about, or None where Mastodon
    keeps no status at all."""
    if note.get("id") is None or note.get("attributedTo") is None or not (types_of(note) & SUPPORTED_TYPES):
        return None
    if isinstance(note.get("attributedTo"), list) and len(note["attributedTo"]) > 1:
        return None
    content = mastodon_content(note)
    expected = {"content": content + hashtag_bar(note, content) + quote_shown(note)}
    if name in {"content_warnings", "html_tags_summary"}:
        expected["spoiler_text"] = " ".join((note.get("summary") or "").split())
    if name == "language":
        languages = list((note.get("contentMap") or {}).keys())
        expected["language"] = languages[0] if languages else None
    if name in {"hashtags", "hashtag_jsonld"}:
        names = [tag.get("name", "") for tag in listed(note.get("tag")) if tag.get("type") in {"Hashtag", "as:Hashtag"}]
        expected["tags"] = sorted({n.removeprefix("#").lower() for n in names if re.fullmatch(r"#?[\w_]+", n.removeprefix("#") or "-")
                                   and not n.removeprefix("#").isdigit()})
    if name == "mentions":
        hrefs = {tag.get("href") for tag in listed(note.get("tag")) if tag.get("type") in {"Mention", "as:Mention"}}
        # Mastodon lists the accounts it can resolve: here, the peer's actor alone (the others' servers do not exist).
        expected["mentions"] = [f"actor@127.0.0.1:{peer_port}"] if f"{peer}/actor" in hrefs else []
    if name in {"attachments", "image_attachments", "image_description", "recommended_attachments", "content_warnings"}:
        media = []
        # Mastodon keeps, as media, each attachment with a `url` (its type judged by what it fetches), described by
        # its summary, else its name.
        for attachment in listed(note.get("attachment")):
            if isinstance(attachment, dict) and re.match(r"https?://", href_of(attachment.get("url"))):
                media.append(((attachment.get("summary") or "").strip() or (attachment.get("name") or "").strip()) or None)
        expected["media"] = media
    if name == "in_reply_to":
        expected["reply"] = note["content"] in {"valid uri", "list", "Link in inReplyTo", "two elements in inReplyTo", "embedded note"}
    return expected


def ours(name, note, status):
    """The same fields of what Qwinkle's Mastodon API shows."""
    if status is None:
        return None
    fields = {"content": shown(status["content"])}
    if name in {"content_warnings", "html_tags_summary"}:
        fields["spoiler_text"] = " ".join(status["spoiler_text"].split())
    if name == "language":
        fields["language"] = status["language"]
    if name in {"hashtags", "hashtag_jsonld"}:
        fields["tags"] = sorted(tag["name"].lower() for tag in status["tags"])
    if name == "mentions":
        fields["mentions"] = sorted(mention["acct"] for mention in status["mentions"])
    if name in {"attachments", "image_attachments", "image_description", "recommended_attachments", "content_warnings"}:
        fields["media"] = [attachment.get("description") for attachment in status["media_attachments"]]
    if name == "in_reply_to":
        fields["reply"] = status["in_reply_to_id"] is not None
    return fields


def png(size=(8, 8), color=(200, 120, 40)):
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "PNG")
    return buffer.getvalue()


def jpeg(size=(8, 8), color=(40, 120, 200)):
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "JPEG")
    return buffer.getvalue()


async def main():
    public_pem, private_pem = generate_rsa_public_private_key()
    actor_id = f"{peer}/actor"
    actor = Actor(id=actor_id, preferred_username="actor", name="Test Actor", inbox=f"{actor_id}/inbox",
                  outbox=f"{actor_id}/outbox", public_key=public_pem, public_key_name="main-key", type="Person")
    second_public_pem, _ = generate_rsa_public_private_key()
    second = Actor(id=f"{peer}/second", preferred_username="second", name="Second Actor", inbox=f"{peer}/second/inbox",
                   outbox=f"{peer}/second/outbox", public_key=second_public_pem, public_key_name="main-key", type="Person")
    objects = {}
    for number, text in [(1, "One"), (2, "Two")]:
        objects[f"/assets/note{number}.jsonap"] = {
            "@context": "https://www.w3.org/ns/activitystreams", "type": "Note", "id": f"{peer}/assets/note{number}.jsonap",
            "to": [PUBLIC], "attributedTo": actor_id, "content": text, "published": "2024-01-06T13:11:45Z"}
    files = {"/assets/cow.jpg": (jpeg(), "image/jpeg"), "/assets/nlnet.png": (png(), "image/png"),
             "/assets/FediverseLogo.png": (png(), "image/png"), "/assets/cow_moo.mp3": (b"ID3" + bytes(64), "audio/mpeg"),
             "/assets/cow_eating.mp4": (bytes(64), "video/mp4"), "/assets/sample.txt": (b"A sample\n", "text/plain"),
             "/assets/FediverseLogo.svg": (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"),
             "/images/003.eps": (b"%!PS-Adobe-3.0 EPSF-3.0\n", "application/postscript")}

    async def serve_actor(request):
        document = (actor if request.path == "/actor" else second).build()
        return web.json_response(document, content_type=ACTIVITY)

    async def webfinger(request):
        if request.query.get("resource") != f"acct:actor@127.0.0.1:{peer_port}":
            return web.Response(status=404)
        return web.json_response({"subject": request.query["resource"], "links": [{"rel": "self", "type": ACTIVITY, "href": actor_id}]},
                                 content_type="application/jrd+json")

    async def inbox(request):
        await request.read()
        return web.Response(status=202)

    async def serve_path(request):
        if request.path in objects:
            return web.json_response(objects[request.path], content_type=ACTIVITY)
        if request.path in files:
            body, kind = files[request.path]
            return web.Response(body=body, content_type=kind)
        picture = re.fullmatch(r"/images/\w+\.(png|jpg|gif|webp|tiff)", request.path)
        if picture:
            kind = {"jpg": "JPEG"}.get(picture.group(1), picture.group(1).upper())
            buffer = io.BytesIO()
            Image.new("RGB", (8, 8), (90, 160, 60)).save(buffer, kind)
            return web.Response(body=buffer.getvalue(), content_type=f"image/{kind.lower()}")
        return web.Response(status=404)

    app = web.Application()
    app.router.add_get("/actor", serve_actor)
    app.router.add_get("/second", serve_actor)
    app.router.add_get("/.well-known/webfinger", webfinger)
    app.router.add_post("/actor/inbox", inbox)
    app.router.add_post("/second/inbox", inbox)
    app.router.add_get("/{path:.*}", serve_path)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", peer_port).start()

    async with aiohttp.ClientSession() as session:
        async def api(method, path, body=None, token=None):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            async with session.request(method, base + path, json=body, headers=headers) as response:
                return response.status, await response.json(content_type=None)

        async def sign_up(name):
            status, answer = await api("POST", "/api/qwinkle/v1/accounts", {
                "username": name, "email": f"{name}@example.com", "password": "correct horse", "password_confirmation": "correct horse"})
            check(status == 201, f"{name} signs up ({status})")
            return answer["token"]

        async def mastodon_token(name):
            """A Mastodon app's token for `name`, got as an app gets one: registered, consented to on the web, the code
            exchanged."""
            out_of_band = "urn:ietf:wg:oauth:2.0:oob"
            _, app = await api("POST", "/api/v1/apps", {"client_name": "pasture", "redirect_uris": out_of_band, "scopes": "read write"})
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
                async with browser.get(f"{base}/login") as response:
                    csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', await response.text()).group(1)
                form = {"username": name, "password": "correct horse", "csrf_token": csrf, "next": "/"}
                async with browser.post(f"{base}/login", data=form):
                    pass
                query = {"response_type": "code", "client_id": app["client_id"], "redirect_uri": out_of_band, "scope": "read write"}
                async with browser.get(f"{base}/oauth/authorize", params=query) as response:
                    page = await response.text()
                fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page[page.index('data-role="authorize"'):]))
                fields = {key: html.unescape(value) for key, value in fields.items()} | {"decision": "approve"}
                async with browser.post(f"{base}/oauth/authorize", data=fields, allow_redirects=False) as response:
                    code = html.unescape(re.search(r'data-role="oauth-code">([^<]+)<', await response.text()).group(1))
            _, token = await api("POST", "/oauth/token", {"grant_type": "authorization_code", "code": code, "client_id": app["client_id"],
                                                          "client_secret": app["client_secret"], "redirect_uri": out_of_band})
            return token["access_token"]

        hippo, zed = await sign_up("hippo"), await sign_up("zed")
        hippo_app, zed_app = await mastodon_token("hippo"), await mastodon_token("zed")
        handle = f"actor@127.0.0.1:{peer_port}"
        status, followed = await api("POST", f"/api/qwinkle/v1/accounts/{handle}/follow", token=hippo)
        check(status == 200 and followed["following"], f"hippo follows the Test Actor, found as {handle} ({status})")
        hippo_url = f"{base}/people/hippo"

        bovine_actor = BovineActor(actor_id=actor_id, public_key_url=f"{actor_id}#main-key", secret=private_pem)
        await bovine_actor.init(session=session)
        sender = ActivitySender.for_actor(bovine_actor, actor)
        sender.sleep_after_getting_inbox = False

        async def send(example):
            """Sends `example` as pasture does (its keys over a public note to hippo); the note sent, and whether it was
            taken (pasture's sender logs a refusal and answers None; a 5xx in the server's log fails the run)."""
            example = json.loads(json.dumps(example).replace(PASTURE, peer))
            sender.init_create_note(lambda note: {**note, **example})
            if sender.note.get("id"):
                objects[sender.note["id"].removeprefix(peer)] = sender.note
            response = await sender.send(hippo_url)
            return {**sender.note, "to": sender.note.get("to", []) + [hippo_url]}, response is not None and response.status == 202

        async def status_of(note):
            """The Mastodon API's status for a note, as hippo reads it; None if hippo has none."""
            _, home = await api("GET", "/api/v1/timelines/home?limit=40", token=hippo_app)
            return next((item for item in home if item.get("uri") == note.get("id")), None)

        same, differ, refused, outside, apart = 0, [], [], [], []
        for name, inputs in sorted(available.items()):
            for index, example in enumerate(inputs.examples):
                note, taken = await send(example)
                label = f"{name}[{index}]"
                if not taken:
                    refused.append(label)
                status = await status_of(note) if note.get("id") else None
                if status is not None:
                    outside += [(label, "mastodon", item) for item in outside_allow_list(status["content"])]
                    entry_id = status["id"]
                    _, entry = await api("GET", f"/api/qwinkle/v1/entries/{entry_id}", token=hippo)
                    outside += [(label, "qwinkle", item) for item in outside_allow_list(entry.get("html"))]
                    async with session.get(f"{base}/entries/{entry_id}", headers={"Accept": "text/html"}) as response:
                        page = await response.text()
                    # A reply's page shows the entries it answers above it: each body is checked, one must be this one.
                    bodies = re.findall(r'data-role="entry-body">(.*?)</div>', page, re.S)
                    outside += [(label, "web", item) for body in bodies for item in outside_allow_list(body)]
                    if not any(shown(body) == shown(entry.get("html") or "") for body in bodies):
                        apart.append(label)
                expected, got = mastodon_expected(name, note), ours(name, note, status)
                if expected == got:
                    same += 1
                else:
                    differ.append((label, expected, got))

        total = sum(len(inputs.examples) for inputs in available.values())
        print(f"pasture-inputs: refused by the inbox: {', '.join(refused)}")
        check(not outside, f"every HTML output of every input parses to Qwinkle's allow-list alone ({outside[:10]})")
        check(not apart, f"the web page shows what the Qwinkle API's html says, for every input ({apart[:10]})")
        print("pasture-inputs: shown otherwise than Mastodon shows them (input: Mastodon | Qwinkle):")
        for label, expected, got in differ:
            print(f"  {label}: {json.dumps(expected, ensure_ascii=False)} | {json.dumps(got, ensure_ascii=False)}")
        check(same / total >= FLOOR, f"{same} of {total} inputs ({same / total:.0%}) shown as Mastodon shows them (at least {FLOOR:.0%})")

        # Addressing: Public in cc alone, and hippo alone.
        note, taken = await send({"content": "Quietly #pasturequiet", "to": [], "cc": [PUBLIC],
                                     "tag": [{"type": "Hashtag", "name": "#pasturequiet"}]})
        status = await status_of(note)
        check(taken and status is not None and status["visibility"] == "unlisted",
              f"a note with Public in cc alone is in hippo's home, unlisted ({status and status['visibility']})")
        _, everyone = await api("GET", "/api/v1/timelines/public?limit=40")
        _, tagged = await api("GET", "/api/v1/timelines/tag/pasturequiet")
        check(all(item["uri"] != note["id"] for item in everyone + tagged), "and on neither the public nor the tag timeline")

        sender.init_create_note(lambda note: {**note, "to": [], "content": "<p>For hippo alone</p>"})
        objects[sender.note["id"].removeprefix(peer)] = sender.note
        response = await sender.send(hippo_url)
        check(response.status == 202, f"a note to hippo alone is taken ({response.status})")
        _, conversations = await api("GET", "/api/qwinkle/v1/conversations", token=hippo)
        bodies = []
        for conversation in conversations:
            _, messages = await api("GET", f"/api/qwinkle/v1/conversations/{conversation['id']}/messages", token=hippo)
            bodies += [message["body"] for message in messages]
        check(bodies == ["For hippo alone"], f"it is hippo's message ({bodies})")
        seen = []
        for token in [hippo_app, zed_app, None]:
            for path in ["/api/v1/timelines/public?limit=40", "/api/v1/timelines/home?limit=40"]:
                if token or "public" in path:
                    _, items = await api("GET", path, token=token)
                    seen += [item for item in items if "For hippo alone" in item["content"]]
        _, zeds = await api("GET", "/api/qwinkle/v1/conversations", token=zed)
        check(not seen and not zeds, "and on no timeline of anyone, nor in zed's conversations")

    await runner.cleanup()


asyncio.run(main())
