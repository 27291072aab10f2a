#!/bin/bash
# A short run of rulesrun_bench (ctest: rulesrun_bench_smoke): it must exit 0 and print every figure, as key=value
# lines and as JSON. Timings are not checked: speed is read from the figures, never asserted.
#   bench_smoke_test.sh PATH/TO/rulesrun_bench
set -u
bench=$1
failures=0
# The native engines: built once (the build's cache when ctest gives one), then found by the next runs.
cache=${RULESRUN_CACHE_DIR:-$(mktemp -d)}

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# Each pattern must match a line of the text report.
expect_line() {
    grep -Eq -- "$1" <<<"$text" || fail "no line matches: $1"
}

if ! text=$("$bench" --seconds 0.2 --memory-games 2000 --native-cache "$cache"); then
    fail "rulesrun_bench exited with $?"
fi
number='[0-9.e+]+'
for engine in interpreter hand_written native_engine; do
    expect_line "^bench=diamant engine=$engine games=[0-9]+ seconds=$number cpu_seconds=$number games_per_second=$number decisions_per_second=[0-9]+ mean_decisions=$number mean_length=$number length_ci95=$number$"
done
# The hand-written Diamant shuffles in its own way: its games differ from the interpreter's seed by seed, so its means
# agree only statistically (false about 1 time in 20 by chance).
expect_line "^bench=diamant players=4 length=cards_turned ratio=$number native_same_seeds_mean_length=$number decisions_agree=(true|false) lengths_agree=(true|false) native_engine_ratio=$number native_engine_same_games=true native_engine_build_seconds=($number|null)$"
for size in 6x6 8x8; do
    for engine in interpreter hand_written native_engine; do
        expect_line "^bench=diablo_$size engine=$engine games=[0-9]+ .*games_per_second=$number .*mean_length=$number length_ci95=$number$"
    done
    # The hand-written Diablo plays the same game as the rules file for every seed: its means must agree.
    expect_line "^bench=diablo_$size size=[68] length=game_length ratio=$number native_same_seeds_mean_length=$number decisions_agree=true lengths_agree=true native_engine_ratio=$number native_engine_same_games=true native_engine_build_seconds=($number|null)$"
done
# The hand-written board games list their moves in the rules files' order and draw no chance: each seed gives the same
# game on both sides, so the means must agree.
for game in tic_tac_toe connect_four connect_four_kept_heights breakthrough; do
    for engine in interpreter hand_written native_engine; do
        expect_line "^bench=$game engine=$engine games=[0-9]+ .*games_per_second=$number .*mean_length=$number length_ci95=$number$"
    done
    expect_line "^bench=$game length=moves ratio=$number native_same_seeds_mean_length=$number decisions_agree=true lengths_agree=true native_engine_ratio=$number native_engine_same_games=true native_engine_build_seconds=($number|null)$"
    expect_line "^bench=summary game=$game hand_written_games_per_second=$number interpreter_games_per_second=$number ratio=$number native_engine_games_per_second=$number native_engine_ratio=$number native_engine_build_seconds=($number|null)$"
    expect_line "^$game +$number +$number +$number +$number +$number +($number|cached)$"
done
for game in diamant diablo_6x6 diablo_8x8; do
    expect_line "^bench=summary game=$game hand_written_games_per_second=$number interpreter_games_per_second=$number ratio=$number native_engine_games_per_second=$number native_engine_ratio=$number native_engine_build_seconds=($number|null)$"
done
expect_line "^game +hand-written games/s +interpreter games/s +ratio +native engine games/s +ratio +build s$"
expect_line "^bench=pig engine=interpreter games=[0-9]+ .*games_per_second=$number decisions_per_second=[0-9]+ "
expect_line "^bench=memory games_played=2000 rss_kib=[0-9]+ state_values=[0-9]+$"
expect_line "^bench=memory game=diamant players=4 games=2000 .*rss_kib_before=[0-9]+ rss_kib_after=[0-9]+ rss_growth_kib=-?[0-9]+$"

if ! json=$("$bench" --seconds 0.05 --memory-games 100 --json --native-cache "$cache"); then
    fail "rulesrun_bench --json exited with $?"
fi
python3 - "$json" <<'PY' || fail "the --json report lacks figures (above)"
import json, sys
report = json.loads(sys.argv[1])
missing = []
def need(obj, path, *keys):
    for key in keys:
        if key not in obj:
            missing.append(path + "." + key)
need(report, "", "settings", "diamant", "pig", "diablo_6x6", "diablo_8x8", "tic_tac_toe", "connect_four",
     "connect_four_kept_heights", "breakthrough", "memory", "summary")
games = [row.get("game") for row in report.get("summary", {}).get("games", [])]
if games != ["diamant", "diablo_6x6", "diablo_8x8", "tic_tac_toe", "connect_four", "connect_four_kept_heights",
             "breakthrough"]:
    missing.append("summary.games (one row per compared game, in order; found %s)" % games)
for board in ("tic_tac_toe", "connect_four", "connect_four_kept_heights", "breakthrough"):
    need(report.get(board, {}), board, "ratio", "lengths_agree", "interpreter", "hand_written", "native_engine",
         "native_engine_ratio", "native_engine_same_games", "native_engine_build_seconds")
for board in ("diablo_6x6", "diablo_8x8"):
    need(report.get(board, {}), board, "ratio", "lengths_agree", "interpreter", "hand_written", "native_engine",
         "native_engine_ratio", "native_engine_same_games", "native_engine_build_seconds")
for engine in ("interpreter", "hand_written", "native_engine"):
    need(report["diamant"].get(engine, {}), "diamant." + engine, "games_per_second", "mean_length")
need(report["diamant"], "diamant", "ratio", "lengths_agree")
need(report["pig"].get("interpreter", {}), "pig.interpreter", "games_per_second", "decisions_per_second")
need(report["memory"], "memory", "samples", "rss_kib_before", "rss_kib_after", "rss_growth_kib")
if len(report["memory"].get("samples", [])) != 10:
    missing.append("memory.samples (10 of them)")
if missing:
    print("missing:", ", ".join(missing))
    sys.exit(1)
PY

"$bench" --seconds 0 >/dev/null 2>&1
[[ $? == 2 ]] || fail "a wrong argument does not exit with 2"
"$bench" --only chess >/dev/null 2>&1
[[ $? == 2 ]] || fail "an unknown section in --only does not exit with 2"
if only=$("$bench" --seconds 0.05 --only connect_four --native-cache "$cache"); then
    grep -q "^bench=connect_four length=moves" <<<"$only" || fail "--only connect_four does not run Connect Four"
    ! grep -q "^bench=diamant" <<<"$only" || fail "--only connect_four runs Diamant"
else
    fail "rulesrun_bench --only connect_four exited with $?"
fi

if ((failures > 0)); then
    echo "--- text report:"
    echo "$text"
    exit 1
fi
echo "rulesrun_bench smoke test passed"
