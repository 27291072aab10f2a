# What the command-line tests share: python3 (they validate JSON with it), a scratch folder removed on exit,
# fail(), which counts failures so that a test script reports all of them before exiting, and running rulesrun
# ($RULESRUN) with checks of its output.
# Sourced by cli_test.sh and cli_play_test.sh.

command -v python3 >/dev/null || { echo "FAIL: python3 is needed to validate --json output"; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# run_with_input SECONDS EXPECTED_CODE INPUT_FILE ARGS...: runs rulesrun with a time limit and INPUT_FILE as standard
# input; stdout in $WORK/out, stderr in $WORK/err.
run_with_input() {
    local seconds=$1 expected=$2 input=$3
    shift 3
    local code=0
    timeout "$seconds" "$RULESRUN" "$@" <"$input" >"$WORK/out" 2>"$WORK/err" || code=$?
    if [[ $code -ge 124 ]]; then
        fail "rulesrun $* crashed or timed out (exit code $code)"
        sed 's/^/    /' "$WORK/err" | head -5
    elif [[ $code -ne $expected ]]; then
        fail "rulesrun $* exited with $code, expected $expected"
        sed 's/^/    /' "$WORK/err" | head -5
    else
        echo "ok:   rulesrun $* -> $code"
    fi
}

contains() {  # contains FILE TEXT DESCRIPTION
    grep -qF -- "$2" "$1" || fail "$3: '$2' not found in: $(head -c 600 "$1")"
}

lacks() {  # lacks FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then fail "$3: '$2' found in: $(head -c 600 "$1")"; fi
}

# zone_lines FILE: each zone line of a player's area on the screens in FILE, prefixed by its owner:
# "player 2|hand: 3 cards, secret". Screens list a player's zones indented under the player's own line.
zone_lines() {
    awk '/^  [^ ]/ { owner = ""; if (match($0, /^  [^:(]+/)) owner = substr($0, 3, RLENGTH - 2); sub(/ +$/, "", owner); next }
         /^    [a-z ]+: / && owner != "" { line = $0; sub(/^ +/, "", line); print owner "|" line }' "$1"
}

# require_browser SOURCE_DIR: fails the test at once unless Chromium and playwright-core (tests/browser) are there.
require_browser() {
    [[ -x /usr/bin/chromium ]] || { echo "FAIL: Chromium is needed (tools/setup.sh --tests installs it)"; exit 1; }
    [[ -d $1/tests/browser/node_modules/playwright-core ]] ||
        { echo "FAIL: playwright-core is needed in tests/browser (tools/setup.sh --tests installs it)"; exit 1; }
}
