"""manifest.py, run against a stand-in of MicroPython's manifest functions: it freezes exactly
the modules tools/deploy.py would copy as .mpy (every firmware module, nothing else)."""
import os
import shutil

from tests import mpy
from tests.fake_board import deploy

ROOT = mpy.ROOT


class Manifest:
    """The manifest functions, as tools/manifestfile.py in MicroPython defines them: paths are
    relative to the manifest's folder; package() without files takes every .py below it."""

    def __init__(self, folder):
        self.folder = folder
        self.frozen = {}  # name on the board (lockdown/app.py) -> file
        self.included = []

    def run(self, path):
        with open(path) as f:
            code = f.read()
        exec(code, {"include": self.included.append, "package": self.package, "module": self.module,
                    "require": self.unexpected("require"), "freeze": self.unexpected("freeze")})
        return self

    def unexpected(self, name):
        def call(*args, **kw):
            raise AssertionError("manifest.py calls %s%r: it should freeze only our modules" % (name, args))
        return call

    def package(self, package_path, files=None, base_path=".", opt=None):
        base = os.path.join(self.folder, base_path)
        assert files is None, "a file list would need an edit for every new module"
        for top, _, names in os.walk(os.path.join(base, package_path), followlinks=True):
            for n in names:
                if n.endswith(".py"):
                    path = os.path.join(top, n)
                    self.frozen[os.path.relpath(path, base).replace(os.sep, "/")] = os.path.normpath(path)

    def module(self, module_path, base_path=".", opt=None):
        self.frozen[module_path] = os.path.normpath(os.path.join(self.folder, base_path, module_path))


def deployed_modules(root):
    """What deploy copies as .mpy, named as the manifest freezes them."""
    return {deploy.module_name(p) + ".py": os.path.normpath(src) for p, src in deploy.sources(root).items() if p.endswith(".mpy")}


def test_manifest_freezes_every_firmware_module_and_nothing_else():
    m = Manifest(ROOT).run(os.path.join(ROOT, "manifest.py"))
    assert m.frozen == deployed_modules(ROOT)
    assert "main.py" not in m.frozen and any(k.startswith("boards/") for k in m.frozen)
    assert m.included == ["$(PORT_DIR)/boards/manifest.py"]  # the port's asyncio stays frozen


def test_manifest_follows_new_modules_and_folders_without_an_edit(tmp_path):
    for rel in ("firmware/main.py", "firmware/lockdown/app.py", "firmware/lockdown/games/new/rules/game.py",
                "boards/pico.py", "tools/deploy.py", "tests/test_x.py", "firmware/lockdown/games/new/rules.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("X = 1\n")
    shutil.copy(os.path.join(ROOT, "manifest.py"), tmp_path / "manifest.py")
    m = Manifest(str(tmp_path)).run(str(tmp_path / "manifest.py"))
    assert sorted(m.frozen) == ["boards/pico.py", "lockdown/app.py", "lockdown/games/new/rules/game.py"]
    assert set(m.frozen) == set(deployed_modules(str(tmp_path)))
