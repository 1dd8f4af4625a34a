"""Finds and loads ``libxyzalert.so`` (``XYZALERT_LIBRARY``, the package's own
copy, the build tree, the system), checking its version.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import c_int
from pathlib import Path
from typing import Iterator, List, Tuple


#: The header version these bindings were written against.
EXPECTED_MAJOR = 0
EXPECTED_MINOR = 5


def _candidates() -> Iterator[Tuple[str, str]]:
    override = os.environ.get("XYZALERT_LIBRARY")
    if override:
        yield "XYZALERT_LIBRARY", override
        return
    here = Path(__file__).resolve().parent
    yield "the package's own copy", str(here / "libxyzalert.so")
    root = here.parent.parent.parent
    for config in ("debug", "release"):
        for path in sorted(root.glob(f".build/*/{config}/libxyzalert.so")):
            yield f"the build tree ({config})", str(path)
    # An installed library, by its soname, wherever the dynamic linker looks
    # (LD_LIBRARY_PATH, its cache, the default directories).
    yield "the system library path", f"libxyzalert.so.{EXPECTED_MAJOR}"


def _load() -> ctypes.CDLL:
    tried: List[str] = []
    for where, path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(f"{where}: {path} (not found)")
            continue
        try:
            library = ctypes.CDLL(path)
        except OSError as error:
            tried.append(f"{where}: {path} ({error})")
            continue
        library.xyz_version.restype = c_int
        version = library.xyz_version()
        major, minor = version // 1000000, version // 1000 % 1000
        if major != EXPECTED_MAJOR or minor < EXPECTED_MINOR:
            tried.append(f"{where}: {path} (version {major}.{minor}, need {EXPECTED_MAJOR}.{EXPECTED_MINOR} or a "
                         f"later {EXPECTED_MAJOR}.x)")
            continue
        return library
    raise ImportError("cannot load libxyzalert.so; tried:\n  " + "\n  ".join(tried)
                      + "\nSet XYZALERT_LIBRARY to the library's path (build it with `make lib`).")


#: The loaded library, its functions not declared yet (see `_declarations`).
library = _load()
