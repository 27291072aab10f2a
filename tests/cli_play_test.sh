#!/usr/bin/env bash
# The commands that run games: play (scripted with piped input: wrong entries, the end of input, saving, resuming,
# passing the keyboard), replay (same final text as the game it replays, a save that no longer fits its rules
# file), simulate (--json keys, thread-count independence, no progress bar in a pipe), colour only on a terminal
# and never with NO_COLOR or TERM=dumb, and exit code 2 with a message for wrong arguments.
# Usage: cli_play_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_play_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_play_test.sh RULESRUN SOURCE_DIR}
PIG="$SOURCE/rules/pig.rules"
DIAMANT="$SOURCE/rules/diamant.rules"
DIABLO="$SOURCE/rules/diablo.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# run EXPECTED_CODE INPUT_FILE ARGS...: rulesrun with INPUT_FILE as standard input (whole games: a minute at most).
run() { run_with_input 60 "$@"; }

final_text() {  # the end of a game's output, from "== Game over ==" on
    sed -n '/== Game over ==/,$p' "$1"
}

# On a pseudo-terminal, so that rulesrun sees a terminal on standard output.
on_terminal() {
    timeout 60 python3 -c 'import pty, sys; pty.spawn(sys.argv[1:])' "$@" </dev/null
}

: >"$WORK/empty"

lines() {  # lines COUNT TEXT...: the texts again and again, COUNT lines in all (`yes | head` dies of SIGPIPE)
    local count=$1
    shift
    python3 -c 'import sys; n, t = int(sys.argv[1]), sys.argv[2:]; print("\n".join(t[i % len(t)] for i in range(n)))' \
        "$count" "$@"
}

# ---- play: a wrong entry, then right ones, to the end of the game -------------------------------------------------
{ echo "roll the dice"; echo 0; lines 3000 roll; } >"$WORK/rolls"
run 0 "$WORK/rolls" play "$PIG" --seed 7 --bots human,random
contains "$WORK/out" "'roll the dice' is not one of the actions: type a number from 1 to 2" "a wrong entry"
contains "$WORK/out" "'0' is not one of the actions" "an action number out of range"
contains "$WORK/out" "player 1 chooses roll" "an entry by name"
contains "$WORK/out" "player 2 chooses" "the bot's choices are shown"
contains "$WORK/out" "Play this game again with --seed 7" "the seed is printed"
python3 - "$WORK/out" <<'PY' || fail "the seed is printed only after the game's end"
import sys
text = open(sys.argv[1]).read()
sys.exit(0 if text.find("Play this game again with --seed") > text.find("== Game over ==") >= 0 else 1)
PY
sed '/== Game over ==/,$d' "$WORK/out" >"$WORK/out_during_game"
lacks "$WORK/out_during_game" "seed 7" "the seed is secret while the game is played"
contains "$WORK/out" "turn total 0: roll or hold?" "the prompt"
contains "$WORK/out" "1. roll" "the numbered actions"
contains "$WORK/out" "== Game over ==" "the game's end"
contains "$WORK/out" "player 2 wins." "the winner (player 1 never holds, so never scores)"
if grep -q $'\e' "$WORK/out"; then fail "colour codes in a pipe"; fi

# ---- play: an end with no score, no rank and no winner prints no table of names, only the verdict -----------------------
# Seed 1: random tic-tac-toe fills the board (everybody loses).
run 0 "$WORK/empty" play "$SOURCE/tests/games/tic_tac_toe.rules" --seed 1 --bots random
final_text "$WORK/out" >"$WORK/final"
contains "$WORK/final" "Everybody loses." "the verdict of a full board"
lacks "$WORK/final" "  seat" "a results table with nothing but names"

# ---- play: a choice of 3 cards of 13 lists the cards, not its 286 sets; `list` shows them; the cards typed choose --------
# Seed 2: player 1's hand holds 3H, QH and 7H.
{ echo list; echo "3H QH 7H"; } >"$WORK/pass"
run 3 "$WORK/pass" play "$SOURCE/rules/classics/hearts.rules" --seed 2 --bots human,duck
contains "$WORK/out" "286 possible sets: type the ones you take" "the pass names its cards"
contains "$WORK/out" "286. " "list shows every set"
contains "$WORK/out" "player 1 chooses 3H + QH + 7H" "the cards typed make the set"

