#!/usr/bin/env bash
# Golden screens: for each seed game, the first decisions of a scripted game (seat 1 a human typing the inputs below,
# the other seats bots, a fixed seed, no colour) compared with the text stored in tests/screens/GAME.txt, so that a
# change of presentation shows up in review as a change of these files.
# Usage: screens_test.sh RULESRUN SOURCE_DIR [--update]   (--update writes the screens instead of comparing them)
set -u
RULESRUN=$1
SOURCE=$2
UPDATE=${3:-}
source "$(dirname "$0")/cli_common.sh"

# game | arguments of play | what the human types, one entry per line (then the input ends)
scripts=(
    "pig|--seed 4 --bots human,random|roll,roll,hold,roll,hold"
    "diamant|--players 3 --seed 7 --bots human,cautious,random|stay,stay,leave"
    "diams|--players 2 --seed 52 --bots human,random|2,sell,10 brown,take_sum,9 1"
    "diablo|--seed 3 --bots human,random|c3,c5,1"
    "cosmic_disaster|--players 2 --seed 5 --bots human,random|1,1,1"
)

for script in "${scripts[@]}"; do
    IFS='|' read -r game arguments entries <<<"$script"
    tr ',' '\n' <<<"$entries" >"$WORK/input"
    # shellcheck disable=SC2086  # the arguments are words
    (cd "$SOURCE" && timeout 60 "$RULESRUN" play "rules/$game.rules" $arguments <"$WORK/input" >"$WORK/screen" 2>&1)
    expected="$SOURCE/tests/screens/$game.txt"
    if [[ $UPDATE == --update ]]; then
        cp "$WORK/screen" "$expected"
        echo "wrote $expected"
    elif ! diff -u "$expected" "$WORK/screen" >"$WORK/diff"; then
        fail "the screens of $game differ from $expected (tests/screens_test.sh RULESRUN SOURCE --update rewrites them):"
        head -60 "$WORK/diff"
    else
        echo "ok:   $game"
    fi
done

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "all screens as stored"
