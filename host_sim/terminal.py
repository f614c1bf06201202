"""The interactive simulator in a plain terminal: ANSI output, raw keys, no GPU, works over SSH.

The 128x64 screen is drawn with half blocks (two pixel rows per character: 128x32 characters),
framed, with the key map and a status line below: the terminal needs at least 130x38 (FULL). A
smaller one gets a message saying how big it must be (braille, 2x4 pixels a character, fitted
80x24 but made the small fonts unreadable). Terminals report no key releases, so a hold has its
own key. `p` saves a screenshot in the repository's git-ignored out/ folder.
"""
import os
import select
import sys
import time

from lockdown.events import ALARM, GO, PROX
from host_sim.paths import ROOT
from host_sim.runner import HEIGHT, WIDTH

# key -> action; actions are (verb, control, detents) tuples shared with the window
KEYMAP = {
    "a": ("turn", ALARM, 1), "z": ("turn", ALARM, -1), "A": ("turn", ALARM, 5), "Z": ("turn", ALARM, -5),
    "k": ("turn", PROX, 1), "m": ("turn", PROX, -1), "K": ("turn", PROX, 5), "M": ("turn", PROX, -5),
    "UP": ("turn", PROX, 1), "DOWN": ("turn", PROX, -1),
    "s": ("press", ALARM, 0), "S": ("hold", ALARM, 0),
    "l": ("press", PROX, 0), "j": ("press", PROX, 0), "L": ("hold", PROX, 0), "J": ("hold", PROX, 0),
    " ": ("press", GO, 0), "\r": ("press", GO, 0), "\n": ("press", GO, 0), "g": ("press", GO, 0),
    "G": ("hold", GO, 0),
    "p": ("shot", None, 0), "q": ("quit", None, 0),
}
HELP = (
    "ALARM  a/z turn (A/Z: 5)  s press  S hold",
    "PROX   k/m or \u2191/\u2193 turn (K/M: 5)  l/j press  L/J hold",
    "GO     space/enter/g press  G hold       p screenshot  q quit",
)
NAMES = ("ALARM", "PROX", "GO")
ARROWS = {"A": "UP", "B": "DOWN", "C": "RIGHT", "D": "LEFT"}
SHOTS = os.path.join(ROOT, "out")  # where `p` saves screenshots (git-ignored)


def pixel(frame, x, y):
    """Pixel (x, y) of a MONO_VLSB frame: each byte is a column of 8 pixels, lsb on top."""
    return frame[(y >> 3) * WIDTH + x] >> (y & 7) & 1


def render_half(frame):
    """32 lines of 128 characters: each character shows two pixels, one above the other."""
    chars = " \u2584\u2580\u2588"  # none, lower only, upper only, both
    return ["".join(chars[pixel(frame, x, y) << 1 | pixel(frame, x, y + 1)] for x in range(WIDTH))
            for y in range(0, HEIGHT, 2)]


def boxed(lines, title=" Lockdown "):
    width = len(lines[0])
    top = "\u250c\u2500" + title + "\u2500" * (width - len(title) - 1) + "\u2510"
    return [top] + ["\u2502" + ln + "\u2502" for ln in lines] + ["\u2514" + "\u2500" * width + "\u2518"]


FULL = (WIDTH + 2, HEIGHT // 2 + 2 + len(HELP) + 1)  # columns, rows: half blocks, help, status


def layout(frame, columns, rows, status=""):
    """The lines to show in a terminal of this size: screen, key map and status, or why not."""
    if columns < FULL[0] or rows < FULL[1]:
        lines = ("Lockdown simulator:", "this terminal is %dx%d," % (columns, rows),
                 "it needs at least %dx%d" % FULL, "(columns x rows).", "Enlarge it or make",
                 "the font smaller;", "q quits.")
        return [ln[:columns] for ln in lines[:max(rows, 1)]]
    return boxed(render_half(frame)) + list(HELP) + [status[:columns]]


def decode(data):
    """The keys in a chunk of terminal input: characters, and arrows as "UP"/"DOWN"/..."""
    keys = []
    i = 0
    while i < len(data):
        ch = data[i]
        if ch == "\x1b" and data[i + 1:i + 2] in ("[", "O"):
            j = i + 2
            while j < len(data) and not "@" <= data[j] <= "~":
                j += 1  # parameters of a longer escape sequence
            if j < len(data) and j == i + 2 and data[j] in ARROWS:
                keys.append(ARROWS[data[j]])
            i = j + 1
            continue
        keys.append(ch)
        i += 1
    return keys


def describe(action):
    verb, control, n = action
    if verb == "turn":
        return "%s %+d" % (NAMES[control], n)
    return "%s %s" % (NAMES[control], "pressed" if verb == "press" else "held")


def free_name(folder, stem="lockdown-", ext=".png"):
    """The first of lockdown-1.png, lockdown-2.png, ... that does not exist in `folder`."""
    n = 1
    while os.path.exists(os.path.join(folder, "%s%d%s" % (stem, n, ext))):
        n += 1
    return os.path.join(folder, "%s%d%s" % (stem, n, ext))


def perform(sim, action):
    """Does an input action on the Sim at the current time; returns a line for the status bar."""
    verb, control, n = action
    if verb == "shot":
        try:
            os.makedirs(SHOTS, exist_ok=True)
            path = free_name(SHOTS)
            sim.shot(path)
        except OSError as e:
            return "screenshot not saved: %s" % e
        return "saved " + os.path.abspath(path)
    if verb == "turn":
        sim.turn(control, n)
    elif verb == "press":
        sim.press(control)
    else:
        sim.app.hold(control)  # a real hold already lasted HOLD_MS: the hold fires now
    return describe(action)


def run(sim, status=""):
    """Runs the simulator in this terminal until q; real time drives the app's clock.
    `status` is the first status line (the seed)."""
    import termios  # Unix only; the window and scripts work without it
    import tty
    fd = sys.stdin.fileno()
    if not os.isatty(fd) or not sys.stdout.isatty():
        print("The terminal simulator needs a terminal; use --script FILE or --window.", file=sys.stderr)
        return 2
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    out.write("\x1b[?1049h\x1b[?25l")  # alternate screen, hide the cursor
    start = time.monotonic() - sim.now / 1000
    shown = None
    try:
        tty.setcbreak(fd)
        while True:
            if select.select([fd], [], [], 0.02)[0]:
                for key in decode(os.read(fd, 64).decode("utf-8", "replace")):
                    action = KEYMAP.get(key)
                    if action and action[0] == "quit":
                        return 0
                    if action:
                        status = perform(sim, action)
            sim.wait(int((time.monotonic() - start) * 1000) - sim.now)
            size = os.get_terminal_size(out.fileno())
            frame = sim.frame()
            if (frame, size, status) != shown:
                clear = "\x1b[2J" if shown is None or size != shown[1] else ""
                lines = layout(frame, size.columns, size.lines, status)
                out.write(clear + "\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")
                out.flush()
                shown = (frame, size, status)
    except KeyboardInterrupt:
        return 0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\x1b[?1049l")
        out.flush()
