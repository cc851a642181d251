"""A journal shared with a loved one (talk 004): the owner shares it and writes; the reader sees it; nobody else."""

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait


def test_journal_entry_shared_and_seen_by_the_reader(server, browser, second_browser):
    owner, reader, stranger = unique("owner"), unique("reader"), unique("stranger")
    owner_token = server.sign_up(owner)
    reader_token = server.sign_up(reader)
    stranger_token = server.sign_up(stranger)

    sign_in(browser, server, owner_token)
    browser.get(server.url + "/journal/readers")
    css(browser, 'form[data-role="add-reader"] input[name="username"]').send_keys(reader)
    css(browser, 'form[data-role="add-reader"] button[type="submit"]').click()
    wait(browser, lambda d: css_all(d, f'[data-role="journal-readers"] li[data-username="{reader}"]'))
    screenshot(browser, "journal-readers")

    browser.get(server.url + "/compose?kind=journal")
    assert css(browser, 'select[name="visibility"]').get_attribute("value") == "journal"
    css(browser, 'textarea[name="body"]').send_keys("Dear journal, today we adopted a cat.")
    css(browser, 'form[data-role="compose"] button[type="submit"]').click()
    wait(browser, lambda d: "/entries/" in d.current_url)
    entry_id = css(browser, "article[data-entry-id]").get_attribute("data-entry-id")

    sign_in(second_browser, server, reader_token)
    second_browser.get(server.url + "/journal")
    article = css(second_browser, f'article[data-entry-id="{entry_id}"]')
    assert "adopted a cat" in article.text
    screenshot(second_browser, "journal-reader")

    sign_in(second_browser, server, stranger_token)
    second_browser.get(server.url + "/journal")
    assert not css_all(second_browser, f'article[data-entry-id="{entry_id}"]')
    second_browser.get(server.url + f"/entries/{entry_id}")
    assert "Not found" in second_browser.title, "someone the journal is not shared with cannot open the entry"
