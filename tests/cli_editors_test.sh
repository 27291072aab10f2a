#!/usr/bin/env bash
# Editors against `rulesrun lsp`: Neovim (Debian's neovim, headless, its built-in LSP client) set up from
# tools/editors/nvim runs tests/editors/nvim_lsp_test.lua on a game that imports a file; the VS Code extension's
# TextMate grammar colours every seed game (tests/editors/textmate_grammar_test.py).
# Usage: cli_editors_test.sh RULESRUN SOURCE_DIR
set -euo pipefail
rulesrun=$(realpath "$1")
source_dir=$(realpath "$2")
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT

cat > "$folder/lib.rules" <<'RULES'
card Card {
  rank: int = 0   # 1 to 10
}

# Points a card is worth.
function points(c: Card): int = c.rank * 2
RULES
cat > "$folder/game.rules" <<'RULES'
import "lib.rules"

game "Test" {
  players 2
}

deck cards: Card = [Card(rank: r) for r in 1..10]
zone deck: Card, ordered, public = cards
zone hand: Card, per player, private
player {
  total: int = 0 "points"
}

play {
  for p in players {
    move top(deck) to p.hand
    p.totl += points(top(p.hand))
  }
}

score(p) = p.total
RULES

if ! command -v nvim >/dev/null; then
    echo "cli_editors_test: nvim is missing (tools/setup.sh --tests installs Debian's neovim)" >&2
    exit 1
fi
RULESRUN="$rulesrun" RULESRUN_EDITORS="$source_dir/tools/editors" TEST_FOLDER="$folder" SOURCE_FOLDER="$source_dir" \
    timeout 60 nvim --headless --clean -n -u NONE -c "luafile $source_dir/tests/editors/nvim_lsp_test.lua" </dev/null
echo "Neovim: passed"
python3 "$source_dir/tests/editors/textmate_grammar_test.py" "$source_dir"
