#!/usr/bin/env bash
# `rulesrun sweep`: every combination of the swept values, each configuration playing the very games `simulate` plays
# with its settings (common random numbers); the table, JSON and page; a sweep split into shards and merged gives the
# same bytes; --resume keeps finished configurations and plays only the others; progress lines off a terminal;
# --processes plays the shards in child processes and prints the same bytes; --sample N plays N configurations
# spread over a large grid (a Latin hypercube), through all of the above; ranges of values (LOW..HIGH, NAME alone);
# wrong input: unknown options, refused values, malformed lists, a resume folder of another sweep, wrong samples.
# Usage: cli_sweep_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_sweep_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_sweep_test.sh RULESRUN SOURCE_DIR}
COSMIC="$SOURCE/rules/cosmic_disaster.rules"
DIAMANT="$SOURCE/rules/diamant.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

run() { run_with_input 300 "$1" /dev/null "${@:2}"; }

same() {  # same FILE_A FILE_B DESCRIPTION: byte for byte
    if cmp -s "$1" "$2"; then echo "ok:   $3: identical"; else fail "$3: $(diff "$1" "$2" | head -6)"; fi
}

SWEEP=("$COSMIC" --option jacks=1,3 --option reveal=2,3 --players 1,2 --games 30 --seed 9)

# ---- the grid, as JSON and text ------------------------------------------------------------------------------------
run 0 sweep "${SWEEP[@]}" --json --report "$WORK/sweep.html"
cp "$WORK/out" "$WORK/sweep.json"
cp "$WORK/err" "$WORK/sweep.err"
python3 - "$WORK/sweep.json" <<'PY' || fail "sweep --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["game"] == "Cosmic Disaster" and d["games"] == 30 and d["seed"] == 9, d.keys()
assert d["axes"] == [{"name": "players", "values": ["1", "2"]}, {"name": "jacks", "values": ["1", "3"]},
                     {"name": "reveal", "values": ["2", "3"]}], d["axes"]
got = [(c["players"], c["options"]["jacks"], c["options"]["reveal"]) for c in d["configurations"]]
assert got == [(p, j, r) for p in (1, 2) for j in ("1", "3") for r in ("2", "3")], got
for c in d["configurations"]:
    assert c["games"] == 30 and c["options"]["hand_size"] == "6", c
    names = [f["name"] for f in c["figures"]]
    assert names[:6] == ["first seat's share of the wins", "shared wins", "draws", "everybody loses",
                         "game length (actions)", "legal choices per decision"], names
    assert "game_length" in names and "tokens_rescued" in names, names
    for f in c["figures"]:
        assert f["mean"] is None or f["ci95_low"] <= f["mean"] <= f["ci95_high"], f
PY
# Progress off a terminal: a plain line per configuration.
contains "$WORK/sweep.err" "configuration 1/8 (players=1 jacks=1 reveal=2): 30 games" "a progress line per configuration"
contains "$WORK/sweep.err" "configuration 8/8 (players=2 jacks=3 reveal=3): 30 games" "the last configuration's line"
# The page: each figure against each swept setting.
contains "$WORK/sweep.html" '<div class="chart sweep-chart" data-figure="game length (actions)" data-axis="jacks"' "length against jacks"
contains "$WORK/sweep.html" '<div class="chart sweep-chart" data-figure="tokens_rescued" data-axis="players"' "a statistic against players"
contains "$WORK/sweep.html" '"type":"area"' "interval bands"

run 0 sweep "${SWEEP[@]}"
cp "$WORK/out" "$WORK/sweep.txt"
contains "$WORK/sweep.txt" "Cosmic Disaster: 8 configurations, 30 games each, the same seeds in each (base seed 9)" "the heading"
contains "$WORK/sweep.txt" "players  jacks  reveal" "the swept settings head the table"

