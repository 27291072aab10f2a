#!/usr/bin/env bash
# `--engine native` from the command line: simulate, compare, sweep, tune and play give what the interpreter gives,
# byte for byte; the first run says it built the engine and later runs find it in the cache (a copy of the cache
# too); without a C++ compiler the interpreter runs with a one-line notice; a compiler that fails is an error naming
# its output; a wrong engine name is a usage error.
# Usage: cli_native_test.sh PATH/TO/rulesrun SOURCE_DIR
set -uo pipefail

RULESRUN=${1:?usage: cli_native_test.sh RULESRUN SOURCE_DIR}
SOURCE=${2:?usage: cli_native_test.sh RULESRUN SOURCE_DIR}
PIG="$SOURCE/rules/pig.rules"
DIAMANT="$SOURCE/rules/diamant.rules"

# shellcheck source=cli_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

run() { run_with_input 300 "$1" /dev/null "${@:2}"; }
export RULESRUN_CACHE_DIR="$WORK/cache"

# ---- the same output from both engines; built once --------------------------------------------------------------------
run 0 simulate "$PIG" --games 500 --seed 3 --json
cp "$WORK/out" "$WORK/interpreted.json"
run 0 simulate "$PIG" --games 500 --seed 3 --json --engine native
cmp -s "$WORK/out" "$WORK/interpreted.json" || fail "simulate --engine native differs from the interpreter"
contains "$WORK/err" "Built the native engine of Pig in" "the first native run says it built the engine"
ls "$RULESRUN_CACHE_DIR"/native/*.so >/dev/null 2>&1 || fail "no library in the cache folder"
run 0 simulate "$PIG" --games 500 --seed 3 --json --engine native
cmp -s "$WORK/out" "$WORK/interpreted.json" || fail "simulate --engine native from the cache differs"
lacks "$WORK/err" "Built" "a second run finds the engine in the cache"
cp -r "$RULESRUN_CACHE_DIR" "$WORK/moved-cache"
RULESRUN_CACHE_DIR="$WORK/moved-cache" run 0 simulate "$PIG" --games 500 --seed 3 --json --engine native
cmp -s "$WORK/out" "$WORK/interpreted.json" || fail "simulate --engine native from a copied cache differs"
lacks "$WORK/err" "Built" "a cache copied to another folder is used as it is"

run 0 simulate "$DIAMANT" --games 300 --seed 9 --compare "$DIAMANT" --option variant=official
cp "$WORK/out" "$WORK/compare.txt"
run 0 simulate "$DIAMANT" --games 300 --seed 9 --compare "$DIAMANT" --option variant=official --engine native
cmp -s "$WORK/out" "$WORK/compare.txt" || fail "simulate --compare --engine native differs"

run 0 sweep "$PIG" --option target=50,100 --games 200 --json
cp "$WORK/out" "$WORK/sweep.json"
run 0 sweep "$PIG" --option target=50,100 --games 200 --json --engine native
cmp -s "$WORK/out" "$WORK/sweep.json" || fail "sweep --engine native differs"

run 0 tune "$PIG" --vary target=50,100,200 --target length=40 --games 200 --json
cp "$WORK/out" "$WORK/tune.json"
run 0 tune "$PIG" --vary target=50,100,200 --target length=40 --games 200 --json --engine native
cmp -s "$WORK/out" "$WORK/tune.json" || fail "tune --engine native differs"

printf 'roll\nroll\nhold\nroll\nhold\nroll\nhold\n' > "$WORK/moves"
run_with_input 60 3 "$WORK/moves" play "$PIG" --seed 4
cp "$WORK/out" "$WORK/play.txt"
run_with_input 60 3 "$WORK/moves" play "$PIG" --seed 4 --engine native
cmp -s "$WORK/out" "$WORK/play.txt" || fail "play --engine native shows another game"

# ---- the Slurm tasks run the engine they were asked for ---------------------------------------------------------------
run 0 simulate "$PIG" --games 100 --slurm "$WORK/job" --tasks 2 --engine native
grep -qF -- "'--engine' 'native'" "$WORK/job/shards.sbatch" || fail "the Slurm tasks do not run --engine native"

# ---- no compiler, a failing compiler, a wrong name --------------------------------------------------------------------
CXX="$WORK/no-such-compiler" run 0 simulate "$PIG" --games 500 --seed 3 --json --engine native
cmp -s "$WORK/out" "$WORK/interpreted.json" || fail "without a compiler the interpreter's results differ"
contains "$WORK/err" "Note: no C++ compiler found" "without a compiler, a notice"
[[ $(wc -l <"$WORK/err") -eq 1 ]] || fail "the notice is one line: $(cat "$WORK/err")"

cat > "$WORK/broken-compiler" <<'SH'
#!/bin/sh
# Says its version like a compiler, then fails every build.
[ "$1" = "--version" ] && { echo "broken-c++ 1.0"; exit 0; }
echo "broken-c++: internal error" >&2
exit 4
SH
chmod +x "$WORK/broken-compiler"
CXX="$WORK/broken-compiler" run 1 simulate "$PIG" --games 10 --engine native
contains "$WORK/err" "could not build the native engine (exit status 4): broken-c++: internal error" \
    "a failing compiler's error"
contains "$WORK/err" "its whole output is in" "the failing compiler's output is kept"

run 2 simulate "$PIG" --games 10 --engine fast
contains "$WORK/err" "--engine" "a wrong engine name names the option"

if ((failures > 0)); then
    echo "$failures failure(s)"
    exit 1
fi
echo "cli_native_test passed"
