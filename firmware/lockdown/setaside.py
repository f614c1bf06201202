"""A save that will not load (or that crashed the app) is moved aside for a bug report, and the
notice says where it really went. Imported only then, and forgotten again (storage.py)."""
from lockdown.storage import EISDIR

UNREADABLE = "%s could not be loaded (%s). %s; a new game starts."
CRASHED = "The game crashed 3 times. %s; a new game starts."
KEPT = "It is kept as %s"
NOT_KEPT = "It could not be kept (%s)"  # the next save replaces it: the notice must not say "kept"


def keep(store, why, crashed):
    """Moves the save to <stem>.bad (or the next name no folder holds); returns the notice. `why`
    is said without a loader's "save: " prefix, cut to fit the notice."""
    if why.startswith("save: "):
        why = why[6:]
    why = why[:60]
    save = store.save_name
    bad = store.spare(store.bad)
    try:
        if bad is None:
            raise OSError(EISDIR)
        older = store.exists(bad)
        store.rename(save, bad)
        store.log("%s: %s; kept as %s%s" % (save, why, bad, " (replacing an older one)" if older else ""))
        kept = KEPT % bad
    except OSError as e:
        store.log("%s: %s; could not keep it (%s)" % (save, why, e))
        kept = NOT_KEPT % e
    return CRASHED % kept if crashed else UNREADABLE % (save, why, kept)
