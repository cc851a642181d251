"""Scheduled entries: compose takes a time in the browser's own zone, and the Scheduled page lists it, moves it and
cancels it."""

import datetime

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait

# Half an hour off a whole hour, and no summer time, so a time read in the wrong zone cannot pass by chance.
ZONE = "Asia/Kolkata"
OFFSET = datetime.timedelta(hours=5, minutes=30)


def local_text(moment):
    """A UTC moment as a datetime-local field in ZONE holds it."""
    return (moment + OFFSET).strftime("%Y-%m-%dT%H:%M")


def set_field(driver, element, value):
    """Sets a datetime-local field as a picker would (typed keys depend on the browser's locale)."""
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", element, value)


def scheduled_at(server, token):
    _, entries = server.api("GET", "/api/qwinkle/v1/scheduled_entries", token=token, expect=200)
    return [entry["scheduled_at"] for entry in entries]


def test_schedule_from_compose_in_local_time_then_move_and_cancel_it(server, browser):
    name = unique("planner")
    token = server.sign_up(name)
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
    sign_in(browser, server, token)
    browser.get(server.url + "/compose")

    too_soon = datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0) + datetime.timedelta(minutes=2)
    css(browser, 'textarea[name="body"]').send_keys("Dinner at eight")
    submit = css(browser, 'form[data-role="compose"] button[type="submit"]')
    assert submit.text == "Post"
    set_field(browser, css(browser, 'input[name="scheduled_local"]'), local_text(too_soon))
    assert submit.text == "Schedule", "the button says what it will do"
    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: "at least 5 minutes" in css(d, "#scheduled-error").text, message="too soon is refused by the field")
    assert css(browser, 'textarea[name="body"]').get_attribute("value") == "Dinner at eight", "the text is kept"

    when = too_soon + datetime.timedelta(hours=2)
    set_field(browser, css(browser, 'input[name="scheduled_local"]'), local_text(when))
    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: d.current_url.endswith("/scheduled"), message="scheduling goes to the Scheduled page")
    assert scheduled_at(server, token) == [when.strftime("%Y-%m-%dT%H:%M:00.000Z")], "read in the browser's zone"
    item = css(browser, 'ul[data-role="scheduled-entries"] > li')
    assert "Dinner at eight" in item.text
    assert css(item, 'input[name="scheduled_local"]').get_attribute("value") == local_text(when), "shown in local time"
    _, posted = server.api("GET", f"/api/qwinkle/v1/accounts/{name}/entries", token=token, expect=200)
    assert posted == [], "nothing is posted yet"
    screenshot(browser, "scheduled")

    later = when + datetime.timedelta(days=1)
    set_field(browser, css(item, 'input[name="scheduled_local"]'), local_text(later))
    css(item, 'form[data-role="change-time"] button[type="submit"]').click()
    wait(browser, lambda d: scheduled_at(server, token) == [later.strftime("%Y-%m-%dT%H:%M:00.000Z")], message="the time moves")

    css(browser, 'form[data-role="cancel-scheduled"] button[type="submit"]').click()
    wait(browser, lambda d: not css_all(d, 'ul[data-role="scheduled-entries"] > li'), message="cancelled, it leaves the list")
    assert scheduled_at(server, token) == []
    assert "Nothing scheduled" in browser.page_source
