"""Sharing an entry from its page: the Share button passes a public entry on to one's followers, whose home shows it
shared by the sharer, and Unshare takes it back; an entry for chosen readers offers no Share."""

from qwinkle_browser import css, css_all, sign_in, unique, wait


def test_share_from_the_entry_page_reaches_followers_and_unshare_takes_it_back(server, browser):
    me, follower, author = unique("abe"), unique("mary"), unique("cal")
    my_token, follower_token, author_token = server.sign_up(me), server.sign_up(follower), server.sign_up(author)
    server.api("POST", f"/api/qwinkle/v1/accounts/{me}/follow", token=follower_token, expect=200)
    worth = server.post(author_token, "Worth passing on")
    secret = server.post(author_token, "For my followers", visibility="followers")
    server.api("POST", f"/api/qwinkle/v1/accounts/{author}/follow", token=my_token, expect=200)

    sign_in(browser, server, my_token)
    browser.get(server.url + f"/entries/{secret['id']}")
    css(browser, 'form[data-role="mark"]')
    assert not css_all(browser, 'form[data-role="share"]'), "an entry for chosen readers offers no Share"

    browser.get(server.url + f"/entries/{worth['id']}")
    css(browser, 'form[data-role="share"] button').click()
    wait(browser, lambda d: css_all(d, 'form[data-role="unshare"]'), message="the page offers Unshare once shared")
    assert css(browser, '[data-role="shares-count"]').text == "1 share"

    _, shown = server.api("GET", "/api/qwinkle/v1/timelines/home", token=follower_token, expect=200)
    assert [e["shared_by"]["account"]["username"] for e in shown if e["id"] == worth["id"]] == [me], "the follower's home has it, shared by me"

    css(browser, 'form[data-role="unshare"] button').click()
    wait(browser, lambda d: css_all(d, 'form[data-role="share"]'), message="the page offers Share again")
    assert not css_all(browser, '[data-role="shares-count"]')
    _, shown = server.api("GET", "/api/qwinkle/v1/timelines/home", token=follower_token, expect=200)
    assert all(e["id"] != worth["id"] for e in shown), "taken back, it leaves the follower's home"


def test_a_bookmark_from_the_entry_page_is_listed_in_bookmarks(server, browser):
    me, author = unique("abe"), unique("cal")
    my_token, author_token = server.sign_up(me), server.sign_up(author)
    kept = server.post(author_token, "Read this again later")

    sign_in(browser, server, my_token)
    browser.get(server.url + "/bookmarks")
    assert "You have not bookmarked any entries yet" in css(browser, "main").text
    browser.get(server.url + f"/entries/{kept['id']}")
    css(browser, 'form[data-role="bookmark"] button').click()
    wait(browser, lambda d: css_all(d, 'form[data-role="unbookmark"]'), message="the page offers to remove the bookmark")
    css(browser, 'nav a[href="/bookmarks"]').click()
    wait(browser, lambda d: css_all(d, f'article[data-entry-id="{kept["id"]}"]'), message="the bookmark is listed")
