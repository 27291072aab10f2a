#!/usr/bin/env bash
# Each seed game's table in Chromium (tests/browser/table_drawing.mjs), at desktop and phone width: drawn with the
# pictures its rules declare (docs/language.md, "How things are drawn"), its first picture above the fold. Screenshots
# are kept in SCREENSHOTS for review.
# Usage: table_browser_test.sh RULESRUN SOURCE_DIR SCREENSHOTS
set -u
RULESRUN=$1
SOURCE=$2
SCREENSHOTS=$3
source "$(dirname "$0")/cli_common.sh"
require_browser "$SOURCE"
mkdir -p "$SCREENSHOTS"

draw() {  # GAME PLAYERS SEATS MOVES SELECTORS
    (cd "$SOURCE/tests/browser" && timeout 120 node table_drawing.mjs "$RULESRUN" "$SOURCE/rules/$1.rules" "$1" "$2" "$3" \
        "$4" "$5" "$SCREENSHOTS" "$WORK/data-$1") || fail "$1's table drawn in Chromium (above)"
}
# Diam's: diamonds as card faces of their colour. Diablo: stacks as discs of their owner's colour. Cosmic Disaster:
# the stars' coloured symbols, and its discard pile as a pile once it holds two cards.
draw diams 3 human,random,random 3 ".card.face.colour-blue,.card.face.colour-yellow"
draw diablo 2 human,random 2 "td .piece.colour-black,td .piece.colour-green"
draw cosmic_disaster 2 human,random 4 ".space .symbol.colour-red,.space .symbol.colour-blue,.space .symbol.colour-green,.pile .count"
draw diamant 3 human,random,random 2 ".card"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "every seed game's table drawn with its pictures, at desktop and phone width; screenshots in $SCREENSHOTS"
