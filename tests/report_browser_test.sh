#!/usr/bin/env bash
# The HTML reports looked at in headless Chromium (tests/browser/report_layout.mjs): a simulation's report, a
# comparison's, a sweep's, a sampled sweep's, a ladder's and a tuning's, where no chart's text or mark may leave its chart and no table the page. Screenshots are
# kept in SCREENSHOTS for review.
# Usage: report_browser_test.sh RULESRUN SOURCE_DIR SCREENSHOTS
set -u
RULESRUN=$1
SOURCE=$2
SCREENSHOTS=$3
source "$(dirname "$0")/cli_common.sh"
require_browser "$SOURCE"
mkdir -p "$SCREENSHOTS"

run() { run_with_input 300 "$1" /dev/null "${@:2}"; }
run 0 simulate "$SOURCE/rules/diamant.rules" --games 300 --players 4 --bots random,cautious,bold,stay \
    --report "$WORK/diamant.html"
run 0 simulate "$SOURCE/rules/cosmic_disaster.rules" --games 100 --players 2 --bots greedy \
    --report "$WORK/cosmic_disaster.html"
run 0 simulate "$SOURCE/rules/pig.rules" --compare "$SOURCE/rules/pig.rules" --option target=50 --games 200 \
    --report "$WORK/compared.html"
run 0 sweep "$SOURCE/rules/cosmic_disaster.rules" --option jacks=1,3,5 --option reveal=2,3 --players 1,2 --games 100 \
    --report "$WORK/sweep.html"
# A sample: one point per configuration, on axes of up to 31 values.
run 0 sweep "$SOURCE/rules/cosmic_disaster.rules" --option jacks --option reveal --option rescue_goal=10..40 \
    --players 1,2,3,4 --sample 30 --games 40 --bots greedy --report "$WORK/sample.html"

# A ladder of five bots, one with a long name: its rating chart and its win matrix.
run 0 ladder "$SOURCE/rules/diamant.rules" --players 3 --bots random,stay,cautious,bold,mcts:iterations=10,c=1 \
    --games 12 --report "$WORK/ladder.html"

# A tuning: Pig's target varied over its range until games last about 60 actions.
run 0 tune "$SOURCE/rules/pig.rules" --vary target --target length=60 --games 400 --report "$WORK/tune.html"

(cd "$SOURCE/tests/browser" && timeout 300 node report_layout.mjs "$SCREENSHOTS" "$WORK/diamant.html" \
    "$WORK/cosmic_disaster.html" "$WORK/compared.html" "$WORK/sweep.html" "$WORK/sample.html" "$WORK/ladder.html" \
    "$WORK/tune.html") ||
    fail "the reports as Chromium draws them (above)"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "the reports look right in Chromium; screenshots in $SCREENSHOTS"
