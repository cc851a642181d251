"""Account and security in the web app: where you are signed in, a password change that signs out everywhere
else, and deleting the account."""

from selenium.webdriver.common.by import By

from qwinkle_browser import css, css_all, screenshot, unique, wait


def log_in(browser, server, username, password):
    browser.get(server.url + "/login")
    css(browser, 'input[name="username"]').send_keys(username)
    css(browser, 'input[name="password"]').send_keys(password)
    css(browser, 'form[data-role="login"] button[type="submit"]').click()
    wait(browser, lambda d: d.current_url.endswith("/home"))


def test_sessions_password_and_deletion(server, browser):
    username = unique("careful")
    api_token = server.sign_up(username)
    log_in(browser, server, username, "correct horse battery")

    browser.get(server.url + "/settings")
    css(browser, 'a[href="/settings/account"]').click()
    wait(browser, lambda d: d.current_url.endswith("/settings/account"))
    sessions = css_all(browser, '[data-role="session"]')
    assert len(sessions) == 2
    assert any("this browser" in s.text and "Chrome on Linux" in s.text for s in sessions), [s.text for s in sessions]
    screenshot(browser, "account-settings")

    # A wrong current password changes nothing and says so beside the field.
    css(browser, '#current_password').send_keys("not my password")
    css(browser, '#new_password').send_keys("battery staple horse")
    css(browser, '#new_password_confirmation').send_keys("battery staple horse")
    css(browser, 'form[data-role="password-change"] button[type="submit"]').click()
    wait(browser, lambda d: "The password is wrong." in css(d, "#current_password-error").text)
    server.api("GET", "/api/qwinkle/v1/accounts/me", token=api_token, expect=200)

    css(browser, '#current_password').send_keys("correct horse battery")
    css(browser, '#new_password').send_keys("battery staple horse")
    css(browser, '#new_password_confirmation').send_keys("battery staple horse")
    css(browser, 'form[data-role="password-change"] button[type="submit"]').click()
    wait(browser, lambda d: "Your password is changed." in d.page_source)
    assert len(css_all(browser, '[data-role="session"]')) == 1, "the other session is gone from the list"
    server.api("GET", "/api/qwinkle/v1/accounts/me", token=api_token, expect=401)

    css(browser, '#delete_password').send_keys("battery staple horse")
    css(browser, 'form[data-role="delete-account"] button[type="submit"]').click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-signed-in") == "false")
    server.api("GET", f"/api/qwinkle/v1/accounts/{username}", expect=404)
    server.sign_up(username)