# ---- play: a choice among Go's 81 points names none of them (the board does); a point typed as the board names it ----
{ echo E5; } >"$WORK/go"
run 3 "$WORK/go" play "$SOURCE/rules/classics/go.rules" --seed 1 --bots human,random
contains "$WORK/out" "81 places: type one as the board names it" "Go's points are not listed"
lacks "$WORK/out" "  81. i9" "Go's points listed one by one"
contains "$WORK/out" "black chooses e5" "a point typed as the board names it"

# ---- play: a grid game, moves typed as coordinates ------------------------------------------------------------------
# Seed 3: Black rolls 3 and 2 and may move c3-c5 (a merge); a1-a9 is off the board. Then Black plays his first listed
# action each turn, to the end.
{ echo "a1-a9"; echo "C3 c5"; lines 400 1; } >"$WORK/diablo_moves"
run 0 "$WORK/diablo_moves" play "$DIABLO" --seed 3 --bots human,random
contains "$WORK/out" "dice: 3 and 2" "the dice rolled"
contains "$WORK/out" "       a  b  c  d  e  f" "the columns' letters"
contains "$WORK/out" "     1 B1 G1 B1 G1 B1 G1" "row 1 of the board, with each stack's colour and height"
contains "$WORK/out" "  c3: 32. c6 capture  33. f3 capture  34. c5 merge" "the moves grouped by the stack that moves, marked by the rules"
contains "$WORK/out" "'a1-a9' is not one of the actions" "a move off the board is refused"
contains "$WORK/out" "black chooses c3-c5" "a move typed as coordinates in another case and with a blank"
contains "$WORK/out" "     5 G1 G1 B2 G1 B1 G1" "the merged stack of 2 on c5"
contains "$WORK/out" "== Game over ==" "the game's end"

# ---- play: a set of cards named by its cards, in any order (Diam's market, seed 52: 10 = 1 + 9 three ways) ---------
DIAMS="$SOURCE/rules/diams.rules"
{ printf '2\nsell\n10 brown\ntake_sum\n9 1\n'; lines 3000 1; } >"$WORK/cards"
run 0 "$WORK/cards" play "$DIAMS" --players 2 --seed 52 --bots human,random
contains "$WORK/out" "2. 1 purple (special purity) + 9 black (special purity)" "a set of cards listed by name"
contains "$WORK/out" "player 1 chooses 1 purple + 9 black (special purity)" "cards named in any order pick the plainest fit"
# Until the round is scored, when every hand is shown to everyone for the hand bonus.
sed '/Shown to everyone/,$d' "$WORK/out" >"$WORK/out_before_scoring"
zone_lines "$WORK/out_before_scoring" >"$WORK/zones_before_scoring"
contains "$WORK/zones_before_scoring" "player 1|hand: " "player 1's hand on screen"
if grep "^player 2|hand: " "$WORK/zones_before_scoring" | grep -v "cards\?, secret$"; then
    fail "an opponent's secret hand was shown"
fi
contains "$WORK/out" "Shown to everyone: player 2's hand: [" "the hands shown for the hand bonus"
contains "$WORK/zones_before_scoring" "player 2|hand: 3 cards, secret" "an opponent's hand size"
contains "$WORK/out" "== Game over ==" "a game of Diam's played to the end"

# ---- play: end of input ---------------------------------------------------------------------------------------------
printf '1\n' >"$WORK/one_line"
run 3 "$WORK/one_line" play "$PIG" --seed 7 --bots human,random
contains "$WORK/err" "end of input: the game is left unfinished (not saved" "end of input without --save"
run 3 "$WORK/empty" play "$PIG" --seed 7 --bots human,random --save "$WORK/early.json"
contains "$WORK/err" "end of input: the game is left unfinished (saved in $WORK/early.json)" "end of input with --save"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["actions"] == [] and d["seed"] == 7, d' \
    "$WORK/early.json" || fail "a save before the first action"

