"""Conversations on the web: replying on an entry's page, the reply arriving live under its parent in another
browser that has the thread open, and a tag's link opening the tag's page."""

from selenium.webdriver.common.by import By

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait


def thread_ids(driver):
    return [(item.get_attribute("data-indent"), item.find_element(By.CSS_SELECTOR, "article").get_attribute("data-entry-id"))
            for item in css_all(driver, 'ol[data-role="thread-replies"] > li')]


def test_a_reply_posted_on_an_entry_page_appears_live_under_its_parent(server, browser, second_browser):
    writer, replier = unique("writer"), unique("replier")
    writer_token, replier_token = server.sign_up(writer), server.sign_up(replier)
    root = server.post(writer_token, "What are you growing this year?")
    first = server.post(replier_token, "Tomatoes, mostly", in_reply_to=root["id"])
    second = server.post(replier_token, "And beans", in_reply_to=root["id"])

    # The writer has the whole thread open.
    sign_in(second_browser, server, writer_token)
    second_browser.get(server.url + f"/entries/{root['id']}")
    second_browser.execute_script("window.__notReloaded = true")
    wait(second_browser, lambda d: css(d, 'ol[data-role="thread-replies"]').get_attribute("data-live") == "open",
         message="the thread page opens its stream")
    assert thread_ids(second_browser) == [("1", first["id"]), ("1", second["id"])]

    # The replier answers their first reply on its own page.
    sign_in(browser, server, replier_token)
    browser.get(server.url + f"/entries/{first['id']}")
    form = css(browser, 'section.reply-compose form[data-role="compose"]')
    assert f"Replying to @{replier}" in form.text
    assert css(browser, 'section.reply-compose input[name="in_reply_to"]').get_attribute("value") == first["id"]
    form.find_element(By.CSS_SELECTOR, "textarea[name=body]").send_keys("Cherry ones, in pots")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(browser, lambda d: "Cherry ones, in pots" in css(d, "article.entry-page").text, message="the reply's own page opens")
    reply_id = css(browser, "article.entry-page").get_attribute("data-entry-id")
    assert f"Replying to @{replier}" in css(browser, 'article.entry-page [data-role="replying-to"]').text

    # In the writer's browser it arrives under its parent, one step further in, before the later direct reply.
    wait(second_browser, lambda d: len(thread_ids(d)) == 3, message="the reply arrives without a reload")
    assert thread_ids(second_browser) == [("1", first["id"]), ("2", reply_id), ("1", second["id"])]
    assert "Cherry ones, in pots" in css(second_browser, f'article[data-entry-id="{reply_id}"]').text
    assert second_browser.execute_script("return window.__notReloaded === true"), "the page was not reloaded"
    screenshot(second_browser, "thread-live")

    # Deleted, it disappears.
    server.api("DELETE", f"/api/qwinkle/v1/entries/{reply_id}", token=replier_token, expect=204)
    wait(second_browser, lambda d: len(thread_ids(d)) == 2, message="the deleted reply disappears")


def test_a_tag_link_opens_the_tags_page(server, browser):
    writer = unique("gardener")
    token = server.sign_up(writer)
    tag = unique("Garden")
    entry = server.post(token, f"Planted the beds today #{tag}")
    browser.get(server.url + f"/entries/{entry['id']}")
    link = css(browser, '[data-role="entry-body"] a.tag')
    assert link.text == f"#{tag}"
    link.click()
    wait(browser, lambda d: d.current_url.endswith(f"/tags/{tag.lower()}"), message="the tag's page opens")
    assert css(browser, "h1").text == f"#{tag.lower()}"
    assert css_all(browser, f'ol[data-role="timeline"] article[data-entry-id="{entry["id"]}"]')
