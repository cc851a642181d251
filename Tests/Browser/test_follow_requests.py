"""Approving followers on the web: a setting, a profile that says a follow is asked for, and a page of requests to
approve or refuse."""

from qwinkle_browser import css, css_all, sign_in, unique, wait


def test_a_locked_account_approves_a_request_from_its_requests_page(server, browser):
    me, fan, stranger = unique("abe"), unique("fan"), unique("odd")
    my_token, fan_token, stranger_token = server.sign_up(me), server.sign_up(fan), server.sign_up(stranger)

    sign_in(browser, server, my_token)
    browser.get(server.url + "/settings")
    css(browser, 'input[data-role="locked"]').click()
    css(browser, 'form[data-role="settings"] button[type="submit"]').click()
    wait(browser, lambda d: f"/people/{me}" in d.current_url, message="saving shows the profile")

    # The fan sees "Ask to follow" and, once asked, that the request waits.
    sign_in(browser, server, fan_token)
    browser.get(server.url + f"/people/{me}")
    button = css(browser, 'form[data-role="follow"] button')
    assert button.text == "Ask to follow"
    button.click()
    wait(browser, lambda d: css_all(d, '[data-role="requested"]'), message="the profile says the request waits")
    server.api("POST", f"/api/qwinkle/v1/accounts/{me}/follow", token=stranger_token, expect=200)

    sign_in(browser, server, my_token)
    browser.get(server.url + "/follow-requests")
    names = [item.get_attribute("data-username") for item in css_all(browser, '[data-role="follow-requests"] li')]
    assert names == [stranger, fan], names
    css(browser, f'li[data-username="{fan}"] form[data-role="approve"] button').click()
    wait(browser, lambda d: not css_all(d, f'li[data-username="{fan}"]'), message="the approved request leaves the page")
    wait(browser, lambda d: css(d, f'li[data-username="{stranger}"] form[data-role="refuse"] button').click() or True,
         message="the other request is refused")
    wait(browser, lambda d: css_all(d, "p.empty"), message="nobody is waiting any more")
    _, followers = server.api("GET", f"/api/qwinkle/v1/accounts/{me}/followers", token=my_token, expect=200)
    assert [account["username"] for account in followers] == [fan]
