#!/usr/bin/env python3
"""corpus_sweep.py CARAMBA CORPORA_DIR — every Numba file of the corpora
through one `caramba lsp` process, as an editor would: open it, wait for its
diagnostics, ask for the code actions on each kernel's `def` line, resolve the
chosen one and apply its edit (with an independent UTF-16 implementation),
and compare with the CLI:
  "Migrate kernel `k`"  == caramba FILE --kernel k
  "Migrate all kernels" == caramba FILE
A kernel whose action is not offered must be one the CLI leaves unchanged."""
import json
import os
import select
import subprocess
import sys

CARAMBA, CORPORA = sys.argv[1], sys.argv[2]


class Server:
    def __init__(self):
        self.p = subprocess.Popen([CARAMBA, "lsp", "-q"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buf, self.next_id = b"", 1

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def recv(self, timeout=120):
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end >= 0:
                n = int(self.buf[:end].split(b":")[1])
                if len(self.buf) >= end + 4 + n:
                    msg = json.loads(self.buf[end + 4:end + 4 + n])
                    self.buf = self.buf[end + 4 + n:]
                    return msg
            if not select.select([self.p.stdout], [], [], timeout)[0]:
                raise TimeoutError("the server went quiet")
            chunk = os.read(self.p.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError("the server exited")
            self.buf += chunk

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            m = self.recv()
            if m.get("id") == rid and "method" not in m:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})


def offset(text, line, character):
    """Byte-free: index into the str of an LSP (line, UTF-16 column) position."""
    lines = text.splitlines(keepends=True)
    if line >= len(lines):
        return len(text)
    start = sum(len(l) for l in lines[:line])
    content = lines[line].rstrip("\r\n")
    units, i = 0, 0
    while i < len(content) and units < character:
        units += 2 if ord(content[i]) > 0xFFFF else 1
        i += 1
    return start + i


def apply(text, edit, uri):
    edits = [e for dc in edit.get("documentChanges", []) if dc["textDocument"]["uri"] == uri for e in dc["edits"]]
    edits += edit.get("changes", {}).get(uri, [])
    spans = sorted(((offset(text, **e["range"]["start"]), offset(text, **e["range"]["end"]), e["newText"])
                    for e in edits), reverse=True)
    for s, e, t in spans:
        text = text[:s] + t + text[e:]
    return text


def cli(path, *args):
    r = subprocess.run([CARAMBA, path, *args], capture_output=True)
    return r.stdout.decode("utf-8") if r.returncode in (0, 1) else None


files = sorted(os.path.join(d, f) for d, _, fs in os.walk(CORPORA) for f in fs if f.endswith(".py"))
s = Server()
s.request("initialize", {"capabilities": {
    "workspace": {"workspaceEdit": {"documentChanges": True}},
    "textDocument": {"codeAction": {"codeActionLiteralSupport": {}, "resolveSupport": {"properties": ["edit"]}}}}})
s.notify("initialized", {})
checked = failures = offered = 0
for path in files:
    rel = os.path.relpath(path, CORPORA)
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    uri = "file://" + os.path.abspath(path)
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}})
    listing = json.loads(subprocess.run([CARAMBA, path, "--list-kernels", "--format", "json"],
                                        capture_output=True).stdout or b"{}")
    targets = [(k["qualname"], k["line"] - 1, "Migrate kernel `%s` to PyKokkos" % k["qualname"], ("--kernel", k["qualname"]))
               for k in listing.get("kernels", [])]
    targets.append(("<file>", 0, "Migrate all kernels in this file to PyKokkos", ()))
    for name, line, title, args in targets:
        # The whole-file action is offered anywhere; ask on the first line.
        acts = s.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "context": {"diagnostics": []},
                         "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}})
        action = next((a for a in acts.get("result", []) if a["title"] == title), None)
        expected = cli(path, *args)
        checked += 1
        problem = None
        if expected is None:
            problem = "the CLI failed"
        elif action is None:
            if expected != text:
                problem = "not offered, but the CLI changes the file"
        else:
            offered += 1
            r = s.request("codeAction/resolve", action)
            if "error" in r:
                problem = "resolve failed: %s" % r["error"]["message"]
            elif apply(text, r["result"]["edit"], uri) != expected:
                problem = "the edited text differs from the CLI's output"
        if problem:
            failures += 1
            print("FAIL %s %s: %s" % (rel, name, problem))
    s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
s.request("shutdown", None)
s.notify("exit", None)
rc = s.p.wait(30)
print("corpus sweep: %d files, %d kernel/file targets checked against the CLI (%d offered and applied, "
      "%d not offered because the CLI leaves them unchanged), %d failed; server exit %d"
      % (len(files), checked, offered, checked - offered - failures, failures, rc))
sys.exit(1 if failures or rc != 0 else 0)
