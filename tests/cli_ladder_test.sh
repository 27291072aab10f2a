#!/usr/bin/env bash
# `rulesrun ladder`: a strategy rated above random (Pig's hold_at_20), the table, JSON and page; the seatings of a
# two- and a three-player game, on the same seeds; --threads changes nothing; shards merged and --processes give the
# run's bytes (--no-times: the times per decision are measurements); a cooperative game says the ladder tells nothing;
# simulate's skill depth when the seats' bots differ; wrong input: one bot, a bot twice, human, an unknown bot, a game
# count the seatings do not divide, shards with --json.
# Usage: cli_ladder_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_ladder_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_ladder_test.sh RULESRUN SOURCE_DIR}
PIG="$SOURCE/rules/pig.rules"
DIAMANT="$SOURCE/rules/diamant.rules"
HANABI="$SOURCE/rules/classics/hanabi.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

run() { run_with_input 300 "$1" /dev/null "${@:2}"; }

same() {  # same FILE_A FILE_B DESCRIPTION: byte for byte
    if cmp -s "$1" "$2"; then echo "ok:   $3: identical"; else fail "$3: $(diff "$1" "$2" | head -6)"; fi
}

# ---- Pig: hold_at_20 far above random, as JSON, text and page ------------------------------------------------------
run 0 ladder "$PIG" --bots random,hold_at_20 --games 60 --json --report "$WORK/pig.html"
cp "$WORK/out" "$WORK/pig.json"
cp "$WORK/err" "$WORK/pig.err"
python3 - "$WORK/pig.json" <<'PY' || fail "ladder --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["game"] == "Pig" and d["players"] == 2 and d["seed"] == 1, d
assert d["games_per_pairing"] == 60 and d["seatings_per_pairing"] == 2 and d["games"] == 60, d
assert d["anchor"] == "random", d["anchor"]
assert [b["bot"] for b in d["bots"]] == ["hold_at_20", "random"], d["bots"]
best, random = d["bots"]
assert best["rank"] == 1 and random["rank"] == 2, d["bots"]
assert random["rating"] == 0 and random["ci95"] == [0, 0], random
assert best["rating"] > 150 and best["ci95"][0] < best["rating"] < best["ci95"][1], best
assert best["games"] == 60 and random["games"] == 60 and best["draws"] == 0, best
assert best["decisions"] > 0 and best["ms_per_decision"] >= 0, best
m = {row["bot"]: row["against"] for row in d["matrix"]}
cell = m["hold_at_20"]["random"]
assert cell["games"] == 60 and 0.7 < cell["rate"] <= 1 and cell["ci95"][0] <= cell["rate"] <= cell["ci95"][1], cell
assert abs(cell["rate"] + m["random"]["hold_at_20"]["rate"] - 1) < 1e-12, m
s = d["skill_depth"]
assert s["strongest"] == "hold_at_20" and s["weakest"] == "random", s
assert abs(s["elo"] - best["rating"]) < 1e-9 and s["ci95"] == best["ci95"], s
assert 0.5 < s["expected_score"] < 1 and s["informative"], s
# random never beats hold_at_20 in these games: its rating would be infinite, and the ladder says so.
assert cell["rate"] == 1 and not s["bounded"] and "virtual draw" in d["warnings"][0], d["warnings"]
PY
contains "$WORK/pig.err" "seating 1/2 (random in seat 1, hold_at_20 in seat 2): 30 games" "a progress line per seating"
contains "$WORK/pig.err" "seating 2/2 (hold_at_20 in seat 1, random in seat 2): 30 games" "the other way round"
contains "$WORK/pig.html" '<div class="chart ratings"' "the page's rating chart"
contains "$WORK/pig.html" '<table class="matrix">' "the page's win matrix"
contains "$WORK/pig.html" 'style="background:#' "the matrix is coloured"
contains "$WORK/pig.html" "skill depth:" "the page's skill depth"

