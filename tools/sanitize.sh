#!/usr/bin/env bash
# Builds rulesrun and its tests with AddressSanitizer and UndefinedBehaviorSanitizer into build-sanitize/ and runs
# the tests there (docs/reliability.md has the times it takes). Any sanitizer report fails the test it happens in:
# UBSan stops at its first report, ASan always does; child processes (exec bots, shards) are sanitized too.
# Usage: tools/sanitize.sh [--unit | --fuzz-build] [CTEST_ARGS...]
#   --unit        only the GoogleTest tests (the fast part; the command-line, browser, benchmark and fuzz tests are
#                 left out)
#   --fuzz-build  what CI runs (ctest rulesrun_sanitized_unit): the GoogleTest files of the stages outside input goes
#                 through (tests/fuzz/CMakeLists.txt lists them), built with clang in the fuzz targets' build
#                 (RULESRUN_FUZZ_BUILD, default build-fuzz/, tools/fuzz.sh), on the libraries it built already, and
#                 run in two processes (GoogleTest shards); GTEST_ARGS may follow, e.g. --gtest_filter=Grammar*
#   CTEST_ARGS    more arguments for ctest, e.g. -R Diagnostics
# Environment: RULESRUN_SANITIZE_BUILD (the build folder), RULESRUN_SANITIZE_JOBS (ninja's and ctest's jobs, 2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Sanitized code takes several times the stack of an optimised build: the parser's 200 levels of nesting
# (grammar/parser.cpp) overflow 8 MiB under ASan at -O1, though they take under 8 MiB in the release build.
raise_stack() {
    ulimit -s 65536 2>/dev/null || echo "tools/sanitize.sh: cannot raise the stack limit to 64 MiB: deep nesting tests may overflow" >&2
}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=1:strict_string_checks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

if [[ ${1:-} == --fuzz-build ]]; then
    shift
    build=${RULESRUN_FUZZ_BUILD:-build-fuzz}
    compiler=$(command -v clang++-14 || command -v clang++ || true)
    [[ -n $compiler ]] || { echo "tools/sanitize.sh: clang++ is missing: run tools/setup.sh --tests" >&2; exit 2; }
    start=$(date +%s)
    # The configuration of tools/fuzz.sh, word for word: any other one would build everything again.
    mkdir -p "$build"
    cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=Debug -DRULESRUN_FUZZ=ON \
          -DBUILD_TESTING=OFF >"$build/cmake.log" 2>&1 || { cat "$build/cmake.log" >&2; exit 1; }
    ninja -C "$build" -j "${RULESRUN_SANITIZE_JOBS:-2}" rulesrun_sanitized_tests
    built=$(date +%s)
    echo "sanitized unit tests built in $(( built - start )) s"
    raise_stack
    export RULESRUN_CACHE_DIR=$build/native-cache
    shards=${RULESRUN_SANITIZE_JOBS:-2}
    pids=()
    for (( shard = 0; shard < shards; shard++ )); do
        GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$shard "$build/tests/fuzz/rulesrun_sanitized_tests" --gtest_brief=1 \
            "$@" >"$build/sanitized_tests.$shard.log" 2>&1 &
        pids+=($!)
    done
    status=0
    for (( shard = 0; shard < shards; shard++ )); do
        if ! wait "${pids[$shard]}"; then
            status=1
            echo "tools/sanitize.sh: sanitized unit tests failed (shard $shard):" >&2
            tail -60 "$build/sanitized_tests.$shard.log" >&2
        fi
    done
    grep -h -E '^\[  PASSED  \]|^\[  FAILED  \]' "$build"/sanitized_tests.*.log || true
    echo "sanitized unit tests ran in $(( $(date +%s) - built )) s"
    exit $status
fi

unit=false
if [[ ${1:-} == --unit ]]; then unit=true; shift; fi
build=${RULESRUN_SANITIZE_BUILD:-build-sanitize}
jobs=${RULESRUN_SANITIZE_JOBS:-2}
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1"

start=$(date +%s)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DRULESRUN_PGO=OFF -DCMAKE_CXX_FLAGS="$flags" \
      -DRULESRUN_TEST_TIMEOUT=900 \
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
      >/dev/null
# --unit needs the program and the GoogleTest binary; the whole suite also runs the benchmarks' smoke tests.
if $unit; then ninja -C "$build" -j "$jobs" rulesrun rulesrun_tests; else ninja -C "$build" -j "$jobs"; fi
built=$(date +%s)
echo "sanitized build: $(( built - start )) s"

raise_stack
selection=()
# The shell tests run the sanitized rulesrun; the fuzz smoke test and the sanitized unit tests of CI use a sanitized
# build of their own.
if $unit; then
    selection=(-E '^rulesrun_(commands|cli_|screens|report_browser|serve_browser|layering|fuzz|sanitized|bench|serve_load)')
else
    selection=(-E '^rulesrun_(fuzz_smoke|sanitized_unit)$')
fi
status=0
ctest --test-dir "$build" -j "$jobs" --output-on-failure "${selection[@]}" "$@" || status=$?
echo "sanitized tests: $(( $(date +%s) - built )) s"
exit $status
