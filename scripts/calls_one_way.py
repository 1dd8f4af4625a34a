"""Checks that calls between the engine's folders go one way, as
docs/architecture.md draws them (`make lint`).

    python3 scripts/calls_one_way.py            # problems, exit status 1 if any
    python3 scripts/calls_one_way.py --edges    # every call between folders

The engine is one Swift module whose folders hold jobs (Sources/XYZAlert/
README.md). A folder calls only folders below it in LAYERS; a folder below
reaches one above only through that folder's SURFACE (the few functions
made for it: settling a call, ending an alert, marking lanes to look at,
the guards of public calls); Recording/ observes every folder and is
called from each. Anything else is a problem, unless EXCEPTIONS names it
with its reason.

What counts as a call: `name(` in code (comments and strings left out)
where `name` is a function declared in exactly one folder and nothing of
another folder is declared with that name (a name two folders use, for a
function, variable or label, proves nothing and is left out). Types are
not calls: every folder may name the engine's types.
"""
import re
import sys
from collections import defaultdict
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "Sources" / "XYZAlert"

#: Top to bottom; folders on one line are peers, which do not call each other.
LAYERS = [
    ["Campaigns"],
    ["Pages", "Explain"],
    ["Scheduling"],
    ["Policies"],
    ["Calendars"],
    ["Model"],
    ["Rules", "Containers"],
    ["Values"],
]

#: Folders every folder may call and that may call every folder.
OBSERVERS = {"Recording"}

#: What a folder offers the folders below it: "file" (every function of
#: the file) or "file:function", with why.
SURFACE = {
    "Scheduling/Settlement.swift": "settling: how every public call, in any folder, ends",
    "Scheduling/CallbackThread.swift": "running host code: every callback, in any folder",
    "Scheduling/Invariants.swift": "checked builds' check after every public call",
    "Scheduling/Domain.swift:requireMutable": "the guard of every call that changes the schedule",
    "Scheduling/Ending.swift:endAndReport": "ending an alert, with its events",
    "Scheduling/Ending.swift:endSilently": "ending an alert whose events its caller delivers (capacity's drops)",
    "Scheduling/Cancelling.swift:cancelMany": "ending alerts one by one as cancels do (a lane's limit lowered)",
    "Scheduling/CandidateQueues.swift:updateQueue": "an alert a policy held back or let go leaves or takes its queue",
    "Scheduling/Lanes.swift:markLaneDirty": "a change that gives a lane's pass something new",
    "Scheduling/Lanes.swift:markAllLanesDirty": "the same, for every lane (caps, gaps, limits changed)",
    "Scheduling/Lanes.swift:unsettleLane": "the same, for a lane whose limit's ranking must be made again",
    "Pages/Dispatch.swift:requireUsable": "the guard of every call on a page",
    "Scheduling/Selection.swift:include": "`ScreenTop`, the selection's view of a lane's top, which a lane's limit fills",
    "Campaigns/Tracking.swift:trackBuiltIn": "the built-in events the engine reports (page_appear, session_start)",
}

#: Names the Swift standard library also gives methods (`Optional.take`,
#: `Array.insert`, ...): a call of one proves nothing.
STANDARD_NAMES = {"insert", "joined", "split", "take", "remove", "append", "contains", "index", "first", "last", "min", "max"}

#: Calls against the drawn direction that stay, with why: (caller file,
#: function) -> reason.
EXCEPTIONS = {
    ("Scheduling/Passes.swift", "endControl"):
        "a control instance ends at the moment it would show, which only the pass knows; "
        "the campaign reports it (Campaigns/Tracking.swift)",
}


def strip(text):
    """Swift source without comments and string literals."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def read_engine():
    """{folder/file: code} for every Swift file of the engine."""
    return {"%s/%s" % (path.parent.name, path.name): strip(path.read_text())
            for path in sorted(ENGINE.glob("*/*.swift"))}


def homes(files):
    """{function name: [files declaring it]} for names that only one
    folder declares, as anything."""
    any_declaration, functions = defaultdict(set), defaultdict(list)
    for name, code in files.items():
        folder = name.split("/")[0]
        for m in re.finditer(r"\b(?:func|var|let|case|class|struct|enum|protocol|typealias)\s+(\w+)", code):
            any_declaration[m.group(1)].add(folder)
        for m in re.finditer(r"[(,]\s*(\w+)(?:\s+\w+)?\s*:", code):  # parameters and labels
            any_declaration[m.group(1)].add(folder)
        for m in re.finditer(r"\bfunc\s+(\w+)", code):
            functions[m.group(1)].append(name)
    return {name: places for name, places in functions.items()
            if len({p.split("/")[0] for p in places}) == 1 and any_declaration[name] == {places[0].split("/")[0]}}


def rank_of():
    ranks = {}
    for i, line in enumerate(LAYERS):
        for folder in line:
            ranks[folder] = len(LAYERS) - i
    return ranks


def calls(files, home):
    """(caller file, callee folder, function, callee files) for every call
    between two folders."""
    found = []
    for name, code in files.items():
        folder = name.split("/")[0]
        for function in sorted(set(re.findall(r"\b(\w+)\s*\(", code))):
            places = home.get(function)
            if places and places[0].split("/")[0] != folder and function not in STANDARD_NAMES:
                found.append((name, places[0].split("/")[0], function, places))
    return found


def offered(function, places):
    return all(p in SURFACE or "%s:%s" % (p, function) in SURFACE for p in places)


def problems(files=None):
    files = files if files is not None else read_engine()
    ranks, out, used = rank_of(), [], set()
    for caller, callee, function, places in calls(files, homes(files)):
        folder = caller.split("/")[0]
        if folder in OBSERVERS or callee in OBSERVERS:
            continue
        for folder_name in (folder, callee):
            if folder_name not in ranks:
                out.append("%s: folder %s is in no layer of scripts/calls_one_way.py" % (caller, folder_name))
        if folder not in ranks or callee not in ranks or ranks[callee] < ranks[folder]:
            continue
        if (caller, function) in EXCEPTIONS:
            used.add((caller, function))
        elif ranks[callee] > ranks[folder] and offered(function, places):
            continue
        else:
            direction = "up to" if ranks[callee] > ranks[folder] else "across to its peer"
            out.append("%s calls %s() %s %s (%s)" % (caller, function, direction, callee, ", ".join(places)))
    for stale in sorted(set(EXCEPTIONS) - used):
        out.append("EXCEPTIONS names a call that is no longer made: %s in %s" % (stale[1], stale[0]))
    for entry in SURFACE:
        path = entry.split(":")[0]
        if path not in files:
            out.append("SURFACE names a file that does not exist: %s" % path)
    return out


def main():
    files = read_engine()
    if "--edges" in sys.argv[1:]:
        for caller, callee, function, _ in calls(files, homes(files)):
            print("%s -> %s: %s" % (caller, callee, function))
        return 0
    found = problems(files)
    for problem in found:
        print("calls one way: " + problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
