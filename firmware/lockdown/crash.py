"""When the loop dies: an error screen with a short code, a line in a bounded log file.

The code (4 hex digits) hashes the exception type with the file and line it was raised at, so
one bug shows one code on every board and in the simulator: a player can read it out in a report.
The code is drawn with fill_rect from a built-in 3x5 font, because the crash may be in the text
drawing itself; the words around it use lockdown.draw when that still imports.
"""
import gc
import io
import os
import sys

from micropython import const

LOG = "errors.log"
LOG_LIMIT = const(2048)  # errors.log never grows past this: old lines drop off the top
_SCALE = const(4)
# 3x5 glyphs for 0-F: five rows of three bits, top row first, left pixel the high bit
HEX_FONT = (0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7249,
            0x7BEF, 0x7BCF, 0x7BED, 0x6BAE, 0x7927, 0x6B6E, 0x79E7, 0x79E4)


def trace(e):
    """The traceback of `e` as text, on MicroPython and CPython alike."""
    buf = io.StringIO()
    if hasattr(sys, "print_exception"):
        # The stubs' StringIO is incomplete: no IOBase_mp base, no getvalue (the port has both).
        sys.print_exception(e, buf)  # pyright: ignore[reportArgumentType]
    else:
        # CPython only; the port passes check against MicroPython's stdlib stubs, which have none.
        import traceback  # pyright: ignore[reportMissingImports]
        traceback.print_exception(type(e), e, e.__traceback__, file=buf)
    return buf.getvalue()  # pyright: ignore[reportAttributeAccessIssue]


def where(text):
    """(file name, line) of the innermost frame in a traceback's text; ("?", 0) if none."""
    name, line = "?", 0
    for row in text.split("\n"):
        row = row.strip()
        if row.startswith('File "'):
            path, _, rest = row[6:].partition('", line ')
            name = path.rpartition("/")[2].rpartition("\\")[2]
            line = int(rest.partition(",")[0])
    return name, line


def code(kind, name, line):
    """4 hex digits from FNV-1a of "type:file:line": the same on every build of the same source."""
    h = 0x811C9DC5
    for b in ("%s:%s:%d" % (kind, name, line)).encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return "%04X" % ((h ^ (h >> 16)) & 0xFFFF)


def draw_code(fb, digits, x, y):
    """Big hex digits, 12x20 pixels each, from fill_rect alone."""
    for ch in digits:
        bits = HEX_FONT[int(ch, 16)]
        for i in range(15):
            if bits & (0x4000 >> i):
                fb.fill_rect(x + i % 3 * _SCALE, y + i // 3 * _SCALE, _SCALE, _SCALE, 1)
        x += 4 * _SCALE


def screen(fb, digits, kind):
    fb.fill(0)
    fb.fill_rect(0, 0, 128, 12, 1)
    draw_code(fb, digits, 34, 16)
    try:
        from lockdown.draw import centre
        centre(fb, "ERROR", 2, 0)
        centre(fb, kind[:20], 42)
        centre(fb, "restarting", 54)
    except Exception:  # the words are a courtesy; the code is what matters
        pass


def append(store, name, line, limit):
    """Adds a line to `store`'s log `name`, which never grows past `limit` bytes: old lines drop
    off the top (here, not in storage.py: only a crash writes a log)."""
    if store.off:
        return
    path = store.path(name)
    try:
        size = os.stat(path)[6]
    except OSError:
        size = 0
    if size + len(line) + 1 <= limit:
        with open(path, "a") as f:
            f.write(line + "\n")
        return
    with open(path, "rb") as f:
        f.seek(max(0, size - limit // 2))
        tail = f.read()
    store.write(name, tail[tail.find(b"\n") + 1:].decode() + line[:limit // 2 - 1] + "\n")


def report(hw, store, e):
    """Tells the serial console, the screen and errors.log about `e`; returns its code."""
    gc.collect()  # the crash may be a MemoryError: make room for the report
    kind = type(e).__name__
    try:
        text = trace(e)
    except MemoryError:  # no room for the traceback: the code is then the type's alone
        text = ""
    name, line = where(text)
    digits = code(kind, name, line)
    entry = "%s %s %s:%d %s" % (digits, kind, name, line, str(e)[:80])
    try:
        hw.log(text + "error " + entry)
    except Exception:
        pass
    if hw.display:
        try:
            screen(hw.display.fb, digits, kind)
            hw.display.show()
        except Exception:
            pass
    try:
        append(store, LOG, entry, LOG_LIMIT)
    except Exception as x:
        hw.log("errors.log: %s" % x)
    return digits