run 0 ladder "$PIG" --bots random,hold_at_20 --games 60
cp "$WORK/out" "$WORK/pig.txt"
contains "$WORK/pig.txt" "Pig: ladder of 2 bots, 2 players, 60 games per pairing (2 seatings of 30 games" "the heading"
contains "$WORK/pig.txt" "Bradley-Terry on the Elo scale, random = 0" "the anchor said"
contains "$WORK/pig.txt" "time/decision" "the time per decision"
contains "$WORK/pig.txt" "   1  hold_at_20" "hold_at_20 ranked first"
contains "$WORK/pig.txt" "   2  random" "random ranked second"
contains "$WORK/pig.txt" "skill depth: " "the skill depth"
contains "$WORK/pig.txt" "the rating gap between the strongest and the weakest bot" "what the skill depth means"

contains "$WORK/pig.txt" "warning: hold_at_20 was ranked before its opponents in every game" "a bot that never loses"

# Each seating plays the very games simulate plays with those seats and seed: the same seeds in every seating.
run 0 ladder "$PIG" --bots random,hold_at_20 --games 60 --seed 4 --no-times --shard 1/1
cp "$WORK/out" "$WORK/whole_part.json"
run 0 simulate "$PIG" --bots random,hold_at_20 --games 30 --seed 4 --json
cp "$WORK/out" "$WORK/first_seating.json"
run 0 simulate "$PIG" --bots hold_at_20,random --games 30 --seed 4 --json
cp "$WORK/out" "$WORK/second_seating.json"
python3 - "$WORK/whole_part.json" "$WORK/first_seating.json" "$WORK/second_seating.json" <<'PY' ||
    fail "the seatings' games"
import json, sys
seatings = json.load(open(sys.argv[1]))["result"]["seatings"]
for seating, path in zip(seatings, sys.argv[2:]):
    simulated = json.load(open(path))
    assert seating["games"] == 30, seating["games"]
    assert seating["wins"] == [s["wins"] for s in simulated["seats"]], (seating["wins"], simulated["seats"])
    assert seating["ranks"] == [s["ranks"] for s in simulated["seats"]], seating["ranks"]
    # The lengths and scores tell the games apart (the winner alone hardly does in Pig).
    assert abs(seating["length"]["sum"] / 30 - simulated["length"]["mean"]) < 1e-9, seating["length"]
    for score, seat in zip(seating["scores"], simulated["seats"]):
        assert abs(score["sum"] / 30 - seat["mean_score"]) < 1e-9, (score, seat)
PY

# The same games on any number of threads (without the times, which are measurements).
run 0 ladder "$PIG" --bots random,hold_at_20 --games 60 --no-times --threads 1
cp "$WORK/out" "$WORK/one_thread.txt"
lacks "$WORK/one_thread.txt" "time/decision" "--no-times"
run 0 ladder "$PIG" --bots random,hold_at_20 --games 60 --no-times --threads 2
same "$WORK/one_thread.txt" "$WORK/out" "1 and 2 threads"

# ---- Diamant, three players: 6 seatings per pairing, the same seeds in each ----------------------------------------
run 0 ladder "$DIAMANT" --players 3 --bots random,cautious,stay --games 24 --json --no-times
python3 - "$WORK/out" <<'PY' || fail "a three-player ladder"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["players"] == 3 and d["seatings_per_pairing"] == 6 and d["games_per_pairing"] == 24, d
assert d["games"] == 3 * 24, d["games"]
assert all(b["games"] == 48 for b in d["bots"]), d["bots"]
assert all("ms_per_decision" not in b for b in d["bots"]), d["bots"]
assert sorted(b["bot"] for b in d["bots"]) == ["cautious", "random", "stay"], d["bots"]
PY

# ---- shards merged, and --processes, give the run's bytes ----------------------------------------------------------
LADDER=("$DIAMANT" --players 3 --bots random,cautious --games 30 --seed 5 --no-times)
run 0 ladder "${LADDER[@]}" --json --report "$WORK/whole.html"
cp "$WORK/out" "$WORK/whole.json"
run 0 ladder "${LADDER[@]}"
cp "$WORK/out" "$WORK/whole.txt"
for k in 1 2 3; do
    run 0 ladder "${LADDER[@]}" --shard "$k/3"
    cp "$WORK/out" "$WORK/part$k.json"
