# Shared by the shell test suites (source it): pass, fail and expect, and the
# closing "N passed, N failed" line (`finish`, which also sets the exit status).
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; shift; printf '  %s\n' "$@"; }

# expect NAME EXPECTED-EXIT ACTUAL-EXIT [EXPECTED-TEXT ACTUAL-TEXT]
expect() {
    local name=$1 want=$2 got=$3
    if [ "$got" != "$want" ]; then
        fail "$name" "exit status $got, expected $want"
    elif [ $# -ge 5 ] && [ "$4" != "$5" ]; then
        fail "$name" "expected: $4" "actual:   $5"
    else
        pass "$name"
    fi
}

finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
