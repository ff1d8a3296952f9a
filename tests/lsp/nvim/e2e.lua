-- e2e.lua — drives Neovim's built-in LSP client against `caramba lsp`,
-- headless. One scenario per run, chosen by environment variables (run.sh):
--   E2E_CARAMBA  the caramba binary        E2E_FILE    the Python file to open
--   E2E_MODE     kernel | file | command | quickfix | typing
--   E2E_KERNEL   kernel name (kernel, command, typing; quickfix: the line to stand on)
--   E2E_ENCODING utf-16 (default) | utf-8 (clangd's offsetEncoding extension)
--   E2E_RESULT   where to write "OK", "NO_ACTION <titles>" or "FAIL <why>"
--   E2E_LOG      the server's log file
-- Everything goes through the client's own code paths: vim.lsp.buf.code_action
-- (with vim.ui.select answered by title), codeAction/resolve,
-- apply_workspace_edit, workspace/applyEdit, and :write.
local env = function(k, d) local v = os.getenv(k); if v == nil or v == '' then return d end; return v end
local caramba, file, mode = env('E2E_CARAMBA'), env('E2E_FILE'), env('E2E_MODE', 'kernel')
local kernel, encoding, result_path = env('E2E_KERNEL', ''), env('E2E_ENCODING', 'utf-16'), env('E2E_RESULT')
local timeout_ms = 20000

local function finish(line)
  local f = assert(io.open(result_path, 'w'))
  f:write(line .. '\n')
  f:close()
  vim.cmd('qall!')
end

local publications = {}  -- every publishDiagnostics for our buffer, in order
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  table.insert(publications, result)
  return default_publish(err, result, ctx, config)
end

local function wait(what, pred)
  if not vim.wait(timeout_ms, pred, 20) then error('timed out waiting for ' .. what) end
end

local function has_code(pub, code)
  for _, d in ipairs(pub.diagnostics) do if d.code == code then return true end end
  return false
end

local function main()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'python'  -- the languageId the client sends
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  local config = {
    name = 'caramba',
    cmd = { caramba, 'lsp', '--log', env('E2E_LOG', '/dev/null'), '-v' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    capabilities = capabilities,
  }
  if encoding == 'utf-8' then
    -- Neovim 0.7 predates LSP 3.17's positionEncodings; it speaks clangd's
    -- offsetEncoding extension when configured like this.
    capabilities.offsetEncoding = { 'utf-8', 'utf-16' }
    config.on_init = function(client, result)
      if result.offsetEncoding then client.offset_encoding = result.offsetEncoding end
    end
  end
  local client_id = assert(vim.lsp.start_client(config), 'start_client failed')
  assert(vim.lsp.buf_attach_client(bufnr, client_id), 'attach failed')
  wait('the first diagnostics', function() return #publications > 0 end)
  local client = vim.lsp.get_client_by_id(client_id)
  if client.offset_encoding ~= encoding then error('offset encoding is ' .. tostring(client.offset_encoding)) end

  -- Real clients put the diagnostics where the server said: CRB101 sits on
  -- the @vectorize line, CRB110 on the @jit line (columns in bytes here).
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1] or ''
    if d.code == 'CRB101' and line:sub(d.col + 1, d.col + 10) ~= '@vectorize' then
      error('CRB101 at ' .. d.lnum .. ':' .. d.col .. ' is not on @vectorize: ' .. line)
    end
    if d.code == 'CRB110' and line:sub(d.col + 1, d.col + 4) ~= '@jit' then
      error('CRB110 at ' .. d.lnum .. ':' .. d.col .. ' is not on @jit: ' .. line)
    end
  end

  local function goto_def(name)
    local lnum = vim.fn.search('^def ' .. name .. '(', 'w')
    if lnum == 0 then error('no def ' .. name) end
    vim.api.nvim_win_set_cursor(0, { lnum, 4 })
    return lnum
  end

  if mode == 'typing' then
    -- Half-typed code in the middle of the file: syntax errors arrive, the
    -- other kernels keep their diagnostics, and after the text is restored the
    -- server is fully usable again.
    local original = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
    local at = goto_def(kernel)
    local n = #publications
    vim.api.nvim_buf_set_lines(bufnr, at - 1, at - 1, false, { '@njit', 'def half_typed(x, y:', '    return (x +' })
    wait('diagnostics with CRB005', function()
      return #publications > n and has_code(publications[#publications], 'CRB005')
    end)
    if not has_code(publications[#publications], 'CRB101') then error('CRB101 lost while a line was half typed') end
    -- Type a few more characters one by one (each a didChange).
    for _, ch in ipairs({ 'z', ')', ':', ' ' }) do
      local row = at + 1
      local line = vim.api.nvim_buf_get_lines(bufnr, row, row + 1, false)[1]
      vim.api.nvim_buf_set_lines(bufnr, row, row + 1, false, { line .. ch })
    end
    n = #publications
    vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, original)
    wait('clean diagnostics', function()
      return #publications > n and not has_code(publications[#publications], 'CRB005')
    end)
    mode = 'kernel'
  end

  local want, context
  if mode == 'kernel' then
    goto_def(kernel)
    want = 'Migrate kernel `' .. kernel .. '` to PyKokkos'
  elseif mode == 'file' then
    vim.api.nvim_win_set_cursor(0, { 1, 0 })
    want = 'Migrate all kernels in this file to PyKokkos'
  elseif mode == 'quickfix' then
    local lnum = goto_def(kernel) - 1  -- the decorator line above the def
    vim.api.nvim_win_set_cursor(0, { lnum, 1 })
    want = 'Add nopython=True to the @jit decorator'
    context = { only = { 'quickfix' } }
  end

  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local offered
  if mode == 'command' then
    goto_def(kernel)
    vim.lsp.buf.execute_command({
      command = 'caramba.migrateKernel',
      arguments = { { uri = vim.uri_from_bufnr(bufnr), kernel = kernel } },
    })
    offered = true
  else
    vim.ui.select = function(items, _, on_choice)
      local titles = {}
      for i, item in ipairs(items) do
        table.insert(titles, item[2].title)
        if item[2].title == want then
          offered = true
          return on_choice(item, i)
        end
      end
      offered = table.concat(titles, ' | ')
      on_choice(nil)
    end
    local notify = vim.notify
    vim.notify = function(msg, level)
      if msg == 'No code actions available' then offered = '' end
      return notify(msg, level)
    end
    vim.lsp.buf.code_action(context)
  end
  wait('the code action menu', function() return offered ~= nil end)
  if offered ~= true then return finish('NO_ACTION ' .. offered) end
  wait('the edit', function() return vim.api.nvim_buf_get_changedtick(bufnr) ~= tick end)
  vim.wait(200)  -- let a multi-edit apply finish before writing
  vim.cmd('write')
  vim.lsp.stop_client(client_id)
  finish('OK')
end

local ok, err = pcall(main)
if not ok then finish('FAIL ' .. tostring(err)) end
