#!/bin/bash
# Takes the documentation's pictures again (docs/images/), after the pages' look changes: the seed games' tables in
# the browser (tests/browser/table_picture.mjs) and a simulation's report. Needs a build (tools/setup.sh) and the browser tests'
# packages (tools/setup.sh --tests).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rulesrun="$root/build/rulesrun"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$root/docs/images"
(cd "$root/tests/browser" && node table_picture.mjs "$rulesrun" "$root/rules/diams.rules" diams 3 human,random,random 3 \
    "$root/docs/images/table.png" "$work/data")
# Each seed game's table, drawn with the pictures its rules declare (docs/language.md, "How things are drawn").
picture() {  # GAME PLAYERS SEATS MOVES
    (cd "$root/tests/browser" && node table_picture.mjs "$rulesrun" "$root/rules/$1.rules" "$1" "$2" "$3" "$4" \
        "$root/docs/images/table_$1.png" "$work/data-$1")
}
picture diablo 2 human,random 2
picture cosmic_disaster 2 human,random 3
picture diamant 3 human,random,random 2
"$rulesrun" simulate "$root/rules/diamant.rules" --games 2000 --players 4 --bots mcts:iterations=100,cautious,bold,random \
    --report "$work/report.html" > /dev/null
(cd "$root/tests/browser" && node -e '
const { chromium } = require("playwright-core");
(async () => {
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    const page = await (await browser.newContext({ viewport: { width: 1000, height: 1100 } })).newPage();
    await page.goto("file://" + process.argv[1]);
    await page.screenshot({ path: process.argv[2] });
    await browser.close();
})();' "$work/report.html" "$root/docs/images/report.png")
echo "pictures written to docs/images/"
