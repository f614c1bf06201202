"""The boot notice: something the group must know (a save set aside, a config problem)."""
from micropython import const

from lockdown import draw
from lockdown.ui import View, title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App, Session


def wrap(text, width=21):
    """Lines of at most `width` characters, broken at spaces and at the text's own newlines."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = word
            else:
                line = line + " " + word if line else word
        out.append(line)
    return out


class Notice(View):
    """Something the group must know at boot (a save set aside, a config problem); any press closes."""
    app: "App[Session]"

    def __init__(self, app: "App[Session]", text):
        super().__init__(app)
        self.lines = wrap(text)
        self.top = 0

    def draw(self, fb):
        title_bar(fb, "NOTICE")
        for i, line in enumerate(self.lines[self.top:self.top + 5]):
            draw.text(fb, line, 1, 10 + i * 9)
        fb.fill_rect(0, 55, 128, 9, 1)
        draw.centre(fb, "any button: OK", 56, 0)

    def turn(self, knob, n):
        self.top = min(max(self.top + n, 0), max(len(self.lines) - 5, 0))
