#!/usr/bin/env bash
# `simulate --shard K/N` and `rulesrun merge`: a run split into shards and merged prints exactly (byte for byte) what
# the run played in one go prints, as text, JSON and HTML, for simulations of two games and for a comparison; shards
# with no game; and wrong input: malformed or out-of-range shards, a shard missing or given twice, parts of
# different runs, a rules file changed between the shards and the merge, a file that is not a part; --processes N
# (the shards in child processes, merged: the same bytes), a shard that fails, an interruption that must leave no
# process and no temporary file behind.
# Usage: cli_shard_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=${1:?usage: cli_shard_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_shard_test.sh RULESRUN SOURCE_DIR}
DIAMANT="$SOURCE/rules/diamant.rules"
COSMIC="$SOURCE/rules/cosmic_disaster.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

run() { run_with_input 300 "$1" /dev/null "${@:2}"; }

same() {  # same FILE_A FILE_B DESCRIPTION: byte for byte
    if cmp -s "$1" "$2"; then echo "ok:   $3: identical"; else fail "$3: $(diff "$1" "$2" | head -6)"; fi
}

# whole_and_sharded NAME N ARGS...: the run in one go (text, JSON, page) and as N shards merged (the same three);
# the shards run on other thread counts, and their parts are given to merge in reverse order.
whole_and_sharded() {
    local name=$1 shards=$2
    shift 2
    run 0 simulate "$@" --threads 2 --report "$WORK/$name.whole.html"
    cp "$WORK/out" "$WORK/$name.whole.txt"
    run 0 simulate "$@" --threads 1 --json
    cp "$WORK/out" "$WORK/$name.whole.json"
    local parts=()
    for ((k = shards; k >= 1; k--)); do
        run 0 simulate "$@" --threads $((k % 2 + 1)) --shard "$k/$shards"
        cp "$WORK/out" "$WORK/$name.part$k.json"
        parts+=("$WORK/$name.part$k.json")
    done
    run 0 merge "${parts[@]}" --report "$WORK/$name.merged.html"
    cp "$WORK/out" "$WORK/$name.merged.txt"
    run 0 merge "${parts[@]}" --json
    cp "$WORK/out" "$WORK/$name.merged.json"
    same "$WORK/$name.whole.txt" "$WORK/$name.merged.txt" "$name: the merged table"
    same "$WORK/$name.whole.json" "$WORK/$name.merged.json" "$name: the merged JSON"
    same "$WORK/$name.whole.html" "$WORK/$name.merged.html" "$name: the merged page"
}

# ---- merged equals whole -------------------------------------------------------------------------------------------
whole_and_sharded diamant 3 "$DIAMANT" --games 60 --seed 7 --players 4 --option rounds=3
whole_and_sharded cosmic 3 "$COSMIC" --games 40 --seed 11 --players 2
whole_and_sharded few 3 "$DIAMANT" --games 2 --seed 3   # shard 3 plays no game
python3 - "$WORK/diamant.part1.json" "$WORK/diamant.whole.json" <<'PY' || fail "the part's fields"
import json, sys
part, whole = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert part["format"] == "rulesrun-partial-result" and part["version"] == 3, part.keys()
run = part["run"]
assert run["command"] == "simulate" and run["games"] == 60 and run["seed"] == 7 and run["shards"] == 3, run
assert run["players"] == 4 and run["options"]["rounds"] == "3" and len(run["fingerprint"]) == 16, run
assert part["shard"] == 1 and part["result"]["games"] == 20, part["result"]["games"]
assert whole["games"] == 60
PY

# A comparison: a copy of Diamant with 4 rounds against the original.
sed 's/^option rounds: 1 to 20 = 5/option rounds: 1 to 20 = 4/' "$DIAMANT" >"$WORK/diamant4.rules"
grep -q "= 4 \"rounds" "$WORK/diamant4.rules" || fail "the changed copy of Diamant"
whole_and_sharded compare 3 "$DIAMANT" --compare "$WORK/diamant4.rules" --games 45 --seed 5 --players 3
python3 - "$WORK/compare.whole.json" <<'PY' || fail "the comparison is a real one"
import json, sys
d = json.load(open(sys.argv[1]))
names = {f["name"]: f for f in d["figures"]}
assert d["games"] == 45 and names["game length (actions)"]["significant"], names["game length (actions)"]
PY

