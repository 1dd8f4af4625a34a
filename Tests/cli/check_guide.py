"""The guide's tool sessions are what the tool prints: every code block of
docs/guide.md's section TITLE whose first line is "$ xyzalert ARGS" is run
(from the repository root, standard error with standard output) and its
output compared with the block's other lines. Prints "guide agrees" or each
difference, and exits 1 on one.
Usage: python3 Tests/cli/check_guide.py XYZALERT TITLE"""

import re
import shlex
import subprocess
import sys

tool, title = sys.argv[1], sys.argv[2]
guide = open("docs/guide.md").read()
start = guide.index("\n## " + title + "\n")
end = guide.find("\n## ", start + 1)
section = guide[start:end if end >= 0 else None]
blocks = [b for b in re.findall(r"```\n(.*?)```", section, re.S) if b.startswith("$ xyzalert ")]
problems = 0
for block in blocks:
    command, *listed = block.rstrip("\n").split("\n")
    arguments = shlex.split(command[len("$ xyzalert "):])
    run = subprocess.run([tool, *arguments], capture_output=True, text=True, check=False)
    printed = (run.stderr + run.stdout if run.stderr else run.stdout).rstrip("\n").split("\n")
    if printed != listed:
        problems += 1
        print(f"{command}: the guide lists\n" + "\n".join(listed) + "\nbut the tool prints\n" + "\n".join(printed))
print(f"{len(blocks)} sessions" if problems == 0 and blocks else f"{problems} differences of {len(blocks)} sessions")
sys.exit(1 if problems or not blocks else 0)
