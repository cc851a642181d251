"""Compose as talk 004 describes it: the counter follows the shared length rule, photos included, and the photo
drawer's state is one value however fast it is toggled."""

import pytest
from selenium.webdriver.common.by import By

from qwinkle_browser import css, css_all, png_file, screenshot, sign_in, unique, wait


def remaining(driver):
    return int(css(driver, '[data-role="remaining"]').text)


def drawer_consistent(driver):
    drawer = css(driver, '[data-role="photo-drawer"]').get_attribute("data-state")
    expanded = css(driver, '[data-role="photo-drawer-toggle"]').get_attribute("aria-expanded")
    label = css(driver, '[data-role="photo-drawer-label"]').text
    return drawer, (drawer == "expanded") == (expanded == "true") and (label == "Hide photos") == (drawer == "expanded")


def test_counter_counts_a_photo_before_any_typing(server, browser):
    sign_in(browser, server, server.sign_up(unique("poster")))
    browser.get(server.url + "/compose")
    assert remaining(browser) == 140

    css(browser, '[data-role="photo-input"]').send_keys(png_file())
    wait(browser, lambda d: remaining(d) == 117, message="attaching a photo counts 23 at once")
    wait(browser, lambda d: css_all(d, 'li[data-photo][data-state="ready"]'), message="the photo uploads")

    css(browser, 'textarea[name="body"]').send_keys("Sunset at https://example.com/a/very/long/path/indeed 🌅")
    # 7 for "Sunset ", 4 for " at ", 23 for the link, 1 for the emoji and its space before it: 140 - 23 - 36.
    wait(browser, lambda d: remaining(d) == 140 - 23 - (len("Sunset at ") + 23 + 2))
    assert drawer_consistent(browser) == ("collapsed", True), "typing collapsed the drawer"
    css(browser, '[data-role="photo-drawer-toggle"]').click()
    css(browser, 'input[name="photo_alt[]"]').send_keys("An orange square")
    # Post moves down as the drawer opens; a person clicks it where it comes to rest.
    wait(browser, lambda d: d.execute_script("return document.getAnimations().length === 0"), message="the drawer to open")
    screenshot(browser, "compose-with-photo")
    css(browser, 'form[data-role="compose"] button[type="submit"]').click()

    wait(browser, lambda d: "/entries/" in d.current_url)
    photo = css(browser, ".entry-photos img")
    assert photo.get_attribute("alt") == "An orange square"
    assert browser.execute_script("return arguments[0].naturalWidth", photo) == 48, "the photo loads with the session cookie"
    screenshot(browser, "entry-with-photo")


def test_over_the_limit_cannot_be_posted_and_the_server_agrees(server, browser):
    sign_in(browser, server, server.sign_up(unique("long")))
    browser.get(server.url + "/compose")
    body = css(browser, 'textarea[name="body"]')
    body.send_keys("x" * 141)
    wait(browser, lambda d: remaining(d) == -1)
    assert css(browser, '[data-role="remaining"]').get_attribute("data-over") == "true"
    assert not css(browser, 'form[data-role="compose"] button[type="submit"]').is_enabled()

    css(browser, 'select[name="visibility"] option[value="journal"]').click()
    wait(browser, lambda d: remaining(d) == 10000 - 141, message="a journal entry may be long")
    assert "shared your journal" in css(browser, '[data-role="visibility-description"]').text


def test_drawer_toggled_fast_stays_one_value(server, browser):
    sign_in(browser, server, server.sign_up(unique("drawer")))
    browser.get(server.url + "/compose")
    toggle = css(browser, '[data-role="photo-drawer-toggle"]')
    body = css(browser, 'textarea[name="body"]')
    for _ in range(21):
        toggle.click()
    state, consistent = drawer_consistent(browser)
    assert consistent and state == "expanded", "21 fast taps leave it expanded, and every part of the page agrees"

    body.send_keys("typing while it animates")
    state, consistent = drawer_consistent(browser)
    assert consistent and state == "collapsed", "typing in the body collapses an expanded drawer"

    # Tapping and typing interleaved, faster than the animation.
    for index in range(10):
        toggle.click()
        if index % 3 == 0:
            body.send_keys("!")
    state, consistent = drawer_consistent(browser)
    assert consistent
    # Wait for the animations themselves to end (CSS transitions are listed by getAnimations), not for a guess of their length.
    wait(browser, lambda d: d.execute_script("return document.getAnimations().length === 0"), message="the drawer's animations to end")
    final, consistent = drawer_consistent(browser)
    assert consistent and final == state, "nothing changes once the animations end"
    screenshot(browser, "compose-drawer")


def post_button_box(driver):
    return driver.execute_script("""
        const r = document.querySelector('form[data-role="compose"] button[type="submit"]').getBoundingClientRect();
        return [Math.round(r.left), Math.round(r.top)];""")


