"""What pyproject.toml cannot say: a wheel built with the library inside it
(`make wheel` copies libxyzalert.so into xyzalert/) holds a binary, so it is
not pure: the package goes to platlib (the wheel's top level), and the tag
is py3-none-<platform> (the package itself is pure Python, loaded through
ctypes, so any CPython 3 on that platform runs it). `make wheel` then has
auditwheel turn the platform into a manylinux tag. Without the library the
wheel stays py3-none-any."""

from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel

BUNDLED = (Path(__file__).parent / "xyzalert" / "libxyzalert.so").exists()


class LibraryDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return BUNDLED


class PlatformWheel(bdist_wheel):
    def get_tag(self):  # type: ignore[no-untyped-def]
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if BUNDLED else (python, abi, platform)


setup(distclass=LibraryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
