#!/usr/bin/env bash
# `rulesrun serve` from the command line: its arguments and errors, the lobby's API (games, a new table, refused
# requests), and a program seated by the operator (`--bots exec:...`) playing a whole game on the server, while a
# program named in a request from the network is refused. Needs bash and python3 (its urllib and sqlite3).
# Usage: cli_serve_test.sh RULESRUN SOURCE_DIR
set -u
RULESRUN=$1
SOURCE=$2
source "$(dirname "$0")/cli_common.sh"

run() { run_with_input 30 "$1" /dev/null "${@:2}"; }
run 2 serve "$SOURCE/rules/pig.rules" --port 70000
contains "$WORK/err" "--port" "a port out of range is named"
run 2 serve "$SOURCE/rules/pig.rules" --bots random
contains "$WORK/err" "serve --bots names programs" "--bots takes programs only"
run 1 serve "$SOURCE/rules/no_such_game.rules"
(cd "$WORK" && run 2 serve)
contains "$WORK/err" "no rules files given" "without files and without rules/, serve says what it needs"

# A server with a program the operator allows.
"$RULESRUN" serve "$SOURCE/rules/pig.rules" --port 0 --data "$WORK/data" \
    --bots "exec:\"python3 $SOURCE/tools/example_bot.py 3\"" >"$WORK/serve.out" 2>"$WORK/serve.err" &
server=$!
trap 'kill -9 $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 50); do grep -q "at http" "$WORK/serve.out" && break; sleep 0.1; done
base=$(grep -o "http://[^/]*" "$WORK/serve.out" || true)  # (so that the check below names a server that never started)
[[ -n $base ]] || fail "the server did not say where it listens: $(cat "$WORK/serve.err")"

# request METHOD PATH [BODY]: prints the status, then the body.
request() {
    python3 - "$base$2" "$1" "${3:-}" <<'PY'
import sys, urllib.request, urllib.error
url, method, body = sys.argv[1], sys.argv[2], sys.argv[3]
req = urllib.request.Request(url, method=method, data=body.encode() if body else None)
try:
    with urllib.request.urlopen(req) as r:
        print(r.status); print(r.read().decode())
except urllib.error.HTTPError as e:
    print(e.code); print(e.read().decode())
PY
}
games=$(request GET /api/games)
grep -q '"exec:\\"python3' <<<"$games" || fail "the lobby does not offer the operator's program: $games"
refused=$(request POST /api/tables '{"game": "pig", "seats": ["human", "exec:touch '"$WORK"'/pwned"]}')
grep -q "^400" <<<"$refused" && grep -q "not one of this server's programs" <<<"$refused" ||
    fail "a program named by a request is not refused: $refused"
[[ ! -e $WORK/pwned ]] || fail "a request from the network ran a command"
bad=$(request POST /api/tables '{"game": "chess", "seats": []}')
grep -q "no game is named 'chess'" <<<"$bad" || fail "an unknown game is not named: $bad"
bad=$(request POST /api/tables '{"game": "pig", "seats": ["human"]}')
grep -q "must list who plays each of the 2 seats" <<<"$bad" || fail "a short seat list is not explained: $bad"
bad=$(request POST /api/tables '{"game": "pig", "options": {"target": "7000"}, "seats": ["human", "random"]}')
grep -q "^400" <<<"$bad" || fail "a wrong option value is not refused: $bad"
missing=$(request GET /nothing/here)
grep -q "^404" <<<"$missing" || fail "an unknown page is not a 404: $missing"

# Hostile requests are each answered, and the server goes on serving (tests/serve_hostile_client.py).
hostile=$(request POST /api/tables '{"game": "pig", "seats": ["human", "human"], "seed": 4}')
hostile_table=$(grep -o '"table":"[^"]*"' <<<"$hostile" | cut -d'"' -f4)
hostile_token=$(grep -o 'token=[0-9a-f]*' <<<"$hostile" | head -1 | cut -d= -f2)
python3 "$(dirname "$0")/serve_hostile_client.py" "${base#http://}" "$hostile_table" "$hostile_token" \
    >"$WORK/hostile" 2>&1 || fail "the hostile client failed: $(cat "$WORK/hostile")"
