#!/usr/bin/env bash
# `--slurm` on a real Slurm: a single-node cluster on this machine, started by the test itself (Debian's slurmctld,
# slurmd and munge; proctrack/linuxproc, task/none, no cgroup configuration; every file in a scratch folder, on ports
# of its own), runs the job array written by `simulate --slurm` and `sweep --slurm` (of a grid, and of a --sample of
# one) through submit.sh, and the merged results must equal the runs played in one go byte for byte. Skipped (exit
# 77) only where Slurm is not installed or does not start here, saying why.
# Usage: cli_slurm_test.sh PATH/TO/rulesrun SOURCE_DIR
set -euo pipefail

RULESRUN=$(realpath "${1:?usage: cli_slurm_test.sh RULESRUN SOURCE_DIR}")
SOURCE=${2:?usage: cli_slurm_test.sh RULESRUN SOURCE_DIR}
DIAMANT="$SOURCE/rules/diamant.rules"
COSMIC="$SOURCE/rules/cosmic_disaster.rules"

skip() { echo "SKIPPED: $*"; exit 77; }
for program in munged slurmctld slurmd sbatch squeue sinfo; do
    command -v "$program" >/dev/null || skip "$program is not installed (Debian: slurmctld slurmd slurm-client munge)"
done
[[ $(id -u) -eq 0 ]] || skip "the test cluster's daemons run as root here (SlurmUser=root)"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"
daemons=()
stop_daemons() {
    for pid in "${daemons[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${daemons[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap stop_daemons EXIT

run() { run_with_input 300 "$1" /dev/null "${@:2}"; }

# ---- a cluster of one node ------------------------------------------------------------------------------------------
CLUSTER="$WORK/cluster"
mkdir -p "$CLUSTER/state" "$CLUSTER/spool"
dd if=/dev/urandom of="$CLUSTER/munge.key" bs=1024 count=1 status=none
chmod 400 "$CLUSTER/munge.key"
munged --force --key-file="$CLUSTER/munge.key" --socket="$CLUSTER/munge.socket" --pid-file="$CLUSTER/munged.pid" \
    --log-file="$CLUSTER/munged.log" --seed-file="$CLUSTER/munged.seed" || skip "munged does not start"
daemons+=("$(cat "$CLUSTER/munged.pid")")
NODE=$(hostname -s)
PORT=$((20000 + RANDOM % 20000))
cat >"$CLUSTER/slurm.conf" <<CONF
ClusterName=rulesrun-test
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
AuthType=auth/munge
AuthInfo=socket=$CLUSTER/munge.socket
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$CLUSTER/state
SlurmdSpoolDir=$CLUSTER/spool
SlurmctldPidFile=$CLUSTER/slurmctld.pid
SlurmdPidFile=$CLUSTER/slurmd.pid
SlurmctldLogFile=$CLUSTER/slurmctld.log
SlurmdLogFile=$CLUSTER/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$CLUSTER/slurm.conf"
slurmctld -D -i >"$CLUSTER/slurmctld.out" 2>&1 &
daemons+=("$!")
slurmd -D >"$CLUSTER/slurmd.out" 2>&1 &
daemons+=("$!")
for _ in $(seq 60); do
    state=$(sinfo -h -N -o %t 2>/dev/null || true)
    [[ $state == idle* ]] && break
    sleep 0.5
done
if [[ ${state:-} != idle* ]]; then
    tail -5 "$CLUSTER/slurmctld.log" "$CLUSTER/slurmd.log" "$CLUSTER/slurmctld.out" "$CLUSTER/slurmd.out" 2>/dev/null | sed 's/^/    /'
    skip "the single-node Slurm did not start here (its logs above)"
fi
echo "ok:   a single-node Slurm is up ($NODE, port $PORT)"

# submit FOLDER: submits FOLDER's job through its submit.sh and waits for the merge's result (3 minutes at most).
submit() {
    sh "$1/submit.sh" || { fail "submit.sh of $1"; return; }
    wait_for_jobs "$1"
}

# wait_for_jobs FOLDER: until the queue is empty (3 minutes at most).
wait_for_jobs() {
    for _ in $(seq 360); do
        [[ -z $(squeue -h 2>/dev/null) ]] && break
        sleep 0.5
    done
    [[ -z $(squeue -h) ]] || fail "the jobs of $1 did not finish: $(squeue)"
}

same() {  # same FILE_A FILE_B DESCRIPTION: byte for byte
    if cmp -s "$1" "$2"; then echo "ok:   $3: identical"; else fail "$3: $(diff "$1" "$2" 2>&1 | head -6)"; fi
}

# ---- a simulation and a sweep, as 4 and 8 Slurm tasks and a merge --------------------------------------------------
run 0 simulate "$DIAMANT" --games 80 --seed 3 --players 4 --json
cp "$WORK/out" "$WORK/simulate.json"
run 0 simulate "$DIAMANT" --games 80 --seed 3 --players 4 --json --slurm "$WORK/simulate-job" --tasks 4
submit "$WORK/simulate-job"
same "$WORK/simulate.json" "$WORK/simulate-job/result.json" "simulate over 4 Slurm tasks, merged"

# The issue's study: Cosmic Disaster's jacks and reveal for 1 to 4 players, split into 8 tasks.
SWEEP=("$COSMIC" --option jacks=1,3 --option reveal=2,3 --players 1,2,3,4 --games 24 --seed 5)
run 0 sweep "${SWEEP[@]}"
cp "$WORK/out" "$WORK/sweep.txt"
run 0 sweep "${SWEEP[@]}" --slurm "$WORK/sweep-job" --tasks 8 --submit  # submitted by rulesrun itself
contains "$WORK/out" "Submitted; the result goes to" "--submit submits"
wait_for_jobs "$WORK/sweep-job"
same "$WORK/sweep.txt" "$WORK/sweep-job/result.txt" "sweep over 8 Slurm tasks, merged"
for k in 1 2 3 4 5 6 7 8; do [[ -f $WORK/sweep-job/part-$k.json ]] || fail "the part of task $k"; done

# A sample of a larger grid: every task draws the same configurations.
SAMPLE=("$COSMIC" --option jacks --option reveal --players 1,2,3,4 --sample 8 --games 20 --seed 5)
run 0 sweep "${SAMPLE[@]}" --json
cp "$WORK/out" "$WORK/sample.json"
run 0 sweep "${SAMPLE[@]}" --json --slurm "$WORK/sample-job" --tasks 3
submit "$WORK/sample-job"
same "$WORK/sample.json" "$WORK/sample-job/result.json" "a sampled sweep over 3 Slurm tasks, merged"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "all Slurm tests passed"
