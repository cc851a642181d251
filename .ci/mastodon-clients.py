"""Drives Mastodon.py and toot (real clients from PyPI) against a running `qwinkle serve`.

Usage: python mastodon-clients.py BASE_URL TOOT_EXECUTABLE HOME_FOLDER QWINKLE_EXECUTABLE DATA_FOLDER

The consent page is answered over HTTP as a browser would (its log-in form and CSRF token, then Authorize), so the
flow is the one a person goes through; nothing here knows Qwinkle's own API except how to sign up. A moderator is
made as the operator makes one, with `qwinkle admin grant-moderator` on the server's data folder.
"""

import html
import os
import re
import subprocess
import sys

import threading

import requests
from mastodon import CallbackStreamListener, Mastodon, MastodonAPIError, MastodonUnauthorizedError

url, toot, home, qwinkle, data = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
OOB = "urn:ietf:wg:oauth:2.0:oob"
SCOPES = ["read", "write", "follow", "push"]
failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)


def sign_up(username):
    response = requests.post(f"{url}/api/qwinkle/v1/accounts", json={
        "username": username, "email": f"{username}@example.com", "password": "correct horse",
        "password_confirmation": "correct horse",
    })
    response.raise_for_status()


def consent(authorize_url, username):
    """Logs in on the web as `username`, opens the consent page and authorizes; returns the code shown."""
    browser = requests.Session()
    page = browser.get(f"{url}/login").text
    csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', page).group(1)
    browser.post(f"{url}/login", data={"username": username, "password": "correct horse", "csrf_token": csrf, "next": "/"})
    page = browser.get(authorize_url).text
    check("Authorize " in page, f"the consent page asks {username}")
    form = page[page.index('data-role="authorize"'):]
    fields = {name: html.unescape(value) for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form)}
    fields["decision"] = "approve"
    answer = browser.post(f"{url}/oauth/authorize", data=fields, allow_redirects=False).text
    return html.unescape(re.search(r'data-role="oauth-code">([^<]+)<', answer).group(1))


def logged_in(username, scopes=SCOPES):
    """Mastodon.py's own flow: register an app, send the person to the consent page, exchange the code."""
    client_id, client_secret = Mastodon.create_app("Mastodon.py test", api_base_url=url, scopes=scopes, redirect_uris=OOB)
    app = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=url)
    code = consent(app.auth_request_url(redirect_uris=OOB, scopes=scopes, allow_http=True), username)
    app.log_in(code=code, redirect_uri=OOB, scopes=scopes, allow_http=True)
    return app


# Before anyone logs in: the constructor reads the version from the instance (it recursed for ever on Qwinkle's own
# shape), and the instance tells the limits.
anonymous = Mastodon(api_base_url=url)
check(anonymous.retrieve_mastodon_version() == "4.3.0", "Mastodon.py reads version 4.3.0")
check(anonymous.instance().version.startswith("4.3.0 (compatible; Qwinkle "), "instance() says it is Qwinkle, compatible with 4.3.0")
v1 = anonymous.instance_v1()
check(v1.configuration.statuses.max_characters == 140, "instance v1: 140 characters")
check(v1.configuration.statuses.characters_reserved_per_url == 23, "instance v1: 23 per link")
v2 = anonymous.instance_v2()
check(v2.configuration.statuses.max_media_attachments == 4, "instance v2: 4 photos")
check("image/webp" in v2.configuration.media_attachments.supported_mime_types, "instance v2: WebP photos")
check(list(anonymous.custom_emojis()) == [], "no custom emoji")
check(list(anonymous.instance_peers()) == [], "no peers")

# Logging in.
for name in ["abe", "mary", "troll"]:
    sign_up(name)
abe = logged_in("abe")
mary = logged_in("mary")
me = abe.account_verify_credentials()
check(me.username == "abe" and me.acct == "abe", "verify_credentials names abe")
check(me.source.privacy == "public", "verify_credentials has its source")

# Posting, replying, favouriting, deleting.
post = abe.status_post("Hello from Mastodon.py #qwinkle")
check("#qwinkle" in html.unescape(re.sub("<[^>]+>", "", post.content)) and post.tags[0].name == "qwinkle", "a status with a tag")
reply = mary.status_reply(post, "A reply from Mary")
check(reply.in_reply_to_id == post.id, "a reply names its parent")
check(mary.status_favourite(post).favourited, "favourite")
check(not mary.status_unfavourite(post).favourited, "unfavourite")
check(mary.status(post.id).id == post.id, "a status by its ID")

