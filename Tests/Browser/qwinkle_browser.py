"""What the browser tests share: a real `qwinkle serve` on a temporary data folder, a headless Chromium, and a few
JSON API calls for setting up accounts and entries quickly (the browser does what each test is about)."""

import json
import os
import re
import secrets
import shutil
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("QWINKLE_SCREENSHOTS", ROOT / ".build" / "browser-screenshots"))


class Server:
    """`qwinkle serve` on a free port and an empty data folder, stopped with SIGTERM."""

    def __init__(self):
        binary = os.environ.get("QWINKLE_BIN") or str(ROOT / ".build" / "debug" / "qwinkle")
        self.binary = binary
        self.data = tempfile.mkdtemp(prefix="qwinkle-browser-")
        # The server's output goes to a file, not a pipe: a pipe nobody reads would fill up and stop the server.
        self.log_path = Path(self.data) / "serve.log"
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--data", str(Path(self.data) / "data")],
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        self.url = None
        deadline = time.time() + 60
        while time.time() < deadline and self.process.poll() is None:
            match = re.search(r"^Qwinkle is listening on (http://\S+)$", self.log_path.read_text(), re.MULTILINE)
            if match:
                self.url = match.group(1)
                break
            time.sleep(0.1)
        if self.url is None:
            output = self.log_path.read_text()
            self.stop()
            raise RuntimeError(f"qwinkle serve did not say where it listens:\n{output}")

    def admin(self, *arguments):
        """Runs `qwinkle admin ARGUMENTS` on the server's data folder, as its operator does beside it."""
        return subprocess.run(
            [self.binary, "admin", *arguments, "--data", str(Path(self.data) / "data")], check=True, capture_output=True, text=True
        ).stdout

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
        shutil.rmtree(self.data, ignore_errors=True)

    def api(self, method, path, body=None, token=None, expect=None):
        """Calls the JSON API and returns (status, parsed JSON or None)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        parsed = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else None
        if expect is not None:
            assert status == expect, f"{method} {path}: {status} {raw[:300]!r}"
        return status, parsed

    def sign_up(self, username, password="correct horse battery"):
        """A new account; returns its token."""
        _, result = self.api("POST", "/api/qwinkle/v1/accounts", {
            "username": username, "email": f"{username}@example.com",
            "password": password, "password_confirmation": password,
        }, expect=201)
        return result["token"]

    def upload_photo(self, token, path):
        """Uploads a photo file's bytes and returns its ID."""
        request = urllib.request.Request(self.url + "/api/qwinkle/v1/photos", data=Path(path).read_bytes(), method="POST")
        for name, value in (("Accept", "application/json"), ("Content-Type", "image/png"), ("Authorization", f"Bearer {token}")):
            request.add_header(name, value)
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 201, response.status
            return json.loads(response.read())["id"]

    def post(self, token, body, visibility="public", kind="update", **extra):
        _, entry = self.api("POST", "/api/qwinkle/v1/entries", {"kind": kind, "body": body, "visibility": visibility, **extra},
                            token=token, expect=201)
        return entry


def unique(prefix):
    return f"{prefix}_{secrets.token_hex(3)}"


def make_browser(width=1100, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={max(width, 500)},{height}", "--lang=en-US"):
        options.add_argument(argument)
    if width < 500:
        # A window is never narrower than 500 px, so a phone's width is emulated, as the browser's device mode does.
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    return driver


def sign_in(driver, server, token):
    """Gives the browser the session cookie a log-in would set (the log-in form itself is tested separately)."""
    driver.get(server.url + "/public")
    driver.delete_all_cookies()
    driver.add_cookie({"name": "qwinkle_session", "value": token, "path": "/", "httpOnly": True, "sameSite": "Lax"})


def wait(driver, condition, timeout=60, message=""):
    """Waits for a condition, looking again when the page changed under it: during a navigation an element found in
    the old page may be gone, which Chromium reports as a stale element or as a node outside the document. The time
    limit only stops a test that would hang; it is generous so that a loaded machine never fails a passing test."""
    ignored = (WebDriverException,)
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=ignored).until(lambda d: condition(d), message)


def css(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def css_all(driver, selector):
    return driver.find_elements(By.CSS_SELECTOR, selector)


def screenshot(driver, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def png_file(width=48, height=32, colour=(220, 90, 40)):
    """A small valid PNG on disk, for photo uploads."""
    raw = b"".join(b"\x00" + bytes(colour) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    handle, path = tempfile.mkstemp(suffix=".png", prefix="qwinkle-photo-")
    os.write(handle, png)
    os.close(handle)
    return path
