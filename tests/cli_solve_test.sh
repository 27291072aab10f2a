#!/usr/bin/env bash
# `rulesrun solve`: tic-tac-toe (a draw) and Kuhn poker (-1/18) as text and --json, the exploitability of random Kuhn
# poker (11/24, tests/solver_test.cpp works it out), and wrong input: a game too large, a missing file, an unknown
# option, a wrong --value, a bot that cannot be asked, --help.
# Usage: cli_solve_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_solve_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_solve_test.sh RULESRUN SOURCE_DIR}
KUHN="$SOURCE/rules/classics/kuhn_poker.rules"
TICTACTOE="$SOURCE/tests/games/tic_tac_toe.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# run EXPECTED_CODE ARGS...: rulesrun with nothing on standard input; stdout in $WORK/out, stderr in $WORK/err.
run() { run_with_input 120 "$1" /dev/null "${@:2}"; }

# ---- tic-tac-toe: perfect information (a full board ends with nobody winning: 0 each) ----------------------------
run 0 solve "$TICTACTOE" --policy-rows 1
contains "$WORK/out" "Tic-tac-toe: 2 players" "the heading"
contains "$WORK/out" "perfect information: backward induction" "the method"
contains "$WORK/out" "value: win shares: the game keeps no score" "why win shares"
contains "$WORK/out" "x                0.0000         0.0000     0.0000" "nobody wins (a full board: everybody loses)"
contains "$WORK/out" "255168 ends" "every game of tic-tac-toe"

# ---- Kuhn poker: hidden information --------------------------------------------------------------------------------
run 0 solve "$KUHN" --iterations 1000
contains "$WORK/out" "Kuhn poker: 2 players" "the heading"
contains "$WORK/out" "CFR+ over the information sets, 1000 iterations" "the method"
contains "$WORK/out" "they sum to zero at every end" "why the scores"
contains "$WORK/out" "-0.055" "the first seat's value, -1/18"
contains "$WORK/out" "policy (12 information sets):" "every set is printed"
contains "$WORK/out" "player 1.hand = [K]" "a set is labelled with what its seat sees"

run 0 solve "$KUHN" --iterations 1000 --json
python3 - "$WORK/out" "$KUHN" <<'PY' || fail "solve --json of Kuhn poker"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["title"] == "Kuhn poker" and d["file"] == sys.argv[2] and d["players"] == 2, d
assert d["method"] == "CFR+" and d["value"] == "score" and not d["perfect_information"], d
assert d["tree"]["information_sets"] == 12 and d["tree"]["chance"] == 1, d["tree"]
assert abs(d["seats"][0]["value"] + 1 / 18) < 1e-3, d["seats"]
assert d["exploitability"] < 1e-3 and abs(d["exploitability"] - d["nash_conv"] / 2) < 1e-12, d
assert [p["iterations"] for p in d["convergence"]] == [1, 10, 100, 1000], d["convergence"]
assert d["policy_total"] == 12 and len(d["policy"]) == 12, d["policy_total"]
for p in d["policy"]:
    assert abs(sum(p["actions"].values()) - 1) < 1e-9, p
PY

# The win shares instead of the chips: a share of the pot is not the chips, but the game is still zero-sum.
run 0 solve "$KUHN" --iterations 100 --value outcome --json
python3 - "$WORK/out" <<'PY' || fail "solve --value outcome"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["value"] == "outcome" and d["constant_sum"], d
assert abs(d["seats"][0]["value"] + d["seats"][1]["value"] - 1) < 1e-9, d["seats"]
PY

# ---- bots ----------------------------------------------------------------------------------------------------------
run 0 solve "$KUHN" --bots random --json
python3 - "$WORK/out" <<'PY' || fail "solve --bots random"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["method"] == "the bots' policy", d["method"]
assert [s["bot"] for s in d["seats"]] == ["random", "random"], d["seats"]
assert abs(d["seats"][0]["best_response"] - 0.5) < 1e-9 and abs(d["seats"][1]["best_response"] - 5 / 12) < 1e-9, d
assert abs(d["exploitability"] - 11 / 24) < 1e-9, d["exploitability"]
PY
run 0 solve "$KUHN" --bots honest,random
contains "$WORK/out" "the bots' policy" "the method"
contains "$WORK/out" "honest" "the bot named by its seat"

# ---- refusals and wrong input --------------------------------------------------------------------------------------
run 1 solve "$SOURCE/rules/classics/chess.rules" --max-nodes 5000
contains "$WORK/err" "too large to solve: more than 5000 nodes" "the size reached"
contains "$WORK/err" "plies deep" "the depth reached"
run 1 solve "$SOURCE/rules/classics/leduc_poker.rules" --max-nodes 300
contains "$WORK/err" "a shuffle of 6 cards has 720 distinct orders" "a shuffle too large"
run 1 solve "$WORK/missing.rules"
run 2 solve "$KUHN" --option raises=2
contains "$WORK/err" "raises" "the unknown option named"
run 2 solve "$KUHN" --value chips
run 2 solve "$TICTACTOE" --value score
contains "$WORK/err" "keeps no score" "--value score without scores"
run 2 solve "$KUHN" --bots exec:true
contains "$WORK/err" "only random, the game's strategies and mcts" "a bot that cannot be asked everywhere"
run 2 solve "$KUHN" --bots nobody
run 2 solve "$KUHN" --iterations 0

run 0 solve --help
contains "$WORK/out" "CFR+" "--help names the method"
contains "$WORK/out" "--max-nodes" "--help lists the limit"
run 2
contains "$WORK/err" "solve" "rulesrun alone lists the command"

if [[ $failures -gt 0 ]]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all solve checks passed"