# ---- common random numbers: a configuration plays simulate's games -------------------------------------------------
run 0 simulate "$COSMIC" --players 2 --option jacks=3 --option reveal=2 --games 30 --seed 9 --json
cp "$WORK/out" "$WORK/one.json"
python3 - "$WORK/sweep.json" "$WORK/one.json" <<'PY' || fail "a sweep's configuration is simulate's run"
import json, sys
sweep, one = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
c = [c for c in sweep["configurations"] if c["players"] == 2 and c["options"]["jacks"] == "3"
     and c["options"]["reveal"] == "2"][0]
figures = {f["name"]: f for f in c["figures"]}
assert figures["game length (actions)"]["mean"] == one["length"]["mean"], (figures["game length (actions)"], one["length"])
assert figures["game_length"]["mean"] == one["stats"]["game_length"]["mean"]
assert figures["everybody loses"]["mean"] == one["everybody_loses"] / 30
PY

# ---- shards merged -------------------------------------------------------------------------------------------------
parts=()
for k in 3 1 2; do
    run 0 sweep "${SWEEP[@]}" --shard "$k/3" --threads $((k % 2 + 1))
    cp "$WORK/out" "$WORK/sweep.part$k.json"
    parts+=("$WORK/sweep.part$k.json")
done
run 0 merge "${parts[@]}" --json --report "$WORK/merged.html"
same "$WORK/sweep.json" "$WORK/out" "the sweep's shards merged: JSON"
same "$WORK/sweep.html" "$WORK/merged.html" "the sweep's shards merged: page"
run 0 merge "${parts[@]}"
same "$WORK/sweep.txt" "$WORK/out" "the sweep's shards merged: table"
run 2 merge "$WORK/sweep.part1.json" "$WORK/sweep.part2.json"
contains "$WORK/err" "shard 3 of 3 is missing" "a sweep's missing shard"

# ---- --slurm: the sweep's shards as a job array (run here as Slurm would run them) ---------------------------------
run 0 sweep "${SWEEP[@]}" --slurm "$WORK/slurm" --tasks 2 --json
for k in 1 2; do SLURM_ARRAY_TASK_ID=$k bash "$WORK/slurm/shards.sbatch" 2>/dev/null || fail "the Slurm task $k"; done
bash "$WORK/slurm/merge.sbatch" || fail "the Slurm merge"
same "$WORK/sweep.json" "$WORK/slurm/result.json" "the sweep's Slurm job merged"
run 2 sweep "${SWEEP[@]}" --slurm "$WORK/slurm" --tasks 2 --resume "$WORK/state"
contains "$WORK/err" "--resume with --slurm" "--resume is per machine"

# ---- resume --------------------------------------------------------------------------------------------------------
run 0 sweep "${SWEEP[@]}" --json --resume "$WORK/state"
same "$WORK/sweep.json" "$WORK/out" "a sweep with --resume"
[[ -f $WORK/state/sweep.json && -f $WORK/state/configuration-8.json ]] || fail "the resume folder's files"
rm "$WORK/state/configuration-3.json" "$WORK/state/configuration-6.json"  # as if interrupted before them
run 0 sweep "${SWEEP[@]}" --json --resume "$WORK/state"
same "$WORK/sweep.json" "$WORK/out" "a resumed sweep"
contains "$WORK/err" "configuration 1/8 (players=1 jacks=1 reveal=2): kept from the earlier run" "finished configurations kept"
contains "$WORK/err" "configuration 3/8 (players=1 jacks=3 reveal=2): 30 games" "the missing ones played"
[[ $(grep -c "kept from the earlier run" "$WORK/err") -eq 6 ]] || fail "6 configurations kept: $(cat "$WORK/err")"
run 2 sweep "$COSMIC" --option jacks=1,3 --option reveal=2,3 --players 1,2 --games 30 --seed 10 --resume "$WORK/state"
contains "$WORK/err" "the folder holds another sweep (seed: 9 and 10)" "a resume folder of another sweep"

