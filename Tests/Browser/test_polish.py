"""Small things a person notices: the header on a wide screen, Log out on hover, whole dream cards, the compose form's
spacing, the avatar preview, and the icons, in light and dark."""

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from qwinkle_browser import css, css_all, make_browser, png_file, screenshot, sign_in, unique, wait


@pytest.fixture
def wide():
    driver = make_browser(width=1280, height=800)
    yield driver
    driver.quit()


def test_the_header_is_one_row_on_a_wide_screen_and_log_out_stays_a_link(server, wide):
    token = server.sign_up(unique("wide"))
    sign_in(wide, server, token)
    wide.get(server.url + "/home")
    tops = wide.execute_script("""
        const header = document.querySelector('.site-header');
        return [...header.children].filter(e => e.offsetParent !== null).map(e => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2));
    """)
    assert max(tops) - min(tops) <= 4, f"the header's parts sit at different heights: {tops}"
    log_out = css(wide, ".account-menu .link-button")
    before = log_out.value_of_css_property("background-color")
    ActionChains(wide).move_to_element(log_out).perform()
    time.sleep(0.3)
    assert log_out.value_of_css_property("background-color") == before, "Log out filled in on hover"
    assert log_out.value_of_css_property("background-color") in ("rgba(0, 0, 0, 0)", "transparent")
    screenshot(wide, "header-1280")


def test_dream_cards_are_whole_in_the_grid(server, wide):
    token = server.sign_up(unique("dreamer"))
    server.post(token, "Sharks at the edge", kind="dream", dream={"creature": "shark", "effects": [], "number_of_creatures": 3})
    sign_in(wide, server, token)
    wide.get(server.url + "/dreams")
    card = css(wide, '[data-role="dream-list"] img.card')
    wide.execute_script("return arguments[0].decode()", card)
    ratio = wide.execute_script("const r = arguments[0].getBoundingClientRect(); return r.width / r.height", card)
    assert abs(ratio - 2.5) < 0.05, f"the card is shown at {ratio:.2f}:1, not its own 2.5:1, so part of it is cut off"
    assert card.value_of_css_property("object-fit") == "contain"


def test_compose_spacing_and_the_avatar_preview(server, browser):
    token = server.sign_up(unique("spacing"))
    sign_in(browser, server, token)
    browser.get(server.url + "/compose")
    toggle = css(browser, '[data-role="photo-drawer-toggle"]')
    post = css(browser, '.form-actions button[type="submit"]')
    gap = post.rect["y"] - (toggle.rect["y"] + toggle.rect["height"])
    assert gap >= 12, f"Post sits {gap} px under Show photos"
    toggle.click()
    photo_list = css(browser, '[data-role="photo-list"]')
    assert photo_list.value_of_css_property("display") == "none", "an empty photo list still takes room"

    browser.get(server.url + "/settings")
    preview = css(browser, '[data-role="avatar-preview"] > *')
    assert preview.size["width"] == 80
    css(browser, '[data-role="avatar-input"]').send_keys(png_file(width=400, height=300))
    def uploaded(_):
        image = css_all(browser, '[data-role="avatar-preview"] img')
        return image and image[0].size["width"] == 80 and image[0].size["height"] == 80
    wait(browser, uploaded, message="the uploaded avatar shown at the preview's 80 px")
    screenshot(browser, "settings-avatar-uploaded")


def test_icons_are_linked_and_served(server, browser):
    browser.get(server.url + "/")
    icon = css(browser, 'link[rel="icon"][type="image/svg+xml"]').get_attribute("href")
    assert icon.endswith("/static/icon.svg")
    assert server.api("GET", "/favicon.ico")[0] == 200
