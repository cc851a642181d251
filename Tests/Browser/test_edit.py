"""Edit works on a copy (talk 004): Cancel throws it away; Done suggests it, and a change made meanwhile shows theirs,
yours and the merge."""

from selenium.webdriver.common.keys import Keys

from qwinkle_browser import css, screenshot, sign_in, unique, wait


def test_cancel_leaves_the_entry_unchanged(server, browser):
    token = server.sign_up(unique("editor"))
    entry = server.post(token, "The original words")
    sign_in(browser, server, token)
    browser.get(server.url + f"/entries/{entry['id']}")
    css(browser, '[data-action="edit"]').click()
    body = css(browser, 'textarea[name="body"]')
    body.send_keys(Keys.CONTROL, "a")
    body.send_keys("Words nobody should ever see")
    screenshot(browser, "edit")
    css(browser, '[data-action="cancel"]').click()

    wait(browser, lambda d: d.current_url.endswith(f"/entries/{entry['id']}"))
    assert css(browser, '[data-role="entry-body"]').text == "The original words"
    _, stored = server.api("GET", f"/api/qwinkle/v1/entries/{entry['id']}", token=token, expect=200)
    assert stored["body"] == "The original words" and stored["revision"] == 1


def test_a_change_made_meanwhile_shows_the_merge(server, browser):
    token = server.sign_up(unique("merger"))
    entry = server.post(token, "The quick brown fox jumps", visibility="journal")
    sign_in(browser, server, token)
    browser.get(server.url + f"/entries/{entry['id']}/edit")
    body = css(browser, 'textarea[name="body"]')
    body.send_keys(Keys.CONTROL, "a")
    body.send_keys("The slow brown fox jumps")

    # Meanwhile, on another device, the same entry changes.
    server.api("PUT", f"/api/qwinkle/v1/entries/{entry['id']}", {
        "base_revision": 1, "kind": "update", "body": "The quick brown cat jumps", "visibility": "journal",
    }, token=token, expect=200)

    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: d.find_elements("css selector", '[data-role="conflict"]'))
    assert css(browser, '[data-role="theirs"] pre').text == "The quick brown cat jumps"
    assert css(browser, '[data-role="yours"] pre').text == "The slow brown fox jumps"
    assert css(browser, '[data-role="merged"] pre').text == "The slow brown cat jumps"
    screenshot(browser, "edit-conflict")

    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: d.current_url.endswith(f"/entries/{entry['id']}"))
    assert css(browser, '[data-role="entry-body"]').text == "The slow brown cat jumps"
    _, stored = server.api("GET", f"/api/qwinkle/v1/entries/{entry['id']}", token=token, expect=200)
    assert stored["revision"] == 3

    browser.get(server.url + f"/entries/{entry['id']}/revisions")
    screenshot(browser, "revisions")
    css(browser, 'li[data-revision="1"] form[data-role="restore"] button[type="submit"]').click()
    wait(browser, lambda d: d.current_url.endswith(f"/entries/{entry['id']}"))
    assert css(browser, '[data-role="entry-body"]').text == "The quick brown fox jumps"


def test_a_conflict_names_parts_and_values_as_people_say_them(server, browser):
    token = server.sign_up(unique("namer"))
    dream = {"creature": "shark", "effects": [], "number_of_creatures": 2}
    entry = server.post(token, "Sharks", kind="dream", visibility="public", dream=dream)
    sign_in(browser, server, token)
    browser.get(server.url + f"/entries/{entry['id']}/edit")
    css(browser, 'select[name="visibility"] option[value="private"]').click()
    css(browser, 'select[name="creature"] option[value="unicorn_pink"]').click()
    count = css(browser, 'input[name="number_of_creatures"]')
    count.send_keys(Keys.CONTROL, "a")
    count.send_keys("5")

    server.api("PUT", f"/api/qwinkle/v1/entries/{entry['id']}", {
        "base_revision": 1, "kind": "dream", "body": "Sharks", "visibility": "followers",
        "dream": {"creature": "dragon", "effects": [], "number_of_creatures": 3},
    }, token=token, expect=200)

    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: d.find_elements("css selector", '[data-role="conflict"]'))
    parts = css(browser, "ul.conflict-parts").text
    screenshot(browser, "edit-conflict-parts")
    for said in ("Who can see it", "Only me", "Followers", "Creature", "Pink unicorn", "Dragon", "Number of creatures"):
        assert said in parts, f"{said!r} is not in {parts!r}"
    for wire in ("visibility", "private", "unicorn_pink", "number_of_creatures"):
        assert wire not in parts, f"the API's {wire!r} shows on the page: {parts!r}"