# ---- play --save, then replay: the same final text ------------------------------------------------------------------
lines 1000 1 >"$WORK/ones"
run 0 "$WORK/ones" play "$DIAMANT" --seed 3 --bots human,human,cautious --save "$WORK/diamant.json"
cp "$WORK/out" "$WORK/played"
contains "$WORK/played" "Pass the keyboard to player 2, then press Enter." "two humans in a simultaneous decision"
contains "$WORK/played" "The choices are revealed:" "a simultaneous decision"
python3 - "$WORK/diamant.json" <<'PY' || fail "the saved game's fields"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "rulesrun saved game" and d["version"] == 2, d
assert len(d["fingerprint"]) == 16 and all(c in "0123456789abcdef" for c in d["fingerprint"]), d["fingerprint"]
assert d["players"] == 3 and d["seed"] == 3 and d["bots"] == ["human", "human", "cautious"], d
assert d["options"] == {"variant": "seed", "rounds": "5"}, d["options"]
assert d["rules"].endswith("diamant.rules"), d["rules"]
assert len(d["actions"]) > 10 and all(set(a) == {"seat", "action", "name"} for a in d["actions"]), d["actions"][:3]
PY
[[ ! -e "$WORK/diamant.json.tmp" ]] || fail "a temporary save file was left behind"
run 0 "$WORK/empty" replay "$WORK/diamant.json"
cp "$WORK/out" "$WORK/replayed"
[[ -n "$(final_text "$WORK/played")" ]] || fail "play printed no final text"
if ! diff <(final_text "$WORK/played") <(final_text "$WORK/replayed") >"$WORK/diff"; then
    fail "replay does not end like the game it replays: $(head -c 600 "$WORK/diff")"
fi
contains "$WORK/replayed" "player 3 chooses leave" "replay shows each action"
contains "$WORK/replayed" "Round 1 of 5: everyone enters the mine" "replay shows the messages"

# replay --step waits for Enter before each action; the end of input stops it cleanly.
run 0 "$WORK/ones" replay --step "$WORK/diamant.json"
contains "$WORK/out" "[action 1 of" "replay --step"
run 3 "$WORK/one_line" replay --step "$WORK/diamant.json"
contains "$WORK/err" "end of input: the replay stops before action 2" "replay --step at the end of input"
contains "$WORK/out" "== player 1 to play ==" "replay --step draws the position before each action"
contains "$WORK/out" "path: " "replay --step draws the table"

# replay as a spectator (the default) or as one seat: Diam's hands are secret until the round is scored.
{ printf 'to_hand\n'; lines 20 1; } >"$WORK/diams_moves"
run 3 "$WORK/diams_moves" play "$DIAMS" --players 2 --seed 5 --bots human,random --save "$WORK/diams.json"
run 0 "$WORK/empty" replay "$WORK/diams.json" --seat 2
contains "$WORK/out" "as player 2 saw them" "replay --seat says whose view it is"
zone_lines "$WORK/out" >"$WORK/replay_zones"
grep "^player 2|hand: " "$WORK/replay_zones" | grep -qv "cards\\?, secret$" || fail "replay --seat 2 shows player 2's hand"
grep "^player 1|hand: " "$WORK/replay_zones" | grep -v "cards\\?, secret$" && fail "replay --seat 2 shows player 1's hand"
run 0 "$WORK/empty" replay "$WORK/diams.json"
contains "$WORK/out" "as a spectator sees them (public information only)" "replay is a spectator's by default"
zone_lines "$WORK/out" | grep "|hand: " | grep -v "cards\\?, secret$" && fail "a spectator's replay shows a hand"
run 2 "$WORK/empty" replay "$WORK/diams.json" --seat 3
contains "$WORK/err" "--seat 3: this game has no such seat (seats: 1 or player 1 and 2 or player 2)" "a wrong --seat"

# A save whose actions no longer fit the rules file.
sed 's/"name":"leave"/"name":"flee"/' "$WORK/diamant.json" >"$WORK/changed.json"
run 1 "$WORK/empty" replay "$WORK/changed.json"
contains "$WORK/err" "chose 'flee' but that action is now 'leave': the rules file has changed since the game was saved" \
    "a changed rules file"
echo '{"format": "something else"}' >"$WORK/not_a_save.json"
run 1 "$WORK/empty" replay "$WORK/not_a_save.json"
contains "$WORK/err" "not a rulesrun saved game" "a file that is not a save"
run 1 "$WORK/empty" replay "$WORK/no_such_save.json"
contains "$WORK/err" "cannot read the saved game" "a missing save"

# Secrets on screen between two humans: a pause each time the keyboard changes hands; none against a bot.
cat >"$WORK/secrets.rules" <<'RULES'
game "Secrets" {
  players 2
}
card Chip {
  value: int
} shown as "chip {value}"
deck chips: Chip = [Chip(value: v) for v in 1..6]
zone bag: Chip, hidden = chips
zone hand: Chip, per player, private
player {
  points: int = 0
}
setup {
  for p in players {
    move top_cards(bag, 2) to p.hand
  }
}
play {
  repeat 2 times {
    for p in players {
      let c = choose one of p.hand by p "play a chip"
      p.points += c.value
      move c to bag
    }
  }
}
score(p) = p.points
RULES
lines 20 1 >"$WORK/ones_and_enters"
run 0 "$WORK/ones_and_enters" play "$WORK/secrets.rules" --seed 1 --bots human,human
[[ $(grep -c "Pass the keyboard to" "$WORK/out") -eq 4 ]] ||
    fail "two humans with secrets: 4 pauses (one before the first screen) expected in: $(head -c 900 "$WORK/out")"
