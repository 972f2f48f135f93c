#!/usr/bin/env python3
"""The browser test: Redline's web build in headless Chromium, driven over WebDriver.

Usage: tools/web_test.py SITE_DIR OUT_DIR

Serves SITE_DIR (what `tools/web.sh` built) on localhost, starts Debian's `chromedriver` with
`chromium` headless (software WebGL2 through SwiftShader), opens the page and:

1. waits for the main menu: the app says it shows it (`data-redline-screen` on the page's
   body, `src/web_probe.rs`) and a screenshot shows a real picture (pixel variance and
   colours) that holds still; the time from opening the page to that frame is printed;
2. clicks "Quick skirmish" and waits for the table the same way (a picture that differs from
   the menu); then asks the app to draw every frame and prints the median and worst frame
   time of the full table, as the app counts them;
3. on a fresh page (the site's storage cleared), a solo game against the computer at Easy:
   "New solo game", a fixed dice seed, "Build the teams"; the person's part (the quick
   team, the standard deployment, each decision) is played by the app's scripted player
   on the page's request (`data-redline-autoplay`); waits until the match is past its
   first turn (the app's `data-redline-turn`) and a screenshot differs from the table as
   it opened;
4. on a fresh page, "Terrain planner": waits for the planner and its picture.

Each screenshot is written to OUT_DIR (`menu.png`, `table.png`, `solo.png`, `planner.png`).
A step that does not arrive in time fails with what the app last said and the page's
console errors. Standard library only: WebDriver is plain JSON over HTTP.
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
# The main menu at 1280 x 720 is a centred column of 260 x 34 buttons, 39 pixels apart,
# in a fresh profile: Continue (disabled), New hot-seat game, New solo game, New co-op game,
# Quick skirmish, Host, Join, Campaigns, Load a saved game, Terrain planner, Key bindings,
# Add a content pack, Quit (measured on the desktop's `--smoke --scene main-menu`
# screenshot, the same egui layout).
MENU_X, FIRST_BUTTON_Y, BUTTON_STEP = 640, 168, 39
SOLO = (MENU_X, FIRST_BUTTON_Y + 2 * BUTTON_STEP)
QUICK_SKIRMISH = (MENU_X, FIRST_BUTTON_Y + 4 * BUTTON_STEP)
PLANNER = (MENU_X, FIRST_BUTTON_Y + 9 * BUTTON_STEP)
# The Setup screen's dice seed field and "Build the teams", found where the app drew them
# (`data-redline-at-NAME`, `src/screens/landmark.rs`): their place moves with the scenario's
# text.
DICE_SEED = "dice-seed"
BUILD_TEAMS = "build-teams"
# The solo game's dice seed: the same game every run.
SEED = "7"
# Generous: software WebGL2 on two busy cores is slow, and CI must not flake.
MENU_TIMEOUT = 600
STEP_TIMEOUT = 300
TURNS_TIMEOUT = 600
FRAMES = 150
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

    def call(self, method, path, body=None, tries=3):
        """One command; a timed-out or refused connection is tried again (a busy machine)."""
        data = None if body is None else json.dumps(body).encode()
        for attempt in range(tries):
            req = urllib.request.Request(self.base + path, data=data, method=method)
            req.add_header("Content-Type", "application/json")
            try:
                with urllib.request.urlopen(req, timeout=180) as resp:
                    return json.loads(resp.read())["value"]
            except urllib.error.HTTPError as e:
                raise RuntimeError(f"WebDriver {method} {path}: {e.read().decode()[:500]}") from e
            except OSError:
                if attempt == tries - 1:
                    raise
                time.sleep(2)
        return None

    def start(self, profile):
        args = [
            "--headless",
            "--no-sandbox",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            # A page in the background must keep drawing: the test never focuses it.
            "--disable-background-timer-throttling",
            "--disable-renderer-backgrounding",
            f"--user-data-dir={profile}",
            f"--window-size={WIDTH},{HEIGHT}",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--ignore-gpu-blocklist",
        ]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": shutil.which("chromium"), "args": args},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}}
        self.session = self.call("POST", "/session", caps, tries=1)["sessionId"]

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

    def pointer(self, actions):
        self.call("POST", self.s("/actions"), {"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": actions,
        }]})
        self.call("DELETE", self.s("/actions"))

    def click(self, x, y):
        self.pointer([
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y},
            {"type": "pause", "duration": 100},
            {"type": "pointerDown", "button": 0},
            {"type": "pause", "duration": 100},
            {"type": "pointerUp", "button": 0},
        ])

    def type_text(self, text):
        """Selects all of the focused field (Ctrl+A) and types `text` over it."""
        keys = [{"type": "keyDown", "value": "\ue009"}, {"type": "keyDown", "value": "a"},
                {"type": "keyUp", "value": "a"}, {"type": "keyUp", "value": "\ue009"}]
        for ch in text:
            keys += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        self.call("POST", self.s("/actions"), {"actions": [{
            "type": "key", "id": "keyboard", "actions": keys}]})
        self.call("DELETE", self.s("/actions"))

    def nudge(self, x=1270, y=710):
        """Moves the pointer a little in a corner: input, so an idle table draws a frame."""
        self.pointer([
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y},
            {"type": "pointerMove", "duration": 50, "origin": "viewport", "x": x - 4, "y": y},
        ])

    def console(self):
        """The page's console lines since the last call (chromedriver's browser log)."""
        try:
            entries = self.call("POST", self.s("/se/log"), {"type": "browser"}, tries=1)
        except (RuntimeError, OSError):
            return []
        return [f"{e.get('level')}: {e.get('message', '')[:300]}" for e in entries or []]

    def quit(self):
        if self.session:
            try:
                self.call("DELETE", self.s(""), tries=1)
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


class Test:
    """One browser session: the page, its screenshots and what the app says about itself."""

    def __init__(self, driver, url, out_dir):
        self.driver, self.url, self.out_dir = driver, url, out_dir
        self.console = []

    def fail(self, why):
        self.console += self.driver.console()
        try:
            # What the page showed when the step failed, for the reader of the log.
            with open(os.path.join(self.out_dir, "failed.png"), "wb") as f:
                f.write(self.driver.screenshot())
            why += f" (the page as it was: {os.path.join(self.out_dir, 'failed.png')})"
        except (RuntimeError, OSError):
            pass
        errors = [line for line in self.console if not line.startswith("INFO")]
        said = self.state()
        lines = [f"web test: {why}", f"  the app says: {said}"]
        lines += ["  the page's console (warnings and errors, last 20):"]
        lines += [f"    {line}" for line in errors[-20:]] or ["    (none)"]
        sys.exit("\n".join(lines))

    def state(self):
        """The app's `data-redline-*` attributes and the loader's error, as a dict."""
        return self.driver.script(
            "const d = document.body.dataset; return {error: d.error || null, "
            "screen: d.redlineScreen || null, turn: d.redlineTurn || null, "
            "steps: d.redlineSteps || null, frameMs: d.redlineFrameMs || null, "
            "frames: d.redlineFrames || null};"
        )

    def landmark(self, name):
        """Where the app last drew the widget `name` (`data-redline-at-NAME`), as (x, y)."""
        at = self.driver.script(
            f"return document.body.getAttribute('data-redline-at-{name}');")
        if not at:
            self.fail(f"the app did not say where it drew {name!r}")
        x, y = at.split(",")
        return int(x), int(y)

    def wait(self, timeout, accept, what, nudge=False):
        """Polls (app state, screenshot) until `accept(state, stats)`; returns (png, stats, s)."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            state = self.state()
            if state["error"]:
                self.fail(f"the page failed while waiting for {what}: {state['error']}")
            if nudge:
                self.driver.nudge()
            try:
                png = self.driver.screenshot()
            except (RuntimeError, OSError) as e:
                print(f"web test: screenshot failed ({e}); trying again", flush=True)
                time.sleep(3)
                continue
            stats = picture(png)
            if accept(state, stats):
                return png, stats, time.monotonic() - start
            time.sleep(1)
        self.fail(f"no {what} after {timeout} s")
        return None

    def save(self, name, png, stats, seconds, what):
        path = os.path.join(self.out_dir, f"{name}.png")
        with open(path, "wb") as f:
            f.write(png)
        print(f"web test: {what} after {seconds:.1f} s "
              f"(variance {stats[0]:.0f}, {stats[1]} colours) -> {path}", flush=True)

    def steady_screen(self, screen, timeout, last, name, unlike=None):
        """Waits until the app shows `screen` and a real picture (unlike `unlike`) holds still."""
        def accept(state, stats):
            steady = name in last and differs(last[name], stats) < 0.02
            last[name] = stats
            moved = unlike is None or differs(unlike, stats) > 0.3
            return state["screen"] == screen and is_picture(stats) and moved and steady
        return self.wait(timeout, accept, f"{screen} screen", nudge=screen == "Battle")

    def fresh_page(self):
        """The page opened again on an empty profile: the menu's buttons where a new player
        sees them (no autosave from an earlier step)."""
        self.console += self.driver.console()
        self.driver.script("window.localStorage.clear();")
        self.driver.open(self.url)

    def click_to(self, at, screen, what):
        """Clicks `at` and waits until the app shows `screen` (the click is tried again if
        the frame it landed on missed it)."""
        for _ in range(3):
            # Hover first: the app draws on input, so the button is laid out under the
            # pointer on a frame of its own before the press.
            self.driver.nudge(*at)
            time.sleep(1)
            self.driver.click(*at)
            start = time.monotonic()
            while time.monotonic() - start < 60:
                if self.state()["screen"] == screen:
                    return
                self.driver.nudge()
                time.sleep(1)
        self.fail(f"clicking {what} at {at} did not open the {screen} screen")