# ---- --processes: the shards in child processes of rulesrun, merged -----------------------------------------------
# processes NAME N ARGS...: the run in N processes prints what the run in one go printed (whole_and_sharded above).
processes() {
    local name=$1 count=$2
    shift 2
    run 0 simulate "$@" --processes "$count" --report "$WORK/$name.processes.html"
    same "$WORK/$name.whole.txt" "$WORK/out" "$name in $count processes: the table"
    same "$WORK/$name.whole.html" "$WORK/$name.processes.html" "$name in $count processes: the page"
    contains "$WORK/err" "shard $count/$count finished" "$name in $count processes: a line per shard"
    run 0 simulate "$@" --processes "$count" --threads 1 --json
    same "$WORK/$name.whole.json" "$WORK/out" "$name in $count processes: the JSON"
}
mkdir -p "$WORK/tmp"
export TMPDIR="$WORK/tmp"  # where the processes' parts go: it must be empty after each run
processes diamant 3 "$DIAMANT" --games 60 --seed 7 --players 4 --option rounds=3
processes few 3 "$DIAMANT" --games 2 --seed 3
processes compare 2 "$DIAMANT" --compare "$WORK/diamant4.rules" --games 45 --seed 5 --players 3
[[ -z $(ls -A "$WORK/tmp") ]] || fail "--processes left temporary files: $(ls "$WORK/tmp")"
# A shard that fails: its status and what it wrote, the others stopped.
run 1 simulate "$DIAMANT" --games 20 --bots exec:false --processes 2
contains "$WORK/err" "rulesrun: error: --processes: shard " "a failed shard is named"
contains "$WORK/err" "exited with status 1; it wrote:" "the failed shard's status"
contains "$WORK/err" 'the bot exec:"false" in seat' "what the failed shard wrote"
[[ -z $(ls -A "$WORK/tmp") ]] || fail "a failed shard left temporary files: $(ls "$WORK/tmp")"
run 2 simulate "$DIAMANT" --games 20 --processes 2 --shard 1/2
contains "$WORK/err" "--processes with --shard" "--processes plays the shards itself"
run 2 simulate "$DIAMANT" --games 20 --processes 2 --slurm "$WORK/slurm-processes" --tasks 2
contains "$WORK/err" "--processes with --slurm" "--processes or --slurm"
run 2 simulate "$DIAMANT" --games 20 --processes 0
contains "$WORK/err" "--processes: '0' is not a whole number from 1 to 1024" "--processes 0"
# Interrupted (SIGTERM), or killed (SIGKILL: the kernel stops the children): no process is left.
for signal in TERM KILL; do
    "$RULESRUN" simulate "$DIAMANT" --games 100000000 --processes 2 --threads 1 >/dev/null 2>"$WORK/err" &
    parent=$!
    children=""
    for _ in $(seq 100); do
        # (pgrep fails while no child has started yet: that must not end the script under set -e)
        children=$(pgrep -P "$parent" | tr '\n' ' ' || true)
        [[ $(wc -w <<<"$children") -eq 2 ]] && break
        sleep 0.1
    done
    [[ $(wc -w <<<"$children") -eq 2 ]] || fail "SIG$signal: the 2 shard processes did not start: '$children'"
    sleep 0.3
    kill -"$signal" "$parent"
    code=0
    { wait "$parent"; } 2>/dev/null || code=$?  # (no "Killed" notice from bash)
    if [[ $signal == TERM ]]; then
        [[ $code -eq 143 ]] || fail "SIGTERM: rulesrun should end by the signal (143), not $code"
        contains "$WORK/err" "rulesrun: interrupted: every shard was stopped" "--processes says it was interrupted"
        [[ -z $(ls -A "$WORK/tmp") ]] || fail "an interrupted run left temporary files: $(ls "$WORK/tmp")"
    fi
    for _ in $(seq 50); do
        left=""
        for pid in $children; do kill -0 "$pid" 2>/dev/null && left+="$pid "; done
        [[ -z $left ]] && break
        sleep 0.1
    done
    if [[ -n $left ]]; then fail "SIG$signal: shard processes left running: $left"; kill $left 2>/dev/null || true
    else echo "ok:   SIG$signal: no shard process left"; fi