# ---- --processes: the shards in child processes, merged ------------------------------------------------------------
run 0 sweep "${SWEEP[@]}" --json --report "$WORK/processes.html" --processes 3
same "$WORK/sweep.json" "$WORK/out" "a sweep in 3 processes: JSON"
same "$WORK/sweep.html" "$WORK/processes.html" "a sweep in 3 processes: page"
contains "$WORK/err" "shard 3/3 finished" "a line per finished shard"
run 0 sweep "${SWEEP[@]}" --processes 2 --resume "$WORK/state-processes"
same "$WORK/sweep.txt" "$WORK/out" "a sweep in 2 processes with --resume: table"
[[ -f $WORK/state-processes/shard-2-of-2/configuration-8.json ]] || fail "each process keeps its shard's configurations"
run 0 sweep "${SWEEP[@]}" --processes 2 --resume "$WORK/state-processes"
same "$WORK/sweep.txt" "$WORK/out" "a sweep in 2 processes resumed: table"
run 2 sweep "${SWEEP[@]}" --processes 2 --shard 1/2
contains "$WORK/err" "--processes with --shard" "--processes plays the shards itself"

# ---- --sample: a space-filling share of a large grid ---------------------------------------------------------------
# Every value of jacks (0 to 6) and reveal (1 to 8) for 1 to 4 players: 224 configurations, 10 of them played.
GRID=("$COSMIC" --option jacks --option reveal=1..8 --players 1,2,3,4 --games 20)
SAMPLE=("${GRID[@]}" --sample 10 --seed 9)
run 0 sweep "${SAMPLE[@]}" --json --report "$WORK/sample.html"
cp "$WORK/out" "$WORK/sample.json"
python3 - "$WORK/sample.json" <<'PY' || fail "sweep --sample --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["sample"] == {"design": "maximin Latin hypercube", "grid": 224}, d.get("sample")
assert d["axes"] == [{"name": "players", "values": ["1", "2", "3", "4"]},
                     {"name": "jacks", "values": [str(v) for v in range(7)]},
                     {"name": "reveal", "values": [str(v) for v in range(1, 9)]}], d["axes"]
