"""Hostile requests to a running `rulesrun serve` (tests/cli_serve_test.sh): bytes that are not UTF-8, JSON nested
thousands deep, act messages with numbers that are not whole or out of range, over HTTP and a WebSocket, and floods
of messages and requests on one connection (over the server's rate limit: refused and slowed). Prints one
line per request, "NAME: ANSWER", where ANSWER is the HTTP status and body, or the WebSocket's reply; the shell test
checks the answers and that the server still serves afterwards. Only the standard library: the WebSocket handshake
and frames are written by hand (RFC 6455).
Usage: serve_hostile_client.py HOST:PORT TABLE TOKEN"""
import base64
import os
import socket
import struct
import sys
import time

host, port = sys.argv[1].rsplit(":", 1)[0], int(sys.argv[1].rsplit(":", 1)[1])
table, token = sys.argv[2], sys.argv[3]


def http(raw):
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(raw)
        answer = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            length = [int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")]
            if length and len(body) >= length[0]:
                break
    head, _, body = answer.partition(b"\r\n\r\n")
    status = head.split(b" ")[1].decode() if head else "no answer"
    return f"{status} {body.decode('utf-8', 'replace')}"


def post(body):
    return http(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)


def frame(opcode, payload):
    mask = os.urandom(4)
    n = len(payload)
    header = bytes([0x80 | opcode])
    header += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 \
        else bytes([0x80 | 127]) + struct.pack(">Q", n)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class WebSocket:
    """A client's end of a WebSocket, opened on the table's seat."""

    def __init__(self):
        self.socket = socket.create_connection((host, port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall(f"GET /ws?table={table}&token={token} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                            .encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.receive()
        self.buffer = self.buffer.partition(b"\r\n\r\n")[2]  # what follows the handshake is frames
        self.read_frame()  # the state message sent on joining

    def receive(self):
        chunk = self.socket.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        self.buffer += chunk

    def exactly(self, n):
        while len(self.buffer) < n:
            self.receive()
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def read_frame(self):
        first, second = self.exactly(2)
        n = second & 0x7F
        if n == 126:
            n = struct.unpack(">H", self.exactly(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self.exactly(8))[0]
        return first & 0x0F, self.exactly(n)


def ws(name, opcode, payload):
    connection = WebSocket()
    try:
        connection.socket.sendall(frame(opcode, payload))
        kind, reply = connection.read_frame()
        text = reply.decode("utf-8", "replace") if kind == 1 else f"closed {reply[:2].hex()}"
    except (ConnectionError, OSError) as e:
        text = f"connection ended ({e})"
    finally:
        connection.socket.close()
    print(f"{name}: {text}", flush=True)


print("GET /\\xff:", http(b"GET /\xff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), flush=True)
print("POST \\xff:", post(b"\xff"), flush=True)
print("POST cut character:", post(b'{"game": "\xc3'), flush=True)
print("POST nested:", post(b"[" * 8000 + b"]" * 8000), flush=True)
print("POST players text:", post(b'{"game": "pig", "players": "two", "seats": ["human", "random"]}'), flush=True)
print("POST seed negative:", post(b'{"game": "pig", "seed": -3, "seats": ["human", "random"]}'), flush=True)
ws("binary \\xff", 0x2, b"\xff")
ws("text e-acute", 0x1, "é".encode())
ws("text nested", 0x1, b"[" * 8000 + b"]" * 8000)
ws("act step -1", 0x1, b'{"type": "act", "step": -1, "action": 0}')
ws("act action 0.5", 0x1, b'{"type": "act", "step": 0, "action": 0.5}')
ws("act action 1e300", 0x1, b'{"type": "act", "step": 0, "action": 1e300}')
ws("act action text", 0x1, b'{"type": "act", "step": 0, "action": "0"}')


def flood_websocket(count=300):
    """`count` messages at once on one connection: the first ones answered, then 'too many messages'; meanwhile another
    connection to the same table is answered as usual."""
    flooder, other = WebSocket(), WebSocket()
    message = frame(0x1, b'{"type": "act", "step": 999, "action": 0}')
    flooder.socket.sendall(message * count)
    start = time.monotonic()
    other.socket.sendall(message)
    _, reply = other.read_frame()
    print(f"flood other connection: {reply.decode('utf-8', 'replace')} ({time.monotonic() - start:.1f} s)", flush=True)
    answered, refused, first_refusal = 0, 0, ""
    flooder.socket.settimeout(0.5)
    try:
        while time.monotonic() - start < 2:
            _, reply = flooder.read_frame()
            text = reply.decode("utf-8", "replace")
            if "too many messages" in text:
                refused += 1
                first_refusal = first_refusal or text
            else:
                answered += 1
    except (socket.timeout, ConnectionError, OSError):
        pass
    flooder.socket.close()
    other.socket.close()
    print(f"flood websocket: {answered} answered, {refused} refused in 2 s: {first_refusal}", flush=True)


def flood_http(count=60):
    """`count` requests at once on one kept-alive connection: the first ones answered, then 429."""
    request = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
    statuses, first_refusal = [], ""
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(request * count)
        buffer = b""
        while len(statuses) < count:
            while b"\r\n\r\n" not in buffer:
                chunk = s.recv(65536)
                if not chunk:
                    raise ConnectionError("closed")
                buffer += chunk
            head, _, buffer = buffer.partition(b"\r\n\r\n")
            length = [int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0]
            while len(buffer) < length:
                buffer += s.recv(65536)
            body, buffer = buffer[:length], buffer[length:]
            status = head.split(b" ")[1].decode()
            statuses.append(status)
            if status == "429" and not first_refusal:
                retry = [l for l in head.split(b"\r\n") if l.lower().startswith(b"retry-after:")]
                first_refusal = f"{body.decode('utf-8', 'replace')} ({retry[0].decode() if retry else 'no Retry-After'})"
    print(f"flood http: {statuses.count('200')} answered, {statuses.count('429')} refused: {first_refusal}", flush=True)


flood_websocket()
flood_http()
