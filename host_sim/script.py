"""The simulator's script language: one command per line, checked whole before anything runs.

    turn alarm|prox +N|-N     turn a knob N detents (+ is clockwise), 1 <= N <= 9999
    press alarm|prox|go       a short press of a knob's switch or the GO button
    hold alarm|prox|go [MS]   hold a button MS ms (default and minimum 1000, when the hold fires)
    wait MS                   let MS ms pass (animations, screensaver); MS at most 3600000 (1 h)
    die N                     the device's next die roll shows N (1 to 6)
    shot FILE.png             save the screen as a PNG, FILE relative to the current directory

`#` starts a comment; blank lines are ignored. A malformed line stops the run before the first
command with "FILE:LINE: expected "FORM", got "TEXT"", so a typo never leaves half a game behind;
so does a line that is not UTF-8 text. A wait or hold of up to an hour runs in well under a second.
"""
from lockdown.events import ALARM, GO, HOLD_MS, PROX

TURN_MAX = 9999  # detents in one turn command
WAIT_MAX = 3600000  # ms in one wait or hold command: the virtual clock runs it in ticks

KNOBS = {"alarm": ALARM, "prox": PROX}
BUTTONS = {"alarm": ALARM, "prox": PROX, "go": GO}

FORMS = {
    "turn": "turn alarm|prox +N|-N",
    "press": "press alarm|prox|go",
    "hold": "hold alarm|prox|go [MS]",
    "wait": "wait MS",
    "die": "die N",
    "shot": "shot FILE.png",
}


class ScriptError(Exception):
    """A malformed script line (exit status 2) or a failing command (exit status 1)."""

    def __init__(self, where, line, message):
        super().__init__("%s:%d: %s" % (where, line, message))
        self.line = line


class Command:
    def __init__(self, line, text, name, args):
        self.line = line  # 1-based line number in the script
        self.text = text  # the command as written, without its comment
        self.name = name  # a key of FORMS
        self.args = args  # parsed arguments, ready for the Sim method of the same name


def _digits(word):
    """Plain decimal digits only (ASCII: MicroPython has no isascii)."""
    return bool(word) and all(c in "0123456789" for c in word)


def _count(word, least=0, most=WAIT_MAX):
    """A plain decimal count from least to most, or None."""
    if not _digits(word):
        return None
    if len(word.lstrip("0")) > len(str(most)):  # never int() of thousands of digits
        return None
    n = int(word)
    return n if least <= n <= most else None


def _too_big(word, most):
    """Digits of a count above `most`."""
    return _digits(word) and _count(word, 0, most) is None


def _signed(word):
    """+N or -N, 1 <= N <= TURN_MAX (the sign is required: it says which way the knob turns), or None."""
    if len(word) < 2 or word[0] not in "+-":
        return None
    n = _count(word[1:], 1, TURN_MAX)
    return None if n is None else (n if word[0] == "+" else -n)


def _parse_args(name, words):
    """The arguments of one command, or (None, note) saying what is wrong beyond the form."""
    n = len(words)
    if name == "turn" and n == 2 and words[0] in KNOBS:
        if _signed(words[1]) is not None:
            return (KNOBS[words[0]], _signed(words[1])), ""
        big = words[1][:1] in "+-" and _too_big(words[1][1:], TURN_MAX)
        return None, " (N from 1 to %d)" % TURN_MAX if big else ""
    if name == "press" and n == 1 and words[0] in BUTTONS:
        return (BUTTONS[words[0]],), ""
    if name == "hold" and n in (1, 2) and words[0] in BUTTONS:
        ms = HOLD_MS if n == 1 else _count(words[1], HOLD_MS)
        if ms is not None:
            return (BUTTONS[words[0]], ms), ""
        return None, " (MS from %d to %d)" % (HOLD_MS, WAIT_MAX)
    if name == "wait" and n == 1:
        if _count(words[0]) is not None:
            return (_count(words[0]),), ""
        return None, " (MS at most %d)" % WAIT_MAX if _too_big(words[0], WAIT_MAX) else ""
    if name == "die":
        face = _count(words[0], 1) if n == 1 else None
        if face is not None and face <= 6:
            return (face,), ""
        return None, " (N from 1 to 6)"
    if name == "shot" and n == 1 and words[0].lower().endswith(".png") and len(words[0]) > 4:
        return (words[0],), ""
    return None, ""


def decode(data, where="script"):
    """A script file's bytes as text; raises ScriptError at the first line that is not UTF-8 text."""
    try:
        text = data.decode("utf-8")
    except UnicodeError:
        text = None
    if text is None or "\0" in text:
        for number, raw in enumerate(data.split(b"\n"), 1):
            try:
                raw.decode("utf-8")
            except UnicodeError:
                raise ScriptError(where, number, "not UTF-8 text (a binary file?)")
            if b"\0" in raw:
                raise ScriptError(where, number, "not text: a NUL byte (a binary file?)")
    return text


def parse(text, where="script"):
    """Every command of a script, in order; raises ScriptError at the first malformed line."""
    commands = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        name = words[0]
        shown = line if len(line) <= 60 else line[:57] + "..."  # a line of 5,000 digits is not echoed
        if name not in FORMS:
            raise ScriptError(where, number, 'expected a command (%s), got "%s"'
                              % (", ".join(FORMS), shown))
        args, note = _parse_args(name, words[1:])
        if args is None:
            raise ScriptError(where, number, 'expected "%s"%s, got "%s"' % (FORMS[name], note, shown))
        commands.append(Command(number, line, name, args))
    return commands


def run(commands, sim, where="script"):
    """Runs parsed commands on a Sim; a command that fails raises ScriptError with its line."""
    for c in commands:
        try:
            getattr(sim, c.name)(*c.args)
        except Exception as e:
            raise ScriptError(where, c.line, '"%s" failed: %s: %s'
                              % (c.text, type(e).__name__, e)) from e