got = [(c["players"], int(c["options"]["jacks"]), int(c["options"]["reveal"])) for c in d["configurations"]]
assert len(got) == 10 and len(set(got)) == 10, got
assert got == sorted(got), got  # in the grid's order
# A Latin hypercube over 10 strata: every player count is played, and each axis's ends are.
assert {p for p, _, _ in got} == {1, 2, 3, 4}, got
assert {0, 6} <= {j for _, j, _ in got} and {1, 8} <= {r for _, _, r in got}, got
assert len({j for _, j, _ in got}) >= 5 and len({r for _, _, r in got}) >= 5, got
PY
contains "$WORK/err" "configuration 10/10" "a progress line per sampled configuration"
contains "$WORK/sample.html" "10 configurations sampled from a grid of 224 (maximin Latin hypercube)" "the page says it is a sample"
contains "$WORK/sample.html" '"mark":{"opacity":0.4,"strokeWidth":2,"type":"rule"}' "the charts show the sampled points' intervals"
lacks "$WORK/sample.html" '"type":"area"' "no bands through points that differ in other settings"
lacks "$WORK/sample.html" '"type":"line"' "no lines through points that differ in other settings"
# Drawn from the seed: the same sample again; another seed, another sample.
run 0 sweep "${SAMPLE[@]}" --json
same "$WORK/sample.json" "$WORK/out" "the same sample from the same seed"
run 0 sweep "${GRID[@]}" --sample 10 --json --seed 10
python3 - "$WORK/sample.json" "$WORK/out" <<'PY' || fail "another seed draws another sample"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert [c["options"] for c in a["configurations"]] != [c["options"] for c in b["configurations"]]
PY
# A sampled configuration plays simulate's games (common random numbers).
read -r players jacks reveal < <(python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["configurations"][3]
print(c["players"], c["options"]["jacks"], c["options"]["reveal"])' "$WORK/sample.json")
run 0 simulate "$COSMIC" --players "$players" --option jacks="$jacks" --option reveal="$reveal" --games 20 --seed 9 --json
python3 - "$WORK/sample.json" "$WORK/out" <<'PY' || fail "a sampled configuration is simulate's run"
import json, sys
sample, one = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
figures = {f["name"]: f for f in sample["configurations"][3]["figures"]}
assert figures["game length (actions)"]["mean"] == one["length"]["mean"], (figures["game length (actions)"], one["length"])
PY
# Shards merged, processes, resume and Slurm give the sample's very bytes.
run 0 sweep "${SAMPLE[@]}" --report "$WORK/sample-text.html"
cp "$WORK/out" "$WORK/sample.txt"
contains "$WORK/sample.txt" "Cosmic Disaster: 10 configurations sampled from a grid of 224 (maximin Latin hypercube), 20 games each" "the table's heading"
for k in 2 1; do
    run 0 sweep "${SAMPLE[@]}" --shard "$k/2"
    cp "$WORK/out" "$WORK/sample.part$k.json"
done
python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["run"]; assert r["arguments"]["sample"] == 10 and len(r["sample"]) == 10, r'     "$WORK/sample.part1.json" || fail "a part records the sample"
run 0 merge "$WORK/sample.part1.json" "$WORK/sample.part2.json" --json --report "$WORK/sample-merged.html"
same "$WORK/sample.json" "$WORK/out" "the sample's shards merged: JSON"
same "$WORK/sample.html" "$WORK/sample-merged.html" "the sample's shards merged: page"
run 0 sweep "${SAMPLE[@]}" --processes 2
same "$WORK/sample.txt" "$WORK/out" "the sample in 2 processes: table"
run 0 sweep "${SAMPLE[@]}" --json --resume "$WORK/sample-state"
rm "$WORK/sample-state/configuration-4.json"
run 0 sweep "${SAMPLE[@]}" --json --resume "$WORK/sample-state"
same "$WORK/sample.json" "$WORK/out" "the sample resumed"
[[ $(grep -c "kept from the earlier run" "$WORK/err") -eq 9 ]] || fail "9 sampled configurations kept: $(cat "$WORK/err")"
run 2 sweep "${GRID[@]}" --seed 9 --sample 11 --resume "$WORK/sample-state"
contains "$WORK/err" "the folder holds another sweep (arguments.sample: 10 and 11)" "a resume folder of another sample"
run 0 sweep "${SAMPLE[@]}" --slurm "$WORK/sample-slurm" --tasks 2 --json
contains "$WORK/sample-slurm/shards.sbatch" "'--sample' '10'" "the Slurm tasks draw the same sample"
for k in 1 2; do SLURM_ARRAY_TASK_ID=$k bash "$WORK/sample-slurm/shards.sbatch" 2>/dev/null || fail "the Slurm task $k"; done
bash "$WORK/sample-slurm/merge.sbatch" || fail "the Slurm merge of a sample"
same "$WORK/sample.json" "$WORK/sample-slurm/result.json" "the sample's Slurm job merged"
# Parts of two samples do not merge.
run 0 sweep "${GRID[@]}" --seed 9 --sample 12 --shard 2/2
cp "$WORK/out" "$WORK/sample12.part2.json"
run 2 merge "$WORK/sample.part1.json" "$WORK/sample12.part2.json"
contains "$WORK/err" "are parts of different runs (arguments.sample: 10 and 12)" "parts of another sample"
# A sample as large as the grid is the grid, said in one line.
run 0 sweep "${SWEEP[@]}" --sample 8
same "$WORK/sweep.txt" "$WORK/out" "--sample of the whole grid plays the grid"
contains "$WORK/err" "sweep: --sample 8 is not less than the grid's 8 configurations: every one is played" "the notice"
run 2 sweep "${GRID[@]}" --sample 0
contains "$WORK/err" "--sample: '0' is not a whole number from 1 to 10000" "--sample 0"
run 2 sweep "${GRID[@]}" --sample 10001
contains "$WORK/err" "from 1 to 10000" "a sample too large to design"
# A grid too large to play whole asks for --sample; a large one that is played suggests it.
LARGE=("$COSMIC" --option rescue_goal --option stars_lost --option earth_start --option hand_size --option jacks --games 1)
run 2 sweep "${LARGE[@]}"
contains "$WORK/err" "the grid has 470400 configurations, more than a sweep plays whole (100000): --sample N plays N" "a grid too large"
run 0 sweep "${LARGE[@]}" --sample 3
contains "$WORK/out" "3 configurations sampled from a grid of 470400" "a sample of a grid too large to play whole"
run 0 sweep "$DIAMANT" --option rounds --players 3,4,5,6,7,8 --option variant --games 1 --threads 1
contains "$WORK/err" "sweep: 240 configurations, 1 games each; --sample N plays N of them" "a large grid suggests --sample"

# ---- ranges of values ----------------------------------------------------------------------------------------------
run 0 sweep "$COSMIC" --option jacks=2..4 --games 2 --json
python3 -c 'import json, sys; a = json.load(open(sys.argv[1]))["axes"]; assert a == [{"name": "jacks", "values": ["2", "3", "4"]}], a'     "$WORK/out" || fail "--option NAME=LOW..HIGH"
run 0 sweep "$COSMIC" --option science --games 2 --json
python3 -c 'import json, sys; a = json.load(open(sys.argv[1]))["axes"]; assert a == [{"name": "science", "values": ["false", "true"]}], a'     "$WORK/out" || fail "--option NAME alone: the values the rules list"

# ---- a sweep of one option, the player count left to the game ------------------------------------------------------
run 0 sweep "$DIAMANT" --option rounds=1,2 --games 5
contains "$WORK/out" "Diamant: 2 configurations, 5 games each" "a sweep of one option"

# ---- figures that say nothing say so ---------------------------------------------------------------------------------
# Cosmic Disaster reveals solo_reveal cards with 1 player: reveal changes nothing there, and the sweep above says so.
contains "$WORK/sweep.err" "sweep: warning: option reveal changed nothing with 1 player: configurations that differ in reveal alone gave exactly the same figures" \
    "an option the rules do not use at a player count"
lacks "$WORK/sweep.err" "option reveal changed nothing with 2 players" "reveal changes the 2-player games"
lacks "$WORK/sweep.err" "option jacks changed nothing" "jacks changes the games"
python3 - "$WORK/sweep.json" <<'PY' || fail "sweep --json: bots and warnings"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bots"] == "random (seat 1) with 1 player; random (seats 1-2) with 2 players", d["bots"]
assert any(w.startswith("option reveal changed nothing with 1 player") for w in d["warnings"]), d["warnings"]
assert all("warnings" in c for c in d["configurations"]), d["configurations"]
PY
contains "$WORK/sweep.txt" "bots: random (seat 1) with 1 player; random (seats 1-2) with 2 players" "the table names the bots"
contains "$WORK/sweep.html" "option reveal changed nothing with 1 player" "the page's warnings"

DIAL="$SOURCE/tests/games/outcome_dial.rules"
run 0 sweep "$DIAL" --option ending=lost --option decor=1,2 --players 2,3 --games 20 --json --report "$WORK/lost.html"
for label in "players=2 ending=lost decor=1" "players=3 ending=lost decor=2"; do
    contains "$WORK/err" "sweep: warning: $label: every one of the 20 games was lost by all players" \
        "a configuration's games all lost ($label)"
done
contains "$WORK/err" "sweep: warning: in every one of the 4 configurations, every one of the 20 games was lost by all players: the bots may be too weak to win: try stronger bots" \
    "the summary of a sweep lost by all"
contains "$WORK/err" "sweep: warning: statistic 'lost' was 100 in every game of every configuration" "a statistic that never moved"
contains "$WORK/err" "sweep: warning: option decor changed nothing with 2 players" "an option that changes nothing"
contains "$WORK/err" "sweep: warning: option decor changed nothing with 3 players" "an option that changes nothing, at 3"
python3 - "$WORK/out" <<'PY' || fail "sweep --json's warnings"
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["warnings"]) == 4 + 4, d["warnings"]
for c in d["configurations"]:
    (w,) = c["warnings"]
    assert w.startswith("every one of the 20 games was lost by all players"), w
