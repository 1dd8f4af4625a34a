#!/usr/bin/env bash
# check.sh CXX: every file here must fail to compile (C++17 unless its
# "// std:" line says otherwise) with the message of its "// expect:" line.
set -u
cxx=${1:-c++}
dir=$(dirname "$0")
passed=0 failed=0
for file in "$dir"/*.cpp; do
    std=$(sed -n 's|^// std: ||p' "$file")
    expect=$(sed -n 's|^// expect: ||p' "$file")
    if output=$($cxx -std="${std:-c++17}" -Wall -Wextra -Werror -Iinclude -fsyntax-only "$file" 2>&1); then
        echo "FAIL $(basename "$file"): it compiled"
        failed=$((failed + 1))
    elif ! grep -qF -- "$expect" <<< "$output"; then
        echo "FAIL $(basename "$file"): no \"$expect\" in:"
        echo "$output" | head -20
        failed=$((failed + 1))
    else
        echo "ok   does not compile: $(basename "$file" .cpp)"
        passed=$((passed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