run 0 "$WORK/ones_and_enters" play "$WORK/secrets.rules" --seed 1 --bots human,random
lacks "$WORK/out" "Pass the keyboard" "one human against a bot"

# ---- play: the heading says what the options in effect mean --------------------------------------------------------
run 3 "$WORK/empty" play "$DIAMANT" --players 3 --option rounds=3 --bots human,random
contains "$WORK/out" "  rounds = 3: rounds in a game (default 5)" "an option set away from its default, with its description"
contains "$WORK/out" "  variant = seed: who gets a treasure card's diamonds" "an option at its default (a game of few options)"

# ---- play: names by their start in any case, help, undo and quit ------------------------------------------------------
{ printf 'R\nhOl\nhelp\nroll\nundo\n'; lines 2000 1; } >"$WORK/pig_words"
run 0 "$WORK/pig_words" play "$PIG" --seed 5 --bots human,random
contains "$WORK/out" "player 1 chooses roll" "'R' names roll"
contains "$WORK/out" "player 1 chooses hold" "'hOl' names hold"
contains "$WORK/out" "  undo  take back your last decision" "help lists undo"
contains "$WORK/out" "undo is not possible: since you chose roll, something you could not know came to light" \
    "a roll cannot be taken back once its result is seen"
# Diam's: selling reveals nothing, so it can be taken back; the game then goes on exactly as if it had never been chosen.
{ printf 'to_m\nsell\nundo\ns\n10 brown\ntake_sum\n9 1\n'; lines 3000 1; } >"$WORK/undone"
run 0 "$WORK/undone" play "$DIAMS" --players 2 --seed 52 --bots human,random --save "$WORK/undone.json"
contains "$WORK/out" "Taken back: sell (and what followed)." "a decision that revealed nothing is taken back"
sed -n '/== Game over ==/,$p' "$WORK/out" >"$WORK/undone_end"
{ printf 'to_m\nsell\n10 brown\ntake_sum\n9 1\n'; lines 3000 1; } >"$WORK/straight"
run 0 "$WORK/straight" play "$DIAMS" --players 2 --seed 52 --bots human,random
sed -n '/== Game over ==/,$p' "$WORK/out" >"$WORK/straight_end"
[[ -s $WORK/straight_end ]] && cmp -s "$WORK/undone_end" "$WORK/straight_end" ||
    fail "a game with an undone decision ends as the game without it: $(diff "$WORK/undone_end" "$WORK/straight_end" | head -5)"
{ printf 'to_market\nundo\n'; } >"$WORK/reveal"
run 3 "$WORK/reveal" play "$DIAMS" --players 2 --seed 52 --bots human,random
contains "$WORK/out" "undo is not possible: since you chose to market" "cards drawn into the market cannot be taken back"
printf 'roll\nundo\n' >"$WORK/two_humans"
run 3 "$WORK/two_humans" play "$PIG" --seed 5 --bots human,human
contains "$WORK/out" "undo is only for a game against bots" "no undo between people"
# quit saves (here, without --save, into a new file of the current folder) and the game goes on from it.
printf 'roll\nquit\n' >"$WORK/quitting"
(binary=$(realpath "$RULESRUN") && pig=$(realpath "$PIG") && cd "$WORK" &&
    timeout 60 "$binary" play "$pig" --seed 5 --bots human,random <"$WORK/quitting" >"$WORK/out" 2>&1) ||
    fail "quit exits with 0"
contains "$WORK/out" "Saved in pig-saved.json: go on with rulesrun play --resume pig-saved.json" "quit says where"
lines 2000 2 >"$WORK/holds"
run 0 "$WORK/holds" play --resume "$WORK/pig-saved.json"
contains "$WORK/out" "Resumed after 1 actions." "the quit game goes on"