PY
contains "$WORK/lost.html" "in every one of the 4 configurations" "the page's summary"
run 0 sweep "$DIAL" --option ending=fair,first --games 30 --json
contains "$WORK/err" "sweep: warning: ending=first: player 1 (random) won every one of the 30 games" "one configuration decided"
lacks "$WORK/err" "ending=fair:" "the fair configuration is a real result"
lacks "$WORK/err" "in every one of the" "no summary when one configuration says something"
python3 - "$WORK/out" <<'PY' || fail "sweep --json: a warning for one configuration only"
import json, sys
d = json.load(open(sys.argv[1]))
assert [len(c["warnings"]) for c in d["configurations"]] == [0, 1], d["configurations"]
# That configuration's fact, the advice, and 'lost', 0 in every game of both.
assert d["warnings"][0] == "ending=first: player 1 (random) won every one of the 30 games", d["warnings"]
assert d["warnings"][1].startswith("the configurations above where every game was won by player 1 (random): with these bots"), d["warnings"]
assert len(d["warnings"]) == 3 and d["warnings"][2].startswith("statistic 'lost' was 0 in every game"), d["warnings"]
PY
run 0 sweep "$DIAL" --option decor=1,2 --games 5
lacks "$WORK/err" "warning" "configurations of 5 games are too few to compare"

