#!/usr/bin/env bash
# readme_example.sh CXX BIN VALGRIND...: compiles the guide's C++ host (the
# ```cpp block with "struct screen : xyz::host"), runs it (under VALGRIND
# when given) and compares what it prints with the block's "// prints:" lines.
set -euo pipefail
cxx=$1 bin=$2
shift 2
python3 - "$bin/readme-host.cpp" "$bin/readme-host.expected" <<'PY'
import re, sys
readme = open("docs/guide.md").read()
block = next(b for b in re.findall(r"```cpp\n(.*?)```", readme, re.S) if "struct screen : xyz::host" in b and "// prints:\n" in b)
open(sys.argv[1], "w").write(block)
printed = block.split("// prints:\n", 1)[1]
open(sys.argv[2], "w").write("".join(line[3:] + "\n" for line in printed.splitlines()))
PY
$cxx -std=c++17 -Wall -Wextra -Werror -pedantic -Iinclude "$bin/readme-host.cpp" -o "$bin/readme-host" \
    -L"$bin" -lxyzalert -Wl,-rpath,"$bin"
"$@" "$bin/readme-host" > "$bin/readme-host.out"
diff "$bin/readme-host.expected" "$bin/readme-host.out"
echo "ok   the guide's C++ host (docs/guide.md) prints what it says"