# ---- play --resume: an interrupted game goes on to the same end ------------------------------------------------------
# A human alternates "roll" and "hold" against a random bot; the resumed bot draws as it would have.
lines 2000 1 2 >"$WORK/alternate"
run 0 "$WORK/alternate" play "$PIG" --seed 11 --bots human,random
cp "$WORK/out" "$WORK/uninterrupted"
head -n 9 "$WORK/alternate" >"$WORK/first_part"
tail -n +10 "$WORK/alternate" >"$WORK/second_part"
run 3 "$WORK/first_part" play "$PIG" --seed 11 --bots human,random --save "$WORK/pig.json"
run 0 "$WORK/second_part" play --resume "$WORK/pig.json"
contains "$WORK/out" "Resumed after" "resume"
if ! diff <(final_text "$WORK/uninterrupted") <(final_text "$WORK/out") >"$WORK/diff"; then
    fail "a resumed game ends differently: $(head -c 600 "$WORK/diff")"
fi
run 2 "$WORK/empty" play --resume "$WORK/pig.json" --seed 3
# A save nested 30,000 deep once overflowed the stack of replay and play --resume: it is refused, saying why.
python3 -c 'import sys; t = open(sys.argv[1]).read(); open(sys.argv[2], "w").write(t.replace("\"actions\": [", "\"actions\": [" + "[" * 30000 + "]" * 30000 + ",", 1))' \
    "$WORK/pig.json" "$WORK/deep.json"
run 1 "$WORK/empty" replay "$WORK/deep.json"
contains "$WORK/err" "deep.json: JSON whose arrays and objects nest more than 64 deep" "replay refuses a deeply nested save"
run 1 "$WORK/empty" play --resume "$WORK/deep.json"
contains "$WORK/err" "deep.json: JSON whose arrays and objects nest more than 64 deep" "resume refuses a deeply nested save"

# ---- a saved game is not played on with other rules (the fingerprint), unless --force -----------------------------
# A copy of Pig saved after a few actions, then changed (a comment is enough: the text is what is fingerprinted).
cp "$PIG" "$WORK/pig_copy.rules"
run 3 "$WORK/first_part" play "$WORK/pig_copy.rules" --seed 11 --bots human,random --save "$WORK/copy.json"
cp "$WORK/copy.json" "$WORK/copy_before.json"
echo "# a house rule to come" >>"$WORK/pig_copy.rules"
run 1 "$WORK/second_part" play --resume "$WORK/copy.json"
contains "$WORK/err" "$WORK/copy.json was saved with other rules: $WORK/pig_copy.rules" "a changed rules file, named"
contains "$WORK/err" "use --force to try anyway" "the way out"
cmp -s "$WORK/copy.json" "$WORK/copy_before.json" || fail "a refused resume changed the saved game"
run 1 "$WORK/empty" replay "$WORK/copy.json"
contains "$WORK/err" "was saved with other rules" "replay refuses a changed rules file too"
run 0 "$WORK/empty" replay "$WORK/copy.json" --force
contains "$WORK/err" "going on (--force)" "replay --force warns"
run 0 "$WORK/second_part" play --resume "$WORK/copy.json" --force
contains "$WORK/out" "Resumed after" "play --resume --force goes on"
# A save of version 1 (no fingerprint) is still played on, with a notice.
python3 - "$WORK/copy.json" "$WORK/old.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["version"] = 1
del d["fingerprint"]
d["actions"] = d["actions"][:4]
json.dump(d, open(sys.argv[2], "w"))
PY
run 0 "$WORK/empty" replay "$WORK/old.json"
contains "$WORK/err" "saved by an older rulesrun, without the rules' fingerprint" "a version-1 save"
run 2 "$WORK/empty" play
contains "$WORK/err" "play needs a rules FILE" "play without a file"

# ---- colour: only on a terminal, never with NO_COLOR or TERM=dumb ------------------------------------------------------
on_terminal "$RULESRUN" replay "$WORK/diamant.json" >"$WORK/terminal" 2>&1 || true
grep -q $'\e\\[' "$WORK/terminal" || fail "no colour on a terminal: $(head -c 300 "$WORK/terminal")"
NO_COLOR=1 on_terminal "$RULESRUN" replay "$WORK/diamant.json" >"$WORK/terminal" 2>&1 || true
contains "$WORK/terminal" "== Game over ==" "replay on a terminal"
if grep -q $'\e' "$WORK/terminal"; then fail "colour despite NO_COLOR"; fi
TERM=dumb on_terminal "$RULESRUN" replay "$WORK/diamant.json" >"$WORK/terminal" 2>&1 || true
if grep -q $'\e' "$WORK/terminal"; then fail "colour despite TERM=dumb"; fi

