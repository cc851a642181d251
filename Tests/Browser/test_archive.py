"""Your data is yours: the settings page's archive link downloads the account's ZIP with the session cookie, and its
import form sends a ZIP as it is and shows the server's report."""

import json
import tempfile
import zipfile
from pathlib import Path

from qwinkle_browser import css, screenshot, sign_in, unique, wait


def small_archive(folder, username):
    """A Qwinkle archive of one entry that follows someone this server does not have."""
    path = Path(folder) / "archive.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps({
            "format": "qwinkle-archive", "format_version": 1, "exported_at": "2026-11-20T08:00:00Z",
            "server": "https://elsewhere.example", "username": username}))
        archive.writestr("account.json", json.dumps({
            "username": username, "display_name": "", "bio": "", "created_at": "2026-01-01T00:00:00Z"}))
        archive.writestr("entries.json", json.dumps({"entries": [{
            "id": "7", "kind": "update", "body": "Brought along from elsewhere", "visibility": "public",
            "created_at": "2026-11-20T08:00:00Z", "photos": [], "revisions": []}]}))
        archive.writestr("following.json", json.dumps({"following": [{"username": "nobody_here"}]}))
        archive.writestr("journal-readers.json", json.dumps({"journal_readers": []}))
    return path


def test_export_link_and_import_form(server, browser):
    username = unique("keeper")
    token = server.sign_up(username)
    server.post(token, "Coffee at the lake")
    sign_in(browser, server, token)
    browser.get(server.url + "/settings")

    link = css(browser, 'a[data-role="archive-download"]')
    assert link.text == "Download your archive"
    # The link is fetched with the browser's own cookie, as a click would download it.
    head = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0], {credentials: "same-origin"})
          .then(async (response) => done([response.status, response.headers.get("content-type"),
                                          Array.from(new Uint8Array(await response.arrayBuffer()).slice(0, 4))]))
          .catch((error) => done([0, String(error), []]));
    """, link.get_attribute("href"))
    assert head[0] == 200, head
    assert head[1] == "application/zip", head
    assert head[2] == [0x50, 0x4B, 0x03, 0x04], "a ZIP file"

    with tempfile.TemporaryDirectory() as folder:
        css(browser, 'input[data-role="archive-input"]').send_keys(str(small_archive(folder, username)))
        css(browser, 'form[data-role="archive-import"] button[type="submit"]').click()
        report = css(browser, '[data-role="archive-report"]')
        wait(browser, lambda d: report.get_attribute("data-state") == "done", message=report.text)
        assert "Imported 1 entry and 0 photos." in report.text
        assert "Not on this server, so not followed: nobody_here." in report.text
        screenshot(browser, "archive-import")

        # The same archive again adds nothing.
        css(browser, 'input[data-role="archive-input"]').send_keys(str(small_archive(folder, username)))
        css(browser, 'form[data-role="archive-import"] button[type="submit"]').click()
        wait(browser, lambda d: "imported before" in report.text, message=report.text)
        assert "Imported 0 entries" in report.text

    _, entries = server.api("GET", f"/api/qwinkle/v1/accounts/{username}/entries", token=token, expect=200)
    # Lists go by ID, so the imported entry (the newest ID) comes first, whatever its date.
    assert [entry["body"] for entry in entries] == ["Brought along from elsewhere", "Coffee at the lake"]


def test_a_jrnl_journal_in_the_browsers_time_zone(server, browser):
    username = unique("jrnl")
    token = server.sign_up(username)
    sign_in(browser, server, token)
    browser.get(server.url + "/settings")
    zone = css(browser, 'input[data-role="archive-time-zone"]')
    assert zone.get_attribute("value"), "the browser's own zone is filled in"
    zone.clear()
    zone.send_keys("Pacific/Auckland")
    journal = {"tags": {}, "entries": [
        {"title": "Breakfast by the harbour.", "body": "", "date": "2026-11-20", "time": "09:00", "tags": [], "starred": True},
        {"title": "Breakfast by the harbour.", "body": "", "date": "2026-11-20", "time": "09:00", "tags": [], "starred": True},
    ]}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "journal.json"
        path.write_text(json.dumps(journal))
        css(browser, 'input[data-role="archive-input"]').send_keys(str(path))
        css(browser, 'form[data-role="archive-import"] button[type="submit"]').click()
        report = css(browser, '[data-role="archive-report"]')
        wait(browser, lambda d: report.get_attribute("data-state") == "done", message=report.text)
    assert "Imported 1 entry" in report.text
    assert "duplicate within the file" in report.text
    assert "Left out" not in report.text, "a warning is a sentence of its own"
    _, entries = server.api("GET", f"/api/qwinkle/v1/accounts/{username}/entries", token=token, expect=200)
    # 09:00 in Auckland (UTC+13 in November) is 20:00 UTC the day before.
    assert [entry["created_at"][:16] for entry in entries] == ["2026-11-19T20:00"]
    assert entries[0]["marked"] is True, "jrnl's star is the owner's mark"
