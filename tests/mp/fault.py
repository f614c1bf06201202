"""A fault at a known line, so an error code can be compared between MicroPython and CPython."""


def fail():
    raise ValueError("fault")
