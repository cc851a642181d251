"""Profiles, following, settings and messages, and every page readable on a 360 px wide phone."""

import pytest

from qwinkle_browser import css, css_all, make_browser, png_file, screenshot, sign_in, unique, wait


def test_profile_follow_and_avatar(server, browser):
    me, them = unique("viewer"), unique("author")
    my_token = server.sign_up(me)
    their_token = server.sign_up(them)
    server.post(their_token, "Only for my followers", visibility="followers")
    sign_in(browser, server, my_token)

    browser.get(server.url + f"/people/{them}")
    assert "Only for my followers" not in browser.page_source
    css(browser, 'form[data-role="follow"] button[type="submit"]').click()
    wait(browser, lambda d: css_all(d, 'form[data-role="unfollow"]'), message="following shows Unfollow")
    assert "Only for my followers" in css(browser, 'ol[data-role="timeline"]').text
    browser.get(server.url + "/home")
    assert "Only for my followers" in browser.page_source, "the people you follow appear on your home timeline"

    browser.get(server.url + "/settings")
    name = css(browser, 'input[name="display_name"]')
    name.clear()
    name.send_keys("Vera Viewer")
    css(browser, '[data-role="avatar-input"]').send_keys(png_file(colour=(40, 120, 200)))
    wait(browser, lambda d: css(d, '[data-role="avatar-id"]').get_attribute("value") != "")
    css(browser, 'form[data-role="settings"] button[type="submit"]').click()
    wait(browser, lambda d: d.current_url.endswith(f"/people/{me}"))
    assert css(browser, "#profile-name").text == "Vera Viewer"
    avatar = css(browser, ".profile-header img.avatar")
    assert browser.execute_script("return arguments[0].naturalWidth", avatar) == 48
    screenshot(browser, "profile")


def test_messages_between_two_people(server, browser, second_browser):
    sender, recipient = unique("sender"), unique("recipient")
    sender_token, recipient_token = server.sign_up(sender), server.sign_up(recipient)
    sign_in(browser, server, sender_token)
    browser.get(server.url + "/messages")
    css(browser, 'form[data-role="new-message"] input[name="to"]').send_keys(recipient)
    css(browser, 'form[data-role="new-message"] textarea[name="body"]').send_keys("Are you coming tonight?")
    css(browser, 'form[data-role="new-message"] button[type="submit"]').click()
    wait(browser, lambda d: "/messages/" in d.current_url)

    sign_in(second_browser, server, recipient_token)
    second_browser.get(server.url + "/messages")
    css(second_browser, '[data-role="conversations"] a').click()
    wait(second_browser, lambda d: "/messages/" in d.current_url)
    wait(second_browser, lambda d: "Are you coming tonight?" in css(d, '[data-role="messages"]').text)
    css(second_browser, 'form[data-role="reply"] textarea[name="body"]').send_keys("Yes, at eight.")
    css(second_browser, 'form[data-role="reply"] button[type="submit"]').click()
    wait(second_browser, lambda d: "Yes, at eight." in css(d, '[data-role="messages"]').text)

    browser.refresh()
    texts = [item.text for item in css_all(browser, '[data-role="messages"] li')]
    assert "Are you coming tonight?" in texts[0] and "Yes, at eight." in texts[1], "oldest first"
    screenshot(browser, "conversation")


PAGES = ["/", "/signup", "/login", "/home", "/public", "/journal", "/marked", "/compose", "/compose?kind=dream",
         "/dreams", "/journal/readers", "/messages", "/settings", "/settings/account", "/notifications"]


@pytest.fixture
def phone():
    driver = make_browser(width=360, height=780)
    yield driver
    driver.quit()


def test_every_page_fits_a_phone(server, phone):
    username = unique("phone")
    token = server.sign_up(username)
    entry = server.post(token, "A long word: " + "supercalifragilistic" * 3 + " and https://example.com/" + "x" * 80)
    dream = server.post(token, "Dragons over the bay", kind="dream",
                        dream={"creature": "dragon", "effects": ["fire_breathing"], "number_of_creatures": 2})
    pages = PAGES + [f"/entries/{entry['id']}", f"/entries/{dream['id']}", f"/entries/{entry['id']}/edit",
                     f"/people/{username}"]
    for path in pages[:3]:
        phone.get(server.url + path)
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 360, path
    sign_in(phone, server, token)
    for path in pages[3:]:
        phone.get(server.url + path)
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= 360, f"{path} is {width} px wide"
        for control in css_all(phone, "input:not([type=hidden]), textarea, select"):
            control_id = control.get_attribute("id")
            labelled = control_id and css_all(phone, f'label[for="{control_id}"]')
            wrapped = phone.execute_script("return !!arguments[0].closest('label')", control)
            assert labelled or wrapped, f"{path}: a control without a label ({control.get_attribute('name')})"
        for image in css_all(phone, "img"):
            assert image.get_attribute("alt") is not None, f"{path}: an image without alt"
    phone.get(server.url + "/home")
    screenshot(phone, "home-phone")
