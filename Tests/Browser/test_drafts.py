"""Drafts kept by the server: compose saves as you type, the draft continues anywhere, Cancel keeps it, posting
removes it, and a save made elsewhere meanwhile is merged into the page."""

from selenium.webdriver.common.keys import Keys

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait


def drafts_of(server, token):
    _, drafts = server.api("GET", "/api/qwinkle/v1/drafts", token=token, expect=200)
    return drafts


def test_typing_saves_a_draft_that_continues_elsewhere_and_posting_removes_it(server, browser):
    token = server.sign_up(unique("drafter"))
    sign_in(browser, server, token)
    browser.get(server.url + "/compose")
    css(browser, 'textarea[name="body"]').send_keys("Gave a short speech")
    wait(browser, lambda d: css(d, '[data-role="draft-status"]').text == "Draft saved", message="the draft was saved")
    drafts = drafts_of(server, token)
    assert [d["body"] for d in drafts] == ["Gave a short speech"]
    draft_id = drafts[0]["id"]
    assert browser.current_url.endswith(f"/compose?draft={draft_id}"), "a reload continues the draft"

    # The CLI (here: the API) continues the draft; the page merges that save with what is typed next.
    server.api("PUT", f"/api/qwinkle/v1/drafts/{draft_id}", {
        "base_revision": drafts[0]["revision"], "kind": "update", "body": "Gave a short speech today", "visibility": "followers",
    }, token=token, expect=200)
    body = css(browser, 'textarea[name="body"]')
    body.send_keys(Keys.CONTROL, Keys.HOME)
    body.send_keys("I ")
    wait(browser, lambda d: "changed elsewhere too" in css(d, '[data-role="draft-status"]').text, message="the merge was shown")
    wait(browser, lambda d: css(d, '[data-role="draft-status"]').text == "Draft saved", message="the merge was saved")
    assert css(browser, 'textarea[name="body"]').get_attribute("value") == "I Gave a short speech today"
    assert css(browser, 'select[name="visibility"]').get_attribute("value") == "followers"
    assert drafts_of(server, token)[0]["body"] == "I Gave a short speech today"

    # Another tab opens the draft from the drafts page.
    browser.get(server.url + "/drafts")
    screenshot(browser, "drafts")
    css(browser, f'li[data-draft-id="{draft_id}"] [data-action="continue-draft"]').click()
    wait(browser, lambda d: d.current_url.endswith(f"/compose?draft={draft_id}"))
    assert css(browser, 'textarea[name="body"]').get_attribute("value") == "I Gave a short speech today"

    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: "/entries/" in d.current_url, message="the draft was posted")
    assert css(browser, '[data-role="entry-body"]').text == "I Gave a short speech today"
    assert drafts_of(server, token) == [], "a posted draft is gone"


def test_cancel_keeps_the_draft_and_it_can_be_deleted(server, browser):
    token = server.sign_up(unique("canceller"))
    sign_in(browser, server, token)
    browser.get(server.url + "/compose?kind=journal")
    css(browser, 'textarea[name="body"]').send_keys("Dear diary: not finished")
    # Cancel at once, before the second's pause: the draft is saved on the way out.
    css(browser, '[data-action="cancel"]').click()
    wait(browser, lambda d: d.current_url.endswith("/drafts"), message="Cancel led to the drafts")
    items = css_all(browser, 'ul[data-role="drafts"] li')
    assert len(items) == 1 and "Dear diary: not finished" in items[0].text
    assert [d["kind"] for d in drafts_of(server, token)] == ["journal"]

    css(browser, 'form[data-role="delete-draft"] button[type="submit"]').click()
    wait(browser, lambda d: d.find_elements("css selector", '[data-role="no-drafts"]'), message="the draft was deleted")
    assert drafts_of(server, token) == []


def test_a_location_is_kept_in_the_draft_merged_from_elsewhere_and_posted(server, browser):
    token = server.sign_up(unique("placer"))
    sign_in(browser, server, token)
    browser.get(server.url + "/compose")
    css(browser, 'textarea[name="body"]').send_keys("Coffee by the water")
    css(browser, 'input[data-content-line="location"]').send_keys("  Harbour café ")
    wait(browser, lambda d: [x.get("location") for x in drafts_of(server, token)] == ["Harbour café"], message="the location was saved")
    wait(browser, lambda d: css(d, '[data-role="draft-status"]').text == "Draft saved", message="the save finished")

    # Saved elsewhere with another place; the page's next save merges it in and shows it in the field.
    draft = drafts_of(server, token)[0]
    server.api("PUT", f"/api/qwinkle/v1/drafts/{draft['id']}", {
        "base_revision": draft["revision"], "kind": "update", "body": "Coffee by the water", "visibility": "public", "location": "Lisbon",
    }, token=token, expect=200)
    css(browser, 'textarea[name="body"]').send_keys(", again")
    wait(browser, lambda d: css(d, 'input[data-content-line="location"]').get_attribute("value") == "Lisbon", message="the merged place was shown")
    wait(browser, lambda d: css(d, '[data-role="draft-status"]').text == "Draft saved", message="the merge was saved")
    assert [(x["body"], x.get("location")) for x in drafts_of(server, token)] == [("Coffee by the water, again", "Lisbon")]

    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: "/entries/" in d.current_url, message="the draft was posted")
    assert css(browser, '[data-line="location"]').text == "Location: Lisbon"