def menu_and_quick_skirmish(test):
    """Steps 1 and 2: the menu, the quick skirmish's table and its frame time."""
    opened = time.monotonic()
    test.driver.open(test.url)
    last = {}
    png, menu, _ = test.steady_screen("MainMenu", MENU_TIMEOUT, last, "menu")
    test.save("menu", png, menu, time.monotonic() - opened, "menu")

    clicked = time.monotonic()
    test.click_to(QUICK_SKIRMISH, "Battle", '"Quick skirmish"')
    png, table, _ = test.steady_screen("Battle", STEP_TIMEOUT, last, "table", unlike=menu)
    test.save("table", png, table, time.monotonic() - clicked, "table")

    test.driver.script("document.body.dataset.redlinePace = 'always';")

    def counted(state, _stats):
        return int(state["frames"] or 0) >= FRAMES
    test.wait(STEP_TIMEOUT, counted, f"{FRAMES} frames of the table", nudge=True)
    state = test.state()
    median, worst = state["frameMs"].split("/")
    print(f"web test: full table, frame time median {median} ms, worst {worst} ms "
          f"(last 120 of {state['frames']} frames, every frame drawn)", flush=True)


def solo_game(test):
    """Step 3: a solo game against the computer at Easy plays past its first turn."""
    test.fresh_page()
    last = {}
    test.steady_screen("MainMenu", MENU_TIMEOUT, last, "menu")
    # The person's part is played by the app's scripted player (`src/web_probe.rs`).
    test.driver.script("document.body.dataset.redlineAutoplay = 'person';")
    test.click_to(SOLO, "Setup", '"New solo game"')
    test.steady_screen("Setup", STEP_TIMEOUT, last, "setup")
    test.driver.click(*test.landmark(DICE_SEED))
    time.sleep(1)
    test.driver.type_text(SEED)
    time.sleep(2)
    test.click_to(test.landmark(BUILD_TEAMS), "Battle", '"Build the teams" (then the quick team, deployed)')

    def opened(state, stats):
        return state["screen"] == "Battle" and is_picture(stats)
    _, first, _ = test.wait(STEP_TIMEOUT, opened, "solo game's table", nudge=True)
    started = time.monotonic()

    def turns_played(state, stats):
        return int(state["turn"] or 0) >= 2 and is_picture(stats) and differs(first, stats) > 0.01
    png, stats, _ = test.wait(TURNS_TIMEOUT, turns_played, "second turn", nudge=True)
    state = test.state()
    test.save("solo", png, stats, time.monotonic() - started,
              f"solo game at turn {state['turn']}, {state['steps']} commands played,")


def planner(test):
    """Step 4: the terrain planner opens."""
    test.fresh_page()
    last = {}
    _, menu, _ = test.steady_screen("MainMenu", MENU_TIMEOUT, last, "menu")
    clicked = time.monotonic()
    test.click_to(PLANNER, "Planner", '"Terrain planner"')
    png, stats, _ = test.steady_screen("Planner", STEP_TIMEOUT, last, "planner", unlike=menu)
    test.save("planner", png, stats, time.monotonic() - clicked, "planner")


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
    began = time.monotonic()
    try:
        for _ in range(100):
            try:
                driver.call("GET", "/status", tries=1)
                break
            except (OSError, RuntimeError):
                time.sleep(0.2)
        driver.start(profile)
        viewport = driver.fit_viewport()
        if viewport != [WIDTH, HEIGHT]:
            sys.exit(f"web test: the page is {viewport}, not {WIDTH} x {HEIGHT}")
        test = Test(driver, url, out_dir)
        menu_and_quick_skirmish(test)
        solo_game(test)
        planner(test)
        print(f"web test: passed in {time.monotonic() - began:.0f} s", flush=True)
    finally:
        driver.quit()
        driver_proc.terminate()
        driver_proc.wait(timeout=30)
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
