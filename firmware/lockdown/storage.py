"""Files on flash: the game save, written so that a power cut can never leave half of one.

A file is replaced by writing `<stem>.tmp`, closing it, then renaming it over the real name.
littlefs commits a rename atomically, so a save always holds one whole game: the one from
before the interrupted write or the one after it. A save that will not load is moved aside to
<stem>.bad (for a bug report) and a new game starts: a bad file must never stop the board booting.
A folder that holds one of those names (put there by hand) is left alone: the next free name
(<stem>.tmp1, <stem>.bad1, ...) is used instead, and a notice names the file where it really is.
Each game has its own save file (Infiltration's is game.json); the store knows no save format:
the session it is handed writes and reads its own text (dumps, loads). A save that is a JSON
object with an "id" names its game: a game with the newest archive's id replaces it.
"""
import os

from micropython import const

from lockdown.games import unload

SAVE = "game.json"
ARCHIVE = "log"  # finished games, log/<n>.json, for the desktop export
SAVE_MAX = 16384  # bytes: a real save is a few KB; anything bigger is set aside unread
CRASHES = "crashes"  # crashes since the loop last ran steadily; absent when there were none
CRASH_LIMIT = 3  # this many in a row and the save is set aside: it may be what crashes the app
_NOT_SAVED = const("Not saved (error %s)")  # on the device: the game runs on from RAM, unsaved
EISDIR = const(21)  # what a write says when every temporary name is a folder
_SPARES = const(10)  # <name>, <name>1 .. <name>9: the names tried past folders that hold them

_replace = getattr(os, "replace", os.rename)  # CPython on Windows will not rename over a file


def _stem(name):
    return name.rpartition(".")[0] or name


def not_saved(e):
    """What the device says when a write failed: the flash is full, or the error's number."""
    n = e.args[0] if e.args else "?"
    return "Not saved: flash full" if n == 28 else _NOT_SAVED % n


def _is_dir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0  # S_IFDIR, on littlefs, FAT and POSIX alike
    except OSError:
        return False


class Store:
    """The files under one folder (the board's `root`); `log` reports to the serial console.

    `save` names the game's save file and `archive` the folder its finished games go to.
    root None is a device without files (the simulator without --save-dir): nothing is kept.
    """

    def __init__(self, root, log=print, save=SAVE, archive=ARCHIVE):
        self.off = root is None
        self.root = root.rstrip("/") + "/" if root else ""
        self.log = log
        self.save_name = save
        self.bad = _stem(save) + ".bad"  # the first choice; _set_aside says where a save really went
        self.archive_dir = archive
        self._finished = None  # the last save's text while its game was over

    def path(self, name):
        return self.root + name

    def exists(self, name):
        if self.off:
            return False
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def remove(self, name):
        if self.off:
            return
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def spare(self, name):
        """`name`, or the first of name1 .. name9 that no folder holds (None if every one does)."""
        for i in range(_SPARES):
            n = name + str(i) if i else name
            if not _is_dir(self.path(n)):
                return n
        return None

    def write(self, name, text):
        """Replaces `name` with `text` in one step: a reader sees the old file or the new one."""
        if self.off:
            return
        tmp = self.spare(_stem(name) + ".tmp")
        if tmp is None:
            raise OSError(EISDIR)  # every temporary name is a folder
        tmp = self.path(tmp)
        with open(tmp, "w") as f:
            f.write(text)
        _replace(tmp, self.path(name))

    def save(self, session):
        """Saves the session's game; a new game replacing a finished one archives that one."""
        text = session.dumps()
        if self._finished and session.fresh:
            self.archive(self._finished)
        self._finished = text if session.over else None
        self.write(self.save_name, text)

    def archive(self, text):
        """Keeps a finished game in the archive folder (lockdown/archive.py, imported only for it)."""
        if self.off:
            return
        from lockdown.archive import keep
        try:
            keep(self, text)
        finally:
            unload("lockdown.archive")

    def restore(self, session):
        """Loads the saved game into `session`; returns None, or a notice when the save was set aside.

        A <stem>.tmp (or the spare name a folder made it use) is a write that a power cut
        interrupted: it is removed, never loaded.
        """
        name = self.save_name
        tmp = self.spare(_stem(name) + ".tmp")
        if tmp:
            self.remove(tmp)
        if not self.exists(name):  # no game saved yet (asked first: errno values differ by port)
            return None
        try:
            size = os.stat(self.path(name))[6]
            if size > SAVE_MAX:  # refused before reading: it would not fit in the heap
                return self._set_aside("too big, %d bytes" % size)
            with open(self.path(name), "rb") as f:
                text = f.read().decode()
            session.loads(text)
            # what a new game archives: the game as loaded (an older save's text has no id)
            self._finished = session.dumps() if session.over else None
            return None
        except OSError as e:
            why = "cannot read it: %s" % e
        except UnicodeError:
            why = "not text"
        except MemoryError:  # nested too deep for the heap: the board must boot all the same
            why = "too big for memory"
        except Exception as e:  # whatever is in the file, the board must boot
            why = str(e) or type(e).__name__  # setaside.py cuts it to fit the notice
        return self._set_aside(why)

    def crashes(self):
        """Crashes in a row before this boot (0 when the loop last ran steadily)."""
        if not self.exists(CRASHES):
            return 0
        try:
            with open(self.path(CRASHES)) as f:
                return int(f.read() or 0)
        except (OSError, ValueError):
            return 0

    def count_crash(self):
        self.write(CRASHES, str(self.crashes() + 1))

    def steady(self):
        """The loop ran steadily: a run of crashes, if there was one, is over."""
        self.remove(CRASHES)

    def set_aside_after_crashes(self):
        """The save crashed the app CRASH_LIMIT times in a row: keep it for a bug report, start anew."""
        self.steady()
        if self.exists(self.save_name):
            return self._set_aside("crashed the app %d times in a row" % CRASH_LIMIT, True)
        return None

    def _set_aside(self, why, crashed=False):
        """Moves the save aside and returns the notice (lockdown/setaside.py, imported for it)."""
        from lockdown.setaside import keep
        try:
            return keep(self, why, crashed)
        finally:
            unload("lockdown.setaside")

    def rename(self, name, to):
        _replace(self.path(name), self.path(to))
