#!/usr/bin/env python3
"""The browser test: Redline's web build in headless Chromium, driven over WebDriver.

Usage: tools/web_test.py SITE_DIR OUT_DIR

Serves SITE_DIR (what `tools/web.sh` built) on localhost, starts Debian's `chromedriver` with
`chromium` headless (software WebGL2 through SwiftShader), opens the page and:

1. waits for the main menu: screenshots until one shows a real picture (pixel variance and
   colours) and then holds still; the time from opening the page to that frame is printed;
2. clicks "Quick skirmish" and waits for the table: a screenshot that differs from the menu
   and again shows a real picture.

The screenshots are written to OUT_DIR (`menu.png`, `table.png`). It fails, with the page's
error if it has one, when a step does not arrive in time. Standard library only: WebDriver is
plain JSON over HTTP.
"""
import base64
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_png import read_png  # noqa: E402

# The window the game is played in; the menu's buttons are laid out from its size.
WIDTH, HEIGHT = 1280, 720
# "Quick skirmish" in the main menu at 1280 x 720: the menu's column of buttons is centred
# and this is the fourth button (after hot-seat, solo; no autosave in a fresh profile).
QUICK_SKIRMISH = (640, 322)
MENU_TIMEOUT = 300
TABLE_TIMEOUT = 180
# A blank or flat page has a variance near 0; the menu and the table are far above this.
MIN_VARIANCE = 40.0
MIN_COLOURS = 16


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site(http.server.SimpleHTTPRequestHandler):
    """A static server that says `application/wasm` for .wasm (streaming compilation needs it)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def log_message(self, *args):
        pass


def serve(site_dir):
    port = free_port()
    handler = functools.partial(Site, directory=site_dir)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/index.html"


class WebDriver:
    """The few WebDriver commands the test needs."""

    def __init__(self, base):
        self.base = base
        self.session = None

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                return json.loads(resp.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"WebDriver {method} {path}: {e.read().decode()[:500]}") from e

    def start(self, profile):
        args = [
            "--headless",
            "--no-sandbox",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            f"--user-data-dir={profile}",
            f"--window-size={WIDTH},{HEIGHT}",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--ignore-gpu-blocklist",
        ]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": shutil.which("chromium"), "args": args},
        }}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def fit_viewport(self):
        """Sizes the window so the page itself is WIDTH x HEIGHT."""
        rect = self.call("GET", self.s("/window/rect"))
        inner = self.script("return [window.innerWidth, window.innerHeight];")
        self.call("POST", self.s("/window/rect"), {
            "width": rect["width"] + WIDTH - inner[0],
            "height": rect["height"] + HEIGHT - inner[1],
        })
        return self.script("return [window.innerWidth, window.innerHeight];")

    def s(self, path):
        return f"/session/{self.session}{path}"

    def open(self, url):
        self.call("POST", self.s("/url"), {"url": url})

    def script(self, source):
        return self.call("POST", self.s("/execute/sync"), {"script": source, "args": []})

    def screenshot(self):
        return base64.b64decode(self.call("GET", self.s("/screenshot")))

    def click(self, x, y):
        pointer = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                   "actions": [
                       {"type": "pointerMove", "duration": 0, "origin": "viewport",
                        "x": x, "y": y},
                       {"type": "pause", "duration": 100},
                       {"type": "pointerDown", "button": 0},
                       {"type": "pause", "duration": 100},
                       {"type": "pointerUp", "button": 0},
                   ]}
        self.call("POST", self.s("/actions"), {"actions": [pointer]})
        self.call("DELETE", self.s("/actions"))

    def quit(self):
        if self.session:
            try:
                self.call("DELETE", self.s(""))
            except (RuntimeError, OSError):
                pass


def picture(png_bytes):
    """(variance of the grey level, distinct colours, grey levels) of a sample of the pixels."""
    with tempfile.NamedTemporaryFile(suffix=".png") as f:
        f.write(png_bytes)
        f.flush()
        width, _, channels, rows = read_png(f.name)
    greys, colours = [], set()
    for row in rows[::4]:
        for x in range(0, width * channels, channels * 4):
            r, g, b = row[x], row[x + 1], row[x + 2]
            colours.add((r, g, b))
            greys.append((r + g + b) / 3)
    mean = sum(greys) / len(greys)
    variance = sum((v - mean) ** 2 for v in greys) / len(greys)
    return variance, len(colours), greys


def is_picture(stats):
    variance, colours, _ = stats
    return variance >= MIN_VARIANCE and colours > MIN_COLOURS


def differs(a, b):
    """The share of sampled pixels whose grey level moved by more than 8."""
    moved = sum(1 for p, q in zip(a[2], b[2]) if abs(p - q) > 8)
    return moved / max(1, len(a[2]))


def page_error(driver):
    return driver.script("return document.body.dataset.error || null;")


def wait_for(driver, timeout, accept, what):
    """Screenshots until `accept(png, stats)`; returns (png, stats, seconds)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        error = page_error(driver)
        if error:
            sys.exit(f"web test: the page failed while waiting for {what}: {error}")
        png = driver.screenshot()
        stats = picture(png)
        if accept(png, stats):
            return png, stats, time.monotonic() - start
        time.sleep(1)
    sys.exit(f"web test: no {what} after {timeout} s")


def main():
    site_dir, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    server, url = serve(site_dir)
    port = free_port()
    driver_proc = subprocess.Popen(
        ["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    profile = tempfile.mkdtemp(prefix="redline-chromium-")
    driver = WebDriver(f"http://127.0.0.1:{port}")
    try:
        for _ in range(50):
            try:
                driver.call("GET", "/status")
                break
            except (OSError, RuntimeError):
                time.sleep(0.2)
        driver.start(profile)
        viewport = driver.fit_viewport()
        if viewport != [WIDTH, HEIGHT]:
            sys.exit(f"web test: the page is {viewport}, not {WIDTH} x {HEIGHT}")
        opened = time.monotonic()
        driver.open(url)
        last = {}

        def menu_still(_png, stats):
            # The menu: a real picture, twice in a row the same (the page has settled).
            steady = "menu" in last and differs(last["menu"], stats) < 0.01
            last["menu"] = stats
            return is_picture(stats) and steady

        menu_png, menu, _ = wait_for(driver, MENU_TIMEOUT, menu_still, "main menu")
        to_menu = time.monotonic() - opened
        with open(os.path.join(out_dir, "menu.png"), "wb") as f:
            f.write(menu_png)
        print(f"web test: menu after {to_menu:.1f} s "
              f"(variance {menu[0]:.0f}, {menu[1]} colours) -> {out_dir}/menu.png")

        driver.click(*QUICK_SKIRMISH)

        def table_drawn(_png, stats):
            # The table: a real picture, most of the screen changed from the menu, then still.
            moved = differs(menu, stats) > 0.3
            steady = "table" in last and differs(last["table"], stats) < 0.02
            last["table"] = stats
            return is_picture(stats) and moved and steady

        table_png, table, seconds = wait_for(driver, TABLE_TIMEOUT, table_drawn, "table")
        with open(os.path.join(out_dir, "table.png"), "wb") as f:
            f.write(table_png)
        print(f"web test: table after {seconds:.1f} s "
              f"(variance {table[0]:.0f}, {table[1]} colours) -> {out_dir}/table.png")
    finally:
        driver.quit()
        driver_proc.terminate()
        driver_proc.wait(timeout=30)
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
