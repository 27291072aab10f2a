#!/usr/bin/env bash
# A game at an 80x24 terminal (tmux): Diablo, whose first turns offer some 80 to 110 moves, is played for several turns
# and at every prompt the whole board is on screen (the menu is cut to the window: the pieces that may move), no line
# is wider than the terminal, a square typed alone shows its piece's moves on the board, stacks are drawn in their
# owner's colour, and NO_COLOR leaves colour out.
# Usage: cli_small_terminal_test.sh RULESRUN SOURCE_DIR
set -u
RULESRUN=$(realpath "$1")
SOURCE=$(realpath "$2")
source "$(dirname "$0")/cli_common.sh"
command -v tmux >/dev/null || { echo "FAIL: tmux is needed (tools/setup.sh installs it)"; exit 1; }

SOCKET="rulesrun_small_$$"
tmux_() { tmux -L "$SOCKET" "$@"; }
trap 'tmux_ kill-server 2>/dev/null; rm -rf "$WORK"' EXIT

screen() { tmux_ capture-pane -p -t "$1"; }
type_line() { tmux_ send-keys -t "$1" -l -- "$2" && tmux_ send-keys -t "$1" Enter; }

# wait_for SESSION TEXT: until the screen shows TEXT (10 s at most).
wait_for() {
    for _ in $(seq 100); do
        screen "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    fail "the screen never showed '$2'; it shows: $(screen "$1" | grep -v '^$' | tail -8)"
    return 1
}

# wait_prompt SESSION: until the screen's last line is a prompt waiting for an entry (10 s at most).
wait_prompt() {
    for _ in $(seq 100); do
        [[ $(screen "$1" | grep -v '^ *$' | tail -1) =~ ^black\>\ *$ ]] && return 0
        screen "$1" | grep -qF "== Game over ==" && return 0
        sleep 0.1
    done
    fail "no prompt; the screen shows: $(screen "$1" | grep -v '^$' | tail -8)"
    return 1
}

# board_on_screen SESSION WHEN: the board's heading, its column letters and its six rows are all on the screen.
board_on_screen() {
    screen "$1" >"$WORK/screen"
    local missing=""
    for line in "  squares:" "       a  b  c  d  e  f" "     6 " "     5 " "     4 " "     3 " "     2 " "     1 "; do
        grep -qF -- "$line" "$WORK/screen" || missing+=" '$line'"
    done
    [[ -z $missing ]] || fail "$2: the board is not all on screen (missing$missing): $(cat "$WORK/screen")"
    awk 'length($0) > 80 { print; found = 1 } END { exit found }' "$WORK/screen" >"$WORK/too_wide" ||
        fail "$2: lines wider than the terminal: $(head -3 "$WORK/too_wide")"
}

tmux_ new-session -d -s small -x 80 -y 24 \
    "cd '$WORK' && '$RULESRUN' play '$SOURCE/rules/diablo.rules' --seed 3 --bots human,random; sleep 60"
wait_prompt small || exit 1
board_on_screen small "the first turn"
contains "$WORK/screen" "84 moves, by the pieces that make them (how many each):" "the first turn's menu, cut to the window"
contains "$WORK/screen" "a1 (4)" "the pieces that may move, with their moves"
# Stacks in their owner's colour: Black's on a light ground, Green's in green.
tmux_ capture-pane -p -e -t small >"$WORK/coloured"
contains "$WORK/coloured" $'\e[47mB1' "Black's stacks in black (on a light ground)"
contains "$WORK/coloured" $'\e[32mG1' "Green's stacks in green"

# A square alone: the board again with the piece and where it may go, then its moves.
type_line small "c3"
wait_for small "c3* can go to the squares marked +:" || exit 1
board_on_screen small "a piece's moves"
contains "$WORK/screen" "     3 B1+G1 B1*G1 B1+G1+" "the piece and its targets marked on the board"
type_line small "c5"

# Then several turns, each move the first one offered (typed by its number, as the menu's pieces lead to it).
for turn in $(seq 2 12); do
    if screen small | grep -qF "== Game over =="; then break; fi
    wait_prompt small || exit 1
    if screen small | grep -qF "== Game over =="; then break; fi
    board_on_screen small "turn $turn"
    type_line small "1"
    sleep 0.3
done

# Without colour (NO_COLOR): the same screens, no colour sequence.
tmux_ new-session -d -s plain -x 80 -y 24 \
    "cd '$WORK' && NO_COLOR=1 '$RULESRUN' play '$SOURCE/rules/diablo.rules' --seed 3 --bots human,random; sleep 60"
wait_prompt plain || exit 1
board_on_screen plain "without colour"
tmux_ capture-pane -p -e -t plain >"$WORK/plain"
lacks "$WORK/plain" $'\e[47m' "NO_COLOR"
lacks "$WORK/plain" $'\e[32m' "NO_COLOR"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "all small-terminal checks passed"
