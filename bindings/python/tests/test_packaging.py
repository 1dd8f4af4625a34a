"""The package installs with pip into a fresh virtual environment and finds
the library through XYZALERT_LIBRARY alone; without a library, the
ImportError lists every place it tried."""

import os
import subprocess
import sys
import venv

from conftest import REPO

PACKAGE = REPO / "bindings" / "python"


def library_path() -> str:
    if os.environ.get("XYZALERT_LIBRARY"):
        return os.environ["XYZALERT_LIBRARY"]
    return str(next(REPO.glob(".build/*/debug/libxyzalert.so")))


def clean_environment(**extra: str) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("XYZALERT", "PYTHON"))}
    env.update(extra)
    return env


def test_pip_install_into_a_fresh_virtualenv(tmp_path):
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(tmp_path / "venv")
    python = str(tmp_path / "venv" / "bin" / "python")
    # The README's command; pip's isolated build fetches setuptools from PyPI.
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(PACKAGE)],
                   check=True, cwd=tmp_path, env=clean_environment())
    result = subprocess.run([python, "-c", "import xyzalert; print(xyzalert.version(), xyzalert.__file__)"],
                            check=True, capture_output=True, text=True, cwd=tmp_path,
                            env=clean_environment(XYZALERT_LIBRARY=library_path()))
    version, location = result.stdout.split()
    import xyzalert
    assert version == xyzalert.__version__ == xyzalert.version()
    assert str(tmp_path / "venv") in location


def test_a_missing_library_is_one_clear_import_error(tmp_path):
    result = subprocess.run([sys.executable, "-c", "import xyzalert"], capture_output=True, text=True, cwd=PACKAGE,
                            env=clean_environment(XYZALERT_LIBRARY=str(tmp_path / "missing.so")))
    assert result.returncode != 0
    assert "ImportError: cannot load libxyzalert.so; tried:" in result.stderr
    assert f"XYZALERT_LIBRARY: {tmp_path / 'missing.so'} (not found)" in result.stderr
    assert "Set XYZALERT_LIBRARY" in result.stderr
