#!/usr/bin/env bash
# `rulesrun tune`: successive halving finds the option value whose game length is the one `simulate` measures at
# that value (the target is taken from simulate, so the right answer is known), reports it met inside its interval,
# as text and JSON; an unreachable target is reported missed; --vary NAME alone tries a range's evenly spaced values;
# wrong input: an unknown option or figure, a malformed target, a seat out of range. (--vary NAME alone narrows a range
# around its best value, pass after pass.)
# Usage: cli_tune_test.sh PATH/TO/rulesrun SOURCE_DIR
set -uo pipefail

RULESRUN=${1:?usage: cli_tune_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_tune_test.sh RULESRUN SOURCE_DIR}
PIG="$SOURCE/rules/pig.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

run() { run_with_input 300 "$1" /dev/null "${@:2}"; }

# ---- the length simulate measures at target=100 is found again -------------------------------------------------------
run 0 simulate "$PIG" --option target=100 --games 400 --seed 5 --json
length=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["length"]["mean"])' "$WORK/out")
run 0 tune "$PIG" --vary target=20,50,100,200,400 --target "length=$length" --games 400 --seed 5 --json
if python3 - "$WORK/out" "$length" <<'PY' || { fail "tune --json"; false; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["best"] == {"target": "100"}, d["best"]
assert d["games"] == 400 and d["met"] is True, d
(t,) = d["targets"]
assert t["figure"] == "length" and abs(t["mean"] - float(sys.argv[2])) < 1e-9 and t["low"] < t["mean"] < t["high"], t
rounds = d["rounds"]
assert [len(r["candidates"]) for r in rounds] == [5, 3, 2, 1], [len(r["candidates"]) for r in rounds]
assert [r["games"] for r in rounds] == [50, 100, 200, 400], [r["games"] for r in rounds]
PY
then echo "ok:   tune finds the setting whose length simulate measured, met inside its interval"; fi

run 0 tune "$PIG" --vary target=20,50,100,200,400 --target "length=$length" --games 400 --seed 5
contains "$WORK/out" "best: target=100 (400 games)" "the text names the best setting"
contains "$WORK/out" "met (inside the 95% interval)" "the text says the target is met"
contains "$WORK/out" "Every target lies inside its 95% interval." "the verdict"

# ---- a target no setting reaches is reported missed --------------------------------------------------------------
run 0 tune "$PIG" --vary target=20,50 --target length=5000 --games 100
contains "$WORK/out" "best: target=50" "the closest setting of an unreachable target"
contains "$WORK/out" "missed (" "an unreachable target is missed"
contains "$WORK/out" "Not every target is met" "the verdict of a miss"

# ---- --vary NAME alone: a range at evenly spaced values ------------------------------------------------------------
run 0 tune "$PIG" --vary target --target length=100 --games 64 --json
if python3 - "$WORK/out" <<'PY' || { fail "--vary alone"; false; }
import json, sys
d = json.load(open(sys.argv[1]))
tried = [c["settings"]["target"] for c in d["rounds"][0]["candidates"]]
assert len(tried) == 17 and "10" in tried and "1000" in tried, tried
# then closer around the best value, pass after pass, until neighbouring values are tried
passes = [r for r in d["rounds"] if len(r["candidates"]) == 17]
assert len(passes) >= 2, [len(r["candidates"]) for r in d["rounds"]]
last = sorted(int(c["settings"]["target"]) for c in passes[-1]["candidates"])
assert last == list(range(last[0], last[0] + 17)), last
assert d["best"]["target"] in [str(v) for v in last], d["best"]
PY
then echo "ok:   --vary alone tries 17 evenly spaced values of a range, then closer around the best"; fi

# ---- figures that say nothing say so ---------------------------------------------------------------------------------
# The run above tuned a real figure: no warning, and the bots named seat by seat.
run 0 tune "$PIG" --vary target=20,50 --target length=5000 --games 100 --bots hold_at_20,random --json
lacks "$WORK/err" "warning" "a real tune"
python3 - "$WORK/out" <<'PY' || fail "tune --json: bots, no warnings"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bots"] == "hold_at_20 (seat 1), random (seat 2)", d["bots"]
assert d["warnings"] == [], d["warnings"]
PY
DIAL="$SOURCE/tests/games/outcome_dial.rules"
run 0 tune "$DIAL" --vary decor --target length=2 --games 40 --json
contains "$WORK/err" "tune: warning: option decor changed nothing with 2 players: configurations that differ in decor alone gave exactly the same figures" \
    "an option varied that changes nothing"
python3 - "$WORK/out" <<'PY' || fail "tune --json's warnings"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bots"] == "random (seats 1-2)", d["bots"]
assert any(w.startswith("option decor changed nothing with 2 players") for w in d["warnings"]), d["warnings"]
PY
run 0 tune "$DIAL" --vary ending=lost,drawn --target draws=0.5 --games 40
contains "$WORK/err" "tune: warning: ending=lost: every one of the 20 games was lost by all players" "a setting lost by all"
contains "$WORK/err" "tune: warning: ending=drawn: every one of the 20 games was a draw" "a setting drawn"
contains "$WORK/err" "tune: warning: the settings above where every game was lost by all: the bots may be too weak to win" \
    "the advice, once"
contains "$WORK/err" "tune: warning: in every one of the 2 settings every game ended alike" "the summary"
contains "$WORK/err" "tune: warning: the best setting, ending=" "the best setting's games"
contains "$WORK/out" "bots: random (seats 1-2)" "the text names the bots"
contains "$WORK/out" "target 0.5: missed (it was 0 in every game)" "a figure with no spread is not 0 standard errors away"

# ---- wrong input ---------------------------------------------------------------------------------------------------
run 2 tune "$PIG" --vary speed --target length=10
contains "$WORK/err" "--vary speed: the game has no such option; its options are target" "an unknown option"
run 2 tune "$PIG" --vary target --target height=10
contains "$WORK/err" "'height' is not a figure of this game; the figures are length, draws, wins:K" "an unknown figure"
run 2 tune "$PIG" --vary target --target length
contains "$WORK/err" "--target length: write FIGURE=VALUE" "a target without a value"
run 2 tune "$PIG" --vary target --target length=long
contains "$WORK/err" "'long' is not a number" "a target that is not a number"
run 2 tune "$PIG" --vary target --target wins:3=0.5
contains "$WORK/err" "the seat after 'wins:' must be from 1 to 2" "a seat out of range"
run 2 tune "$PIG" --target length=10
contains "$WORK/err" "--vary is required" "--vary is required"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "all tune tests passed"