# ---- simulate -------------------------------------------------------------------------------------------------------
run 0 "$WORK/empty" simulate "$DIAMANT" --games 300 --seed 5 --bots random,cautious,bold --threads 1 --json
cp "$WORK/out" "$WORK/one_thread.json"
[[ ! -s "$WORK/err" ]] || fail "simulate wrote to standard error in a pipe: $(head -c 300 "$WORK/err")"
python3 - "$WORK/one_thread.json" <<'PY' || fail "simulate --json keys"
import json, sys
d = json.load(open(sys.argv[1]))
for key in ["games", "seed", "options", "seats", "length", "stats"]:
    assert key in d, key
assert d["games"] == 300 and d["seed"] == 5, d
assert d["options"] == {"variant": "seed", "rounds": "5"}, d["options"]
assert [s["bot"] for s in d["seats"]] == ["random", "cautious", "bold"], d["seats"]
for seat in d["seats"]:
    assert set(seat) >= {"bot", "wins", "shared_wins", "mean_score"}, seat
for name in ["cards_turned", "diamonds_revealed", "final_diamonds", "won", "winners_count"]:
    stat = d["stats"][name]
    assert set(stat) >= {"mean", "stddev", "ci95", "min", "max", "count"}, (name, stat)
assert d["stats"]["cards_turned"]["count"] == 5 * 300, d["stats"]["cards_turned"]
assert len(d["stats"]["final_diamonds"]["per_seat"]) == 3, d["stats"]["final_diamonds"]
assert set(d["length"]) >= {"mean", "stddev", "ci95", "min", "max", "count"}, d["length"]
b = d["balance"]
assert set(b) >= {"fair_share", "seats_comparable", "shared_wins", "everybody_loses", "mean_length", "decisions",
                  "mean_choices", "forced_share"}, b
# Three different bots: a first-seat figure would mix the seat with its bot, so there is none.
assert b["seats_comparable"] is False and "first_seat_wins" not in b, b
assert b["mean_choices"] == 2 and b["forced_share"] == 0, b   # Diamant: stay or leave, always
PY
run 0 "$WORK/empty" simulate "$DIAMANT" --games 300 --seed 5 --bots random,cautious,bold --threads 3 --json
cmp -s "$WORK/out" "$WORK/one_thread.json" || fail "simulate --json differs between 1 and 3 threads"
python3 - "$WORK/one_thread.json" <<'PY' || fail "simulate --json: the bots seat by seat, no warning for a real result"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bots"] == "random (seat 1), cautious (seat 2), bold (seat 3)", d["bots"]
assert d["warnings"] == [], d["warnings"]
PY

# ---- simulate: figures that say nothing say so ---------------------------------------------------------------------
DIAL="$SOURCE/tests/games/outcome_dial.rules"
run 0 "$WORK/empty" simulate "$DIAL" --games 40 --option ending=lost --json
contains "$WORK/err" "simulate: warning: every one of the 40 games was lost by all players: the bots may be too weak to win: try stronger bots, e.g. --bots mcts or a strategy of the game (rulesrun info $DIAL lists them)" \
    "every game lost by all"
python3 - "$WORK/out" <<'PY' || fail "simulate --json's warnings"
import json, sys
(w,) = json.load(open(sys.argv[1]))["warnings"]
assert w.startswith("every one of the 40 games was lost by all players: the bots may be too weak"), w
PY
run 0 "$WORK/empty" simulate "$DIAL" --games 40 --option ending=drawn --players 3 --bots random,random,twice \
    --report "$WORK/drawn.html"
contains "$WORK/err" "simulate: warning: every one of the 40 games was a draw" "every game drawn"
contains "$WORK/out" "bots: random (seats 1-2), twice (seat 3)" "the table names the bots seat by seat"
contains "$WORK/drawn.html" "<ul class=\"warnings\">" "the page's warnings"
contains "$WORK/drawn.html" "every one of the 40 games was a draw" "the page's warning"
contains "$WORK/drawn.html" "<td>bots</td><td>random (seats 1-2), twice (seat 3)</td>" "the page names the bots"
run 0 "$WORK/empty" simulate "$DIAL" --games 40 --option ending=first
contains "$WORK/err" "simulate: warning: player 1 (random) won every one of the 40 games: with these bots the seat decides" \
    "the same seat wins every game"
run 0 "$WORK/empty" simulate "$DIAL" --games 40 --option ending=first --players 3 --bots twice,random,twice --json
contains "$WORK/err" "simulate: warning: player 1 (twice) won every one of the 40 games: with these bots the seat decides" \
    "the same seat wins every game, its bot playing another seat too"