# Home and public, paged by following Link to the end: each status once.
for number in range(12):
    abe.status_post(f"Entry {number}")
page = abe.timeline_home(limit=5)
seen = [status.id for status in abe.fetch_remaining(page)]
check(len(seen) == len(set(seen)) == 13, f"home paged to the end, each status once ({len(seen)})")
public = [status.id for status in anonymous.fetch_remaining(anonymous.timeline_public(limit=4))]
check(len(public) == len(set(public)) == 14, f"public paged to the end, each status once ({len(public)})")

deleted = mary.status_delete(reply)
check(deleted.text == "@abe A reply from Mary", f"delete answers the source text ({deleted.text!r})")
try:
    mary.status(reply.id)
    check(False, "a deleted status is gone")
except MastodonAPIError:
    check(True, "a deleted status is gone")

# Follows, mentions and favourites notify.
mary.account_follow(me.id)
mention = mary.status_post("Hello @abe")
favourited = abe.status_post("Favourite this")
mary.status_favourite(favourited)
check([account.acct for account in abe.status_favourited_by(favourited)] == ["mary"], "favourited_by names Mary to the author")
types = [notification.type for notification in abe.notifications(limit=10)]
check(types[:3] == ["favourite", "mention", "follow"], f"notifications after a follow, a mention and a favourite ({types[:3]})")
check(abe.account_relationships(mary.account_verify_credentials().id)[0].followed_by, "relationships: followed by Mary")
abe.status_post("Thanks @mary")

# A status with a photo and its description; an edit and its history.
import base64
png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")
photo = abe.media_post(png, mime_type="image/png", description="One red dot")
check(photo.description == "One red dot", "media_post with a description")
with_photo = abe.status_post("A photo", media_ids=[photo])
check(with_photo.media_attachments[0].description == "One red dot", "the status shows the photo's description")
edited = abe.status_update(with_photo, "A photo, edited")
check("edited" in edited.content and edited.edited_at is not None, "status_update edits")
history = abe.status_history(with_photo)
check(len(history) == 2 and "edited" not in history[0].content, f"status_history has both versions ({len(history)})")
described = abe.status_update(with_photo, "A photo, edited", media_attributes=[abe.generate_media_edit_attributes(photo, description="Two red dots")])
check(described.media_attachments[0].description == "Two red dots", "status_update(media_attributes=…) changes the description")
try:
    abe.media_update(photo, description="Too late")
    check(False, "media_update of a posted photo is refused")
except MastodonAPIError:
    check(abe.status(with_photo.id).media_attachments[0].description == "Two red dots", "media_update of a posted photo is refused")
try:
    abe.status_post("Tea or coffee?", poll=abe.make_poll(["Tea", "Coffee"], expires_in=3600))
    check(False, "a status with a poll is refused")
except MastodonAPIError:
    check(all("Tea or coffee" not in s.content for s in abe.timeline_home(limit=5)), "a status with a poll is refused, and nothing is posted")
french = abe.status_post("Bonjour tout le monde", language="fr")
check(french.language == "fr" and abe.status(french.id).language == "fr", "status_post(language='fr') is kept")
stats = anonymous.instance_v1().stats
check(stats.user_count >= 2 and stats.status_count >= 1, f"instance stats count people and statuses ({stats})")

# A content warning and a sensitive photo: kept, shown as Mastodon shows them, and editable.
warned = abe.status_post("The butler did it.", spoiler_text="Spoilers for the finale", sensitive=True, media_ids=[photo])
check(warned.spoiler_text == "Spoilers for the finale" and warned.sensitive, f"status_post(spoiler_text=…, sensitive=True) ({warned.spoiler_text!r}, {warned.sensitive})")
check("Spoilers" not in warned.content and "butler" in warned.content, "the warning is not part of the content")
check(abe.status_source(warned).spoiler_text == "Spoilers for the finale", "status_source gives the warning back")
unwarned = abe.status_update(warned, "The butler did it.", spoiler_text="")
check(unwarned.spoiler_text == "", "status_update(spoiler_text='') removes the warning")

