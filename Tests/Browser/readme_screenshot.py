"""Makes docs/home-timeline.png, the README's screenshot: a home timeline with a few people, a photo and a dream.

Run from the repository root after `swift build`: `python3 Tests/Browser/readme_screenshot.py`."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from qwinkle_browser import ROOT, Server, make_browser, png_file, sign_in  # noqa: E402


def main():
    server = Server()
    browser = make_browser(width=900, height=1000)
    try:
        ada = server.sign_up("ada")
        ben = server.sign_up("ben")
        server.api("PATCH", "/api/qwinkle/v1/accounts/me", {"display_name": "Ada Lovelace", "bio": "Counting things."}, token=ada)
        server.api("PATCH", "/api/qwinkle/v1/accounts/me", {"display_name": "Ben"}, token=ben)
        for follower, followee in ((ada, "ben"), (ben, "ada")):
            server.api("POST", f"/api/qwinkle/v1/accounts/{followee}/follow", token=follower, expect=200)
        with open(png_file(width=320, height=180, colour=(250, 170, 60)), "rb") as photo:
            request_body = photo.read()
        import urllib.request
        upload = urllib.request.Request(server.url + "/api/qwinkle/v1/photos", data=request_body, method="POST",
                                        headers={"Content-Type": "image/png", "Authorization": f"Bearer {ben}"})
        import json
        photo_id = json.load(urllib.request.urlopen(upload))["id"]
        server.post(ben, "Sunrise over the harbour this morning.", photos=[{"id": photo_id, "alt": "An orange sky"}])
        server.post(ada, "Dreamt of three pink unicorns and fireflies.", kind="dream",
                    dream={"creature": "unicorn_pink", "effects": ["fireflies", "magic"], "number_of_creatures": 3})
        server.post(ada, "Finished the notes on the Analytical Engine: https://en.wikipedia.org/wiki/Analytical_Engine")
        sign_in(browser, server, ada)
        browser.get(server.url + "/home")
        target = ROOT / "docs" / "home-timeline.png"
        target.parent.mkdir(exist_ok=True)
        browser.save_screenshot(str(target))
        print(f"wrote {target}")
    finally:
        browser.quit()
        server.stop()


if __name__ == "__main__":
    main()
