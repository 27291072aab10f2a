#!/usr/bin/env bash
# Fuzzes every channel rulesrun reads from outside (docs/reliability.md): builds the libFuzzer targets of tests/fuzz/
# with clang, AddressSanitizer and UndefinedBehaviorSanitizer into build-fuzz/ (only what they link), then runs each
# for SECONDS (default 60). Each starts from its seeds (the project's rules files, tests/fuzz/seeds/) and the
# regression inputs of past findings (tests/fuzz/regressions/), which must all pass, and keeps what it learns in
# build-fuzz/corpus/ for the next run. Any finding (a crash, a sanitizer report, an input that takes over 10 s or
# 2 GB) stops that target with its input in build-fuzz/findings/, and the script fails.
# Usage: tools/fuzz.sh [SECONDS] [TARGET...]   e.g. tools/fuzz.sh 3600 engine   (targets: rules engine saves wire partial typing exec)
# Environment: RULESRUN_FUZZ_BUILD (the build folder), RULESRUN_FUZZ_JOBS (processes per target, default 1),
# RULESRUN_FUZZ_TIMEOUT (seconds one input may take, default 10: it is wall time, so a campaign run with `nice` on a
# busy machine should allow more, or the machine's load is reported as a finding),
# RULESRUN_FUZZ_FRESH=1 (start from the seeds alone: the corpus a target learned is read again before it fuzzes, at
# up to seconds an input for the rules targets, so a short run with a large corpus would run over its time).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-60}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "tools/fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2; }
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(rules engine saves wire partial typing exec)
build=${RULESRUN_FUZZ_BUILD:-build-fuzz}
jobs=${RULESRUN_FUZZ_JOBS:-1}
timeout=${RULESRUN_FUZZ_TIMEOUT:-10}
[[ $timeout =~ ^[1-9][0-9]*$ ]] || { echo "tools/fuzz.sh: RULESRUN_FUZZ_TIMEOUT must be a whole number of seconds, not '$timeout'" >&2; exit 2; }
parallel=()
[[ $jobs -le 1 ]] || parallel=(-fork="$jobs")
compiler=$(command -v clang++-14 || command -v clang++ || true)
[[ -n $compiler ]] || { echo "tools/fuzz.sh: clang++ is missing: run tools/setup.sh --tests" >&2; exit 2; }

mkdir -p "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=Debug -DRULESRUN_FUZZ=ON \
      -DBUILD_TESTING=OFF >"$build/cmake.log" 2>&1 || { cat "$build/cmake.log" >&2; exit 1; }
start=$(date +%s)
ninja -C "$build" -j "${RULESRUN_FUZZ_BUILD_JOBS:-2}" $(printf 'fuzz_%s ' "${targets[@]}")
echo "fuzz targets built in $(( $(date +%s) - start )) s"

# The seeds of a target: files of the project, gathered into one folder.
seeds() {
    local target=$1 folder=$build/seeds/$1
    rm -rf "$folder"
    mkdir -p "$folder"
    case $target in
        rules|engine) cp rules/*.rules rules/classics/*.rules stdlib/*.rules tests/games/*.rules "$folder"/
                      [[ $target == engine ]] || cp tests/diagnostics/*.rules "$folder"/ ;;
        *) cp tests/fuzz/seeds/"$target"/* "$folder"/ ;;
    esac
    echo "$folder"
}

# Sanitized code takes several times the stack of an optimised build (see tools/sanitize.sh): 64 MiB, so that the
# parser's nesting limit, not the stack, stops deep input.
ulimit -s 65536 2>/dev/null || echo "tools/fuzz.sh: cannot raise the stack limit to 64 MiB" >&2

# The processor time the script's children have used, in seconds (what a target cost, whatever the machine's load),
# into `cpu`: `times` runs in this shell (in a $(...) subshell it would see no children).
children_cpu() {
    times >"$build/times.txt"
    cpu=$(tail -1 "$build/times.txt" | awk '{ split($1, u, "m"); split($2, s, "m"); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
}

failed=()
for target in "${targets[@]}"; do
    corpus=$build/corpus/$target
    regressions=tests/fuzz/regressions/$target
    [[ ${RULESRUN_FUZZ_FRESH:-0} != 1 ]] || rm -rf "$corpus"
    mkdir -p "$corpus" "$build/findings" "$regressions"
    dictionary=()
    [[ $target == rules || $target == engine ]] && dictionary=(-dict=tests/fuzz/rules.dict)
    [[ $target == rules || $target == engine || $target == typing ]] || dictionary=(-dict=tests/fuzz/json.dict)
    echo "== fuzz_$target for $seconds s"
    # Past findings first, each alone: every one must pass.
    if compgen -G "$regressions/*" >/dev/null; then
        "$build/tests/fuzz/fuzz_$target" -timeout="$timeout" -rss_limit_mb=2048 "$regressions"/* >"$build/findings/$target.regressions.log" 2>&1 ||
            { echo "fuzz_$target fails on a regression input: see $build/findings/$target.regressions.log" >&2; failed+=("$target"); continue; }
    fi
    children_cpu
    cpu_before=$cpu
    if ! "$build/tests/fuzz/fuzz_$target" "$corpus" "$(seeds "$target")" "${dictionary[@]}" -max_total_time="$seconds" \
            -timeout="$timeout" -rss_limit_mb=2048 -max_len=65536 "${parallel[@]}" -print_final_stats=1 \
            -artifact_prefix="$build/findings/$target-" >"$build/findings/$target.log" 2>&1; then
        echo "fuzz_$target found something: $(grep -m1 -E 'ERROR|SUMMARY|Timeout|deadly' "$build/findings/$target.log")" >&2
        echo "  its log: $build/findings/$target.log; its input: $(ls -t "$build/findings/$target-"* 2>/dev/null | head -1)" >&2
        children_cpu
        echo "  processor time: $(( cpu - cpu_before )) s" >&2
        failed+=("$target")
        continue
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|cov: .* ft:" "$build/findings/$target.log" | tail -3 |
        sed 's/^/  /'
    children_cpu
    echo "  processor time: $(( cpu - cpu_before )) s"
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "tools/fuzz.sh: findings in ${failed[*]}" >&2
    exit 1
fi
echo "tools/fuzz.sh: no finding in ${targets[*]} ($seconds s each)"
