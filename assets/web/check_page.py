#!/usr/bin/env python3
"""The web build's test in a real browser.

    python3 assets/web/check_page.py SITE [--shots DIR] [--bench] [--game BIN]

Serves SITE (what assets/web/build.sh wrote) on 127.0.0.1, opens it in
headless Chromium with its software WebGL (SwiftShader), drives it through
the DevTools protocol over a pipe (no other package needed) with real mouse
clicks, and checks through screenshots that:

  1. the menu draws (its column of buttons, Continue greyed: nothing saved);
  2. a Simple Hex game starts from the menu and a plane flies;
  3. the game's autosave is in the browser's storage; when the storage is
     full, an autosave that cannot be written leaves the one before it as
     it was; and it survives a reload of the page: the menu offers
     Continue, which brings the board back;
  4. a save downloaded from the load screen is the same record, and
     uploaded again it is kept in a slot (with --game BIN, the desktop
     game verifies the downloaded file as a replay);
  5. a night Blitz reloaded in the middle of a night comes back, with
     Continue, at its last command, and plays on from there;
  6. two tabs of the page: the second is told on its menu that it is not
     alone; neither writes over a save the other wrote since it read it
     (an autosave, a slot picked in both), and a slot changed meanwhile
     asks before it is overwritten;
  7. no error reached the browser's console.

Prints the time from page load to the first drawn menu (first load and
reload) and, with --bench, each table's frame times in the page. Exits
non-zero, saying which check failed, on any failure.
"""

import argparse
import base64
import functools
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

W, H = 1280, 800


# ---------------------------------------------------------------- PNG ----
def decode_png(data):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unexpected PNG format"
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return width, height, rows


def near(c, ref, tol=24):
    return all(abs(a - b) <= tol for a, b in zip(c, ref))


# The screens' colours (src/app/ui.rs): the menu's background, a button's
# paper, a button that is off, and the mat's hexes.
BACKGROUND = (40, 56, 81)
PAPER = (219, 211, 188)
OFF = (158, 155, 147)


def runs(rows, x, colour, tol=24):
    """The vertical runs (top, bottom) of `colour` down column x."""
    out, start = [], None
    for y, row in enumerate(rows):
        on = near(row[x], colour, tol)
        if on and start is None:
            start = y
        if not on and start is not None:
            if y - start >= 20:
                out.append((start, y))
            start = None
    return out


# ------------------------------------------------------------ server ----
def serve(site):
    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


