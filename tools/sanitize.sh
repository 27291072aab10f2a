#!/usr/bin/env bash
# Builds rulesrun and its tests with AddressSanitizer and UndefinedBehaviorSanitizer into build-sanitize/ and runs
# the tests there (docs/reliability.md has the times it takes). Any sanitizer report fails the test it happens in:
# UBSan stops at its first report, ASan always does; child processes (exec bots, shards) are sanitized too.
# Usage: tools/sanitize.sh [--unit] [CTEST_ARGS...]
#   --unit       only the GoogleTest tests (the fast part; the command-line, browser, benchmark and fuzz tests are
#                left out)
#   CTEST_ARGS   more arguments for ctest, e.g. -R Diagnostics
# Environment: RULESRUN_SANITIZE_BUILD (the build folder), RULESRUN_SANITIZE_JOBS (ninja's and ctest's jobs, 2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

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

# Sanitized code takes several times the stack of an optimised build: the parser's 200 levels of nesting
# (grammar/parser.cpp) overflow 8 MiB under ASan at -O1, though they take under 8 MiB in the release build.
ulimit -s 65536 2>/dev/null || echo "tools/sanitize.sh: cannot raise the stack limit to 64 MiB: deep nesting tests may overflow" >&2
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=1:strict_string_checks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
selection=()
# The shell tests run the sanitized rulesrun; the fuzz smoke test builds its own sanitized targets.
if $unit; then
    selection=(-E '^rulesrun_(commands|cli_|screens|report_browser|serve_browser|layering|fuzz|bench|serve_load)')
else
    selection=(-E '^rulesrun_fuzz_smoke$')
fi
status=0
ctest --test-dir "$build" -j "$jobs" --output-on-failure "${selection[@]}" "$@" || status=$?
echo "sanitized tests: $(( $(date +%s) - built )) s"
exit $status
