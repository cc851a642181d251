"""Sizes as a person sees them, measured in the browser at a phone's 360 px and a laptop's 1280 px: a dream card's
words are readable wherever the card is shown, a small photo is not blown up, the header fits two rows on a phone,
and compose's kind tabs are separate with the current one marked."""

import re

import pytest

from qwinkle_browser import css, css_all, make_browser, png_file, screenshot, sign_in, unique, wait

DREAM = {"creature": "unicorn_yellow", "effects": ["fire_breathing", "laser_focus", "rain", "snow"], "number_of_creatures": 10}


@pytest.fixture(params=[360, 1280], ids=["360px", "1280px"])
def sized(request):
    driver = make_browser(width=request.param, height=800)
    driver.qwinkle_width = request.param
    yield driver
    driver.quit()


# The smallest size, in CSS px, of the words on each dream card shown: an inline card's text as laid out, an image's
# as its SVG's font sizes scaled to the size the image is drawn at.
SMALLEST_CARD_TEXT = """
const done = arguments[arguments.length - 1];
(async () => {
  const found = [];
  for (const svg of document.querySelectorAll('figure.dream-card svg[viewBox]')) {
    if (svg.ownerSVGElement !== null || svg.getClientRects().length === 0) continue;  // the card's own, if shown
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const sizes = [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')) * scale);
    found.push({where: 'inline card', smallest: Math.min(...sizes)});
  }
  for (const img of document.querySelectorAll('img.card')) {
    await img.decode().catch(() => {});
    if (img.getClientRects().length === 0) continue;
    const source = await (await fetch(img.currentSrc, {credentials: 'same-origin'})).text();
    const box = new DOMParser().parseFromString(source, 'image/svg+xml').documentElement;
    const scale = img.getBoundingClientRect().width / box.viewBox.baseVal.width;
    const sizes = [...box.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')) * scale);
    found.push({where: img.currentSrc, smallest: Math.min(...sizes)});
  }
  return found;
})().then(done, (error) => done(String(error)));
"""


def test_dream_card_words_are_at_least_12_px_wherever_a_card_is_shown(server, sized):
    username = unique("cards")
    token = server.sign_up(username)
    dream = server.post(token, "A long dream about ten yellow unicorns breathing fire on the snow while it rained lasers",
                        kind="dream", dream=DREAM)
    sign_in(sized, server, token)
    for path in ["/dreams", "/home", f"/people/{username}", f"/entries/{dream['id']}"]:
        sized.get(server.url + path)
        cards = sized.execute_async_script(SMALLEST_CARD_TEXT)
        assert isinstance(cards, list) and cards, f"{path}: no card measured ({cards})"
        for card in cards:
            assert card["smallest"] is not None, f"{path}: a card without words measured ({cards})"
            assert card["smallest"] >= 12, f"{path} at {sized.qwinkle_width} px: words of {card['smallest']:.1f} px on {card['where']}"
        screenshot(sized, f"cards-{path.strip('/').replace('/', '-')}-{sized.qwinkle_width}")


def test_a_small_photo_shows_at_its_own_size(server, sized):
    token = server.sign_up(unique("small"))
    photo = server.upload_photo(token, png_file(width=64, height=48))
    one = server.post(token, "One small photo", photos=[{"id": photo, "alt": "A small orange rectangle"}])
    second = server.upload_photo(token, png_file(width=64, height=48, colour=(40, 120, 200)))
    two = server.post(token, "Two small photos", photos=[{"id": photo, "alt": "Orange"}, {"id": second, "alt": "Blue"}])
    sign_in(sized, server, token)
    for path in [f"/entries/{one['id']}", f"/entries/{two['id']}", "/home"]:
        sized.get(server.url + path)
        images = css_all(sized, ".entry-photos img")
        assert images, path
        for image in images:
            sized.execute_script("return arguments[0].decode()", image)
            size = sized.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", image)
            assert size == [64, 48], f"{path} at {sized.qwinkle_width} px: a 64 × 48 photo is shown at {size[0]:.0f} × {size[1]:.0f}"
    screenshot(sized, f"small-photos-{sized.qwinkle_width}")


def header_rows(driver):
    """The distinct rows of the header's visible parts, by their vertical centres."""
    centres = driver.execute_script("""
        const header = document.querySelector('.site-header');
        const parts = header.querySelectorAll('.brand, nav a, .header-search, .menu-toggle, .account-menu > a, .account-links > *');
        return [...parts].filter(e => e.getClientRects().length > 0)
          .map(e => { const r = e.getBoundingClientRect(); return Math.round(r.top + r.height / 2); });
    """)
    rows = []
    for centre in sorted(centres):
        if not rows or centre - rows[-1] > 12:
            rows.append(centre)
    return rows


def test_the_header_fits_two_rows_on_a_phone_and_menu_opens_the_rest(server):
    phone = make_browser(width=360, height=780)
    try:
        username = unique("header_with_a_long_name")[:30]
        token = server.sign_up(username)
        phone.get(server.url + "/public")
        assert len(header_rows(phone)) <= 2, f"signed out, the header has rows at {header_rows(phone)}"
        sign_in(phone, server, token)
        phone.get(server.url + "/home")
        height = css(phone, ".site-header").rect["height"]
        rows = header_rows(phone)
        screenshot(phone, "header-360")
        assert len(rows) <= 2 and height <= 130, f"the header is {height:.0f} px high, with rows at {rows}"
        for selector in ('a[href="/compose"]', '[data-role="notifications-link"]', 'input[name="q"]'):
            assert css(phone, selector).is_displayed(), f"{selector} is not in the header's two rows"

        toggle = css(phone, '[data-role="menu-toggle"]')
        assert toggle.get_attribute("aria-expanded") == "false"
        assert not css(phone, 'nav[aria-label="Main"] a[href="/dreams"]').is_displayed()
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "true"
        screenshot(phone, "header-360-menu")
        css(phone, 'nav[aria-label="Main"] a[href="/dreams"]').click()
        wait(phone, lambda d: d.current_url.endswith("/dreams"), message="a link in the menu works")
        css(phone, '[data-role="menu-toggle"]').click()
        css(phone, ".account-links button.link-button").click()
        wait(phone, lambda d: css_all(d, 'nav[aria-label="Main"] a[href="/login"]'), message="Log out in the menu logs out")
    finally:
        phone.quit()


def test_compose_kind_tabs_are_apart_and_the_current_one_is_marked(server, sized):
    sign_in(sized, server, server.sign_up(unique("tabs")))
    sized.get(server.url + "/compose?kind=journal")
    tabs = css_all(sized, 'nav.tabs a')
    assert [tab.text for tab in tabs] == ["Update", "Journal entry", "Dream"]
    boxes = [sized.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.top]", tab) for tab in tabs]
    for left, right in zip(boxes, boxes[1:]):
        if abs(left[2] - right[2]) < 2:
            assert right[0] - left[1] >= 6, f"tabs run together: {boxes}"
    current = [tab for tab in tabs if tab.get_attribute("aria-current") == "page"]
    assert [tab.text for tab in current] == ["Journal entry"]
    look = lambda tab: (tab.value_of_css_property("background-color"), tab.value_of_css_property("color"),
                        tab.value_of_css_property("font-weight"))
    assert look(current[0]) != look(tabs[0]), "the current kind looks like the others"
    screenshot(sized, f"compose-tabs-{sized.qwinkle_width}")
