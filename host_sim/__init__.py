"""Desktop simulator: runs the firmware's app unchanged against fake hardware."""
from host_sim import paths  # noqa: F401  (puts firmware/ and the shims on sys.path)
