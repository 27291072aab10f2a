#!/usr/bin/env bash
# Hot-seat play at a real terminal (tmux): two people share the keyboard in Diam's, where each holds a secret hand.
# Nobody sees a hand before saying who holds the keyboard; when the keyboard passes, the previous seat's hand is gone
# from the screen and from the terminal's scrollback; the next seat is told what happened since its last turn.
# Usage: cli_hotseat_test.sh RULESRUN SOURCE_DIR
set -u
RULESRUN=$(realpath "$1")
SOURCE=$(realpath "$2")
source "$(dirname "$0")/cli_common.sh"
command -v tmux >/dev/null || { echo "FAIL: tmux is needed (tools/setup.sh installs it)"; exit 1; }

SOCKET="rulesrun_hotseat_$$"
tmux_() { tmux -L "$SOCKET" "$@"; }
trap 'tmux_ kill-server 2>/dev/null; rm -rf "$WORK"' EXIT

# Everything the terminal holds: the screen and its scrollback.
everything() { tmux_ capture-pane -p -J -S - -t table; }
screen() { tmux_ capture-pane -p -J -t table; }

# wait_for TEXT: until the screen shows TEXT (10 s at most).
wait_for() {
    for _ in $(seq 100); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    fail "the screen never showed '$1'; it shows: $(screen | grep -v '^$' | tail -8)"
    return 1
}

# shows_hand ZONE_LINES SEAT DESCRIPTION: SEAT's hand is on screen with its cards.
shows_hand() {
    grep "^$2|hand: " "$1" | grep -qv "cards\\?, secret$" || fail "$3: no hand with cards for $2 in: $(cat "$1")"
}

type_line() { tmux_ send-keys -t table -l -- "$1" && tmux_ send-keys -t table Enter; }

tmux_ new-session -d -s table -x 150 -y 50 \
    "cd '$WORK' && '$RULESRUN' play '$SOURCE/rules/diams.rules' --players 2 --bots human,human --seed 5; sleep 60"

# ---- the first screen: who holds the keyboard, before any hand is shown ---------------------------------------------
wait_for "Pass the keyboard to player 1, then press Enter." || exit 1
everything >"$WORK/first"
lacks "$WORK/first" "hand: " "before player 1 took the keyboard"
contains "$WORK/first" "Seats: player 1 (human) and player 2 (human)" "the heading before the first hand-over"
type_line ""
wait_for "player 1>" || exit 1
screen >"$WORK/turn1"
zone_lines "$WORK/turn1" >"$WORK/zones1"
shows_hand "$WORK/zones1" "player 1" "player 1 sees its hand"
contains "$WORK/zones1" "player 2|hand: 3 cards, secret" "player 1 sees only how many cards player 2 holds"
contains "$WORK/turn1" "Diam's, 2 players" "the heading stays on player 1's first screen (nothing was secret yet)"

# ---- player 1 plays its turn (the first option each time) until the keyboard passes ---------------------------------
passed=false
for _ in $(seq 30); do
    type_line "1"
    sleep 0.2
    if screen | grep -qF "Pass the keyboard to player 2"; then passed=true; break; fi
done
$passed || { fail "the keyboard never passed to player 2: $(screen | grep -v '^$' | tail -8)"; exit 1; }
everything >"$WORK/pause"
lacks "$WORK/pause" "hand: " "while the keyboard passes (screen and scrollback)"
lacks "$WORK/pause" "player 1 chooses" "while the keyboard passes (screen and scrollback)"

# ---- player 2's turn: its own hand, a recap of player 1's turn, nothing of player 1's hand ---------------------------
type_line ""
wait_for "player 2>" || exit 1
everything >"$WORK/turn2"
zone_lines "$WORK/turn2" >"$WORK/zones2"
shows_hand "$WORK/zones2" "player 2" "player 2 sees its hand"
grep -q "^player 1|hand: [0-9]* cards, secret$" "$WORK/zones2" ||
    fail "player 2 sees player 1's hand as a count: $(cat "$WORK/zones2")"
if grep "^player 1|hand: " "$WORK/zones2" | grep -v "cards\\?, secret$"; then
    fail "player 2's screen or scrollback shows player 1's hand"
fi
contains "$WORK/turn2" "Since player 2's last turn:" "player 2 is told what happened"
contains "$WORK/turn2" "player 1 chooses to hand" "the recap tells player 1's public choices"

# ---- the end of input (Ctrl-D) leaves the game, saying so -------------------------------------------------------------
tmux_ send-keys -t table C-d
wait_for "end of input: the game is left unfinished" || exit 1

# ---- an 80-column terminal: a long menu (Diablo's 84 moves) is packed to its width, no entry broken across lines -----
tmux_ new-session -d -s narrow -x 80 -y 24 \
    "cd '$WORK' && '$RULESRUN' play '$SOURCE/rules/diablo.rules' --seed 3 --bots human,random; sleep 60"
for _ in $(seq 100); do tmux_ capture-pane -p -t narrow | grep -q "^black>" && break; sleep 0.1; done
# The whole menu does not fit under the board at 24 lines (tests/cli_small_terminal_test.sh): 'list' shows it.
tmux_ send-keys -t narrow -l -- "list" && tmux_ send-keys -t narrow Enter
for _ in $(seq 100); do tmux_ capture-pane -p -t narrow | grep -q "f6:.*capture" && break; sleep 0.1; done
# -J joins the rows a line wrapped onto: a joined line wider than the terminal is a line the terminal broke.
tmux_ capture-pane -p -J -S - -t narrow >"$WORK/narrow"
contains "$WORK/narrow" "capture" "Diablo's menu at 80 columns"
awk 'length($0) > 80 { print; found = 1 } END { exit found }' "$WORK/narrow" >"$WORK/too_wide" ||
    fail "lines wider than an 80-column terminal, broken by it: $(head -3 "$WORK/too_wide")"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "all hot-seat checks passed"