python3 -c 'import json, sys; b = json.load(open(sys.argv[1]))["bots"]; assert b == "twice (seats 1 and 3), random (seat 2)", b' \
    "$WORK/out" || fail "the JSON's bots, seats apart"
run 0 "$WORK/empty" simulate "$DIAL" --games 9 --option ending=lost
[[ ! -s "$WORK/err" ]] || fail "a run of 9 games is too short to warn: $(head -c 300 "$WORK/err")"
run 0 "$WORK/empty" simulate "$DIAL" --games 200
[[ ! -s "$WORK/err" ]] || fail "a fair game warned: $(head -c 300 "$WORK/err")"
run 0 "$WORK/empty" simulate "$DIAL" --compare "$DIAL" --games 40 --option ending=lost --json
contains "$WORK/err" "simulate --compare: warning: in both files, every one of the 40 games was lost by all players: the comparison says nothing about play" \
    "--compare: both sides say nothing"
contains "$WORK/err" "simulate --compare: warning: statistic 'lost' was 100 in every game of both files" \
    "--compare: a statistic that never moved"
python3 - "$WORK/out" <<'PY' || fail "simulate --compare --json's bots and warnings"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bots"] == "random (seats 1-2)", d["bots"]
assert len(d["warnings"]) == 2 and d["warnings"][0].startswith("in both files, every one of the 40 games"), d["warnings"]
PY
run 0 "$WORK/empty" simulate "$PIG" --compare "$PIG" --games 40 --report "$WORK/fair_compared.html"
[[ ! -s "$WORK/err" ]] || fail "--compare of real figures warned: $(head -c 300 "$WORK/err")"
contains "$WORK/out" "bots: random (seats 1-2)" "--compare names the bots"
lacks "$WORK/fair_compared.html" "class=\"warnings\"" "no warning on the page of a fair comparison"

run 0 "$WORK/empty" simulate "$PIG" --games 200 --bots hold_at_20
contains "$WORK/out" "Pig: 200 games, 2 players, seed 1" "simulate's heading"
contains "$WORK/out" "game length (actions)" "simulate's game length"
contains "$WORK/out" "winning_margin" "simulate's statistics"
contains "$WORK/out" "hold_at_20" "one bot for every seat"
contains "$WORK/out" "95% CI" "simulate's columns"
run 0 "$WORK/empty" simulate --option target=50 "$PIG" --games 20   # an option does not swallow the file
contains "$WORK/out" "options target=50" "simulate --option"
run 0 "$WORK/empty" simulate "$PIG" --games 30 --bots mcts:iterations=20 --json
python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["balance"]; assert b["seats_comparable"] and \
    b["first_seat_wins"]["ci95_low"] <= b["first_seat_wins"]["rate"] <= b["first_seat_wins"]["ci95_high"], b' \
    "$WORK/out" || fail "the first seat's figure when every seat plays the same bot"
run 0 "$WORK/empty" simulate "$PIG" --games 30 --bots mcts:iterations=20,random --report "$WORK/pig.html"
contains "$WORK/out" "the seats play different bots: no first-seat figure" "simulate's balance figures"
contains "$WORK/pig.html" "player 1 (mcts:iterations=20)" "the report names each seat's bot"
contains "$WORK/out" "legal choices per decision" "simulate's choices per decision"
contains "$WORK/pig.html" "<div class=\"chart histogram\" data-statistic=\"winning_margin\"" "simulate --report's histograms"
lacks "$WORK/pig.html" "<script src" "simulate --report fetches nothing (its charting library is in the page)"
lacks "$WORK/pig.html" "<link" "simulate --report fetches no style sheet"
run 0 "$WORK/empty" simulate "$PIG" --compare "$PIG" --games 20 --report "$WORK/compared.html"
contains "$WORK/compared.html" "<table class=\"figures\">" "simulate --compare --report writes the figures side by side"
run 1 "$WORK/empty" simulate "$PIG" --compare "$PIG" --games 5 --report "$WORK/no_such_folder/pig.html"
contains "$WORK/err" "--report: cannot write" "simulate --compare --report to a folder that does not exist"
run 1 "$WORK/empty" simulate "$PIG" --games 5 --report "$WORK/no_such_folder/pig.html"
contains "$WORK/err" "--report: cannot write" "simulate --report to a folder that does not exist"
run 2 "$WORK/empty" simulate "$PIG" --games 5 --bots mcts:depth=3
contains "$WORK/err" "bot 'mcts' has no parameter 'depth'" "a wrong parameter of the search bot"

