"""The tool's three descriptions say the same thing: its help text
(`xyzalert --help`, `xyzalert help COMMAND`), docs/cli.md and the manual
page docs/xyzalert.1. Compared: the usage line of every command, the exit
status table, and every option each command's help names. Prints
"docs agree" or each difference, and exits 1 on one.
Usage: python3 Tests/cli/check_docs.py XYZALERT (from the repository root)."""

import re
import subprocess
import sys

tool = sys.argv[1]
problems = []


def run(*arguments):
    return subprocess.run([tool, *arguments], check=True, capture_output=True, text=True).stdout


def words(text):
    return " ".join(text.split())


def usage_lines(block):
    """The usage lines of a synopsis: each starts with "xyzalert"; a line
    that does not continues the one before."""
    lines = []
    for line in block.splitlines():
        line = line.strip().removeprefix("usage:").strip()
        if line.startswith("xyzalert"):
            lines.append(line)
        elif line and lines:
            lines[-1] += " " + line
    return [words(line) for line in lines]


def roff_text(lines):
    """Plain text of roff lines: font macros, alternating fonts joined
    without spaces, escapes removed."""
    out = []
    for line in lines:
        line = line.replace("\\-", "-").replace("\\fR", "").replace("\\fI", "").replace("\\fB", "")
        line = line.replace("\\(dq", '"')
        match = re.match(r"\.(B|I|RB|IR|RI|BR|BI|IB)\s+(.*)", line)
        if match:
            macro, rest = match.groups()
            parts = [p.strip('"') for p in re.findall(r'"[^"]*"|\S+', rest)]
            out.append(("" if len(macro) == 2 else " ").join(parts))
        elif not line.startswith("."):
            out.append(line)
    return " ".join(out)


# 1. Usage lines.
help_usage = usage_lines(run("--help").split("\n\n")[1])
readme = open("docs/cli.md").read()
md_usage = usage_lines(re.search(r"```\n(xyzalert check.*?)```", readme, re.S).group(1))
man = open("docs/xyzalert.1").read()
synopsis = man.split(".SH SYNOPSIS\n", 1)[1].split(".SH", 1)[0]
man_usage = [words(roff_text(chunk.strip().splitlines())) for chunk in synopsis.split(".br\n")]
for name, lines in (("docs/cli.md", md_usage), ("docs/xyzalert.1", man_usage)):
    if lines != help_usage:
        problems.append(f"{name}'s synopsis differs from --help:\n  help: {help_usage}\n  {name}: {lines}")
for command in ("check", "simulate", "test", "graph", "eval", "backtest", "help"):
    own = usage_lines(run("help", command).split("\n\n")[0])
    if own[0] not in help_usage:
        problems.append(f"xyzalert help {command}'s usage {own[0]!r} is not in --help's")

# 2. The exit status table.
def table_rows(text):
    rows = re.findall(r"^  ([0-9])  (.*?)(?=^  [0-9]  |\Z)", text, re.S | re.M)
    return [(code, words(row)) for code, row in rows]


help_table = table_rows(run("--help").split("Exit status (every command):\n", 1)[1].split("\n\n")[0])
md_table = table_rows(readme.split("Exit status (every command):\n", 1)[1].split("```")[0])
exit_section = man.split(".SH EXIT STATUS\n", 1)[1].split(".SH", 1)[0]
man_table = [(code, words(roff_text(text.strip().splitlines())))
             for code, text in re.findall(r"\.TP\n\.B ([0-9])\n(.*?)(?=\.TP|\Z)", exit_section, re.S)]
if len(help_table) != 3:
    problems.append(f"--help's exit status table has {len(help_table)} rows")
for name, table in (("docs/cli.md", md_table), ("docs/xyzalert.1", man_table)):
    if table != help_table:
        problems.append(f"{name}'s exit status table differs from --help:\n  help: {help_table}\n  {name}: {table}")
for command in ("check", "simulate", "test", "graph", "eval", "backtest", "help"):
    if table_rows(run("help", command).split("Exit status (every command):\n", 1)[1]) != help_table:
        problems.append(f"xyzalert help {command} has another exit status table")

# 3. Every option a command's help names is in both documents.
plain_man = roff_text(man.splitlines())
for command in ("check", "simulate", "test", "graph", "eval", "backtest"):
    for option in sorted(set(re.findall(r"(--[a-z][a-z-]*)", run("help", command)))):
        if option not in readme:
            problems.append(f"docs/cli.md does not name {command}'s {option}")
        if option not in plain_man:
            problems.append(f"docs/xyzalert.1 does not name {command}'s {option}")

for problem in problems:
    print(problem)
print("docs agree" if not problems else f"{len(problems)} differences")
sys.exit(1 if problems else 0)
