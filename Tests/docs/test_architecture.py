"""docs/architecture.md names only what exists: every file or folder path,
and every Type.member or module.function it puts in backticks."""
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs/architecture.md"
FILE = re.compile(r"^[\w./+-]+\.(swift|c|h|hpp|py|md|map|mjs|mts)$|^[\w.+-]+(/[\w.+-]+)*/$")
MEMBER = re.compile(r"^([A-Za-z_]\w*)\.([A-Za-z_]\w*)(\(.*\))?$")


def tracked():
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    # Every folder that holds a file, at any depth.
    folders = {"/".join(f.split("/")[:i]) + "/" for f in files for i in range(1, f.count("/") + 1)}
    return files, folders


def names(page):
    return re.findall(r"`([^`\n]+)`", page)


def test_every_path_it_names_exists():
    files, folders = tracked()
    missing = []
    for name in names(PAGE.read_text()):
        if not FILE.match(name):
            continue
        if name.endswith("/"):
            ok = any(f == name or f.endswith("/" + name) for f in folders)
        else:
            ok = any(f == name or f.endswith("/" + name) for f in files)
        if not ok:
            missing.append(name)
    assert not missing, "docs/architecture.md names paths that do not exist: %s" % missing


#: Names in backticks that are neither a type's member nor a module's
#: function: the built library and module, and the example call the walk-through follows.
NOT_MEMBERS = {"libxyzalert.so", "xyzalert.wasm", "home.add(alert)"}


def test_every_type_member_and_module_function_it_names_exists():
    files, _ = tracked()
    sources = {f: (REPO / f).read_text(errors="replace") for f in files
               if f.startswith(("Sources/", "bindings/python/xyzalert/", "include/"))}
    missing = []
    for name in names(PAGE.read_text()):
        m = MEMBER.match(name)
        if not m or FILE.match(name) or name in NOT_MEMBERS:
            continue
        owner, member = m.group(1), m.group(2)
        homes = [text for f, text in sources.items()
                 if Path(f).stem == owner or re.search(r"(class|struct|enum|extension|protocol) %s\b" % owner, text)]
        defined = re.compile(r"(func|def|var|let|case|class|struct|enum) `?%s\b|^%s = " % (member, member), re.M)
        if not any(defined.search(text) for text in homes):
            missing.append(name)
    assert not missing, "docs/architecture.md names what does not exist: %s" % missing


#: The source files allowed past 500 lines: the C contracts, whose prose
#: documents every function (a header split in two would be two contracts).
LONG_FILES = {"include/xyzalert.h", "include/xyzalert_tooling.h"}


def test_no_source_file_is_over_500_lines():
    files, _ = tracked()
    long = [f for f in files
            if f.endswith((".swift", ".c", ".h", ".hpp", ".cpp", ".py", ".js", ".mjs", ".sh")) and f not in LONG_FILES
            and len((REPO / f).read_text(errors="replace").splitlines()) > 500]
    assert not long, "over 500 lines (one job per file): %s" % long