expect_answer() {  # expect_answer NAME TEXT: the answer to the request NAME holds TEXT
    grep -F -- "$1: " "$WORK/hostile" | grep -qF -- "$2" || fail "$1 is not answered '$2': $(grep -F -- "$1:" "$WORK/hostile")"
}
expect_answer 'GET /\xff' '404 {"error":"nothing at GET /�"}'
expect_answer 'POST \xff' '400 {"error":"the request is not valid JSON: line 1, column 1: syntax error'
expect_answer 'POST cut character' '400 {"error":"the request is not valid JSON'
expect_answer 'POST nested' '400 {"error":"the request is JSON whose arrays and objects nest more than 64 deep'
expect_answer 'POST players text' "400 {\"error\":\"'players' must be a whole number from 0 to 1000, not \\\"two\\\"\"}"
expect_answer 'POST seed negative' "400 {\"error\":\"'seed' must be a whole number"
expect_answer 'binary \xff' '"message":"the message is not valid JSON'
expect_answer 'text nested' '"message":"the message is JSON whose arrays and objects nest more than 64 deep'
expect_answer 'act step -1' '"message":"\"step\" must be a whole number from 0 to 9223372036854775807, not -1"'
expect_answer 'act action 0.5' '"message":"\"action\" must be a whole number from 0, not a number with a fraction or exponent (0.5)"'
expect_answer 'act action 1e300' '"message":"\"action\" must be a whole number from 0, not a number with a fraction or exponent (1e+300)"'
expect_answer 'act action text' '"message":"\"action\" must be a whole number from 0, not a text (\"0\")"'
grep -q "^text e-acute: " "$WORK/hostile" || fail "a text frame é got no answer: $(cat "$WORK/hostile")"
# A flood on one connection is refused past the rate limit (20 messages, 10 requests a second, twice that at once)
# and slowed; another connection to the same table is answered meanwhile.
expect_answer 'flood websocket' '"message":"too many messages: one connection may send 20 a second (up to 40 at once); this one was not read'
grep -qE '^flood websocket: (3[0-9]|[4-9][0-9]|[0-9]{3}) answered, [1-9][0-9]* refused' "$WORK/hostile" ||
    fail "the flooding connection was not answered up to its limit, then refused: $(grep '^flood websocket' "$WORK/hostile")"
expect_answer 'flood other connection' '"type":"error"'
grep -qE '^flood other connection: .*\(0\.[0-9] s\)' "$WORK/hostile" ||
    fail "another connection waited for the flood: $(grep '^flood other' "$WORK/hostile")"
expect_answer 'flood http' 'refused: {"error":"too many requests: one connection may send 10 a second (up to 20 at once); this one was not read, try again in a moment"} (Retry-After: 1)'
grep -qE '^flood http: (1[5-9]|[2-5][0-9]) answered, [1-9][0-9]* refused' "$WORK/hostile" ||
    fail "the flooding HTTP connection was not answered up to its limit, then refused: $(grep '^flood http' "$WORK/hostile")"
still=$(request GET /api/games)
grep -q "^200" <<<"$still" || fail "the server stopped serving after hostile requests: $(cat "$WORK/serve.err")"
hostile_actions=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from actions where tab = ?', (sys.argv[2],)).fetchone()[0])" "$WORK/data/tables.sqlite" "$hostile_table")
[[ $hostile_actions -eq 0 ]] || fail "a refused act was played ($hostile_actions actions stored)"

created=$(request POST /api/tables '{"game": "pig", "seats": ["exec:\"python3 '"$SOURCE"'/tools/example_bot.py 3\"", "random"], "seed": 9}')
grep -q "^201" <<<"$created" || fail "the table with a program was not created: $created"
# The program plays the whole game on the server, then is told it is over and exits.
for _ in $(seq 100); do
    pgrep -fx "python3 $SOURCE/tools/example_bot.py 3" >/dev/null || break
    sleep 0.2
done
sleep 0.5
pgrep -fx "python3 $SOURCE/tools/example_bot.py 3" >/dev/null && fail "the program did not end with its game"
actions=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from actions').fetchone()[0])" "$WORK/data/tables.sqlite")
[[ $actions -gt 10 ]] || fail "the game with the program has only $actions actions stored"
grep -q "failed\|error" "$WORK/serve.err" && fail "the server reported errors: $(cat "$WORK/serve.err")"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "serve: arguments, the lobby's API and an operator's program checked"
