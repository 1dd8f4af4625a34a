"""Sphinx configuration of XYZAlert's documentation site (`make docs`).

The sources are docs/ itself: the guide's Markdown pages (read by MyST), the
front page docs/index.md and the reference pages under docs/api/. The C
and C++ references come from Doxygen's XML (docs/site/Doxyfile.c and
Doxyfile.cpp, written under .build/docs/doxygen/ first) through Breathe; the
Python reference from the package's docstrings through autodoc, importing
bindings/python with the library XYZALERT_LIBRARY names.
"""

import os
import pathlib
import re
import sys

here = pathlib.Path(__file__).resolve().parent
repository = here.parent.parent
sys.path.insert(0, str(here / "_ext"))
sys.path.insert(0, str(repository / "bindings" / "python"))

header = (repository / "include" / "xyzalert.h").read_text()
version = release = re.search(r'#define XYZALERT_VERSION_STRING "([^"]+)"', header).group(1)

project = "XYZAlert"
author = "the XYZAlert authors"
copyright = "the XYZAlert authors, MIT license"

extensions = [
    "myst_parser",
    "breathe",
    "sphinx.ext.autodoc",
    "xyzalert_reference",
]

root_doc = "index"
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
# Pictures and sources the pages show are files of docs/; the rest of it
# (the manual page's roff, the Sphinx configuration) is not a page.
exclude_patterns = ["site", "reference", "xyzalert.1", "*.svg"]

myst_heading_anchors = 3
# A guide link to a file of the repository outside docs/ (an example,
# CONTRIBUTING.md) keeps its text without a target (xyzalert_reference's
# RepositoryLinks); a link to a page or file that does not exist fails.

doxygen = repository / ".build" / "docs" / "doxygen"
xyz_include = str(repository / "include")
breathe_projects = {"c": str(doxygen / "c" / "xml"), "cpp": str(doxygen / "cpp" / "xml")}
breathe_default_project = "c"
breathe_domain_by_extension = {"h": "c", "hpp": "cpp"}
breathe_show_include = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "alabaster"
html_title = f"XYZAlert {version}"
html_static_path = []
html_theme_options = {
    "description": "A headless alert scheduling engine",
    "fixed_sidebar": True,
    "show_relbars": True,
}
html_copy_source = False
html_show_sourcelink = False

# The library autodoc imports the package with.
if "XYZALERT_LIBRARY" not in os.environ:
    raise RuntimeError("set XYZALERT_LIBRARY to a built libxyzalert.so (make docs does)")
