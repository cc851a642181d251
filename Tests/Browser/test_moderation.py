"""Reports and moderation on the web: a report sent from an entry's page reaches the moderators' queue with the
entry as the reporter saw it, and the moderation page suspends the account from it."""

import requests

from qwinkle_browser import css, css_all, sign_in, unique, wait


def test_a_report_from_an_entry_reaches_the_moderators_who_suspend_the_account_from_it(server, browser):
    me, troll, moderator = unique("abe"), unique("troll"), unique("mod")
    my_token, troll_token, mod_token = server.sign_up(me), server.sign_up(troll), server.sign_up(moderator)
    trolling = server.post(troll_token, "Everyone here is a fool")
    server.admin("grant-moderator", moderator)

    sign_in(browser, server, my_token)
    browser.get(server.url + f"/entries/{trolling['id']}")
    css(browser, 'a[data-action="report"]').click()
    ticked = css(browser, f'form[data-role="report"] input[name="entry_id[]"][value="{trolling["id"]}"]')
    assert ticked.is_selected(), "the entry the report started from is ticked"
    css(browser, 'form[data-role="report"] textarea[name="comment"]').send_keys("Insults, again")
    css(browser, 'form[data-role="report"] button[type="submit"]').click()
    wait(browser, lambda d: css_all(d, '[data-role="report-sent"]'), message="the report is sent")

    # Someone who is no moderator is refused the queue.
    browser.get(server.url + "/moderation")
    assert not css_all(browser, '[data-role="reports"]'), "a reader is not shown the reports"

    sign_in(browser, server, mod_token)
    browser.get(server.url + f"/people/{moderator}")
    css(browser, 'a[data-action="moderation"]').click()
    report = wait(browser, lambda d: css_all(d, '[data-role="reports"] li'), message="the queue lists the report")[0]
    assert troll in report.text and "Insults, again" in report.text, report.text
    report.find_element("css selector", "a").click()
    reported = css(browser, '[data-role="reported-entries"]')
    assert "Everyone here is a fool" in reported.text, reported.text

    css(browser, 'form[data-role="moderate"] textarea[name="note"]').send_keys("Repeated insults")
    css(browser, 'form[data-role="moderate"] button[data-action="suspend"]').click()
    standing = wait(browser, lambda d: css_all(d, '[data-role="standing"]'), message="the page says the account is suspended")[0]
    assert "suspended" in standing.text, standing.text
    assert css_all(browser, '[data-role="resolved"]'), "the report is resolved by it"
    assert "Repeated insults" in css(browser, '[data-role="account-log"]').text

    assert requests.get(server.url + f"/people/{troll}").status_code == 404, "the account is gone for everyone"
    assert f'data-entry-id="{trolling["id"]}"' not in requests.get(server.url + "/public").text, "their entries are gone too"
    refused = requests.get(server.url + "/api/qwinkle/v1/accounts/me", headers={"Authorization": f"Bearer {troll_token}"})
    assert refused.status_code == 401, "they are signed out"
