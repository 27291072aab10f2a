#!/usr/bin/env bash
# docs/house-rules.md as a test: every ```sh block of the walk-through runs, in order, exactly as written (with the
# built rulesrun as build/rulesrun, the source tree's rules/ and HOME in a scratch folder; `play` answers 1 to
# everything),
# and every line of its ```rules blocks must be in the edited copy, so the page cannot drift from the program.
# Usage: cli_house_rules_test.sh RULESRUN SOURCE_DIR
set -u
RULESRUN=$1
SOURCE_DIR=$2
source "$(dirname "$0")/cli_common.sh"
DOC="$SOURCE_DIR/docs/house-rules.md"

cd "$WORK" || exit 1
export HOME="$WORK/home"  # the walk-through keeps the reader's files in ~/house-rules
mkdir -p "$HOME"
ln -s "$SOURCE_DIR/rules" rules
mkdir build && ln -s "$RULESRUN" build/rulesrun

# The blocks of one kind, in order: the sh blocks as one script, the rules blocks' lines one per line.
blocks() {
    python3 - "$DOC" "$1" <<'PY'
import sys
kind, inside, out = sys.argv[2], None, []
for line in open(sys.argv[1]).read().splitlines():
    if line.startswith("```"):
        inside = line[3:].strip() if inside is None else None
        continue
    if inside == kind:
        out.append(line)
print("\n".join(out))
PY
}
blocks sh > walkthrough.sh
blocks rules > shown_rules.txt
[ -s walkthrough.sh ] || fail "no sh block in $DOC"

yes 1 | bash -e walkthrough.sh > walkthrough.log 2>&1
status=$?
[ "$status" -eq 0 ] || { fail "the walk-through stopped with status $status:"; tail -20 walkthrough.log; }

while IFS= read -r line; do
    [ -z "${line// }" ] && continue
    grep -qxF -- "$line" "$HOME/house-rules/my_cosmic.rules" || fail "a line shown in the page is not in the edited file: $line"
done < shown_rules.txt

for written in my_cosmic.rules comparison.json; do
    [ -e "$written" ] && fail "the walk-through wrote $written where it was run (the repository): it belongs in ~/house-rules"
done
grep -q "B - A" walkthrough.log || fail "no comparison table in the walk-through's output"
grep -q "seat  *score" walkthrough.log || fail "the game played does not reach its final scores"
# What the page says of the comparison: fewer turns and fewer tokens rescued, both beyond chance.
python3 - "$HOME/house-rules/comparison.json" <<'PY' || fail "comparison.json does not show what the page says"
import json, sys
figures = {f["name"]: f for f in json.load(open(sys.argv[1]))["figures"]}
for name in ("game_length", "tokens_rescued"):
    f = figures[name]
    assert f["paired"] and f["significant"] and f["difference"] < 0, f
PY

# The comparison names its bots; most baseline games are lost by all, but not every one: no such warning.
grep -q "^bots: thrifty (seats 1-2)$" walkthrough.log || fail "the comparison's table does not name its bots"
python3 - "$HOME/house-rules/comparison.json" <<'PY' || fail "comparison.json's bots and warnings"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bots"] == "thrifty (seats 1-2)", d["bots"]
assert not any("lost by all" in w for w in d["warnings"]), d["warnings"]
PY
# With one star lost ending the game, every game of both files is lost by all: the comparison says so.
"$RULESRUN" simulate rules/cosmic_disaster.rules --compare "$HOME/house-rules/my_cosmic.rules" --games 50 --players 2 \
    --bots greedy --option stars_lost=1 --json >lost.json 2>lost.err || fail "the comparison with stars_lost=1 failed"
grep -qF "simulate --compare: warning: in both files, every one of the 50 games was lost by all players: the comparison says nothing about play" lost.err ||
    fail "no warning for a comparison lost by all: $(head -c 400 lost.err)"
python3 -c 'import json, sys; w = json.load(open(sys.argv[1]))["warnings"]; assert w and w[0].startswith("in both files"), w' lost.json ||
    fail "lost.json's warnings"
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "house-rules walk-through: ok"
