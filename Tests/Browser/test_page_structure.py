"""What screen readers rely on in every page: each id is used once, and every reference to an id (a label's `for`,
`aria-labelledby`, `aria-describedby`, `aria-controls`) names an element that is there. A duplicated id makes a
reference land on the wrong element or on none, so an entry is announced without its author."""

from qwinkle_browser import css_all, png_file, sign_in, unique, wait

# Every id in the page used more than once, and every reference naming an id that no element has.
PROBLEMS = """
const counts = new Map();
for (const element of document.querySelectorAll('[id]')) counts.set(element.id, (counts.get(element.id) || 0) + 1);
const duplicates = [...counts].filter(([, count]) => count > 1).map(([id, count]) => `id="${id}" ${count} times`);
const dangling = [];
const references = [['label[for]', 'for'], ['output[for]', 'for'], ['[aria-labelledby]', 'aria-labelledby'],
                    ['[aria-describedby]', 'aria-describedby'], ['[aria-controls]', 'aria-controls']];
for (const [selector, attribute] of references) {
  for (const element of document.querySelectorAll(selector)) {
    for (const id of element.getAttribute(attribute).split(/\\s+/).filter(Boolean)) {
      if (!document.getElementById(id)) dangling.push(`${element.tagName.toLowerCase()} ${attribute}="${id}"`);
    }
  }
}
for (const label of document.querySelectorAll('label[for]')) {
  const target = document.getElementById(label.htmlFor);
  if (target && label.control !== target) dangling.push(`label for="${label.htmlFor}" names a ${target.tagName.toLowerCase()}, not a control`);
}
return duplicates.concat(dangling);
"""


def test_every_page_has_unique_ids_and_references_that_resolve(server, browser):
    me, friend = unique("ids"), unique("friend")
    token, friend_token = server.sign_up(me), server.sign_up(friend)
    server.api("POST", f"/api/qwinkle/v1/accounts/{friend}/follow", token=token, expect=200)
    server.api("POST", f"/api/qwinkle/v1/accounts/{me}/follow", token=friend_token, expect=200)
    # Several entries by one author on one page: their ids must differ from each other and from the author's.
    entries = [server.post(token, f"Entry number {number}") for number in range(3)]
    photo = server.upload_photo(token, png_file())
    with_photo = server.post(token, "With a photo", photos=[{"id": photo, "alt": "An orange square"}])
    dream = server.post(token, "Sharks at the edge", kind="dream",
                        dream={"creature": "shark", "effects": ["rain"], "number_of_creatures": 2})
    server.post(friend_token, "From a friend")
    server.api("POST", f"/api/qwinkle/v1/entries/{entries[0]['id']}/mark", token=friend_token, expect=200)
    server.api("PUT", f"/api/qwinkle/v1/entries/{entries[1]['id']}", {
        "base_revision": 1, "kind": "update", "body": "Entry number 1, edited", "visibility": "public"}, token=token, expect=200)
    _, sent = server.api("POST", "/api/qwinkle/v1/messages", {"to": [friend], "body": "Hello there"}, token=token, expect=201)
    conversation = sent["conversation"]
    _, draft = server.api("POST", "/api/qwinkle/v1/drafts", {"kind": "update", "body": "Not yet", "visibility": "public",
                                                      "photos": [{"id": photo, "alt": ""}]}, token=token, expect=201)

    signed_out = ["/", "/public", "/signup", "/login", "/search?q=entry", f"/people/{me}", f"/entries/{entries[0]['id']}",
                  f"/entries/{dream['id']}", "/entries/999999999"]
    signed_in = ["/home", "/public", "/journal", "/marked", "/dreams", "/compose", "/compose?kind=journal",
                 "/compose?kind=dream", f"/compose?draft={draft['id']}", "/drafts", "/scheduled", "/journal/readers",
                 "/messages", f"/messages/{conversation['id']}", "/settings", "/settings/account", "/notifications",
                 "/search?q=entry", "/search?q=ids&type=accounts", f"/people/{me}", f"/people/{friend}",
                 f"/entries/{entries[0]['id']}", f"/entries/{with_photo['id']}", f"/entries/{dream['id']}",
                 f"/entries/{with_photo['id']}/edit", f"/entries/{dream['id']}/edit", f"/entries/{entries[1]['id']}/revisions"]

    problems = {}
    for path in signed_out:
        browser.get(server.url + path)
        problems[path] = browser.execute_script(PROBLEMS)
    sign_in(browser, server, token)
    for path in signed_in:
        browser.get(server.url + path)
        problems["signed in " + path] = browser.execute_script(PROBLEMS)
    # The photo drawer's alt text fields are added by the script: their labels must resolve too.
    browser.get(server.url + "/compose")
    browser.find_element("css selector", '[data-role="photo-input"]').send_keys(png_file())
    browser.find_element("css selector", '[data-role="photo-input"]').send_keys(png_file())
    wait(browser, lambda d: len(css_all(d, 'li[data-photo][data-state="ready"]')) == 2, message="two photos upload")
    problems["compose with two photos"] = browser.execute_script(PROBLEMS)

    found = {page: found for page, found in problems.items() if found}
    assert not found, "pages with duplicate ids or references to nothing:\n" + "\n".join(f"{page}: {items}" for page, items in found.items())
