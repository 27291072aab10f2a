#!/usr/bin/env bash
# The life of a `rulesrun serve` table in Chromium (tests/browser/serve_life.mjs): names chosen in the lobby, the
# list of this browser's tables, a notification of the seat's turn, a rematch, undo against a bot, and the page of a
# bad link. Screenshots are kept in SCREENSHOTS for review.
# Usage: serve_life_browser_test.sh RULESRUN SOURCE_DIR SCREENSHOTS
set -u
RULESRUN=$1
SOURCE=$2
SCREENSHOTS=$3
source "$(dirname "$0")/cli_common.sh"
require_browser "$SOURCE"
mkdir -p "$SCREENSHOTS"

(cd "$SOURCE/tests/browser" && timeout 120 node serve_life.mjs "$RULESRUN" "$SOURCE" "$SCREENSHOTS" "$WORK/data") ||
    fail "the life of a table in Chromium (above)"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "names, the tables list, notification, rematch, undo and bad links work in Chromium; screenshots in $SCREENSHOTS"
