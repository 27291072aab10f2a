#!/usr/bin/env bash
# The command line of rulesrun: exit codes (0 no error, 1 errors, 2 usage), --json, --help, several errors reported
# in one run, and hostile input that must be refused without a crash.
# Usage: cli_test.sh PATH/TO/rulesrun PATH/TO/tests
set -euo pipefail

RULESRUN=${1:?usage: cli_test.sh RULESRUN TESTS_DIR}
TESTS=${2:?usage: cli_test.sh RULESRUN TESTS_DIR}
# The unknown-zone error comes from the semantic checker. Set RULESRUN_CLI_SEMANTIC=0 to tolerate its absence.
SEMANTIC=${RULESRUN_CLI_SEMANTIC:-1}

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# run EXPECTED_CODE ARGS...: rulesrun with nothing on standard input; stdout in $WORK/out, stderr in $WORK/err.
run() { run_with_input 20 "$1" /dev/null "${@:2}"; }

# ---- exit codes ----------------------------------------------------------------------------------------------
run 0 check "$TESTS/cli/tiny_game.rules"
run 0 check --json "$TESTS/cli/tiny_game.rules"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d == [], d' "$WORK/out" ||
    fail "--json on a clean file must print an empty JSON array"

run 2 check                                   # no file
run 2 check --no-such-flag "$TESTS/cli/tiny_game.rules"
run 2 --no-such-flag
run 2                                         # no command
run 2 frobnicate "$TESTS/cli/tiny_game.rules"  # unknown command

run 1 check "$WORK/does_not_exist.rules"
contains "$WORK/err" "no such file" "a missing file"

# ---- help ----------------------------------------------------------------------------------------------------
run 0 --help
contains "$WORK/out" "check" "--help"
run 0 check --help
contains "$WORK/out" "check" "check --help"
contains "$WORK/out" "--json" "check --help"

# ---- three mistakes in one file, all reported in one run -------------------------------------------------------
cat >"$WORK/three_mistakes.rules" <<'RULES'
game "Three mistakes" {
  players 2
}

card Chip { value: int }
deck chips: Chip = [Chip(value: v) for v in 1..3]  zone pile: Chip = chips

procedur deal() {
  say "dealing"
}

play {
  move top(pile) to discard
  end game
}

procedure tidy() {
  say "tidy"

stat moves "moves made"
RULES
run 1 check "$WORK/three_mistakes.rules"
contains "$WORK/err" "three_mistakes.rules:8:1: error: 'procedur' does not start a declaration" "misspelled keyword"
contains "$WORK/err" "three_mistakes.rules:20:1: error: expected a statement or '}' to close the block opened at 17:18" \
    "unclosed block"
if [[ $SEMANTIC == 1 ]]; then
    contains "$WORK/err" "three_mistakes.rules:13:21: error: unknown name 'discard'" "unknown zone"
fi
if grep -q $'\033' "$WORK/err"; then fail "colour codes in output that is not a terminal"; fi

run 1 check --json "$WORK/three_mistakes.rules"
python3 - "$WORK/out" "$SEMANTIC" <<'PY' || fail "--json output of three_mistakes.rules"
import json, sys
diagnostics = json.load(open(sys.argv[1]))
semantic = sys.argv[2] == "1"
assert isinstance(diagnostics, list), "not a JSON array"
for d in diagnostics:
    assert set(d) == {"file", "line", "column", "severity", "message"}, f"keys: {sorted(d)}"
    assert isinstance(d["file"], str) and d["file"].endswith("three_mistakes.rules"), d
    assert isinstance(d["line"], int) and isinstance(d["column"], int), d
    assert d["severity"] in ("error", "warning"), d
    assert isinstance(d["message"], str) and d["message"], d
errors = {(d["line"], d["column"]): d["message"] for d in diagnostics if d["severity"] == "error"}
wanted = {(8, 1): "does not start a declaration", (20, 1): "to close the block opened at 17:18"}
if semantic:
    wanted[(13, 21)] = "unknown name 'discard'"
for where, text in wanted.items():
    assert where in errors and text in errors[where], f"no error '{text}' at {where}: {errors}"
if semantic:
    assert len(errors) == 3, f"expected exactly three errors: {errors}"
print("ok:   --json gives", len(diagnostics), "diagnostics with file/line/column/severity/message")
PY

# Several files in one run: the clean one does not hide the broken one.
run 1 check "$TESTS/cli/tiny_game.rules" "$WORK/three_mistakes.rules"
contains "$WORK/err" "three_mistakes.rules:8:1" "two files in one run"

# ---- hostile input: exit 1, no crash, within the time limit -------------------------------------------------------
: >"$WORK/empty.rules"
run 1 check "$WORK/empty.rules"
contains "$WORK/err" "empty" "empty file"

head -c 120 "$TESTS/cli/tiny_game.rules" >"$WORK/truncated.rules"
run 1 check "$WORK/truncated.rules"
contains "$WORK/err" "unexpected end of file" "truncated file"

head -c 100000 /dev/urandom >"$WORK/random.rules"
run 1 check "$WORK/random.rules"
run 1 check --json "$WORK/random.rules"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert len(d) == 1 and d[0]["severity"] == "error"' \
    "$WORK/out" || fail "--json on random bytes"

printf 'game "T" {\n  players\0 2\n}\n' >"$WORK/nul.rules"
run 1 check "$WORK/nul.rules"
contains "$WORK/err" "nul.rules:2:10: error: this is not a text file" "NUL byte"

python3 -c 'import sys; sys.stdout.write("function f(): int = " + "(" * 100000)' >"$WORK/deep.rules"
run 1 check "$WORK/deep.rules"
contains "$WORK/err" "nested too deeply" "deep nesting"

python3 -c 'import sys; sys.stdout.write("# x\n" * (10 * 1024 * 1024 // 4))' >"$WORK/big.rules"
start=$(date +%s%N)
run 1 check "$WORK/big.rules"
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
contains "$WORK/err" "too large" "10 MB file"
[[ $elapsed_ms -lt 2000 ]] || fail "a 10 MB file took ${elapsed_ms} ms to refuse"

# ---- hostile input: long chains and deep nesting give an error, never a crash (each file is under 1 MB) ---------
if true; then
    python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
game = 'game "T" {\n  players 2\n}\nplay {\n  end game\n}\n'
files = {
    "sum_chain": "function f(): int = 1" + " + 1" * 20000,
    "and_chain": "function f(): bool = true" + " and true" * 20000,
    "field_chain": "function f(): int = a" + ".b" * 20000,
    "index_chain": "function f(): int = a" + "[1]" * 20000,
    "unary_minus": "function f(): int = " + "-" * 20000 + "1",
    "not_chain": "function f(): bool = " + "not " * 20000 + "true",
    "else_if_chain": "procedure p() {\n  if true { } " + "else if true { } " * 20000 + "\n}",
}
for name, text in files.items():
    open(f"{work}/{name}.rules", "w").write(game + text + "\n")
PY
    for name in sum_chain and_chain field_chain index_chain unary_minus not_chain else_if_chain; do
        code=0
        timeout 20 "$RULESRUN" check "$WORK/$name.rules" >/dev/null 2>&1 || code=$?
        if [[ $code -gt 1 ]]; then fail "rulesrun check $name.rules crashed (exit code $code)"; else echo "ok:   $name -> $code"; fi
    done
fi

if [[ $failures -gt 0 ]]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all command-line checks passed"
