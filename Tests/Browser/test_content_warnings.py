"""A content warning hides an entry's text, and a sensitive photo, until the reader opens it: on the entry's page,
on timelines and as an entry arrives live, with no script needed to open it."""

from qwinkle_browser import css, css_all, png_file, sign_in, unique, wait


def hidden_until_opened(browser, article):
    warning = article.find_element("css selector", 'details[data-role="entry-warning"]')
    body = article.find_element("css selector", '[data-role="entry-body"]')
    photo = article.find_element("css selector", ".entry-photos img")
    assert warning.find_element("css selector", "summary").text == "Content warning: Spoilers for the finale"
    assert not body.is_displayed() and not photo.is_displayed(), "the text and the sensitive photo are hidden"
    warning.find_element("css selector", "summary").click()
    wait(browser, lambda d: body.is_displayed(), message="opening the warning shows the text")
    assert body.text == "The butler did it." and photo.is_displayed()


def test_a_warning_hides_the_text_and_a_sensitive_photo_until_opened(server, browser):
    writer, reader = unique("teller"), unique("reader")
    writer_token, reader_token = server.sign_up(writer), server.sign_up(reader)
    server.api("POST", f"/api/qwinkle/v1/accounts/{writer}/follow", token=reader_token, expect=200)
    photo = server.upload_photo(writer_token, png_file())
    extra = {"content_warning": "Spoilers for the finale", "sensitive": True, "photos": [{"id": photo, "alt": "The butler"}]}
    entry = server.post(writer_token, "The butler did it.", **extra)

    sign_in(browser, server, reader_token)
    browser.get(server.url + f"/entries/{entry['id']}")
    hidden_until_opened(browser, css(browser, f'article[data-entry-id="{entry["id"]}"]'))

    browser.get(server.url + "/home")
    hidden_until_opened(browser, css(browser, f'article[data-entry-id="{entry["id"]}"]'))

    wait(browser, lambda d: css(d, 'ol[data-role="timeline"]').get_attribute("data-live") == "open", message="the page opens its stream")
    live = server.post(writer_token, "The butler did it.", **extra)
    article = wait(browser, lambda d: css_all(d, f'article[data-entry-id="{live["id"]}"]'), message="the entry arrives live")[0]
    hidden_until_opened(browser, article)
