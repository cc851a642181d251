"""New entries arrive on an open timeline over server-sent events, without a reload."""

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait


def test_an_entry_arrives_live_on_the_home_timeline(server, browser):
    reader, writer = unique("watcher"), unique("writer")
    reader_token, writer_token = server.sign_up(reader), server.sign_up(writer)
    server.api("POST", f"/api/qwinkle/v1/accounts/{writer}/follow", token=reader_token, expect=200)
    sign_in(browser, server, reader_token)
    browser.get(server.url + "/home")
    browser.execute_script("window.__notReloaded = true")
    wait(browser, lambda d: css(d, 'ol[data-role="timeline"]').get_attribute("data-live") == "open",
         message="the page opens its stream")

    hidden = server.post(writer_token, "Not for the home timeline", visibility="private")
    entry = server.post(writer_token, "Fresh from the oven", visibility="followers")
    article = wait(browser, lambda d: css_all(d, f'article[data-entry-id="{entry["id"]}"]'),
                   message="the new entry arrives without a reload")[0]
    assert "Fresh from the oven" in article.text
    assert browser.execute_script("return window.__notReloaded === true"), "the page was not reloaded"
    assert not css_all(browser, f'article[data-entry-id="{hidden["id"]}"]'), "a private entry never arrives"
    first = css(browser, 'ol[data-role="timeline"] > li:first-child article')
    assert first.get_attribute("data-entry-id") == entry["id"], "newest first"
    screenshot(browser, "home-live")


def test_an_edit_and_a_restore_change_the_entry_in_place(server, browser):
    reader, writer = unique("watcher"), unique("writer")
    reader_token, writer_token = server.sign_up(reader), server.sign_up(writer)
    server.api("POST", f"/api/qwinkle/v1/accounts/{writer}/follow", token=reader_token, expect=200)
    entry = server.post(writer_token, "Bread in the oven", visibility="followers")
    sign_in(browser, server, reader_token)
    browser.get(server.url + "/home")
    browser.execute_script("window.__notReloaded = true")
    wait(browser, lambda d: css(d, 'ol[data-role="timeline"]').get_attribute("data-live") == "open",
         message="the page opens its stream")
    # The page asks the server nothing per event: every request it makes from now on is counted.
    browser.execute_script(
        "window.__fetches = 0; const f = window.fetch; window.fetch = (...a) => { window.__fetches += 1; return f(...a); };")

    selector = f'article[data-entry-id="{entry["id"]}"]'
    server.api("PUT", f"/api/qwinkle/v1/entries/{entry['id']}", token=writer_token, expect=200, body={
        "base_revision": 1, "kind": "update", "body": "Bread out of the oven", "visibility": "followers"})
    wait(browser, lambda d: "Bread out of the oven" in css(d, selector).text, message="the edit shows without a reload")
    assert "edited" in css(browser, selector).text
    assert len(css_all(browser, selector)) == 1, "the edited entry replaced the one shown"

    server.api("POST", f"/api/qwinkle/v1/entries/{entry['id']}/revisions/1/restore", token=writer_token, expect=200)
    wait(browser, lambda d: "Bread in the oven" in css(d, selector).text, message="the restored text shows")
    assert browser.execute_script("return window.__notReloaded === true"), "the page was not reloaded"
    assert browser.execute_script("return window.__fetches") == 0, "no request per event"
