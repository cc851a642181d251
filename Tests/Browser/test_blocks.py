"""Blocking and muting from a person's page: a block takes the blocked person's entries off an open timeline at
once, and a mute keeps someone out of the timeline while their page still shows them."""

from qwinkle_browser import css, css_all, sign_in, unique, wait


def test_a_block_from_their_page_removes_their_entries_from_an_open_timeline(server, browser):
    me, troll = unique("abe"), unique("troll")
    my_token, troll_token = server.sign_up(me), server.sign_up(troll)
    trolling = server.post(troll_token, "Trolling everyone")

    sign_in(browser, server, my_token)
    browser.get(server.url + "/public")
    wait(browser, lambda d: css(d, 'ol[data-role="timeline"]').get_attribute("data-live") == "open", message="the page opens its stream")
    assert css_all(browser, f'article[data-entry-id="{trolling["id"]}"]'), "their entry is shown before the block"
    timeline = browser.current_window_handle

    browser.switch_to.new_window("tab")
    browser.get(server.url + f"/people/{troll}")
    css(browser, "details.profile-keep summary").click()
    css(browser, 'form[data-role="block"] button').click()
    wait(browser, lambda d: css_all(d, '[data-role="blocking"]'), message="the page says they are blocked")
    assert css_all(browser, 'form[data-role="unblock"]') and not css_all(browser, 'form[data-role="follow"]')

    browser.switch_to.window(timeline)
    wait(browser, lambda d: not css_all(d, f'article[data-entry-id="{trolling["id"]}"]'), message="their entry leaves the open timeline")
    browser.refresh()
    assert not css_all(browser, f'article[data-entry-id="{trolling["id"]}"]'), "and stays gone"


def test_a_mute_for_a_day_keeps_them_out_of_the_timeline_but_not_off_their_page(server, browser):
    me, chatty = unique("abe"), unique("chatty")
    my_token, chatty_token = server.sign_up(me), server.sign_up(chatty)
    server.api("POST", f"/api/qwinkle/v1/accounts/{chatty}/follow", token=my_token, expect=200)
    news = server.post(chatty_token, "Another long thread")

    sign_in(browser, server, my_token)
    browser.get(server.url + f"/people/{chatty}")
    css(browser, "details.profile-keep summary").click()
    css(browser, 'form[data-role="mute"] select[name="duration"] option[value="86400"]').click()
    css(browser, 'form[data-role="mute"] button').click()
    muting = wait(browser, lambda d: css_all(d, '[data-role="muting"]'), message="the page says they are muted")[0]
    assert " until " in muting.text and "notifications too" in muting.text, muting.text
    assert css_all(browser, f'article[data-entry-id="{news["id"]}"]'), "their page still shows their entries"

    browser.get(server.url + "/home")
    css(browser, 'ol[data-role="timeline"]')
    assert not css_all(browser, f'article[data-entry-id="{news["id"]}"]'), "the home timeline leaves them out"

    browser.get(server.url + f"/people/{chatty}")
    css(browser, 'form[data-role="unmute"] button').click()
    wait(browser, lambda d: css_all(d, "details.profile-keep"), message="unmuted, the page offers mute and block again")
    browser.get(server.url + "/home")
    assert css_all(browser, f'article[data-entry-id="{news["id"]}"]'), "unmuted, they are back"
