"""A board in memory, standing in for tools/deploy.py's Mpremote transport.

It keeps a flat filesystem ({path: bytes} plus folders), answers the version check with a
settable sys.implementation._mpy and set of frozen modules, records every call in `calls`, and can lose its cable after
a set number of writes or while writing a given file, leaving that file half done, as a real
pulled cable does.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
import deploy  # noqa: E402

ARCHES = {"rp2": 4, "esp32": 10}  # armv6m, xtensawin (the index in the .mpy arch list)


def mpy_value(version=6, sub=3, platform="rp2"):
    """sys.implementation._mpy: version, then sub-version and arch in the flags byte."""
    return version | (sub | ARCHES[platform] << 2) << 8


class FakeBoard:
    def __init__(self, files=None, release="1.24.1", platform="rp2", mpy=None):
        self.files = dict(files or {})
        self.dirs = {"/"}
        self.release, self.platform = release, platform
        self.mpy = mpy_value(platform=platform) if mpy is None else mpy
        self.frozen = set()  # module names frozen in the firmware, as help('modules') lists them
        self.calls = []
        self.writes_left = None  # None: the cable holds
        self.cut_on = None  # a board path: the cable goes half way through writing it

    def _write(self):
        if self.writes_left is not None:
            if self.writes_left == 0:
                raise deploy.TransportError("lost the board during a write: could not enter raw repl")
            self.writes_left -= 1

    def info(self):
        self.calls.append(("info",))
        return self.mpy, self.release, self.platform, set(self.frozen)

    def describe(self):
        return "a fake board"

    def read(self, path):
        self.calls.append(("read", path))
        data = self.files.get(path)
        return None if data is None else data.decode()

    def ls(self, paths):
        self.calls.append(("ls", tuple(paths)))
        out = {}
        for d in paths:
            if d in self.dirs:
                inside = [p for p in list(self.files) + list(self.dirs) if p != d and p.rsplit("/", 1)[0] == d.rstrip("/")]
                out[d] = sorted(p.rsplit("/", 1)[1] + ("/" if p in self.dirs else "") for p in inside)
        return out

    def cp(self, pairs):
        self.calls.append(("cp", tuple(remote for _, remote in pairs)))
        for local, remote in pairs:
            with open(local, "rb") as f:
                data = f.read()
            if remote.rsplit("/", 1)[0] not in self.dirs | {""}:
                raise deploy.TransportError("copying %s: no such folder on the board" % remote)
            try:
                self._write()
                if remote == self.cut_on:
                    raise deploy.TransportError("lost the board during copying files: serial read failed")
            except deploy.TransportError:
                self.files[remote] = data[: len(data) // 2]
                raise
            self.files[remote] = data

    def rm(self, paths):
        self.calls.append(("rm", tuple(paths)))
        for p in paths:
            self._write()
            if p not in self.files:
                raise deploy.TransportError("rm %s: no such file" % p)
            del self.files[p]

    def mkdir(self, path):
        self.calls.append(("mkdir", path))
        self._write()
        if path in self.dirs or path in self.files:
            raise deploy.TransportError("mkdir %s: exists" % path)
        if (path.rsplit("/", 1)[0] or "/") not in self.dirs:
            raise deploy.TransportError("mkdir %s: no parent folder" % path)
        self.dirs.add(path)

    def rmdir(self, paths):
        self.calls.append(("rmdir", tuple(paths)))
        for p in paths:
            self._write()
            if p not in self.dirs or any(q.startswith(p + "/") for q in list(self.files) + list(self.dirs)):
                raise deploy.TransportError("rmdir %s: missing or not empty" % p)
            self.dirs.remove(p)

    def mip(self, package):
        self.calls.append(("mip", package))
        self._write()
        self.dirs.add("/lib")
        self.files["/lib/%s.mpy" % package] = b"M\x06"

    def reset(self):
        self.calls.append(("reset",))

    def mount(self, local, code):
        self.calls.append(("mount", local, code))

    def copied(self):
        """Every board path copied, in order, over all calls."""
        return [p for c in self.calls if c[0] == "cp" for p in c[1]]