# Unlisted: read by its link and in followers' home, on no public timeline, found by search only by followers.
troll = logged_in("troll")
unlisted = abe.status_post("A quiet unlistedword", visibility="unlisted")
check(unlisted.visibility == "unlisted", f"status_post(visibility='unlisted') is kept unlisted ({unlisted.visibility})")
check(anonymous.status(unlisted.id).id == unlisted.id, "anyone with its link reads an unlisted status")
check(all(status.id != unlisted.id for status in anonymous.timeline_public(limit=40)), "an unlisted status is not on the public timeline")
check(any(status.id == unlisted.id for status in mary.timeline_home(limit=40)), "an unlisted status is in a follower's home")
check(any(status.id == unlisted.id for status in mary.search_v2("unlistedword").statuses), "a follower finds an unlisted status by search")
check(not troll.search_v2("unlistedword").statuses, "a stranger does not")

# Search v2.
found = mary.search_v2("photo")
check(any(status.id == with_photo.id for status in found.statuses), "search_v2 finds a status")
check(any(account.acct == "abe" for account in mary.search_v2("@ab", result_type="accounts").accounts), "search_v2 finds an account")

# Blocks and mutes, as a Mastodon app's buttons send them.
troll_id = troll.account_verify_credentials().id
abe_id = me.id
troll.account_follow(abe_id)
blocked = abe.account_block(troll_id)
check(blocked.blocking and not blocked.followed_by, f"account_block: blocking, and their follow ended ({blocked})")
check(troll.account_relationships(abe_id)[0].blocked_by, "the blocked person's relationship says blocked_by")
check([account.acct for account in abe.blocks()] == ["troll"], "blocks() lists the blocked account")
trolling = troll.status_post("Trolling @abe")
check(all(status.id != trolling.id for status in abe.timeline_public()), "a blocked person's status is not on the blocker's public timeline")
check(all(n.account.acct != "troll" for n in abe.notifications()), "a blocked person's mention is no notification")
try:
    troll.account_follow(abe_id)
    check(False, "a blocked person's follow is refused")
except MastodonAPIError:
    check(True, "a blocked person's follow is refused")
check(not abe.account_unblock(troll_id).blocking, "account_unblock")
muted = mary.account_mute(abe_id, duration=3600)
check(muted.muting and muted.muting_notifications, f"account_mute(duration=3600) ({muted})")
listed = mary.mutes()
check([account.acct for account in listed] == ["abe"], "mutes() lists the muted account")
check(listed[0].mute_expires_at is not None, f"mutes() says when a mute with a duration ends ({listed[0].mute_expires_at})")
quiet = abe.status_post("Muted news")
check(all(status.id != quiet.id for status in mary.timeline_public()), "a muted person's status is not on the muter's public timeline")
check(any(status.id == quiet.id for status in mary.account_statuses(abe_id)), "a muted person's own page still shows it")
kept = mary.account_mute(abe_id, notifications=False)
check(kept.muting and not kept.muting_notifications, "account_mute(notifications=False) keeps their notifications")
check(mary.mutes()[0].mute_expires_at is None, "a mute without a duration has no end in mutes()")
check(not mary.account_unmute(abe_id).muting, "account_unmute")
# A locked account: a follow waits for its approval.
locked = troll.account_update_credentials(locked=True)
check(locked.locked, "account_update_credentials(locked=True)")
asked = mary.account_follow(troll_id)
check(asked.requested and not asked.following, f"following a locked account asks it ({asked.requested}, {asked.following})")
mary_id = mary.account_verify_credentials().id
check([account.id for account in troll.follow_requests()] == [mary_id], "follow_requests() lists who asks")
check(any(n.type == "follow_request" for n in troll.notifications()), "the locked account is told, as a follow_request")
check(troll.follow_request_authorize(mary_id).followed_by, "follow_request_authorize")
check(mary.account_relationships(troll_id)[0].following, "the approved follower follows")
troll.account_update_credentials(locked=False)

mary.domain_block("spam.example")
check(list(mary.domain_blocks()) == ["spam.example"], "domain_block, and domain_blocks() lists it")
mary.domain_unblock("spam.example")
check(list(mary.domain_blocks()) == [], "domain_unblock")

