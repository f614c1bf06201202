"""CPython stand-in for MicroPython's `micropython` module, so firmware imports run unchanged."""


def const(value):
    return value


def native(func):
    return func


viper = native
