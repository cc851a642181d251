"""New entries arrive on an open timeline over server-sent events, without a reload."""

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait


def test_an_entry_arrives_live_on_the_home_timeline(server, browser):
    reader, writer = unique("watcher"), unique("writer")
    reader_token, writer_token = server.sign_up(reader), server.sign_up(writer)
    server.api("POST", f"/api/v1/accounts/{writer}/follow", token=reader_token, expect=200)
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
