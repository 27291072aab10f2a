#!/bin/bash
# A short run of rulesrun_serve_load (ctest: rulesrun_serve_load_smoke): it must exit 0, connect every client, play
# without errors and print every figure. Timings are not checked: they are read from the figures, never asserted.
#   serve_load_smoke_test.sh PATH/TO/rulesrun_serve_load
set -u
if ! text=$("$1" --tables 20 --seconds 2 --think-ms 50); then
    echo "FAIL: rulesrun_serve_load exited with $?"
    exit 1
fi
echo "$text"
number='[0-9.]+'
grep -Eq "^serve_load game=Pig tables=20 think_ms=50 clients_connected=20 seconds=$number client_actions=[1-9][0-9]* games_finished=[0-9]+ errors=0$" <<<"$text" ||
    { echo "FAIL: the first line is not as expected"; exit 1; }
grep -Eq "^serve_load client_actions_per_second=$number latency_ms_p50=$number latency_ms_p99=$number latency_ms_max=$number$" <<<"$text" ||
    { echo "FAIL: the figures line is not as expected"; exit 1; }
