"""The wheel's tag, the one thing pyproject.toml cannot say. The package is
pure Python; a wheel built with the library inside it (`make wheel` copies
libxyzalert.so into xyzalert/) is for one platform and is tagged so:
py3-none-<platform>. Without the library the wheel stays py3-none-any."""

from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel

BUNDLED = (Path(__file__).parent / "xyzalert" / "libxyzalert.so").exists()


class PlatformWheel(bdist_wheel):
    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = not BUNDLED

    def get_tag(self):  # type: ignore[no-untyped-def]
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if BUNDLED else (python, abi, platform)


setup(cmdclass={"bdist_wheel": PlatformWheel})
