#!/usr/bin/env bash
# Programs that take a seat (--bots exec:COMMAND) from the command line: simulate and play with tools/example_bot.py,
# the same results for the same seed, a resumed game that goes on as the interrupted one, and programs that misbehave
# (garbage, too slow, gone): a clear error naming the bot and exit code 1, never a hang; wrong lists and timeouts:
# exit code 2.
# Usage: cli_exec_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_exec_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_exec_test.sh RULESRUN SOURCE_DIR}

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

cd "$SOURCE"  # the README's commands name the example bot from here
PIG=rules/pig.rules
BOT='exec:"python3 tools/example_bot.py"'
run() { run_with_input 60 "$@"; }
: >"$WORK/empty"

# ---- simulate: whole games, the same figures for the same seed whatever the threads -------------------------------
run 0 "$WORK/empty" simulate "$PIG" --bots "$BOT,random" --games 20
contains "$WORK/out" "Pig: 20 games" "simulate with an exec bot"
contains "$WORK/out" 'player 1  exec:"python3 tools/example_bot.py"' "the report names the exec bot"
run 0 "$WORK/empty" simulate "$PIG" --bots "$BOT,random" --games 6 --json --threads 1
cp "$WORK/out" "$WORK/one_thread.json"
run 0 "$WORK/empty" simulate "$PIG" --bots "$BOT,random" --games 6 --json --threads 2
cmp -s "$WORK/out" "$WORK/one_thread.json" || fail "an exec bot's simulation differs between 1 and 2 threads"
run 0 "$WORK/empty" simulate "$PIG" --compare "$PIG" --bots "random,$BOT" --games 4
contains "$WORK/out" "the same seeds" "simulate --compare with an exec bot"

# ---- misbehaving programs: exit code 1, the game, the bot and what it did ------------------------------------------
run 1 "$WORK/empty" simulate "$PIG" --bots 'exec:echo hello',random --games 5
contains "$WORK/err" "rulesrun: error: game 1 (seed" "a bad bot's game is named"
contains "$WORK/err" "the bot exec:\"echo hello\" in seat 1 (player 1) answered 'hello' instead of an act message" \
    "a bot that prints garbage"
start=$(date +%s)
run 1 "$WORK/empty" simulate "$PIG" --bots 'exec:sleep 30',random --games 5 --bot-timeout 0.5
contains "$WORK/err" "the bot exec:\"sleep 30\" in seat 1 (player 1) took more than 0.5 s to answer (step 0)" \
    "a bot that answers late"
[[ $(($(date +%s) - start)) -lt 10 ]] || fail "a bot that answers late was waited for"
run 1 "$WORK/empty" simulate "$PIG" --bots random,'exec:exit 3' --games 5
contains "$WORK/err" "the bot exec:\"exit 3\" in seat 2 (player 2) exited with status 3 before the game ended" \
    "a bot that exits at once"
run 1 "$WORK/empty" simulate "$PIG" --bots 'exec:while read -r l; do echo "{\"type\": \"act\"; \"action\": 5}"; done',random --games 5
contains "$WORK/err" "instead of an act message" "a bot that writes broken JSON"

# ---- play: a human against the example bot, bots alone, a resumed game ----------------------------------------------
lines() {  # lines COUNT TEXT: the text COUNT times (`yes | head` dies of SIGPIPE)
    python3 -c 'import sys; print("\n".join([sys.argv[2]] * int(sys.argv[1])))' "$1" "$2"
}
lines 3000 roll >"$WORK/rolls"
run 0 "$WORK/rolls" play "$PIG" --seed 5 --bots "human,$BOT"
contains "$WORK/out" "== Game over ==" "play against an exec bot"
contains "$WORK/out" "player 2 chooses" "the exec bot's choices are shown"
sed -n '/== Game over ==/,$p' "$WORK/out" >"$WORK/whole_game"
{ echo roll; echo roll; } >"$WORK/two_rolls"
run 3 "$WORK/two_rolls" play "$PIG" --seed 5 --bots "human,$BOT" --save "$WORK/saved.json"
# A saved game's programs are shell commands: resuming runs them only when asked to (or at a terminal, after a yes).
cp "$WORK/saved.json" "$WORK/saved_before.json"
run 2 "$WORK/rolls" play --resume "$WORK/saved.json"
contains "$WORK/err" "runs these programs:" "a resume with programs names them"
contains "$WORK/err" "seat 2: exec:" "the program is listed with its seat"
contains "$WORK/err" "add --run-programs" "a resume with programs says how to run them"
cmp -s "$WORK/saved.json" "$WORK/saved_before.json" || fail "a refused resume changed the saved game"
run 0 "$WORK/rolls" play --resume "$WORK/saved.json" --run-programs
sed -n '/== Game over ==/,$p' "$WORK/out" >"$WORK/resumed_game"
cmp -s "$WORK/whole_game" "$WORK/resumed_game" || fail "a resumed game with an exec bot ended otherwise"
run 0 "$WORK/empty" play "$PIG" --seed 5 --bots "$BOT,random"
contains "$WORK/out" "== Game over ==" "play with bots only"
run 1 "$WORK/rolls" play "$PIG" --seed 5 --bots 'human,exec:echo hello' --save "$WORK/bad.json"
contains "$WORK/err" "the bot exec:\"echo hello\" in seat 2 (player 2) answered 'hello' instead of an act message" \
    "play: a bot that prints garbage"
contains "$WORK/err" "the game so far is saved in $WORK/bad.json" "play: where the game is"

# ---- wrong arguments: exit code 2 -----------------------------------------------------------------------------------
run 2 "$WORK/empty" simulate "$PIG" --bots 'exec:,random'
contains "$WORK/err" "'exec:' names no command" "an exec entry without a command"
run 2 "$WORK/empty" simulate "$PIG" --bots "$BOT" --bot-timeout 0
contains "$WORK/err" "'0' is not a number of seconds above 0" "a zero timeout"
run 0 "$WORK/empty" simulate --help
contains "$WORK/out" "exec:COMMAND" "simulate --help describes exec bots"
contains "$WORK/out" "--bot-timeout" "simulate --help describes the timeout"
run 0 "$WORK/empty" play --help
contains "$WORK/out" "exec:COMMAND" "play --help describes exec bots"

if [[ $failures -gt 0 ]]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all exec bot command-line tests passed"
