#!/usr/bin/env bash
# What rulesrun says of a game and of itself: `info` (text and --json) on Pig and Diamant, on a file with errors and a
# missing file; --version; an unknown command (the closest one suggested, or the list of commands); no command.
# Usage: cli_info_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_info_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_info_test.sh RULESRUN SOURCE_DIR}
PIG="$SOURCE/rules/pig.rules"
DIAMANT="$SOURCE/rules/diamant.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# run EXPECTED_CODE ARGS...: rulesrun with nothing on standard input; stdout in $WORK/out, stderr in $WORK/err.
run() { run_with_input 20 "$1" /dev/null "${@:2}"; }

# ---- info as text ----------------------------------------------------------------------------------------------------
run 0 info "$PIG"
contains "$WORK/out" "Pig" "the title"
contains "$WORK/out" "players: 2" "Pig's player count"
contains "$WORK/out" "scores:  yes" "Pig has scores"
contains "$WORK/out" "target  10 to 1000 (default 100)" "an option's range and default, aligned"
contains "$WORK/out" "points needed to win" "an option's description"
contains "$WORK/out" "\"turn total {turn_total}: roll or hold?\"" "a prompt as the rules file writes it"
contains "$WORK/out" "- roll  roll the die" "a menu's options with their descriptions"
contains "$WORK/out" "winning_margin" "a statistic"
contains "$WORK/out" "hold_at_20  rolls until" "a strategy with its description"
lacks "$WORK/out" "slot" "no internal names"
if grep -q $'\e' "$WORK/out"; then fail "colour codes in a pipe"; fi
[[ ! -s $WORK/err ]] || fail "info on a clean file wrote to standard error: $(head -c 300 "$WORK/err")"

run 0 info "$DIAMANT"
contains "$WORK/out" "players: 3 to 8" "Diamant's player counts"
contains "$WORK/out" "variant  seed or official (default seed)" "an option's values and default"
contains "$WORK/out" "rounds   1 to 20 (default 5)" "a range option aligned with the others"
contains "$WORK/out" "plan  \"stay in the mine or leave?\"" "a decision and its prompt"
contains "$WORK/out" "every player at once" "a simultaneous decision"
contains "$WORK/out" "final_diamonds" "a per-player statistic"
contains "$WORK/out" "(per player)" "a per-player statistic said so"
contains "$WORK/out" "cautious  leaves once" "a strategy"
# What info lists is what the other commands accept.
run 0 simulate "$DIAMANT" --games 3 --option variant=official --option rounds=20 --bots cautious,stay,bold
run 2 simulate "$DIAMANT" --games 3 --option rounds=21

# ---- info --json ------------------------------------------------------------------------------------------------------
run 0 info --json "$DIAMANT"
python3 - "$WORK/out" <<'PY' || fail "info --json of Diamant"
import json, sys
d = json.load(open(sys.argv[1]))
assert list(d) == ["title", "file", "players", "scores", "cooperative", "lowest_first", "options", "decisions", "stats", "strategies", "bots"], list(d)
assert d["title"] == "Diamant" and d["players"] == {"min": 3, "max": 8} and d["scores"] is True, d
options = {o["name"]: o for o in d["options"]}
assert options["variant"]["values"] == ["seed", "official"] and options["variant"]["default"] == "seed", options
assert options["variant"]["range"] is None, options
assert options["rounds"]["range"] == {"low": 1, "high": 20} and options["rounds"]["default"] == "5", options
assert all(set(o) == {"name", "description", "default", "values", "range", "other_values_players"}
           for o in d["options"]), d["options"]
plan = [c for c in d["decisions"] if c["name"] == "plan"]
assert plan and plan[0]["prompts"] == ["stay in the mine or leave?"] and plan[0]["simultaneous"] is True, plan
assert {"name": "final_diamonds", "description": "diamonds in the chest at the end of the game",
        "per_player": True} in d["stats"], d["stats"]
