#!/usr/bin/env bash
# Tests of the xyzalert tool (docs/cli.md, docs/formats.md): golden traces for
# every example, exact diagnostics for every bad input, exit codes, and inputs
# too large or too deep to check in. Usage: test_cli.sh PATH-TO-xyzalert
# Run from the repository root. Ends with "N passed, N failed".
set -u
XYZALERT=$(realpath "$1")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
. Tests/expect.sh

# source_lines FILE LINE COLUMN: the two lines check prints under a located
# error in an ASCII file (the line, a caret under the column).
source_lines() {
    local number
    number=$(printf '%5d' "$2")
    printf '%s | %s\n%*s| %*s^' "$number" "$(sed -n "$2p" "$1")" $((${#number} + 1)) "" $(($3 - 1)) ""
}

# The suite, in six parts, in order (each may use what the ones before set).
for part in commands inputs features conventions explain backtest; do
    . "Tests/cli/$part.sh"
done

finish