done
python3 - "$WORK/part1.json" <<'PY' || fail "a ladder's part"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "rulesrun-partial-result" and d["run"]["command"] == "ladder" and d["shard"] == 1, d.keys()
assert len(d["result"]["seatings"]) == 6, len(d["result"]["seatings"])
PY
run 0 merge "$WORK/part3.json" "$WORK/part1.json" "$WORK/part2.json" --json --report "$WORK/merged.html"
same "$WORK/whole.json" "$WORK/out" "the merged JSON"
same "$WORK/whole.html" "$WORK/merged.html" "the merged page"
run 0 merge "$WORK/part1.json" "$WORK/part2.json" "$WORK/part3.json"
same "$WORK/whole.txt" "$WORK/out" "the merged table"
run 2 merge "$WORK/part1.json" "$WORK/part2.json"
contains "$WORK/err" "shard 3 of 3 is missing" "a missing shard"
run 0 ladder "${LADDER[@]}" --json --processes 2
same "$WORK/whole.json" "$WORK/out" "--processes 2"

# ---- a cooperative game: the seats win or lose together, the ladder tells nothing ----------------------------------
run 0 ladder "$HANABI" --bots random,careful --games 4
contains "$WORK/out" "warning: no game ranked one bot's seat before another's" "a ladder that tells nothing"

# ---- simulate: the skill depth when the seats' bots differ, not when they are the same -----------------------------
run 0 simulate "$PIG" --bots hold_at_20,random --games 200 --json --report "$WORK/simulate.html"
python3 - "$WORK/out" <<'PY' || fail "simulate's skill depth"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["skill_depth"]
assert s["strongest"] == "hold_at_20" and s["weakest"] == "random" and s["anchor"] == "random", s
assert s["elo"] > 100 and s["ci95"][0] < s["elo"] < s["ci95"][1], s
PY
contains "$WORK/simulate.html" "<h2>Skill depth</h2>" "the report's skill depth"
contains "$WORK/simulate.html" "skill depth: " "the report's gap"
run 0 simulate "$PIG" --bots hold_at_20,random --games 200
contains "$WORK/out" "the bots rated from their seats' results" "simulate's ratings"
contains "$WORK/out" "skill depth: " "simulate's skill depth"
run 0 simulate "$PIG" --bots random --games 20 --json
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["skill_depth"] is None' "$WORK/out" ||
    fail "no skill depth when every seat plays the same bot"

# ---- wrong input ---------------------------------------------------------------------------------------------------
run 2 ladder "$PIG" --bots random
contains "$WORK/err" "a ladder needs at least two different bots" "one bot"
run 2 ladder "$PIG" --bots random,random
contains "$WORK/err" "'random' is listed twice" "a bot twice"
run 2 ladder "$PIG" --bots human,random
contains "$WORK/err" "'human' can only play in 'rulesrun play'" "a human"
run 2 ladder "$PIG" --bots random,nobody
contains "$WORK/err" "unknown bot 'nobody'" "an unknown bot"
run 2 ladder "$PIG" --bots random,hold_at_20 --games 7
contains "$WORK/err" "--games 7: a pairing's games are split evenly between its 2 seatings" "an odd game count"
run 2 ladder "$PIG" --bots random,hold_at_20 --games 0
run 2 ladder "$PIG"
run 2 ladder "$PIG" --bots random,hold_at_20 --players 1
contains "$WORK/err" "--players 1" "one player"
run 2 ladder "$PIG" --bots random,hold_at_20 --shard 1/2 --json
contains "$WORK/err" "--json with --shard" "a shard's JSON"
run 1 ladder "$WORK/missing.rules" --bots random,hold_at_20
run 0 ladder --help
contains "$WORK/out" "--no-times" "--help"
run 0 --help
run 2 ladr
contains "$WORK/err" "did you mean 'ladder'" "a mistyped command"

if [[ $failures -gt 0 ]]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all ladder checks passed"
