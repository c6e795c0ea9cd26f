-- Neovim (0.7+) as a real LSP client of `cllint lsp`, with no plugins: start the server,
-- attach it to a kernel, wait for its diagnostics, ask for code actions, apply the fix's
-- WorkspaceEdit and write the file. Results go to $RESULT as JSON; any failure exits non-zero.
local cllint, kernel, result_path = os.getenv("CLLINT"), os.getenv("KERNEL"), os.getenv("RESULT")
local report = {}

local function finish(code)
  local f = assert(io.open(result_path, "w"))
  f:write(vim.fn.json_encode(report))
  f:close()
  vim.cmd(code == 0 and "qall!" or ("cquit " .. code))
end

local function fail(message)
  report.failure = message
  io.stderr:write("FAIL: " .. message .. "\n")
  finish(1)
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(kernel))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "cllint",
    cmd = { cllint, "lsp" },
    root_dir = vim.fn.fnamemodify(kernel, ":h"),
    init_options = { debounceMs = 50 },
  })
  if not client_id then
    return fail("vim.lsp.start_client returned nil")
  end
  vim.lsp.buf_attach_client(bufnr, client_id)

  if not vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
    return fail("no diagnostics within 15 s")
  end
  local d = vim.diagnostic.get(bufnr)[1]
  report.diagnostics = #vim.diagnostic.get(bufnr)
  report.code, report.lnum, report.col, report.end_col = d.code, d.lnum, d.col, d.end_col
  report.message, report.source, report.severity = d.message, d.source, d.severity
  report.href = d.user_data.lsp.codeDescription and d.user_data.lsp.codeDescription.href

  local client = vim.lsp.get_client_by_id(client_id)
  local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, true)[1]
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = {
      start = { line = d.lnum, character = vim.lsp.util._str_utfindex_enc(line, d.col, "utf-16") },
      ["end"] = { line = d.end_lnum, character = vim.lsp.util._str_utfindex_enc(line, d.end_col, "utf-16") },
    },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, d.lnum) },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 10000)
  if not responses or not responses[client_id] or not responses[client_id].result then
    return fail("no textDocument/codeAction response")
  end
  local fix
  report.actions = {}
  for _, action in ipairs(responses[client_id].result) do
    table.insert(report.actions, action.title)
    if action.title:find("^Append 'f'") then
      fix = action
    end
  end
  if not fix then
    return fail("no 'Append f' code action")
  end
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  vim.cmd("write")

  -- The edit reached the server as an incremental didChange: the finding goes away.
  if not vim.wait(15000, function() return #vim.diagnostic.get(bufnr) == 0 end, 50) then
    return fail("diagnostics did not clear after the fix")
  end
  report.cleared = true

  -- Shut the server down (shutdown, exit) before quitting.
  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
  finish(0)
end)
if not ok then
  fail(tostring(err))
end
