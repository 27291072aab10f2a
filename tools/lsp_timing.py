#!/usr/bin/env python3
"""How fast `rulesrun lsp` answers as someone types: for each rules file named, the time from opening it to its
diagnostics, then from each of 40 one-character edits (a '#' put at the start of the first line and taken away) to
the answer of a request sent right after it (the server checks the file after each edit, before it answers). Prints
one line per file: its size, the diagnostics, and the median and slowest edit in milliseconds.

Usage: tools/lsp_timing.py PATH/TO/rulesrun FILE.rules...
"""
import json
import os
import statistics
import subprocess
import sys
import time


class Client:
    def __init__(self, rulesrun):
        self.server = subprocess.Popen([rulesrun, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.server.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.server.stdout.readline()
            if not line:
                raise SystemExit("rulesrun lsp stopped")
            if line.strip() == b"":
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.server.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def diagnostics(self, uri):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def close(self):
        self.request("shutdown", None)
        self.send({"method": "exit"})
        self.server.wait()


def time_file(client, path):
    uri = "file://" + os.path.abspath(path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = time.perf_counter()
    client.send({"method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "rulesrun", "version": 1, "text": text}}})
    diagnostics = client.diagnostics(uri)
    opened = (time.perf_counter() - start) * 1000
    edits = []
    for version in range(2, 42):
        put = version % 2 == 0
        change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0 if put else 1}},
                  "text": "#" if put else ""}
        start = time.perf_counter()
        client.send({"method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        edits.append((time.perf_counter() - start) * 1000)
    client.send({"method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
    print(f"{os.path.basename(path):28} {len(text):8} bytes {len(diagnostics):6} diagnostics   open {opened:7.1f} ms"
          f"   edit: median {statistics.median(edits):7.1f} ms, slowest {max(edits):7.1f} ms")


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    client = Client(sys.argv[1])
    client.request("initialize", {"capabilities": {}})
    for path in sys.argv[2:]:
        time_file(client, path)
    client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
