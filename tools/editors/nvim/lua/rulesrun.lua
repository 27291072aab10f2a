-- Neovim setup for rulesrun rules files: the filetype, Vim's syntax file (tools/editors/vim) and the language server
-- `rulesrun lsp` started by Neovim's built-in LSP client for every *.rules buffer. docs/editors.md says how
-- to install it; then, in init.lua:
--
--   require('rulesrun').setup({ cmd = { '/path/to/rulesrun', 'lsp' } })   -- cmd defaults to rulesrun on PATH
local M = {}

local function start(buffer, options)
  local config = {
    name = 'rulesrun',
    cmd = options.cmd,
    root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buffer), ':p:h'),
    on_attach = options.on_attach,
  }
  if vim.lsp.start then
    -- Neovim 0.8 and later: one client per root folder, reused by the buffers under it.
    vim.lsp.start(config, { bufnr = buffer })
  else
    -- Neovim 0.7: one client for every rules buffer.
    M.client = M.client or vim.lsp.start_client(config)
    if M.client then vim.lsp.buf_attach_client(buffer, M.client) end
  end
end

function M.setup(options)
  options = vim.tbl_extend('keep', options or {}, { cmd = { 'rulesrun', 'lsp' } })
  -- The syntax file and the filetype plugin of tools/editors/vim, next to this folder.
  local here = debug.getinfo(1, 'S').source:sub(2)
  local editors = vim.fn.fnamemodify(here, ':p:h:h:h')
  vim.opt.runtimepath:append(editors .. '/vim')
  -- Neovim's own detection calls *.rules udev, polkit or hog rules; outside those folders they are rules files.
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    pattern = '*.rules',
    callback = function(event)
      local path = vim.fn.fnamemodify(event.file, ':p')
      if not path:match('/udev/') and not path:match('/polkit%-1/') then vim.bo[event.buf].filetype = 'rulesrun' end
    end,
  })
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'rulesrun',
    callback = function(event) start(event.buf, options) end,
  })
end

return M
