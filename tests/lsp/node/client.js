// client.js CARAMBA FIXTURES NODE_MODULES — a second real LSP client: Microsoft's
// vscode-languageserver-protocol / vscode-jsonrpc (the libraries VS Code's
// client is built on) drive `caramba lsp` from Node. Edits are applied with
// vscode-languageserver-textdocument, VS Code's own UTF-16 implementation, and
// the results compared with the CLI's output.
'use strict';
const path = require('path');
const fs = require('fs');
const os = require('os');
const cp = require('child_process');

const [caramba, fixtures, modules] = process.argv.slice(2).map((p) => path.resolve(p));
const P = require(path.join(modules, 'vscode-languageserver-protocol/node'));
const { TextDocument } = require(path.join(modules, 'vscode-languageserver-textdocument'));

let failures = 0;
function check(cond, what) {
  console.log((cond ? 'ok   ' : 'FAIL ') + what);
  if (!cond) failures++;
}
setTimeout(() => { console.log('FAIL timed out'); process.exit(1); }, 120000).unref();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caramba-node-'));
const file = path.join(dir, 'kernels.py');
fs.copyFileSync(path.join(fixtures, 'kernels.py'), file);
const text = fs.readFileSync(file, 'utf8');
const uri = 'file://' + file;
const cli = (...args) => cp.spawnSync(caramba, [file, ...args], { encoding: 'utf8' }).stdout;

const child = cp.spawn(caramba, ['lsp', '-q'], { stdio: ['pipe', 'pipe', 'inherit'] });
const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
const conn = P.createProtocolConnection(new P.StreamMessageReader(child.stdout), new P.StreamMessageWriter(child.stdin));
let diagnostics = null, onDiagnostics = null, appliedEdit = null;
conn.onNotification(P.PublishDiagnosticsNotification.type, (p) => {
  if (p.uri !== uri) return;
  diagnostics = p;
  if (onDiagnostics) onDiagnostics(p);
});
conn.onRequest(P.ApplyWorkspaceEditRequest.type, (params) => {
  appliedEdit = params.edit;
  return { applied: true };
});
conn.listen();

function applyEdit(source, edit) {
  const doc = TextDocument.create(uri, 'python', 1, source);
  const edits = [];
  for (const dc of edit.documentChanges || []) if (dc.textDocument.uri === uri) edits.push(...dc.edits);
  for (const e of (edit.changes || {})[uri] || []) edits.push(e);
  return TextDocument.applyEdits(doc, edits);
}
const lineOf = (needle) => text.split('\n').findIndex((l) => l.startsWith(needle));
const range = (line, ch) => ({ start: { line, character: ch }, end: { line, character: ch } });