# A report, and the admin API of the server's moderators.
report = abe.report(troll_id, status_ids=[trolling.id], comment="Trolling me", category="spam")
check(report.target_account.acct == "troll" and report.status_ids == [trolling.id] and report.comment == "Trolling me",
      f"report() keeps the account, the statuses and the comment ({report})")
try:
    abe.admin_reports()
    check(False, "admin_reports() is refused to someone who is no moderator")
except MastodonAPIError:
    check(True, "admin_reports() is refused to someone who is no moderator")
sign_up("mod")
subprocess.run([qwinkle, "admin", "grant-moderator", "mod", "--data", data], check=True, capture_output=True)
mod = logged_in("mod", SCOPES + ["admin:read", "admin:write"])
check([r.id for r in mod.admin_reports()] == [report.id], "admin_reports() lists the open report")
shown = mod.admin_report(report.id)
check(shown.target_account.username == "troll" and [status.id for status in shown.statuses] == [trolling.id],
      "admin_report() shows the reported account and statuses")
check(any(account["username"] == "troll" for account in mod.admin_accounts()), "admin_accounts() lists the active accounts")
mod.admin_account_moderate(troll_id, action="suspend", report_id=report.id, text="Trolling")
check(mod.admin_account(troll_id).suspended, "admin_account_moderate(action='suspend')")
check(mod.admin_report(report.id).action_taken, "the report is resolved by the action")
check(list(mod.admin_reports()) == [], "admin_reports() no longer lists it")
check([account["username"] for account in mod.admin_accounts(status="suspended")] == ["troll"], "admin_accounts(status='suspended')")
try:
    troll.account_verify_credentials()
    check(False, "a suspended account's token stops working")
except MastodonAPIError:
    check(True, "a suspended account's token stops working")
check(all(status.account.acct != "troll" for status in abe.timeline_public()), "a suspended account's statuses are gone")
check(not mod.admin_account_unsuspend(troll_id).suspended, "admin_account_unsuspend")

# A day in a Mastodon app: boosts, catching up with min_id over a gap, markers, filters sent as Mastodon.py sends them.
cal_name = "cal"
sign_up(cal_name)
cal = logged_in(cal_name)
cal_id = cal.account_verify_credentials().id
worth = cal.status_post("Worth boosting")
boosted = abe.status_reblog(worth)
check(boosted.reblogged and boosted.reblogs_count == 1, f"status_reblog ({boosted.reblogged}, {boosted.reblogs_count})")
check([account.id for account in mary.status_reblogged_by(worth)] == [abe_id], "status_reblogged_by names the booster")
check(any(s.reblog and s.reblog.id == worth.id and s.account.id == abe_id for s in mary.timeline_home(limit=40)),
      "the boost is in a follower's home as a reblog by the booster")
check(any(s.reblog and s.reblog.id == worth.id for s in mary.account_statuses(abe_id)), "the boost is on the booster's profile")
check(any(n.type == "reblog" and n.status.id == worth.id for n in cal.notifications()), "the author is told, as a reblog")
mary.status_favourite(worth)
check(anonymous.status(worth.id).favourites_count == 1, "favourites_count is the true count, for everyone")
check(not abe.status_unreblog(worth).reblogged, "status_unreblog")
check(all(not (s.reblog and s.reblog.id == worth.id) for s in mary.timeline_home(limit=40)), "an undone boost leaves the home timeline")
followers_only = cal.status_post("Just for followers", visibility="private")
try:
    abe.status_reblog(followers_only)
    check(False, "a followers-only status cannot be boosted")
except MastodonAPIError:
    check(True, "a followers-only status cannot be boosted")

kept = mary.status_bookmark(worth)
check(kept.bookmarked, "status_bookmark")
check([s.id for s in mary.bookmarks()] == [worth.id], "bookmarks() lists it")
check(list(cal.bookmarks()) == [], "bookmarks are their owner's alone")
check(not mary.status_unbookmark(worth).bookmarked and list(mary.bookmarks()) == [], "status_unbookmark")

