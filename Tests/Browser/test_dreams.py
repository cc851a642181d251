"""Dreams (talk 001): Share → select → Done gives their cards; Cancel leaves no selection behind; Duplicate; undo and
redo restore whole list values."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait

DREAM = {"creature": "unicorn_pink", "effects": ["magic", "fireflies"], "number_of_creatures": 3}


def listed_ids(driver):
    return [item.get_attribute("data-entry-id") for item in css_all(driver, '[data-role="dream-list"] > li')]


def checked(driver):
    return [box.get_attribute("value") for box in css_all(driver, 'input[data-role="select"]') if box.is_selected()]


def test_dreams_shared_as_cards_and_cancel_leaves_no_selection(server, browser):
    token = server.sign_up(unique("dreamer"))
    first = server.post(token, "Flying over the sea", kind="dream", dream=DREAM)
    second = server.post(token, "A shark that sang", kind="dream", dream={**DREAM, "creature": "shark", "effects": ["rain"]})
    sign_in(browser, server, token)
    browser.get(server.url + "/dreams")
    assert listed_ids(browser) == [second["id"], first["id"]]

    css(browser, '[data-action="share"]').click()
    css(browser, f'input[data-role="select"][value="{first["id"]}"]').click()
    assert checked(browser) == [first["id"]]
    css(browser, '[data-action="cancel"]').click()
    assert css(browser, '[data-role="dreams"]').get_attribute("data-mode") == "browsing"
    assert all(not box.is_displayed() for box in css_all(browser, 'input[data-role="select"]'))

    css(browser, '[data-action="share"]').click()
    assert checked(browser) == [], "Cancel left no selection behind"
    assert not css(browser, '[data-action="done"]').is_enabled()
    for entry in (first, second):
        css(browser, f'input[data-role="select"][value="{entry["id"]}"]').click()
    screenshot(browser, "dreams-selecting")
    css(browser, '[data-action="done"]').click()

    links = css_all(browser, '[data-role="share-links"] a[download]')
    assert sorted(link.get_attribute("href").rsplit("/", 2)[-2] for link in links) == sorted([first["id"], second["id"]])
    svg = browser.execute_script(
        "return fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text())", links[0].get_attribute("href")
    )
    assert "<svg" in svg and 'data-layer="creatures"' in svg
    screenshot(browser, "dreams-share-sheet")


def test_duplicate_then_undo_and_redo(server, browser):
    token = server.sign_up(unique("copier"))
    original = server.post(token, "The dragon's library", kind="dream", visibility="private",
                           dream={**DREAM, "creature": "dragon"})
    sign_in(browser, server, token)
    browser.get(server.url + "/dreams")
    css(browser, f'article[data-entry-id="{original["id"]}"] [data-action="duplicate"]').click()
    wait(browser, lambda d: len(listed_ids(d)) == 2, message="the copy appears")
    copy_id = [entry_id for entry_id in listed_ids(browser) if entry_id != original["id"]][0]
    _, copy = server.api("GET", f"/api/qwinkle/v1/entries/{copy_id}", token=token, expect=200)
    assert copy["body"] == "The dragon's library" and copy["dream"]["creature"] == "dragon"

    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait(browser, lambda d: listed_ids(d) == [original["id"]], message="undo removes the copy")
    wait(browser, lambda d: server.api("GET", f"/api/qwinkle/v1/entries/{copy_id}", token=token)[0] == 404,
         message="and deletes it on the server")

    ActionChains(browser).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
    wait(browser, lambda d: sorted(listed_ids(d)) == sorted([original["id"], copy_id]), message="redo brings the same copy back")
    _, mine = server.api("GET", "/api/qwinkle/v1/accounts/" + copy["author"]["username"] + "/entries", token=token, expect=200)
    assert sorted(entry["id"] for entry in mine if entry["kind"] == "dream") == sorted([original["id"], copy_id])
    screenshot(browser, "dreams")


def test_delete_then_undo_gives_back_the_same_dream(server, browser):
    token = server.sign_up(unique("undoer"))
    dream = server.post(token, "Fireflies over the lake", kind="dream", dream=DREAM)
    server.api("POST", f"/api/qwinkle/v1/entries/{dream['id']}/mark", token=token, expect=200)
    sign_in(browser, server, token)
    browser.get(server.url + "/dreams")
    css(browser, f'article[data-entry-id="{dream["id"]}"] [data-action="delete"]').click()
    wait(browser, lambda d: d.switch_to.alert, message="Delete asks first").accept()
    wait(browser, lambda d: listed_ids(d) == [], message="the dream leaves the list")
    wait(browser, lambda d: server.api("GET", f"/api/qwinkle/v1/entries/{dream['id']}", token=token)[0] == 404,
         message="and the server's lists")

    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait(browser, lambda d: listed_ids(d) == [dream["id"]], message="undo gives back the same dream, by its ID")
    _, restored = server.api("GET", f"/api/qwinkle/v1/entries/{dream['id']}", token=token, expect=200)
    assert restored["marked"] is True and restored["revision"] == dream["revision"]


def test_dream_card_moves_with_the_pointer(server, browser):
    token = server.sign_up(unique("tilter"))
    dream = server.post(token, "Snow in the desert", kind="dream", dream={**DREAM, "effects": ["snow"]})
    sign_in(browser, server, token)
    browser.get(server.url + f"/entries/{dream['id']}")
    card = css(browser, 'figure[data-role="dream-card"]')
    assert css_all(browser, 'figure[data-role="dream-card"] svg g[data-layer]'), "the card is inline, so its layers can move"
    ActionChains(browser).move_to_element_with_offset(card, card.size["width"] // 3, 0).perform()
    wait(browser, lambda d: d.execute_script(
        "return getComputedStyle(arguments[0]).getPropertyValue('--qw-tilt-x')", card).strip() not in ("", "0"))
    screenshot(browser, "dream-entry")


def test_record_a_dream_through_the_form(server, browser):
    sign_in(browser, server, server.sign_up(unique("recorder")))
    browser.get(server.url + "/compose?kind=dream")
    css(browser, 'textarea[name="body"]').send_keys("Sharks in the library, reading quietly")
    css(browser, 'select[name="creature"] option[value="shark"]').click()
    count = css(browser, 'input[name="number_of_creatures"]')
    count.clear()
    count.send_keys("4")
    for effect in ("laser_focus", "snow"):
        css(browser, f'input[name="effects[]"][value="{effect}"]').click()
    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: "/entries/" in d.current_url)
    caption = css(browser, 'figure[data-role="dream-card"] figcaption').text
    assert "4 × Shark" in caption and "laser focus" in caption and "snow" in caption
    browser.get(server.url + "/dreams")
    assert len(listed_ids(browser)) == 1