async function main() {
  const init = await conn.sendRequest(P.InitializeRequest.type, {
    processId: process.pid, rootUri: 'file://' + dir, capabilities: {
      general: { positionEncodings: ['utf-16'] },
      workspace: { applyEdit: true, workspaceEdit: { documentChanges: true } },
      textDocument: {
        codeAction: {
          codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.rewrite'] } },
          resolveSupport: { properties: ['edit'] }, disabledSupport: true, dataSupport: true,
        },
        hover: { contentFormat: ['markdown'] },
        publishDiagnostics: { codeDescriptionSupport: true, versionSupport: true },
      },
    },
  });
  check(init.capabilities.positionEncoding === 'utf-16', 'initialize: positionEncoding utf-16');
  check(init.capabilities.codeActionProvider.resolveProvider === true, 'initialize: codeAction resolve provider');
  await conn.sendNotification(P.InitializedNotification.type, {});

  const first = new Promise((resolve) => { onDiagnostics = resolve; });
  await conn.sendNotification(P.DidOpenTextDocumentNotification.type,
    { textDocument: { uri, languageId: 'python', version: 1, text } });
  await first;
  const crb101 = diagnostics.diagnostics.find((d) => d.code === 'CRB101');
  check(!!crb101 && crb101.range.start.line === lineOf('@vectorize') &&
        crb101.codeDescription.href === 'caramba://explain/CRB101', 'diagnostics: CRB101 on @vectorize with its explain link');

  const saxpyLine = lineOf('def saxpy');
  const actions = await conn.sendRequest(P.CodeActionRequest.type,
    { textDocument: { uri }, range: range(saxpyLine, 30), context: { diagnostics: [] } });
  const one = actions.find((a) => a.title === 'Migrate kernel `saxpy` to PyKokkos');
  check(!!one && !one.edit && one.kind === 'refactor.rewrite', 'codeAction: migrate saxpy offered, edit left for resolve');
  const resolved = await conn.sendRequest(P.CodeActionResolveRequest.type, one);
  const migrated = applyEdit(text, resolved.edit);
  check(migrated === cli('--kernel', 'saxpy'), 'resolve + TextDocument.applyEdits == caramba FILE --kernel saxpy');
  check(resolved.edit.documentChanges[0].textDocument.version === 1, 'edit is versioned (documentChanges)');

  const twice = (await conn.sendRequest(P.CodeActionRequest.type,
    { textDocument: { uri }, range: range(lineOf('def twice') + 1, 4), context: { diagnostics: [] } }))
    .find((a) => a.title === 'Migrate kernel `twice` to PyKokkos');
  check(!!twice && twice.disabled && /CRB101/.test(twice.disabled.reason), 'codeAction: @vectorize kernel disabled with the reason');

  const fixes = await conn.sendRequest(P.CodeActionRequest.type,
    { textDocument: { uri }, range: range(lineOf('@jit'), 1), context: { diagnostics: [], only: ['quickfix'] } });
  check(fixes.length === 1 && applyEdit(text, fixes[0].edit).includes('@jit(nopython=True)\ndef scale'),
    'quickfix: CRB110 adds nopython=True');

  await conn.sendRequest(P.ExecuteCommandRequest.type, { command: 'caramba.migrateFile', arguments: [uri] });
  check(!!appliedEdit && applyEdit(text, appliedEdit) === cli(), 'executeCommand migrateFile -> workspace/applyEdit == caramba FILE');

  const hover = await conn.sendRequest(P.HoverRequest.type,
    { textDocument: { uri }, position: { line: lineOf('@vectorize'), character: 2 } });
  check(!!hover && hover.contents.kind === 'markdown' && hover.contents.value.includes('**CRB101**'), 'hover: explanation of CRB101');

  try {
    await conn.sendRequest('caramba/noSuchMethod', {});
    check(false, 'unknown request rejected');
  } catch (e) {
    check(e.code === P.ErrorCodes.MethodNotFound, 'unknown request -> MethodNotFound');
  }

  // Half-typed code: a syntax error arrives, CRB101 stays.
  const typed = new Promise((resolve) => { onDiagnostics = resolve; });
  await conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 }, contentChanges: [{ text: text.replace('def total(x):', 'def total(x:') }] });
  const p2 = await typed;
  check(p2.version === 2 && p2.diagnostics.some((d) => d.code === 'CRB005') && p2.diagnostics.some((d) => d.code === 'CRB101'),
    'half-typed code: CRB005 plus the other kernels\' diagnostics');

  const source = new P.CancellationTokenSource();
  const pending = conn.sendRequest(P.CodeActionRequest.type,
    { textDocument: { uri }, range: range(saxpyLine, 0), context: { diagnostics: [] } }, source.token);
  source.cancel();
  try { await pending; check(true, 'cancelled request: answered (completed first)'); }
  catch (e) { check(e.code === P.LSPErrorCodes.RequestCancelled, 'cancelled request: RequestCancelled'); }

  await conn.sendRequest(P.ShutdownRequest.type);
  await conn.sendNotification(P.ExitNotification.type);
  check((await exited) === 0, 'shutdown + exit: status 0');
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`node client: ${failures} failed`);
  process.exit(failures ? 1 : 0);
}
main().catch((e) => { console.log('FAIL ' + (e && e.stack || e)); process.exit(1); });
