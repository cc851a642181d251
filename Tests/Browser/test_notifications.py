"""Notifications: the unread count in the header changes live, and the notifications page lists what happened."""

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait


def unread(driver):
    return css(driver, '[data-role="unread-count"]').get_attribute("data-count")


def test_a_follow_from_another_browser_changes_the_unread_count_without_a_reload(server, browser, second_browser):
    followed, follower = unique("followed"), unique("follower")
    followed_token, follower_token = server.sign_up(followed), server.sign_up(follower)
    sign_in(browser, server, followed_token)
    browser.get(server.url + "/home")
    browser.execute_script("window.__notReloaded = true")
    wait(browser, lambda d: css(d, '[data-role="unread-count"]').get_attribute("data-live") == "open",
         message="the header opens its notification stream")
    assert unread(browser) == "0"

    sign_in(second_browser, server, follower_token)
    second_browser.get(f"{server.url}/people/{followed}")
    css(second_browser, 'form[data-role="follow"] button[type="submit"]').click()
    wait(second_browser, lambda d: css_all(d, 'form[data-role="unfollow"]'), message="the follow went through")

    wait(browser, lambda d: unread(d) == "1", message="the unread count becomes 1 without a reload")
    assert browser.execute_script("return window.__notReloaded === true"), "the page was not reloaded"
    screenshot(browser, "notifications-count")

    css(browser, 'a[data-role="notifications-link"]').click()
    item = wait(browser, lambda d: css_all(d, 'ol[data-role="notifications"] > li'), message="the page lists it")[0]
    assert f"{follower} followed you" in item.text
    assert "unread" in (item.get_attribute("class") or "")
    screenshot(browser, "notifications-page")
    css(browser, 'form[data-role="mark-read"] button[type="submit"]').click()
    wait(browser, lambda d: unread(d) == "0", message="marking them read clears the count")
    assert not css_all(browser, 'ol[data-role="notifications"] > li.unread')