# ---- wrong input ---------------------------------------------------------------------------------------------------
run 2 sweep "$COSMIC" --option jackz=1,2
contains "$WORK/err" "--option jackz=1,2: no option 'jackz' (the rules declare jacks, reveal" "an unknown option"
run 2 sweep "$COSMIC" --option jacks=1,9
contains "$WORK/err" "jacks=9" "a value the rules refuse names its configuration"
run 2 sweep "$COSMIC" --option =1,2
contains "$WORK/err" "--option =1,2: write NAME=V1,V2,..., NAME=LOW..HIGH or NAME alone" "values without an option"
run 2 sweep "$COSMIC" --option jacks=4..2
contains "$WORK/err" "--option jacks=4..2: the range's low end is above its high end" "a range upside down"
run 2 sweep "$COSMIC" --option jacks=a..2
contains "$WORK/err" "--option jacks=a..2: write a range of whole numbers as LOW..HIGH" "a range of no numbers"
run 2 sweep "$COSMIC" --option jacks=1,,2
contains "$WORK/err" "--option jacks=1,,2: an empty value" "an empty value"
run 2 sweep "$COSMIC" --option jacks=1,2,1
contains "$WORK/err" "the value '1' is given twice" "a value given twice"
run 2 sweep "$COSMIC" --option jacks=1 --option jacks=2
contains "$WORK/err" "--option jacks is given twice" "an option given twice"
run 2 sweep "$COSMIC" --players 1,x
contains "$WORK/err" "--players 1,x: 'x' is not a number of players" "a player count that is not a number"
run 2 sweep "$COSMIC" --players 2,9
contains "$WORK/err" "players=9" "a player count the game refuses"
run 2 sweep "$COSMIC" --option jacks=1,2 --shard 1/2 --json
contains "$WORK/err" "--json with --shard" "--json is merge's"
run 2 sweep "$COSMIC" --option jacks=1,2 --shard 4/2
contains "$WORK/err" "--shard 4/2: K must be between 1 and N" "a wrong shard"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "all sweep tests passed"
