#!/usr/bin/env bash
# `rulesrun tree`: exact counts of games counted by hand (tests/games/tree_counts.rules, Pig) as text and --json,
# the seed games at a small depth (the JSON's structure), and wrong input: a missing file, a depth out of range, an
# unknown option, a rule failing during the walk (its place and the moves that led there).
# Usage: cli_tree_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_tree_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_tree_test.sh RULESRUN SOURCE_DIR}
COUNTS="$SOURCE/tests/games/tree_counts.rules"
PIG="$SOURCE/rules/pig.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# run EXPECTED_CODE ARGS...: rulesrun with nothing on standard input; stdout in $WORK/out, stderr in $WORK/err.
run() { run_with_input 120 "$1" /dev/null "${@:2}"; }

# ---- counts as text ------------------------------------------------------------------------------------------------
run 0 tree "$COUNTS" --depth 4
contains "$WORK/out" "Tree counts: 2 players, seed 1" "the heading"
contains "$WORK/out" "depth  sequences   terminal" "the columns"
contains "$WORK/out" "    1          6          2" "depth 1 (worked out in the rules file)"
contains "$WORK/out" "    3         80         80" "depth 3"
contains "$WORK/out" "    4          0          0" "depth 4: every game is over"

run 0 tree "$PIG" --depth 3 --option target=10 --seed 5
contains "$WORK/out" "Pig: 2 players, seed 5, target=10" "the heading names the seed and the options"
contains "$WORK/out" "    3        343          6" "Pig: 7^3 sequences, 6 banking 10 at once"

# ---- counts as JSON ------------------------------------------------------------------------------------------------
run 0 tree "$COUNTS" --depth 4 --json
python3 - "$WORK/out" <<'PY' || fail "tree --json of the counted game"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["title"] == "Tree counts" and d["players"] == 2 and d["seed"] == 1, d
assert d["options"] == {}, d
got = [(x["depth"], x["sequences"], x["terminal"]) for x in d["depths"]]
assert got == [(0, 2, 0), (1, 6, 2), (2, 24, 4), (3, 80, 80), (4, 0, 0)], got
PY

# Every seed game at depth 2: one row per depth, sequences never fewer than the terminal ones, none ending before
# the first decision.
for file in "$SOURCE"/rules/*.rules; do
    run 0 tree "$file" --depth 2 --json
    python3 - "$WORK/out" "$file" <<'PY' || fail "tree --json of $file"
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"title", "file", "players", "seed", "options", "depths"}, d.keys()
assert d["file"] == sys.argv[2], d["file"]
assert [x["depth"] for x in d["depths"]] == [0, 1, 2], d["depths"]
for x in d["depths"]:
    assert 0 <= x["terminal"] <= x["sequences"], x
assert d["depths"][0]["terminal"] == 0 and d["depths"][1]["sequences"] > 0, d["depths"]
PY
done

# Diamant: everyone in the mine decides at once, so a ply is a combination of their choices (2 x 2 x 2 with 3).
run 0 tree "$SOURCE/rules/diamant.rules" --depth 1 --players 3 --json
python3 - "$WORK/out" <<'PY' || fail "Diamant's joint decision"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["players"] == 3 and d["depths"][1]["sequences"] == 8 * d["depths"][0]["sequences"], d
PY

# ---- wrong input ---------------------------------------------------------------------------------------------------
run 1 tree "$WORK/missing.rules" --depth 2
contains "$WORK/err" "missing.rules" "a missing file is named"
run 2 tree "$PIG"
contains "$WORK/err" "--depth" "the depth is required"
run 2 tree "$PIG" --depth 0
contains "$WORK/err" "not a whole number from 1 to 1000" "depth 0"
run 2 tree "$PIG" --depth -1
run 2 tree "$PIG" --depth 100000
contains "$WORK/err" "not a whole number from 1 to 1000" "an absurd depth"
run 2 tree "$PIG" --depth 2 --option goal=3
contains "$WORK/err" "goal" "an unknown option is named"
run 2 tree "$PIG" --depth 2 --players 3
run 2 tree "$PIG" --depth 2 --seed -4

cat >"$WORK/fails.rules" <<'RULES'
game "Fails" {
  players 2
}
die d6: 6 faces
play {
  let p = first_player()
  let n = choose one of [1, 2] by p "pick"
  if n == 2 and roll(d6) == 4 {
    let nothing: list of int = []
    let most = max(nothing)
    say "{most}"
  }
  end game with winners [p]
}
RULES
run 1 tree "$WORK/fails.rules" --depth 3
contains "$WORK/err" "a rule failed: " "the rule's failure"
contains "$WORK/err" "fails.rules:10:" "the failing rule's place"
contains "$WORK/err" "after: start; player 1: 2 (drew 4)" "the moves that led there, with the number drawn"

run 0 tree --help
contains "$WORK/out" "shuffle is dealt once from the seed" "--help says shuffles are not enumerated"
contains "$WORK/out" "exponentially" "--help says the counts grow exponentially"
run 2
contains "$WORK/err" "tree" "rulesrun alone lists the command"

if [[ $failures -gt 0 ]]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all tree checks passed"