assert [s["name"] for s in d["strategies"]] == ["stay", "cautious", "bold"], d["strategies"]
assert d["bots"] == ["human", "random", "mcts", "stay", "cautious", "bold"], d["bots"]
PY
run 0 info "$PIG" --json
python3 - "$WORK/out" <<'PY' || fail "info --json of Pig"
import json, sys
d = json.load(open(sys.argv[1]))
action = [c for c in d["decisions"] if c["name"] == "action"][0]
assert action["kind"] == "menu" and [o["name"] for o in action["options"]] == ["roll", "hold"], action
assert action["prompts"] == ["turn total {turn_total}: roll or hold?"], action
assert d["options"][0]["range"] == {"low": 10, "high": 1000}, d["options"]
PY
run 0 info --json "$SOURCE/rules/cosmic_disaster.rules"
python3 - "$WORK/out" <<'PY' || fail "info --json: an option restricted to some player counts"
import json, sys
teams = [o for o in json.load(open(sys.argv[1]))["options"] if o["name"] == "teams"][0]
assert teams["other_values_players"] == {"min": 4, "max": 4}, teams
PY

# ---- info on a file with errors, on a missing file, without a file ------------------------------------------------------
cat >"$WORK/broken.rules" <<'RULES'
game "Broken" {
  players 2
}

play {
  move top(pile) to discard
}
RULES
run 1 info "$WORK/broken.rules"
contains "$WORK/err" "broken.rules:6:12: error: unknown name 'pile'" "a diagnostic as check prints it"
contains "$WORK/err" "error(s)" "the count of errors"
[[ ! -s $WORK/out ]] || fail "info on a broken file printed something on standard output"
run 1 info --json "$WORK/broken.rules"
[[ ! -s $WORK/out ]] || fail "info --json on a broken file printed something on standard output"
run 1 info "$WORK/no_such.rules"
contains "$WORK/err" "no such file" "a missing rules file"
run 2 info
contains "$WORK/err" "FILE is required" "info without a file"

# ---- --version -----------------------------------------------------------------------------------------------------------
run 0 --version
grep -qE '^rulesrun [0-9]+\.[0-9]+\.[0-9]+$' "$WORK/out" || fail "--version: 'rulesrun X.Y.Z' expected: $(cat "$WORK/out")"
version=$(sed -n 's/^project(rulesrun VERSION \([0-9.]*\).*/\1/p' "$SOURCE/CMakeLists.txt")
contains "$WORK/out" "rulesrun $version" "--version is the version of project() in CMakeLists.txt"

# ---- long descriptions are wrapped at 100 columns, every word kept ------------------------------------------------------
words="one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen"
cat >"$WORK/wordy.rules" <<RULES
game "Wordy" {
  players 2
}
option length: 1 to 9 = 3 "$words $words"
play {
  let n = choose one of [1, 2] by first_player() "pick"
  end game
}
RULES
run 0 info "$WORK/wordy.rules"
awk 'length($0) > 100 { bad = 1 } END { exit bad }' "$WORK/out" || fail "info: a line is wider than 100 columns"
[[ $(tr -s ' \n' '\n\n' <"$WORK/out" | grep -cx "seventeen") -eq 2 ]] || fail "info: a wrapped description lost words"
[[ $(grep -c "^ \{10,\}[a-z]" "$WORK/out") -ge 2 ]] || fail "info: the long description is not on several lines"

# ---- commands that do not exist, and no command ---------------------------------------------------------------------------
run 2 simulat "$PIG"
contains "$WORK/err" "rulesrun: unknown command 'simulat' (did you mean 'simulate'?)" "a misspelled command"
run 2 chekc "$PIG"
contains "$WORK/err" "(did you mean 'check'?)" "two letters swapped"
run 2 frobnicate "$PIG"
contains "$WORK/err" "rulesrun: unknown command 'frobnicate'" "an unknown command, named"
lacks "$WORK/err" "did you mean" "nothing close to frobnicate"
contains "$WORK/err" "  simulate  play many games" "the list of commands when nothing is close"
run 2
contains "$WORK/err" "no command given" "no command"
for command in check fmt info play simulate replay audit lsp; do
    contains "$WORK/err" "  $command " "no command: the list names $command"
done
contains "$WORK/err" "rulesrun COMMAND --help" "no command: how to get help"

if [[ $failures -gt 0 ]]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all info and command checks passed"