# ---- wrong arguments: exit code 2 and a message ------------------------------------------------------------------------
run 2 "$WORK/empty" play "$PIG" --bots random,clever
contains "$WORK/err" "unknown bot 'clever' (known bots: human, random, mcts, hold_at_20, or exec:COMMAND for a program)" \
    "an unknown bot"
run 2 "$WORK/empty" simulate "$PIG" --games 5 --bots human
contains "$WORK/err" "'human' can only play in 'rulesrun play'" "a human in a simulation"
run 2 "$WORK/empty" simulate "$DIAMANT" --games 5 --players 3 --bots random,random,cautious,bold
contains "$WORK/err" "--bots names 4 seats but the game has 3 players" "a bot list longer than --players"
run 2 "$WORK/empty" play "$PIG" --players 2 --bots human,random,random
contains "$WORK/err" "--bots names 3 seats but the game has 2 players" "play: a bot list longer than --players"
run 2 "$WORK/empty" play "$PIG" --bots human,random,random
contains "$WORK/err" "Pig is for 2 players, not 3" "play: a bot list longer than the game allows"
run 2 "$WORK/empty" play "$PIG" --option target=5
contains "$WORK/err" "target" "an option value out of range"
run 2 "$WORK/empty" play "$PIG" --option colour=red
contains "$WORK/err" "colour" "an unknown option"
run 2 "$WORK/empty" play "$PIG" --option target
contains "$WORK/err" "must be written NAME=VALUE" "an option without a value"
run 2 "$WORK/empty" play "$PIG" --seed -3
contains "$WORK/err" "'-3' is not a seed" "a negative seed"
run 2 "$WORK/empty" simulate "$PIG" --games 0
contains "$WORK/err" "'0' is not a whole number from 1" "no games"
run 2 "$WORK/empty" simulate "$PIG" --games 5 --threads many
run 0 "$WORK/empty" simulate "$PIG" --bots hold_at_20 --threads 2
contains "$WORK/out" "Pig: 1000 games, 2 players" "simulate without --games plays 1000 games"
run 0 "$WORK/empty" simulate "$PIG" --help
contains "$WORK/out" "default 1000" "simulate --help names the default number of games"

# ---- --bots means the same in every command: the seats from seat 1, the last name playing the seats left ------------
run 0 "$WORK/empty" simulate "$DIAMANT" --games 20 --players 4 --bots cautious,bold --json
python3 - "$WORK/out" <<'PY' || fail "simulate --bots cautious,bold with 4 players: cautious, then bold in seats 2 to 4"
import json, sys
seats = [s["bot"] for s in json.load(open(sys.argv[1]))["seats"]]
assert seats == ["cautious", "bold", "bold", "bold"], seats
PY
run 0 "$WORK/empty" simulate "$DIAMANT" --games 20 --bots random,stay --json   # shorter than the game's 3 players
python3 - "$WORK/out" <<'PY' || fail "simulate --bots random,stay with Diamant (3 players at least)"
import json, sys
seats = [s["bot"] for s in json.load(open(sys.argv[1]))["seats"]]
assert seats == ["random", "stay", "stay"], seats
PY
lines 1000 1 >"$WORK/ones"
run 0 "$WORK/ones" play "$DIAMANT" --players 4 --seed 3 --bots human,cautious --save "$WORK/seats.json"
python3 - "$WORK/seats.json" <<'PY' || fail "play --bots human,cautious with 4 players: you, then cautious in seats 2 to 4"
import json, sys
bots = json.load(open(sys.argv[1]))["bots"]
assert bots == ["human", "cautious", "cautious", "cautious"], bots
PY
run 0 "$WORK/ones" play "$PIG" --seed 3 --save "$WORK/default_seats.json"
python3 - "$WORK/default_seats.json" <<'PY' || fail "play without --bots: you in seat 1, random in the others"
import json, sys
bots = json.load(open(sys.argv[1]))["bots"]
assert bots == ["human", "random"], bots
PY
run 0 "$WORK/empty" play "$PIG" --seed 3 --bots hold_at_20
contains "$WORK/err" "no seat is human" "play with bots in every seat says so"
contains "$WORK/out" "== Game over ==" "play with bots in every seat plays the game through"
run 1 "$WORK/empty" simulate "$WORK/no_such.rules" --games 5
contains "$WORK/err" "no such file" "a missing rules file"
run 0 "$WORK/empty" play --help
contains "$WORK/out" "--resume" "play --help"

if [[ $failures -gt 0 ]]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all play, simulate and replay checks passed"
