#!/usr/bin/env bash
# Network play as people would have it (tests/browser/serve_game.mjs): for each seed game, two people in two
# Chromium contexts play a whole game at a `rulesrun serve` table (with a bot where the game has room), neither page
# ever receiving the other's secrets, the server killed with SIGKILL in mid-game and started again. Screenshots are
# kept in SCREENSHOTS for review.
# Usage: serve_browser_test.sh RULESRUN SOURCE_DIR SCREENSHOTS
set -u
RULESRUN=$1
SOURCE=$2
SCREENSHOTS=$3
source "$(dirname "$0")/cli_common.sh"
require_browser "$SOURCE"
mkdir -p "$SCREENSHOTS"

play() {  # GAME PLAYERS SEATS
    (cd "$SOURCE/tests/browser" && timeout 300 node serve_game.mjs "$RULESRUN" "$SOURCE/rules/$1.rules" "$1" "$2" "$3" \
        "$SCREENSHOTS" "$WORK/data-$1") || fail "$1 played in two browsers (above)"
}
play diams 3 human,human,random
play diablo 2 human,human
play diamant 3 human,human,random
play cosmic_disaster 2 human,human

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "every seed game played in two browsers, secrets kept, the server restarted in mid-game; screenshots in $SCREENSHOTS"