def test_post_right_after_the_draft_is_saved_posts_at_the_first_click(server, browser):
    sign_in(browser, server, server.sign_up(unique("quick")))
    browser.get(server.url + "/compose")
    css(browser, 'textarea[name="body"]').send_keys("Posted at the first click")
    wait(browser, lambda d: css(d, '[data-role="draft-status"]').text == "Draft saved", message="the draft was saved")
    where = post_button_box(browser)
    # Whatever the status says, from nothing to a long sentence, Post stays where the pointer is going.
    for text in ("", "Saving…", "Not saved: Qwinkle could not be reached. It is saved again when you type.", "Draft saved"):
        browser.execute_script("document.querySelector('[data-role=\"draft-status\"]').textContent = arguments[0]", text)
        assert post_button_box(browser) == where, f"the status {text!r} moved Post from {where} to {post_button_box(browser)}"

    # The body still has focus: pressing the button takes it away (a textarea's "change"), as a person's click does.
    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: "/entries/" in d.current_url, timeout=15, message="the first click on Post posted the entry")
    assert css(browser, '[data-role="entry-body"]').text == "Posted at the first click"


def test_a_photo_is_not_posted_without_alt_text(server, browser):
    token = server.sign_up(unique("describer"))
    sign_in(browser, server, token)
    browser.get(server.url + "/compose")
    css(browser, '[data-role="photo-input"]').send_keys(png_file())
    wait(browser, lambda d: css_all(d, 'li[data-photo][data-state="ready"]'), message="the photo uploads")
    alt = css(browser, 'input[name="photo_alt[]"]')
    label = css(browser, f'label[for="{alt.get_attribute("id")}"]').get_attribute("textContent")
    assert "alt text" in label.lower() and "needed" in label.lower(), f"the field does not ask for alt text: {label!r}"
    css(browser, 'textarea[name="body"]').send_keys("A photo nobody described")  # typing closes the drawer
    # Post moves up as the drawer closes; a person clicks it where it comes to rest.
    wait(browser, lambda d: d.execute_script("return document.getAnimations().length === 0"), message="the drawer to close")

    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: d.switch_to.active_element == alt, timeout=15, message="Post leads to the empty alt text")
    assert "/compose" in browser.current_url
    assert css(browser, '[data-role="photo-drawer"]').get_attribute("data-state") == "expanded"
    assert alt.get_attribute("aria-invalid") == "true"
    wait(browser, lambda d: d.execute_script("return document.getAnimations().length === 0"), message="the drawer to open")
    assert "Describe each photo" in css(browser, '[data-role="photo-status"]').text
    wait(browser, lambda d: d.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight", alt),
        message="the empty alt text is in view")
    screenshot(browser, "compose-alt-missing")

    # The server refuses it too, for a browser that sends the form without the script's check.
    browser.execute_script("HTMLFormElement.prototype.submit.call(document.querySelector('form[data-role=\"compose\"]'))")
    wait(browser, lambda d: css_all(d, ".error-banner"), message="the server refused the form")
    assert "Describe each photo" in css(browser, ".error-banner").text
    assert css(browser, 'input[name="photo_alt[]"]').get_attribute("aria-invalid") == "true"
    _, entries = server.api("GET", "/api/qwinkle/v1/timelines/public", token=token, expect=200)
    assert not [e for e in entries if e["body"] == "A photo nobody described"], "the photo was posted without alt text"

    css(browser, 'input[name="photo_alt[]"]').send_keys("An orange rectangle")
    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: "/entries/" in d.current_url, message="with alt text it posts")
    assert css(browser, ".entry-photos img").get_attribute("alt") == "An orange rectangle"


def test_the_counter_says_character_for_one(server, browser):
    sign_in(browser, server, server.sign_up(unique("counter")))
    browser.get(server.url + "/compose")
    line = lambda d: css(d, "#remaining-line").text
    assert line(browser) == "140 characters left"
    css(browser, 'textarea[name="body"]').send_keys("x" * 139)
    wait(browser, lambda d: line(d) == "1 character left", message=f"the counter said {line(browser)!r}")
    css(browser, 'textarea[name="body"]').send_keys("yz")
    wait(browser, lambda d: line(d) == "-1 characters left", message=f"the counter said {line(browser)!r}")


def test_a_photo_posted_elsewhere_without_alt_text_is_still_named_a_photo(server, browser):
    token = server.sign_up(unique("elsewhere"))
    photo = server.upload_photo(token, png_file())
    status, entry = server.api("POST", "/api/qwinkle/v1/entries", {"kind": "update", "body": "From an old client",
                                                           "visibility": "public", "photos": [{"id": photo, "alt": ""}]}, token=token)
    if status == 422:
        pytest.skip("the API refuses a photo without alt text, so no entry has one")
    assert status == 201, status
    browser.get(server.url + f"/entries/{entry['id']}")
    assert css(browser, ".entry-photos img").get_attribute("alt") == "Photo without a description"