# Conversations: a direct status reaches the people it names, as a message every client shows alike.
direct = abe.status_post("@mary Dinner at eight?", visibility="direct")
check(direct.visibility == "direct" and [m.acct for m in direct.mentions] == ["mary"], "status_post(visibility='direct') names mary")
talks = mary.conversations()
check(len(talks) == 1 and talks[0].unread and talks[0].last_status.id == direct.id, "conversations() lists it, unread")
check(list(cal.conversations()) == [], "a conversation is its participants' alone")
answer = mary.status_post("Yes!", visibility="direct", in_reply_to_id=direct)
check([s.id for s in abe.status_context(direct).descendants] == [answer.id], "status_context of a message shows the conversation")
check(not abe.conversations_read(talks[0].id).unread, "conversations_read")
check(mary.conversations(limit=1)[0].last_status.id == answer.id, "the conversation's last_status is the answer")

noted = mary.account_note_set(abe_id, "Met at the harbour café")
check(noted.note == "Met at the harbour café", "account_note_set")
check(mary.account_relationships(abe_id)[0].note == "Met at the harbour café", "account_relationships shows the note")
check(cal.account_relationships(abe_id)[0].note == "", "a note is its writer's alone")

start = cal.status_post("Caught up to here")
cal.account_follow(abe_id)
gap = [abe.status_post(f"Catch-up {number}") for number in range(7)]
first = cal.timeline_home(min_id=start.id, limit=3)
check([s.id for s in first] == [s.id for s in reversed(gap[:3])], "min_id gives the oldest page above it, newest first")
newer = cal.fetch_previous(first)
check([s.id for s in newer] == [s.id for s in reversed(gap[3:6])], "fetch_previous keeps catching up over the gap, skipping nothing")
cal.markers_set(["home"], [gap[2].id])
check(cal.markers_get(["home"])["home"].last_read_id == str(gap[2].id), "markers_set and markers_get keep the home position")

check(all(n.type == "mention" for n in abe.notifications(types=["mention"])), "notifications(types=['mention'])")
check(all(n.type != "favourite" for n in cal.notifications(exclude_types=["favourite"])), "notifications(exclude_types=['favourite'])")
relationships = abe.account_relationships([mary_id, cal_id])
check([r.id for r in relationships] == [mary_id, cal_id], f"account_relationships with several ids ({len(relationships)})")
check(list(abe.account_statuses(abe_id, pinned=True)) == [], "account_statuses(pinned=True): nothing pinned yet")
featured = abe.status_post("Start here")
check(abe.status_pin(featured).pinned, "status_pin")
check([s.id for s in cal.account_statuses(abe_id, pinned=True)] == [featured.id], "account_statuses(pinned=True) lists the pin, to anyone")
try:
    abe.status_pin(worth)
    check(False, "someone else's status cannot be pinned")
except MastodonAPIError:
    check(True, "someone else's status cannot be pinned")
check(not abe.status_unpin(featured).pinned and list(abe.account_statuses(abe_id, pinned=True)) == [], "status_unpin")
check(all(s.in_reply_to_id is None or s.in_reply_to_account_id == abe_id for s in abe.account_statuses(abe_id, exclude_replies=True)),
      "account_statuses(exclude_replies=True)")

# Notifications as Mastodon 4.3 serves them: grouped, counted, by account, dismissed one, a group or all; the policy.
grouped = cal.grouped_notifications()
favourites = [g for g in grouped.notification_groups if g.type == "favourite" and g.status_id == worth.id]
check(len(favourites) == 1 and favourites[0].group_key == f"favourite-{worth.id}", f"grouped_notifications groups the favourites ({favourites})")
check(any(status.id == worth.id for status in grouped.statuses), "grouped_notifications carries the status once")
check(cal.notifications_unread_count().count >= 1, "notifications_unread_count")
check(all(n.account.id == mary_id for n in cal.notifications(account_id=mary_id)), "notifications(account_id=…)")
newest = cal.notifications()[0]
cal.notifications_dismiss(newest)
check(all(n.id != newest.id for n in cal.notifications()), "notifications_dismiss")
cal.dismiss_grouped_notification(f"favourite-{worth.id}")
check(all(not (n.type == "favourite" and n.status.id == worth.id) for n in cal.notifications()), "dismiss_grouped_notification")
check(cal.notifications_policy().for_limited_accounts == "drop", "notifications_policy says what Qwinkle does")
cal.notifications_clear()
check(list(cal.notifications()) == [], "notifications_clear")