# ----------------------------------------------------------- browser ----
class Browser:
    """Headless Chromium, driven through the DevTools protocol on a pipe:
    commands go to its fd 3 and answers come from its fd 4, each message
    JSON ending in a NUL byte."""

    def __init__(self, profile, downloads):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            sys.exit("check_page: chromium is not installed (Debian: apt-get install chromium)")
        args = [chromium, "--headless", "--remote-debugging-pipe",
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                "--no-first-run", "--no-default-browser-check", "--mute-audio",
                f"--user-data-dir={profile}", f"--window-size={W},{H}"]
        if os.geteuid() == 0:
            args.append("--no-sandbox")
        self.log = open(os.path.join(profile, "chromium.log"), "w")
        self.proc = subprocess.Popen(args + ["about:blank"], preexec_fn=fds, close_fds=False,
                                     stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        os.close(to_r)
        os.close(from_w)
        self.out = os.fdopen(to_w, "wb")
        self.inp = os.fdopen(from_r, "rb")
        self.next_id, self.answers, self.events = 0, {}, []
        self.lock = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()
        self.session = self.new_tab()
        self.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=downloads)

    def new_tab(self):
        """A new tab of the same browser (the same storage for the page):
        its session, which becomes the one the calls go to."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)
        self.call("Page.setInterceptFileChooserDialog", enabled=True, session=True)
        self.size(W, H)
        return self.session

    def use(self, session):
        """The calls go to this tab from now on."""
        self.session = session
        self.call("Page.bringToFront", session=True)

    def read(self):
        buf = b""
        while True:
            chunk = self.inp.read1(1 << 16)
            if not chunk:
                return
            buf += chunk
            while b"\0" in buf:
                msg, buf = buf.split(b"\0", 1)
                m = json.loads(msg)
                with self.lock:
                    if "id" in m:
                        self.answers[m["id"]] = m
                    else:
                        self.events.append(m)
                    self.lock.notify_all()

    def call(self, method, session=False, **params):
        with self.lock:
            self.next_id += 1
            n = self.next_id
        msg = {"id": n, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        self.out.write(json.dumps(msg).encode() + b"\0")
        self.out.flush()
        with self.lock:
            if not self.lock.wait_for(lambda: n in self.answers, timeout=60):
                raise RuntimeError(f"{method}: no answer from the browser in 60 s")
            m = self.answers.pop(n)
        if "error" in m:
            raise RuntimeError(f"{method}: {m['error']}")
        return m.get("result", {})

    def size(self, w, h):
        self.call("Emulation.setDeviceMetricsOverride", session=True,
                  width=w, height=h, deviceScaleFactor=1, mobile=False)

    def js(self, expr):
        r = self.call("Runtime.evaluate", session=True, expression=expr,
                      returnByValue=True, awaitPromise=True)
        return r.get("result", {}).get("value")

    def frames(self):
        return self.js("window.tallyFrames || 0")

    def wait_frames(self, n, timeout=60):
        """Waits until the game has drawn n more frames."""
        goal = self.frames() + n
        end = time.time() + timeout
        while self.frames() < goal:
            if time.time() > end:
                raise RuntimeError(f"the game drew no {n} frames in {timeout} s")
            time.sleep(0.05)

    def open(self, url):
        """Loads the page; the milliseconds from its start to the first frame drawn."""
        before = self.js("performance.timeOrigin")
        self.call("Page.navigate", session=True, url=url)
        end = time.time() + 120
        # The new document, not the one being left.
        while self.js("performance.timeOrigin") == before:
            if time.time() > end:
                raise RuntimeError(f"{url} did not load in 120 s")
            time.sleep(0.02)
        while True:
            first = self.js("window.tallyFirstFrame === undefined ? null : window.tallyFirstFrame")
            if first is not None:
                return first
            if time.time() > end:
                raise RuntimeError("the game drew no frame in 120 s")
            time.sleep(0.05)

    def shot(self, path=None):
        data = base64.b64decode(self.call("Page.captureScreenshot", session=True, format="png")["data"])
        if path:
            with open(path, "wb") as f:
                f.write(data)
        return decode_png(data)[2]

    def shot_of(self, x, y, w, h, scale):
        """The rows of a part of the page, scaled (quicker to read)."""
        data = base64.b64decode(self.call(
            "Page.captureScreenshot", session=True, format="png",
            clip={"x": x, "y": y, "width": w, "height": h, "scale": scale})["data"])
        return decode_png(data)[2]

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", session=True, type=kind, x=x, y=y,
                      button="left" if kind != "mouseMoved" else "none", clickCount=1)
        self.wait_frames(3)
        # The pointer then leaves the buttons, which it would light.
        self.call("Input.dispatchMouseEvent", session=True, type="mouseMoved", x=1, y=1,
                  button="none")
        self.wait_frames(2)

    def key(self, code, key, vk):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", session=True, type=kind, code=code, key=key,
                      windowsVirtualKeyCode=vk)
        self.wait_frames(3)

    def errors(self):
        """Every error the page's console received, as lines."""
        out = []
        with self.lock:
            events = list(self.events)
        for e in events:
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console.error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif e["method"] == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append("exception: " + d.get("exception", {}).get("description", d.get("text", "")))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append("log: " + p["entry"].get("text", "") + " " + p["entry"].get("url", ""))
        return out

    def console(self, prefix):
        """The console.log/info lines that start with `prefix`."""
        with self.lock:
            events = list(self.events)
        lines = []
        for e in events:
            if e["method"] == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", "")) for a in e["params"].get("args", []))
                if text.startswith(prefix):
                    lines.append(text)
        return lines

    def file_chooser(self, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            with self.lock:
                for i, e in enumerate(self.events):
                    if e["method"] == "Page.fileChooserOpened":
                        return self.events.pop(i)["params"]
            time.sleep(0.05)
        raise RuntimeError("no file chooser opened")

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# ------------------------------------------------------------ checks ----
class Failed(Exception):
    pass


def check(ok, what):
    if not ok:
        raise Failed(what)
    print(f"ok: {what}")


def menu_buttons(rows, w=W):
    """The menu's column: (buttons on, buttons off), each (top, bottom)."""
    x = w // 2 - 205  # inside the 420-point column, left of every label
    return runs(rows, x, PAPER), runs(rows, x, OFF)


def centre(run):
    return (run[0] + run[1]) // 2


def board_marks(rows, x0=60, x1=960):
    """Pixels of the mat (between x0 and x1, below the top bar) in the
    colours of the planes' B and Y discs, which nothing else on the mat
    (and no guide's card) is drawn in: how many planes are there."""
    discs = [(30, 76, 216), (249, 209, 25)]
    n = 0
    for y in range(120, 690, 2):
        for x in range(x0, x1, 2):
            c = rows[y][x]
            if any(near(c, d, 30) for d in discs):
                n += 1
    return n


LIT = (191, 204, 109)  # a hex the ringed plane may fly to


def play_on(b):
    """Skips the computer's turn (S), takes the step the bottom bar offers
    (Enter), ends a move with no hexes left (Space), and flies the ringed plane to the lit hex farthest from its
    edge, if there is one: the game goes on, and autosaves after the
    player's moves."""
    b.key("KeyS", "s", 83)
    b.key("Enter", "Enter", 13)
    b.key("Space", " ", 32)
    x0, y0, k = 60, 120, 0.25
    rows = b.shot_of(x0, y0, 840, 560, k)
    lit = [(x0 + x / k, y0 + y / k) for y, row in enumerate(rows) for x, c in enumerate(row)
           if near(c, LIT, 8)]
    if lit:
        b.click(*max(lit))
    b.wait_frames(10)


# The load screen's rows (src/app/saves.rs): 960 points wide in the
# middle (at most the window less 40), each a save's button, then
# Download (120) and Delete (96); sampled near their left edges, clear of
# their labels.
ROW_W = min(960, W - 40)
ROW_X = (W - ROW_W) // 2
DOWNLOAD_X = ROW_X + ROW_W - 96 - 8 - 120 + 4
DELETE_X = ROW_X + ROW_W - 96 + 4


def stored(b, key):
    return b.js(f"localStorage.getItem({json.dumps(key)})")


def commands_of(text):
    """The lines of a record's command list (the record's own layout)."""
    if text is None or "commands: [" not in text:
        return []
    body = text.split("commands: [", 1)[1]
    return body.split("\n    ],", 1)[0].strip().splitlines()


def fresh(b, url):
    """The page with nothing in its storage, on the menu."""
    b.open(url)
    b.js("localStorage.clear()")
    b.open(url)
    b.wait_frames(5)


def mid_night_reload(b, url, path):
    """A night Blitz, reloaded in the middle of its first night: Continue
    brings it back at its last command, and it plays on from there."""
    fresh(b, url)
    on, _ = menu_buttons(b.shot())
    b.click(W // 2, centre(on[3]))  # Night Blitz
    b.wait_frames(20)
    key = "tally-ho/saves/blitz/autosave.ron"
    # Enter puts the guide's cards down; a click on what the guide rings
    # takes the crew's next step: it takes off and flies on into the night.
    for _ in range(80):
        b.key("Enter", "Enter", 13)
        click_ringed(b)
        now = commands_of(stored(b, key))
        if len(now) >= 4 and any("TakeOff" in c for c in now):
            break
    before = stored(b, key)
    left = commands_of(before)
    b.shot(path("web-blitz-mid-night.png"))
    check(len(left) >= 4 and any("TakeOff" in c for c in left),
          f"the Blitz is autosaved in the middle of its first night ({len(left)} commands)")
    b.open(url)
    b.wait_frames(5)
    on, off = menu_buttons(b.shot())
    check(len(on) == 8, "after the reload the menu offers Continue")
    b.click(W // 2, centre(on[4]))
    b.wait_frames(30)
    b.shot(path("web-blitz-continued.png"))
    check(commands_of(stored(b, key)) == left,
          "Continue brings the night back at its last command (nothing replayed, nothing lost)")
    for _ in range(80):
        b.key("Enter", "Enter", 13)
        click_ringed(b)
        if len(commands_of(stored(b, key))) > len(left):
            break
    after = commands_of(stored(b, key))
    check(len(after) > len(left) and after[:len(left)] == left,
          f"and the night plays on from there ({len(left)} commands, then {len(after)})")


def click_ringed(b):
    """Clicks the middle of what the guide rings (in its gold) on the night
    Blitz's panel, if it rings something there."""
    rows = b.shot()

    def gold(c):
        return c[0] > 240 and 170 < c[1] < 215 and c[2] < 80

    # The panel's right half, clear of the map's lit zones and bomber.
    ring = [(x, y) for y in range(H) for x in range(W // 2 + 20, W, 2) if gold(rows[y][x])]
    if ring:
        xs = [x for x, _ in ring]
        ys = [y for _, y in ring]
        b.click((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    b.wait_frames(10)


NOTICE = (237, 232, 216)  # the notice bar's paper (src/app/ui.rs PAPER)


def paper_bar(rows):
    """Whether a notice bar is across the bottom of the screen (sampled at
    its right end, clear of its words)."""
    return near(rows[-4][W - 6], NOTICE, 8) and near(rows[-20][W - 6], NOTICE, 8)


def two_tabs(b, url, path):
    """Two tabs of the page on one storage: the second is told, and neither
    writes over what the other wrote since it read it."""
    fresh(b, url)
    first = b.session
    auto = "tally-ho/saves/simple-hex/autosave.ron"
    slot = "tally-ho/saves/simple-hex/slot-1.ron"
    # The first tab plays Simple Hex, autosaving.
    on, _ = menu_buttons(b.shot())
    check(not paper_bar(b.shot()), "the first tab's menu has no notice")
    b.click(W // 2, centre(on[0]))
    left = runs(b.shot(), W // 2 - 465, PAPER)
    b.click(W // 2 - 240, centre(left[-2]))  # Start
    for _ in range(40):
        play_on(b)
        if stored(b, auto):
            break
    mine = stored(b, auto)
    check(mine is not None, "the first tab autosaves its game")
    # A second tab of the page, on the same storage.
    second = b.new_tab()
    b.open(url)
    b.wait_frames(20)
    rows = b.shot(path("web-second-tab-menu.png"))
    check(b.js("window.tallyFirstTab === true") is False, "the second tab did not get the page's lock")
    check(paper_bar(rows), "the second tab's menu says another tab is open")
    # It starts a game of its own: asked first, its player replaces the
    # first tab's game in the autosave.
    on, _ = menu_buttons(rows)
    b.click(W // 2, centre(on[0]))
    left = runs(b.shot(), W // 2 - 465, PAPER)
    b.click(W // 2 - 240, centre(left[-2]))  # Start
    b.wait_frames(5)
    b.shot(path("web-second-tab-asked.png"))
    b.click(W // 2, 324 + 25)  # Replace it and start
    for _ in range(40):
        play_on(b)
        if stored(b, auto) != mine:
            break
    theirs = stored(b, auto)
    check(theirs is not None and theirs != mine, "the second tab's game, asked, is autosaved in its place")
    # The first tab plays on: its autosave is not written over the
    # second's, and it says so.
    b.use(first)
    b.wait_frames(5)
    for _ in range(8):
        play_on(b)
    b.shot(path("web-first-tab-not-autosaved.png"))
    check(stored(b, auto) == theirs, "the first tab does not write its autosave over the second tab's")
    # Both pick slot 1 to save in: the second saves there first; the first,
    # whose list still shows it empty, is asked before it overwrites it.
    b.key("F5", "F5", 116)
    b.wait_frames(5)
    b.use(second)
    b.wait_frames(5)
    b.key("F5", "F5", 116)
    b.wait_frames(5)
    b.click(W // 2, 150 + 28)  # Slot 1: empty
    b.wait_frames(5)
    second_save = stored(b, slot)
    check(second_save is not None, "the second tab saves in slot 1")
    b.use(first)
    b.wait_frames(5)
    b.click(W // 2, 150 + 28)  # Slot 1, empty as this tab read it
    b.wait_frames(5)
    b.shot(path("web-first-tab-slot-asks.png"))
    check(stored(b, slot) == second_save,
          "the slot the other tab saved in meanwhile is not overwritten without a question")
    b.click(W // 2 - 280 + 40 + 110, H // 2 - 110 + 140 + 25)  # Overwrite
    b.wait_frames(5)
    check(stored(b, slot) not in (None, second_save), "and once the player says so, it is overwritten")
    b.use(second)
    b.call("Page.close", session=True)
    b.use(first)


GAMES = ["simple-hex", "family", "campaign", "blitz"]


def tour(b, url, out):
    """Each game started from the menu and played a few steps with Enter
    (which starts a game, closes a guide's card and takes the step the
    bottom bar offers), at two sizes: pictures for a person to look at."""
    for w, h in ((1280, 800), (960, 600)):
        b.size(w, h)
        for i, game in enumerate(GAMES):
            b.open(url)
            b.js("localStorage.clear()")
            b.open(url)
            b.wait_frames(5)
            on, _ = menu_buttons(b.shot(), w)
            b.click(w // 2, centre(on[i]))
            b.shot(os.path.join(out, f"{game}-{w}x{h}-new.png"))
            b.key("Enter", "Enter", 13)
            b.wait_frames(60)
            b.shot(os.path.join(out, f"{game}-{w}x{h}-start.png"))
            for _ in range(8):
                b.key("Enter", "Enter", 13)
                b.wait_frames(40)
            b.shot(os.path.join(out, f"{game}-{w}x{h}-play.png"))
    b.size(W, H)


def run(args):
    profile = tempfile.mkdtemp(prefix="tally-ho-page-")
    downloads = os.path.join(profile, "downloads")
    os.makedirs(downloads)
    shots = args.shots
    if shots:
        os.makedirs(shots, exist_ok=True)
    path = (lambda name: os.path.join(shots, name)) if shots else (lambda name: None)
    server = serve(args.site)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    b = Browser(profile, downloads)
    figures = []
    try:
        first = b.open(url)
        figures.append(f"page load to the first drawn menu: {first:.0f} ms")
        b.wait_frames(5)
        rows = b.shot(path("web-menu.png"))
        on, off = menu_buttons(rows)
        check(near(rows[5][5], BACKGROUND), "the menu's background is drawn")
        check(len(on) == 7 and len(off) == 1,
              f"the menu draws its 8 buttons, Continue greyed (found {len(on)} on, {len(off)} off)")
        check(b.js("localStorage.length") == 0, "nothing is in the browser's storage before a game")

        # The canvas follows the page's size, and the page never scrolls.
        b.size(960, 600)
        b.wait_frames(5)
        small = b.shot(path("web-menu-960x600.png"))
        on, off = menu_buttons(small, 960)
        check(len(small[0]) == 960 and len(on) == 7 and len(off) == 1,
              f"at 960 x 600 the menu is laid out again for the page ({len(on)} on, {len(off)} off)")
        b.size(W, H)
        b.wait_frames(5)
        for kind, extra in (("mouseWheel", {"deltaX": 0, "deltaY": 600}),):
            b.call("Input.dispatchMouseEvent", session=True, type=kind, x=W // 2, y=H // 2, **extra)
        for code, key, vk in (("PageDown", "PageDown", 34), ("Space", " ", 32), ("ArrowDown", "ArrowDown", 40), ("End", "End", 35)):
            b.key(code, key, vk)
        b.key("Escape", "Escape", 27)
        check(b.js("window.scrollY + document.scrollingElement.scrollTop") == 0,
              "the wheel and the keys do not scroll the page")
        on, off = menu_buttons(b.shot())
        check(len(on) == 7 and len(off) == 1, "Escape on the menu does not leave the game (a page has no Quit)")

        # Drawn at the screen's own pixels: a page opened on a screen of two
        # pixels to the point shows the same menu, twice as sharp, and
        # answers clicks where it draws them.
        b.call("Emulation.setDeviceMetricsOverride", session=True,
               width=W, height=H, deviceScaleFactor=2, mobile=False)
        b.open(url)
        b.wait_frames(5)
        sharp = b.shot(path("web-menu-dpr2.png"))
        check(len(sharp[0]) == 2 * W, f"the picture is {len(sharp[0])} pixels wide at two pixels to the point")
        on2 = runs(sharp, 2 * (W // 2 - 205), PAPER)
        check(len(on2) == 7 and all(abs(a - 2 * b0) <= 4 for (a, _), (b0, _) in zip(on2, on)),
              "the menu is laid out as at one pixel to the point, at twice the pixels")

        def halved(rows):
            return [row[::2] for row in rows[::2]]

        b.click(W // 2, centre(on[6]))  # Settings
        settings = halved(b.shot(path("web-settings-dpr2.png")))
        on_after, off_after = menu_buttons(settings)
        check((len(on_after), len(off_after)) == (6, 0),
              "a click at two pixels to the point lands on the button drawn there (Settings opens)")
        # A setting changed is kept in the browser's storage, as on disk.
        b.click(W // 2, centre(on_after[0]))  # Volume: 70% (click: +10%)
        kept = b.js("localStorage.getItem('tally-ho/settings.ron')") or ""
        check("volume: 0.8" in kept, f"the settings are kept in the browser's storage ({kept[:40]!r}...)")
        b.click(W // 2, centre(on_after[-1]))  # Back
        again, off_again = menu_buttons(halved(b.shot()))
        check((len(again), len(off_again)) == (7, 1), "and Back, clicked, goes to the menu")
        b.size(W, H)
        b.open(url)
        b.wait_frames(5)

        # A Simple Hex game from the menu.
        b.click(W // 2, centre(on[0]))
        rows = b.shot(path("web-simple-hex-new.png"))
        left = runs(rows, W // 2 - 465, PAPER)
        check(len(left) >= 6, f"the new-game screen draws its buttons (found {len(left)})")
        start = left[-2]  # Start, above Back
        b.click(W // 2 - 240, centre(start))
        b.wait_frames(10)
        rows = b.shot(path("web-simple-hex-start.png"))
        check(any(near(rows[400][x], (140, 173, 114), 30) for x in range(60, 900, 7)),
              "the game's mat is drawn")
        # The guide's cards close with Enter; the Luftwaffe places its
        # squadrons at its edge, the player places the RAF's with Enter at
        # theirs, and the planes fly into the mat's middle.
        check(board_marks(rows, 150, 850) == 0, "no plane in the mat's middle before the first move")
        inner = 0
        for _ in range(40):
            b.key("Enter", "Enter", 13)
            b.wait_frames(20)
            rows = b.shot()
            inner = board_marks(rows, 150, 850)
            if inner > 10:
                break
        b.wait_frames(30)
        rows = b.shot(path("web-simple-hex-flying.png"))
        check(inner > 10, f"a plane flew into the mat's middle ({inner} marked pixels there)")
        key = "tally-ho/saves/simple-hex/autosave.ron"
        saved = b.js(f"localStorage.getItem({json.dumps(key)})")
        check(saved is not None and "game: SimpleHex" in saved,
              f"the autosave is in the browser's storage under {key}")

        # A full storage: the autosave the game cannot write leaves the one
        # before it as it was, and the game says so; with room again, the
        # next autosave is written.
        kept = saved
        filled = b.js("""(() => { let n = 0;
            for (const size of [1 << 18, 1 << 12, 1 << 6, 1]) {
              try { for (;;) { localStorage.setItem('fill-' + n, 'x'.repeat(size)); n++; } }
              catch (e) {} }
            return n; })()""")
        check(filled > 0, f"the browser's storage filled ({filled} entries)")
        for _ in range(60):
            if b.js("window.tallyStoreRefused || 0") > 0:
                break
            play_on(b)
        b.shot(path("web-storage-full.png"))
        check(b.js("window.tallyStoreRefused || 0") > 0, "with the storage full, the game tried to autosave")
        check(b.js(f"localStorage.getItem({json.dumps(key)})") == kept,
              "the autosave that could not be written left the one before it as it was")
        b.js(f"for (let i = 0; i < {filled}; i++) localStorage.removeItem('fill-' + i)")
        # Simple Hex autosaves after every move.
        for _ in range(200):
            if b.js(f"localStorage.getItem({json.dumps(key)})") != kept:
                break
            play_on(b)
        b.shot(path("web-storage-room-again.png"))
        check(b.js(f"localStorage.getItem({json.dumps(key)})") != kept,
              "with room again, the next autosave is written")

        # One game's entries only, and the settings: nothing of another game.
        keys = b.js("Object.keys(localStorage)")
        check(all(k.startswith("tally-ho/saves/simple-hex/") or k.split("#")[0] == "tally-ho/settings.ron" for k in keys),
              f"the browser's storage holds Simple Hex's entries and the settings only: {sorted(keys)}")

        # The save survives a reload.
        again = b.open(url)
        figures.append(f"after a reload, to the first drawn menu: {again:.0f} ms")
        b.wait_frames(5)
        rows = b.shot(path("web-menu-after-reload.png"))
        on, off = menu_buttons(rows)
        check(len(on) == 8 and len(off) == 0,
              f"after a reload the menu offers Continue (found {len(on)} on, {len(off)} off)")
        b.click(W // 2, centre(on[4]))
        b.wait_frames(30)
        rows = b.shot(path("web-continued.png"))
        check(board_marks(rows) > 10, "Continue brings the game back, planes on the mat")

        # Download the autosave from the load screen, and upload it again.
        b.open(url)
        b.wait_frames(5)
        on, _ = menu_buttons(b.shot())
        b.click(W // 2, centre(on[5]))
        rows = b.shot(path("web-load.png"))
        downloads_on = runs(rows, DOWNLOAD_X, PAPER)
        deletes_on = runs(rows, DELETE_X, PAPER)
        uploads_on = [r for r in runs(rows, ROW_X + 4, PAPER) if r[0] > H - 100]
        check(len(downloads_on) == 1 and len(deletes_on) == 1 and len(uploads_on) == 1,
              f"the load screen lists the autosave with its Download and Delete buttons, and Upload a save "
              f"(found {len(downloads_on)}, {len(deletes_on)} and {len(uploads_on)} buttons)")
        b.click(DOWNLOAD_X, centre(downloads_on[0]))
        name = "tally-ho-simple-hex-autosave.ron"
        got = os.path.join(downloads, name)
        end = time.time() + 20
        while not os.path.exists(got) and time.time() < end:
            time.sleep(0.1)
        check(os.path.exists(got), f"Download gives the file {name}")
        with open(got, encoding="utf-8") as f:
            text = f.read()
        stored = b.js(f"localStorage.getItem({json.dumps(key)})")
        check(text == stored, "the downloaded file is the stored record, byte for byte")
        if args.game:
            r = subprocess.run([args.game, "replay", got], capture_output=True, text=True, timeout=300)
            check(r.returncode == 0, f"the desktop game verifies the downloaded save: {r.stdout.strip() or r.stderr.strip()}")
        b.click(ROW_X + 100, centre(uploads_on[-1]))
        chooser = b.file_chooser()
        b.call("DOM.setFileInputFiles", session=True, files=[got],
               backendNodeId=chooser["backendNodeId"])
        end = time.time() + 20
        slot = "tally-ho/saves/simple-hex/slot-1.ron"
        while b.js(f"localStorage.getItem({json.dumps(slot)})") is None and time.time() < end:
            time.sleep(0.1)
        b.wait_frames(5)
        b.shot(path("web-load-imported.png"))
        check(b.js(f"localStorage.getItem({json.dumps(slot)})") == stored,
              "the uploaded save is kept in Slot 1, the same record")

        mid_night_reload(b, url, path)
        two_tabs(b, url, path)

        if args.tour:
            tour(b, url, args.tour)
            print(f"ok: the four games' pictures are in {args.tour}")

        if args.bench:
            b.open(url + "?bench")
            end = time.time() + 600
            while len(b.console("bench ")) < 4 and time.time() < end:
                time.sleep(0.5)
            lines = b.console("bench ")
            check(len(lines) == 4, "the page measured the four tables")
            figures.extend(lines)

        errors = b.errors()
        check(not errors, "no error reached the browser's console" + "".join("\n  " + e for e in errors))
    finally:
        b.close()
        server.shutdown()
    for f in figures:
        print(f)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("site")
    p.add_argument("--shots", help="write the screenshots here")
    p.add_argument("--bench", action="store_true", help="also measure each table's frame times")
    p.add_argument("--tour", help="also start each game at two sizes and write pictures here")
    p.add_argument("--game", help="the desktop game's binary: verify the downloaded save with it")
    args = p.parse_args()
    if not os.path.isfile(os.path.join(args.site, "index.html")):
        sys.exit(f"check_page: {args.site} has no index.html (build it: bash assets/web/build.sh DIR)")
    try:
        run(args)
    except (Failed, RuntimeError) as e:
        sys.exit(f"check_page: FAILED: {e}")
    print("check_page: the web build passes in the browser")


if __name__ == "__main__":
    main()
