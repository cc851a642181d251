"""Sign-up as talk 004 describes it: fields judged as they are left, no error for an empty field, and the Sign up
button enabled only when every field is valid."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from qwinkle_browser import css, screenshot, unique, wait


def error_text(driver, name):
    return css(driver, f'[data-error-for="{name}"]').text.strip()


def test_sign_up_button_follows_the_validator(server, browser):
    browser.get(server.url + "/signup")
    submit = css(browser, 'form[data-role="signup"] button[type="submit"]')
    wait(browser, lambda d: not submit.is_enabled(), message="the button starts disabled")

    username = unique("reader")
    css(browser, 'input[name="username"]').send_keys("No Spaces!")
    css(browser, 'input[name="email"]').click()  # leaves the username field
    wait(browser, lambda d: error_text(d, "username") != "", message="an invalid username is reported on leaving it")
    assert error_text(browser, "email") == "", "an empty field shows no error"
    screenshot(browser, "signup-invalid-username")

    field = css(browser, 'input[name="username"]')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(username)
    css(browser, 'input[name="email"]').send_keys(f"{username}@example.com")
    css(browser, 'input[name="password"]').send_keys("correct horse battery")
    css(browser, 'input[name="password_confirmation"]').click()
    wait(browser, lambda d: error_text(d, "username") == "", message="a fixed username clears its error")
    assert not submit.is_enabled(), "the button stays disabled while a field is empty"
    assert error_text(browser, "password_confirmation") == "", "the empty confirmation shows no error"

    css(browser, 'input[name="password_confirmation"]').send_keys("correct horse battery!")
    css(browser, 'input[name="username"]').click()
    wait(browser, lambda d: error_text(d, "password_confirmation") != "", message="a mismatch is reported")
    assert not submit.is_enabled()

    field = css(browser, 'input[name="password_confirmation"]')
    field.send_keys(Keys.BACKSPACE)
    wait(browser, lambda d: submit.is_enabled(), message="the button is enabled once every field is valid")
    screenshot(browser, "signup-ready")
    submit.click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-signed-in") == "true")
    assert browser.current_url.endswith("/home")
    assert f"@{username}" in browser.page_source


def test_log_out_and_log_in_again(server, browser):
    username = unique("returning")
    server.sign_up(username)
    browser.get(server.url + "/login")
    css(browser, 'input[name="username"]').send_keys(username)
    css(browser, 'input[name="password"]').send_keys("wrong password")
    css(browser, 'form[data-role="login"] button[type="submit"]').click()
    wait(browser, lambda d: "Wrong username or password" in d.page_source)

    css(browser, 'input[name="password"]').send_keys("correct horse battery")
    css(browser, 'form[data-role="login"] button[type="submit"]').click()
    wait(browser, lambda d: d.current_url.endswith("/home"))
    session = browser.get_cookie("qwinkle_session")
    assert session and session["httpOnly"] and session.get("sameSite") == "Lax"

    css(browser, 'form[action="/logout"] button[type="submit"]').click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-signed-in") == "false")
    browser.get(server.url + "/home")
    wait(browser, lambda d: "/login" in d.current_url, message="a signed-out visitor is sent to log in")