# Streaming: the user stream over the WebSocket, then over server-sent events.
for transport in ["websocket", "server-sent events"]:
    arrived = threading.Event()
    words = f"Live over {transport}"

    def on_update(status, words=words, arrived=arrived):
        if words in status.content:
            arrived.set()

    listener = CallbackStreamListener(update_handler=on_update)
    if transport == "websocket":
        handle = mary.stream_open_websocket()
        mary.stream_user(listener, websocket_handle=handle)
    else:
        handle = mary.stream_user(listener, run_async=True)
    threading.Event().wait(1)
    abe.status_post(words)
    check(arrived.wait(15), f"stream_user receives an update over {transport}")
    handle.close()

# A revoked token is refused.
abe.revoke_access_token(allow_http=True)
try:
    abe.account_verify_credentials()
    check(False, "a revoked token is refused with 401")
except MastodonUnauthorizedError:
    check(True, "a revoked token is refused with 401")

# toot: logs in through the out-of-band code (the code pasted at its prompt), then reads and writes.
environment = dict(os.environ, HOME=home, BROWSER="true", XDG_CONFIG_HOME=os.path.join(home, ".config"))
login = subprocess.Popen([toot, "login", "--instance", url], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, env=environment)
shown = ""
while "/oauth/authorize" not in shown:
    line = login.stdout.readline()
    if not line:
        break
    shown += line
authorize_url = next((word for word in shown.split() if "/oauth/authorize" in word), None)
check(authorize_url is not None, "toot login shows the consent page's address")
if authorize_url:
    code = consent(authorize_url, "mary")
    output, _ = login.communicate(f"n\n{code}\n", timeout=60)
    check(login.returncode == 0 and "Successfully logged in" in output, "toot login with the out-of-band code")


def run_toot(*arguments):
    result = subprocess.run([toot, *arguments], capture_output=True, text=True, env=environment, timeout=60)
    return result.returncode, result.stdout + result.stderr


status, output = run_toot("instance", url)
check(status == 0 and "running Mastodon 4.3.0 (compatible; Qwinkle " in output, "toot instance names Qwinkle")
status, output = run_toot("whoami")
check(status == 0 and "@mary" in output, "toot whoami")
status, output = run_toot("post", "Posted with toot")
check(status == 0, f"toot post ({output.strip()[:200]})")
status, output = run_toot("post", "--spoiler-text", "Spoilers from toot", "Hidden from toot")
check(status == 0, f"toot post --spoiler-text ({output.strip()[:200]})")
warned_by_toot = [s for s in mary.account_statuses(mary.account_verify_credentials().id) if s.spoiler_text == "Spoilers from toot"]
check(len(warned_by_toot) == 1 and "Hidden from toot" in warned_by_toot[0].content, "toot's warning is kept as the status's spoiler_text")
status, output = run_toot("timelines", "home", "--no-pager", "--no-clear")
check(status == 0 and "Posted with toot" in output, f"toot timelines ({output.strip()[:200]})")

status, output = run_toot("follow", "abe")
check(status == 0, f"toot follow ({output.strip()[:200]})")
status, output = run_toot("notifications")
check(status == 0 and "abe" in output, f"toot notifications ({output.strip()[:200]})")
boostable = cal.status_post("Boost me from toot")
status, output = run_toot("reblog", str(boostable.id))
check(status == 0 and cal.status(boostable.id).reblogs_count == 1, f"toot reblog ({output.strip()[:200]})")
status, output = run_toot("unreblog", str(boostable.id))
check(status == 0 and cal.status(boostable.id).reblogs_count == 0, f"toot unreblog ({output.strip()[:200]})")
pinnable = mary.status_post("Pin me from toot")
status, output = run_toot("pin", str(pinnable.id))
check(status == 0 and [s.id for s in cal.account_statuses(mary_id, pinned=True)] == [pinnable.id], f"toot pin ({output.strip()[:200]})")
status, output = run_toot("unpin", str(pinnable.id))
check(status == 0 and list(cal.account_statuses(mary_id, pinned=True)) == [], f"toot unpin ({output.strip()[:200]})")
photo_path = os.path.join(home, "dot.png")
with open(photo_path, "wb") as photo_file:
    photo_file.write(png)
status, output = run_toot("upload", photo_path, "--description", "A dot from toot")
check(status == 0 and "Successfully uploaded" in output, f"toot upload ({output.strip()[:200]})")

if failures:
    print(f"mastodon-clients: {len(failures)} check(s) failed")
    sys.exit(1)
