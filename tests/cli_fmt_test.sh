#!/usr/bin/env bash
# `rulesrun fmt`: the project's rules files are formatted (what CI checks: `rulesrun fmt --check rules/ stdlib/`);
# --check names the files that are not and exits 1 without writing; without it they are rewritten, and a second run
# changes nothing; '-' formats standard input; a file with a syntax error is left alone with its error; wrong input.
# Usage: cli_fmt_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_fmt_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_fmt_test.sh RULESRUN SOURCE_DIR}

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

run() { run_with_input 60 "$1" /dev/null "${@:2}"; }

# ---- the project's files -------------------------------------------------------------------------------------------
run 0 fmt --check "$SOURCE/rules/" "$SOURCE/stdlib/" "$SOURCE/tests/games/"
lacks "$WORK/out" "not formatted" "every rules file of the project is formatted"

# ---- --check and rewriting -----------------------------------------------------------------------------------------
mkdir -p "$WORK/games/more"
printf 'game "Messy" {\nplayers 2\n}\nplay {\n      end game with draw   # at once\n}\n' > "$WORK/games/messy.rules"
printf 'game "Tidy" {\n  players 2\n}\nplay {\n  end game with draw\n}\n' > "$WORK/games/more/tidy.rules"
cp "$WORK/games/messy.rules" "$WORK/messy.before"
run 1 fmt --check "$WORK/games"
contains "$WORK/out" "$WORK/games/messy.rules: not formatted" "--check names the file"
lacks "$WORK/out" "tidy.rules" "--check names only the files that are not formatted"
contains "$WORK/err" "1 of 2 file(s) not formatted" "--check says how many"
cmp -s "$WORK/games/messy.rules" "$WORK/messy.before" || fail "--check must not write"

run 0 fmt "$WORK/games"
contains "$WORK/out" "$WORK/games/messy.rules: formatted" "the file rewritten is named"
# The comment ending a line keeps its column.
printf 'game "Messy" {\n  players 2\n}\nplay {\n  end game with draw       # at once\n}\n' > "$WORK/messy.expected"
cmp -s "$WORK/games/messy.rules" "$WORK/messy.expected" || fail "the layout: $(cat "$WORK/games/messy.rules")"
run 0 fmt --check "$WORK/games"
run 0 fmt "$WORK/games/messy.rules"
[[ ! -s $WORK/out ]] || fail "a formatted file is left alone: $(cat "$WORK/out")"

# ---- standard input ------------------------------------------------------------------------------------------------
run_with_input 60 0 "$WORK/messy.before" fmt -
cmp -s "$WORK/out" "$WORK/messy.expected" || fail "'fmt -' writes the formatted text: $(cat "$WORK/out")"
run_with_input 60 1 "$WORK/messy.before" fmt --check -

# ---- errors --------------------------------------------------------------------------------------------------------
printf 'play {\n  let = 3\n}\n' > "$WORK/broken.rules"
cp "$WORK/broken.rules" "$WORK/broken.before"
run 1 fmt "$WORK/broken.rules"
contains "$WORK/err" "broken.rules:2:" "the syntax error's place"
contains "$WORK/err" "not formatted: it has errors" "the file is named as left alone"
cmp -s "$WORK/broken.rules" "$WORK/broken.before" || fail "a file with errors must not be written"
run 1 fmt "$WORK/missing.rules"
contains "$WORK/err" "no such file" "a missing file"
mkdir -p "$WORK/empty"
run 2 fmt "$WORK/empty"
contains "$WORK/err" "no .rules file" "a folder without rules files"
run 2 fmt
run 0 fmt --help
contains "$WORK/out" "--check" "--help lists --check"

if [[ $failures -gt 0 ]]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "rulesrun fmt: all checks passed"