done
rm -rf "$WORK/tmp"/*  # SIGKILL leaves the parts' folder: nobody is left to remove it
unset TMPDIR

# ---- wrong shards --------------------------------------------------------------------------------------------------
run 2 simulate "$DIAMANT" --games 10 --shard 3/2
contains "$WORK/err" "--shard 3/2: K must be between 1 and N" "K above N"
run 2 simulate "$DIAMANT" --games 10 --shard 0/2
contains "$WORK/err" "--shard 0/2: K must be between 1 and N" "K of 0"
run 2 simulate "$DIAMANT" --games 10 --shard 1/0
contains "$WORK/err" "--shard 1/0: N must be between 1 and" "N of 0"
for text in abc 2 1/ /3 1/2/3 -1/2 " 1/2"; do
    run 2 simulate "$DIAMANT" --games 10 --shard "$text"
    contains "$WORK/err" "write it K/N" "malformed --shard '$text'"
done
run 2 simulate "$DIAMANT" --games 10 --shard 1/2 --json
contains "$WORK/err" "--json with --shard" "--json is merge's"
run 2 simulate "$DIAMANT" --games 10 --shard 1/2 --report "$WORK/x.html"
contains "$WORK/err" "--report with --shard" "--report is merge's"

# ---- wrong parts ---------------------------------------------------------------------------------------------------
P="$WORK/diamant.part"
run 2 merge "${P}1.json" "${P}3.json"
contains "$WORK/err" "shard 2 of 3 is missing" "a missing shard"
run 2 merge "${P}1.json" "${P}2.json" "${P}3.json" "${P}2.json"
contains "$WORK/err" "are both shard 2 of 3" "a shard given twice"
run 0 simulate "$DIAMANT" --games 60 --seed 8 --players 4 --option rounds=3 --shard 2/3
cp "$WORK/out" "$WORK/seed8.json"
run 2 merge "${P}1.json" "$WORK/seed8.json" "${P}3.json"
contains "$WORK/err" "are parts of different runs (seed: 7 and 8)" "parts of runs with other seeds"
run 0 simulate "$DIAMANT" --games 60 --seed 7 --players 4 --option rounds=3 --shard 2/4
cp "$WORK/out" "$WORK/four.json"
run 2 merge "${P}1.json" "$WORK/four.json" "${P}3.json"
contains "$WORK/err" "(shards: 3 and 4)" "parts of runs with other shard counts"
run 2 merge "${P}1.json" "$WORK/compare.part2.json" "${P}3.json"
contains "$WORK/err" "are parts of different runs" "a simulation's part with a comparison's"
echo '{"games": 3}' >"$WORK/other.json"
run 1 merge "${P}1.json" "$WORK/other.json"
contains "$WORK/err" "not a partial result" "a JSON file that is not a part"
run 1 merge "${P}1.json" "$WORK/no_such_part.json"
contains "$WORK/err" "cannot read the file" "a part that does not exist"
# A number too large for its field (once converted with undefined behaviour: tests/fuzz/regressions/partial/).
run 0 simulate "$DIAMANT" --games 10 --shard 1/1
cp "$WORK/out" "$WORK/whole_part.json"
python3 - "$WORK/whole_part.json" "$WORK/huge.json" <<'PY'
import json, sys
part = json.load(open(sys.argv[1]))
part["run"]["games"] = 1e24
json.dump(part, open(sys.argv[2], "w"))
PY
run 1 merge "$WORK/huge.json"
contains "$WORK/err" "a whole number from -9223372036854775808 to 9223372036854775807 was expected, not 1e+24" \
    "a number too large for its field"
# The rules change between the shards and the merge.
cp "$DIAMANT" "$WORK/changing.rules"
run 0 simulate "$WORK/changing.rules" --games 10 --shard 1/1
cp "$WORK/out" "$WORK/changing.part.json"
echo "# a comment added" >>"$WORK/changing.rules"
run 2 merge "$WORK/changing.part.json"
contains "$WORK/err" "has changed since the shards were played" "rules changed before the merge"

# ---- --slurm: a job array of the shards and a merge after them ------------------------------------------------------
# No Slurm here: the test runs each task's script as Slurm would (SLURM_ARRAY_TASK_ID set), then the merge's, and
# submits with a stand-in sbatch that records its arguments.
run 0 simulate "$DIAMANT" --games 60 --seed 7 --players 4 --option rounds=3 --slurm "$WORK/slurm" --tasks 3 --json
contains "$WORK/out" "Wrote a Slurm job array of 3 shards" "--slurm says what it wrote"
for file in shards.sbatch merge.sbatch submit.sh; do [[ -x $WORK/slurm/$file ]] || fail "--slurm wrote no $file"; done
contains "$WORK/slurm/shards.sbatch" "#SBATCH --array=1-3" "the job array has one task per shard"
for k in 2 3 1; do
    (cd /tmp && SLURM_ARRAY_TASK_ID=$k bash "$WORK/slurm/shards.sbatch") || fail "the Slurm task $k"
done
bash "$WORK/slurm/merge.sbatch" || fail "the Slurm merge"
same "$WORK/diamant.whole.json" "$WORK/slurm/result.json" "the Slurm job's merged JSON"
mkdir -p "$WORK/bin"
cat >"$WORK/bin/sbatch" <<SH
#!/bin/sh
echo "\$*" >>"$WORK/sbatch.calls"
echo "4242;cluster"
SH
chmod +x "$WORK/bin/sbatch"
PATH="$WORK/bin:$PATH" sh "$WORK/slurm/submit.sh" >/dev/null || fail "submit.sh"
contains "$WORK/sbatch.calls" "--parsable shards.sbatch" "the shards are submitted"
contains "$WORK/sbatch.calls" "--parsable --dependency=afterok:4242 merge.sbatch" "the merge waits for every shard"
run 2 simulate "$DIAMANT" --games 60 --slurm "$WORK/slurm2"
contains "$WORK/err" "--slurm requires --tasks" "--slurm without --tasks"
run 2 simulate "$DIAMANT" --games 60 --slurm "$WORK/slurm2" --tasks 2 --shard 1/2
contains "$WORK/err" "--slurm with --shard" "--slurm writes the shards itself"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "all shard and merge tests passed"
