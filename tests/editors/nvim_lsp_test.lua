-- Neovim's built-in LSP client against `rulesrun lsp`, set up as tools/editors/nvim says (cli_editors_test.sh runs
-- it headless): a rules file with a mistake shows the diagnostic at its place, typing the fix clears it; hover, go to
-- definition across an import, completion after '.', rename and format, each as a user triggers it.
local rulesrun, editors, folder = os.getenv('RULESRUN'), os.getenv('RULESRUN_EDITORS'), os.getenv('TEST_FOLDER')
package.path = editors .. '/nvim/lua/?.lua;' .. package.path
vim.cmd('filetype plugin on')
vim.cmd('syntax on')

local failures = 0
local function check(passed, what)
  io.stdout:write((passed and 'ok: ' or 'FAILED: ') .. what .. '\n')
  if not passed then failures = failures + 1 end
end

local function lines() return vim.api.nvim_buf_get_lines(0, 0, -1, false) end

-- A request through the client, as a plugin would send it; its result.
local function request(method, line, character, extra)
  local params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = line, character = character } }
  for k, v in pairs(extra or {}) do params[k] = v end
  for _, answer in pairs(vim.lsp.buf_request_sync(0, method, params, 5000) or {}) do return answer.result end
end

require('rulesrun').setup({ cmd = { rulesrun, 'lsp' } })
vim.cmd('edit ' .. folder .. '/game.rules')
local game = vim.api.nvim_get_current_buf()
check(vim.bo.filetype == 'rulesrun', 'a .rules file has the filetype rulesrun')
check(vim.b.current_syntax == 'rulesrun', 'the syntax file of tools/editors/vim colours it')
check(vim.bo.shiftwidth == 2 and vim.bo.commentstring == '# %s', 'its filetype plugin: two spaces, # comments')
check(vim.wait(5000, function() return next(vim.lsp.buf_get_clients(0)) ~= nil end), 'rulesrun lsp starts for it')

-- The file has `p.totl` on line 17: the checker's message, at the misspelled name.
vim.wait(5000, function() return #vim.diagnostic.get(0) > 0 end)
local d = vim.diagnostic.get(0)[1]
check(d ~= nil and d.lnum == 16 and d.col == 6 and d.end_col == 10 and
      d.message == "players have no field or zone 'totl' (did you mean 'total'?)",
      'the diagnostic is at its place: ' .. vim.inspect(d and { d.lnum, d.col, d.end_col, d.message }))
-- Its quick fix, as the client gets and applies it.
local actions = request('textDocument/codeAction', 16, 6, {
  range = { start = { line = 16, character = 6 }, ['end'] = { line = 16, character = 10 } },
  context = { diagnostics = {} },  -- the server finds the diagnostics in the range itself
})
check(actions ~= nil and #actions == 1 and actions[1].title == "Change 'totl' to 'total'", 'a quick fix is offered')
if actions and actions[1] then vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16') end
check(vim.api.nvim_buf_get_lines(0, 16, 17, false)[1] == '    p.total += points(top(p.hand))', 'the quick fix edits the line')
check(vim.wait(5000, function() return #vim.diagnostic.get(0) == 0 end), 'and the diagnostic goes')

-- As you type: a mistake typed shows at once, and goes when it is typed away.
vim.api.nvim_buf_set_text(0, 16, 11, 16, 11, { 'x' })
check(vim.wait(5000, function() return #vim.diagnostic.get(0) == 1 end), 'a mistake typed is reported')
vim.api.nvim_buf_set_text(0, 16, 11, 16, 12, { '' })
check(vim.wait(5000, function() return #vim.diagnostic.get(0) == 0 end), 'typing the fix clears it')

local hover = request('textDocument/hover', 16, 17)
check(hover ~= nil and hover.contents.value:find('Points a card is worth.', 1, true) ~= nil,
      'hover on a function of the imported file shows its declaration and comment')

vim.api.nvim_win_set_cursor(0, { 17, 17 })
vim.lsp.buf.definition()
check(vim.wait(5000, function() return vim.api.nvim_buf_get_name(0):find('lib.rules', 1, true) ~= nil end),
      'go to definition opens the imported file')
check(vim.deep_equal(vim.api.nvim_win_get_cursor(0), { 6, 9 }), 'at the declaration: ' ..
      vim.inspect(vim.api.nvim_win_get_cursor(0)))
vim.api.nvim_set_current_buf(game)

vim.api.nvim_buf_set_lines(0, 16, 16, false, { '    p.' })
local completion = request('textDocument/completion', 16, 6)
local labels = {}
for _, item in ipairs(completion and completion.items or {}) do labels[item.label] = true end
check(labels.hand and labels.total and not labels.deck, "completion after 'p.' offers the player's fields and zones")
vim.api.nvim_buf_set_lines(0, 16, 17, false, {})

vim.api.nvim_win_set_cursor(0, { 11, 3 })
vim.lsp.buf.rename('tally')
check(vim.wait(5000, function() return lines()[17] == '    p.tally += points(top(p.hand))' end),
      'rename changes the declaration and every use')
check(lines()[11] == '  tally: int = 0 "points"' and lines()[21] == 'score(p) = p.tally', 'all of them')

vim.api.nvim_buf_set_lines(0, 15, 16, false, { '          move top( deck )to p.hand' })
if vim.lsp.buf.format then vim.lsp.buf.format({ timeout_ms = 5000 }) else vim.lsp.buf.formatting_sync(nil, 5000) end
check(lines()[16] == '    move top(deck) to p.hand', 'format lays the line out: ' .. lines()[16])

-- The README's case: rules/diams.rules as it is, hover on a function of the standard library, completion.
vim.cmd('edit ' .. os.getenv('SOURCE_FOLDER') .. '/rules/diams.rules')
check(vim.wait(5000, function() return next(vim.lsp.buf_get_clients(0)) ~= nil end), 'the server serves Diam\'s')
local diams = lines()
local use
for i, line in ipairs(diams) do
  if line:find('when some_subset_sums_to(', 1, true) then use = i - 1 end
end
hover = use and request('textDocument/hover', use, 15)
check(hover ~= nil and hover.contents.value:find('subset-sum', 1, true) ~= nil, 'hover reads stdlib/subsets.rules')
check(#vim.diagnostic.get(0) == 0, "Diam's has no diagnostic")
vim.api.nvim_buf_set_lines(0, use, use, false, { '      p.' })
completion = request('textDocument/completion', use, 8)
labels = {}
for _, item in ipairs(completion and completion.items or {}) do labels[item.label] = true end
check(labels.hand and labels.vault and labels.chips, "completion after 'p.' in Diam's offers hand, vault, chips")

for _, client in pairs(vim.lsp.get_active_clients()) do client.stop() end
vim.cmd(failures > 0 and 'cquit 1' or 'qall!')
