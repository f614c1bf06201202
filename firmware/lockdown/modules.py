"""Forgetting modules safely: a module is forgotten (lockdown.games.unload) to give its RAM back,
and the next import loads it again. That is safe only while nothing holds the old copy, or two
copies would both live. `forget` forgets only modules that no other of our loaded modules holds
at its top level (the module, a function or a class of it), that no loaded module lives inside
(a package), and that none of the given objects (the screens, the session) holds an object of,
one or two attributes down. Imported for each forget and forgotten after it (App.tidy): about
1 KB back between closes, for an import from flash each time.

It allocates little: on a board the garbage of a scan would raise the heap's raw peak.
"""
import sys

from lockdown.games import unload

_MODULE = type(sys)
_NONE = type(None)


def forget(names, roots=()):
    """Forgets each loaded module of `names` that neither another of our modules nor `roots`
    uses, and keeps the others; one held only by modules forgotten with it goes too. One look at
    what holds what."""
    names = [n for n in names if n in sys.modules]
    holders = _holders(roots, names)
    gone = []
    more = True
    while more:
        more = False
        for n in names:
            if n not in gone and _free(holders.get(n), gone):
                gone.append(n)
                more = True
    for n in gone:
        unload(n)


def _free(holders, gone):
    """Is every holder itself going? (A loop, not all(): no generator made at each call.)"""
    if holders:
        for h in holders:
            if h not in gone:
                return False
    return True


def _children(name, holders):
    """A package is held by each loaded module inside it."""
    if "__path__" not in sys.modules[name].__dict__:  # not a package: a dict look, no scan
        return
    k = len(name)
    for other in sys.modules:
        if len(other) > k and other.startswith(name) and other.find(".", k) == k:
            _add(holders, name, other)


def _origin(v):
    """The module `v` was made in (a module's own name, a function's or a class's module, an
    object's class's), or None for a plain value. The commonest kinds are asked first, and by
    type: a failed getattr costs an exception."""
    t = type(v)
    if t is _FUNCTION:
        return v.__globals__.get("__name__")
    if t is int or t is str or t is tuple:
        return None
    if t is _MODULE:
        return v.__name__
    if isinstance(v, type):
        return getattr(v, "__module__", None)
    g = getattr(v, "__globals__", None)  # another kind of function
    if g is not None:
        return g.get("__name__")
    return getattr(t, "__module__", None)


def _holders(roots, names):
    """{name: what holds it} for those of `names` in use: the loaded modules of ours that hold it
    at their top level (not itself, nor its package, whose attributes its submodules are), those
    inside it (a package), and None where `roots` or their attributes, two levels down, hold an
    object of it (it stays; so does this module)."""
    holders = {__name__: [None]}  # this module: kept once imported, as the App uses it at every close
    for name in sys.modules:
        if not name.startswith("lockdown."):
            continue  # ours only: the board has no others, and a desktop has thousands
        k = len(name)
        for v in sys.modules[name].__dict__.values():
            o = _origin(v)
            if o is None or o == name or o not in names:
                continue
            if type(v) is _MODULE and o.startswith(name) and o.find(".", k) == k and o.find(".", k + 1) < 0:
                continue  # a submodule, an attribute of its package
            _add(holders, o, name)
    for r in roots:
        _walk(r, holders, names, 2)
    for n in names:
        _children(n, holders)
    return holders


def _add(holders, o, by):
    h = holders.get(o)
    if h is None:
        holders[o] = [by]
    elif by not in h:
        h.append(by)


def _walk(v, holders, names, depth):
    t = type(v)
    if t is int or t is bool or t is bytearray or t is str or t is _NONE:  # what a session holds most
        return
    o = _origin(v)
    if o in names:
        _add(holders, o, None)
    if t is list or t is tuple:  # not `in (list, tuple)`: that tuple would be made at each call
        for x in v:
            o = _origin(x)
            if o in names:
                _add(holders, o, None)
    elif depth and t is not _MODULE and not isinstance(v, type):
        d = getattr(v, "__dict__", None)
        if d:
            for x in d.values():
                _walk(x, holders, names, depth - 1)


_FUNCTION = type(_walk)
