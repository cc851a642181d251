"""Search from the header's box: a friend's entry is found with the words marked, a stranger's private one is not."""

from qwinkle_browser import css, css_all, screenshot, sign_in, unique, wait


def test_search_finds_a_friends_entry_and_not_a_strangers_private_one(server, browser):
    me, friend, stranger = unique("seeker"), unique("friend"), unique("stranger")
    my_token, friend_token, stranger_token = server.sign_up(me), server.sign_up(friend), server.sign_up(stranger)
    server.api("POST", f"/api/qwinkle/v1/accounts/{friend}/follow", token=my_token, expect=200)
    word = unique("canary").replace("_", "")  # one word: an underscore separates words
    server.post(friend_token, f"My {word} sings for followers", visibility="followers")
    server.post(stranger_token, f"A private {word} of mine", visibility="private")
    sign_in(browser, server, my_token)

    browser.get(server.url + "/home")
    box = css(browser, 'form[data-role="header-search"] input[name="q"]')
    box.send_keys(word)
    box.submit()
    wait(browser, lambda d: "/search?q=" in d.current_url, message="the header's box opens the results page")
    results = css_all(browser, '[data-role="search-results"] li')
    assert len(results) == 1, "only the friend's entry: the stranger's private one is not found"
    assert f"@{friend}" in results[0].text
    marked = [mark.text for mark in css_all(browser, '[data-role="snippet"] mark')]
    assert marked == [word], "the matching word is marked in the snippet"
    screenshot(browser, "search")

    browser.get(server.url + "/search?q=%22" + word)
    assert "closing" in css(browser, '[data-role="search-error"]').text, "a bad query says what is wrong"
