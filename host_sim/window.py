"""The simulator in a window (pygame): the OLED scaled up, two knobs and the GO button to click.

Unlike a terminal, a mouse reports releases, so holds are real: keep a knob or GO pressed for
HOLD_MS and the hold fires while it is still down; its release then presses nothing, as on the
board. The mouse wheel over a knob turns it; the keyboard works as in the terminal.
"""
import os
import sys

from lockdown.events import ALARM, GO, HOLD_MS, PROX
from host_sim.runner import HEIGHT, WIDTH
from host_sim import png
from host_sim.terminal import HELP, KEYMAP, NAMES, perform

SCALE = 4
MARGIN = 24
OLED = (MARGIN, MARGIN, WIDTH * SCALE, HEIGHT * SCALE)  # x, y, w, h
SIZE = (WIDTH * SCALE + 2 * MARGIN, 560)
# control -> (centre x, centre y, radius)
CONTROLS = {ALARM: (MARGIN + 90, 360, 56), GO: (SIZE[0] // 2, 360, 42), PROX: (SIZE[0] - MARGIN - 90, 360, 56)}
PANEL = (38, 40, 46)
STEP_DEG = 18  # a knob turns this far per detent (20 detents a revolution)


def control_at(pos):
    """The knob or button under a point, or None."""
    for control, (cx, cy, r) in CONTROLS.items():
        if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= r * r:
            return control
    return None


class Window:
    """Input handling and drawing, kept apart from the event loop so tests can drive it."""

    def __init__(self, sim, pygame):
        self.sim = sim
        self.pg = pygame
        self.mouse = (0, 0)
        self.down = None  # [control, since_ms, hold_fired] while the mouse button is down on one
        self.angle = {ALARM: 0, PROX: 0}
        self.status = "wheel over a knob turns it; click presses, hold 1 s holds"
        self.font = pygame.font.Font(None, 22)
        self.oled = (None, None)  # (frame, its scaled surface): redrawn only when the frame changes

    def handle(self, event, now):
        """Applies one pygame event at `now` ms; False when the window should close."""
        pg = self.pg
        if event.type == pg.QUIT:
            return False
        if event.type in (pg.MOUSEMOTION, pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pg.MOUSEWHEEL:
            knob = control_at(self.mouse)
            if knob in self.angle and event.y:
                self.do(("turn", knob, event.y))
        elif event.type == pg.MOUSEBUTTONDOWN and event.button == 1:
            control = control_at(event.pos)
            if control is not None:
                self.down = [control, now, False]
        elif event.type == pg.MOUSEBUTTONUP and event.button == 1 and self.down:
            if not self.down[2]:
                self.do(("press", self.down[0], 0))
            self.down = None
        elif event.type == pg.KEYDOWN:
            key = {pg.K_UP: "UP", pg.K_DOWN: "DOWN"}.get(event.key) or event.unicode
            action = KEYMAP.get(key)
            if action and action[0] == "quit":
                return False
            if action:
                self.do(action)
        return True

    def do(self, action):
        if action[0] == "turn":
            self.angle[action[1]] += action[2] * STEP_DEG
        self.status = perform(self.sim, action)

    def update(self, now):
        """Lets time run to `now` ms, firing the hold of a control kept down HOLD_MS."""
        if self.down and not self.down[2] and now - self.down[1] >= HOLD_MS:
            self.sim.wait(self.down[1] + HOLD_MS - self.sim.now)
            self.do(("hold", self.down[0], 0))
            self.down[2] = True
        self.sim.wait(now - self.sim.now)

    def draw(self, surface):
        pg = self.pg
        surface.fill(PANEL)
        frame = self.sim.frame()
        if frame != self.oled[0]:
            img = png.image(frame, SCALE)  # the same OLED look as the screenshots
            self.oled = (frame, pg.image.frombuffer(img.tobytes(), img.size, "RGB"))
        surface.blit(self.oled[1], OLED[:2])
        pg.draw.rect(surface, (70, 72, 80), pg.Rect(OLED).inflate(8, 8), 4)
        for control, (cx, cy, r) in CONTROLS.items():
            pressed = self.down and self.down[0] == control
            pg.draw.circle(surface, (150, 30, 30) if control == GO else (90, 92, 100), (cx, cy), r)
            pg.draw.circle(surface, (230, 230, 230) if pressed else (20, 20, 24), (cx, cy), r, 3)
            if control in self.angle:
                v = pg.math.Vector2(0, -(r - 10)).rotate(self.angle[control])
                pg.draw.line(surface, (240, 240, 240), (cx, cy), (cx + v.x, cy + v.y), 4)
            label = self.font.render(NAMES[control], True, (220, 220, 220))
            surface.blit(label, label.get_rect(center=(cx, cy + r + 14)))
        y = SIZE[1] - 22 * (len(HELP) + 1) - 12
        for line in HELP + (self.status,):
            line = line.replace("\u2191/\u2193", "up/down")  # pygame's default font has no arrows
            surface.blit(self.font.render(line, True, (200, 200, 200)), (MARGIN, y))
            y += 22


def no_display(environ=None, platform=None):
    """Why no window can be shown here, or None. On Linux and the BSDs a window needs an X11 or
    Wayland display (DISPLAY / WAYLAND_DISPLAY); without one SDL would quietly fall back to an
    off-screen driver and the simulator would run where nobody sees it. An SDL_VIDEODRIVER set
    on purpose (dummy, offscreen, kmsdrm) is taken as asked."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if platform.startswith(("win", "darwin", "cygwin")) or environ.get("SDL_VIDEODRIVER"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return ("--window needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set "
            "(over SSH: ssh -X, or run the terminal simulator without --window)")


def run(sim):
    """Opens the window and runs until it is closed or q is pressed; 2 when it cannot open."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        print("The window needs pygame: pip install -e '.[window]'  (or: pip install pygame)",
              file=sys.stderr)
        return 2
    try:
        pygame.display.init()  # not pygame.init(): the simulator makes no sound
        pygame.font.init()
        surface = pygame.display.set_mode(SIZE)
    except pygame.error as e:
        pygame.quit()
        print("--window: no window could be opened: %s" % e, file=sys.stderr)
        return 2
    try:
        pygame.display.set_caption("Lockdown simulator")
        win = Window(sim, pygame)
        start = pygame.time.get_ticks() - sim.now
        clock = pygame.time.Clock()
        while True:
            now = pygame.time.get_ticks() - start
            for event in pygame.event.get():
                if not win.handle(event, now):
                    return 0
            win.update(now)
            win.draw(surface)
            pygame.display.flip()
            clock.tick(50)
    finally:
        pygame.quit()
