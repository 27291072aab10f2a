#!/usr/bin/env bash
# `rulesrun sweep`: every combination of the swept values, each configuration playing the very games `simulate` plays
# with its settings (common random numbers); the table, JSON and page; a sweep split into shards and merged gives the
# same bytes; --resume keeps finished configurations and plays only the others; progress lines off a terminal; wrong
# input: unknown options, refused values, malformed lists, a resume folder of another sweep.
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
contains "$WORK/sweep.html" '<svg class="sweep-chart" data-figure="game length (actions)" data-axis="jacks"' "length against jacks"
contains "$WORK/sweep.html" '<svg class="sweep-chart" data-figure="tokens_rescued" data-axis="players"' "a statistic against players"
contains "$WORK/sweep.html" '<polygon class="band"' "interval bands"

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

# ---- a sweep of one option, the player count left to the game ------------------------------------------------------
run 0 sweep "$DIAMANT" --option rounds=1,2 --games 5
contains "$WORK/out" "Diamant: 2 configurations, 5 games each" "a sweep of one option"

# ---- wrong input ---------------------------------------------------------------------------------------------------
run 2 sweep "$COSMIC" --option jackz=1,2
contains "$WORK/err" "--option jackz=1,2: no option 'jackz' (the rules declare jacks, reveal" "an unknown option"
run 2 sweep "$COSMIC" --option jacks=1,9
contains "$WORK/err" "jacks=9" "a value the rules refuse names its configuration"
run 2 sweep "$COSMIC" --option jacks
contains "$WORK/err" "--option jacks: write NAME=V1,V2,..." "an option without values"
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
