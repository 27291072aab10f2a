#!/usr/bin/env bash
# `rulesrun audit`: every rules file of the project leaks nothing, and every deliberately leaking fixture of
# tests/audit/ is caught with the line that leaks (its `# expect leak: CHANNEL LINE`), or refused by the checker at
# its line (`# expect error: LINE`); a leak through the Python module's tensor is named; a leak only a variant has is
# found with --option; wrong arguments exit with 2.
# Usage: cli_audit_test.sh RULESRUN SOURCE_DIR
set -u
RULESRUN=$1
SOURCE=$2
source "$(dirname "$0")/cli_common.sh"
run() { run_with_input 600 "$1" /dev/null "${@:2}"; }  # run EXPECTED_CODE ARGS...

# ---- the project's games leak nothing -----------------------------------------------------------------------------
games=("$SOURCE"/rules/*.rules "$SOURCE"/rules/classics/*.rules "$SOURCE"/tests/games/*.rules "$SOURCE"/tests/audit/no_leak_*.rules)
run 0 audit "${games[@]}"
for game in "${games[@]}"; do
    contains "$WORK/out" "$game: no leak found" "the audit of $(basename "$game")"
done

# ---- each leaking fixture is caught at its line ---------------------------------------------------------------------
for fixture in "$SOURCE"/tests/audit/leak_*.rules; do
    name=$(basename "$fixture")
    run 1 audit "$fixture"
    if expected=$(sed -n 's/^# expect leak: \([a-z]*\) \([0-9]*\)$/\1 \2/p' "$fixture") && [[ -n $expected ]]; then
        read -r channel line <<<"$expected"
        contains "$WORK/out" "through the $channel, made by $fixture:$line:" "$name leaks through the $channel at line $line"
        contains "$WORK/out" "reproduce: rulesrun play $fixture" "$name: a reproduction"
        contains "$WORK/out" "$fixture: leaks found" "$name: the summary"
    else
        line=$(sed -n 's/^# expect error: \([0-9]*\)$/\1/p' "$fixture")
        [[ -n $line ]] || fail "$name announces neither '# expect leak: CHANNEL LINE' nor '# expect error: LINE'"
        contains "$WORK/err" "$fixture:$line:" "$name refused by the checker at line $line"
    fi
done

# ---- a leak through what the Python module gives a seat: its observation tensor ---------------------------------------
tensor="$SOURCE/tests/audit/tensor_leak_board_text.rules"
run 1 audit "$tensor" --games 2 --players 2
contains "$WORK/out" "through the observation tensor, made by the tensor's segment 'board squares cell a1'" \
    "a board's text that reads a private field leaks through the observation tensor"
contains "$WORK/out" "through the screen" "... and through the screen"

# ---- a leak only a variant has is found with --option -------------------------------------------------------------
variant="$SOURCE/tests/audit/variant_leak_hint.rules"
run 0 audit "$variant"
contains "$WORK/out" "$variant: no leak found" "the default variant does not leak"
run 1 audit "$variant" --option hints=on
contains "$WORK/out" "through the log, made by $variant:25:" "--option hints=on: the variant's leak at line 25"
contains "$WORK/out" "reproduce: rulesrun play $variant --players 2 --option hints=on --seed" "the reproduction sets the option"
run 0 audit "$SOURCE/rules/diamant.rules" --option variant=official --games 4
contains "$WORK/out" "diamant.rules: no leak found" "Diamant's official variant leaks nothing"
run 2 audit "$variant" --option hint=on
contains "$WORK/err" "has no option 'hint' (did you mean 'hints'?)" "an option the game does not have"
run 2 audit "$variant" --option hints=maybe
contains "$WORK/err" "option hints: 'maybe' is not allowed" "a value the option does not allow"
run 2 audit "$variant" --option hints
contains "$WORK/err" "must be written NAME=VALUE" "an option without a value"

# ---- arguments ---------------------------------------------------------------------------------------------------
run 0 audit --help
contains "$WORK/out" "--variants" "audit --help lists its options"
run 2 audit
run 2 audit "$SOURCE/rules/pig.rules" --games 0
run 2 audit "$SOURCE/rules/pig.rules" --players 9
contains "$WORK/err" "the game is for 2 to" "a player count the game does not allow"
run 1 audit "$WORK/no_such.rules"
run 0 audit "$SOURCE/rules/pig.rules" --games 2 --players 2 --seed 5 --variants 1
contains "$WORK/out" "(2 games, 2 players;" "--games and --players are used"

# A folder stands for its .rules files at any depth, in name order; a folder without one is an error.
mkdir -p "$WORK/folder/deeper" "$WORK/empty"
cp "$SOURCE/rules/pig.rules" "$WORK/folder/deeper/pig.rules"
cp "$SOURCE/tests/games/tic_tac_toe.rules" "$WORK/folder/a_tic_tac_toe.rules"
echo "not a rules file" > "$WORK/folder/notes.txt"
run 0 audit "$WORK/folder" --games 2 --players 2
contains "$WORK/out" "$WORK/folder/a_tic_tac_toe.rules: no leak found" "a folder's rules file is audited"
contains "$WORK/out" "$WORK/folder/deeper/pig.rules: no leak found" "a rules file deeper in the folder is audited"
run 1 audit "$WORK/empty"
contains "$WORK/err" "no .rules file in this folder" "an empty folder is an error"

echo "$failures failure(s)"
[[ $failures -eq 0 ]]
