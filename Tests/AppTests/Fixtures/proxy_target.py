"""A backend of another kind for the fault proxy's tests: Python's http.server, on 127.0.0.1.

Prints "port N" on its first line, then serves until killed:
  GET  /v1/wallet          a wallet as the contract writes it
  POST /v1/transfers       counts the transfers it is sent, answers 201 with their number
  GET  /count              how many transfers were made
  GET  /headers            the names of the header fields it received, and the query it got
  GET  /huge?mib=N         N MiB of zeros, streamed with a Content-Length
  GET  /stall              nothing: holds the request until the client gives up
With --tls DIR it makes a CA and a server certificate for 127.0.0.1 (DIR/ca.pem) and serves https.
With --fetch URL it is a client instead: it reads URL's body to the end, discarding it, and prints its length.
"""
import datetime
import http.server
import json
import os
import ssl
import sys
import threading
import time

made = 0
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/v1/wallet":
            self.answer(200, {"id": "w-1", "balance": {"amount": 31.4, "currency": "CHF"}, "status": "active"})
        elif path == "/count":
            self.answer(200, {"made": made})
        elif path == "/headers":
            self.answer(200, {"names": sorted(k.lower() for k in self.headers.keys()), "query": query})
        elif path == "/huge":
            mib = int(dict(p.split("=") for p in query.split("&") if "=" in p).get("mib", "1"))
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(mib << 20))
            self.end_headers()
            chunk = bytes(1 << 16)
            for _ in range(mib * 16):
                self.wfile.write(chunk)
        elif path == "/stall":
            time.sleep(600)
        else:
            self.answer(404, {"error": "not_found", "message": "no such path"})

    def do_POST(self):
        global made
        length = int(self.headers.get("Content-Length", "0"))
        self.rfile.read(length)
        if self.path == "/v1/transfers":
            with lock:
                made += 1
                number = made
            self.answer(201, {"id": "t-%d" % number, "status": "completed"})
        else:
            self.answer(404, {"error": "not_found", "message": "no such path"})


def make_certificates(folder):
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID
    import ipaddress

    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "errorflow proxy test CA")])
    ca = (
        x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    server = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]))
        .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1)).not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    with open(os.path.join(folder, "ca.pem"), "wb") as f:
        f.write(ca.public_bytes(pem))
    with open(os.path.join(folder, "server.pem"), "wb") as f:
        f.write(server.public_bytes(pem))
    with open(os.path.join(folder, "server.key"), "wb") as f:
        f.write(key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


def fetch(url):
    import urllib.request

    total = 0
    with urllib.request.urlopen(url, timeout=60) as answer:
        while True:
            chunk = answer.read(1 << 16)
            if not chunk:
                break
            total += len(chunk)
    print(total, flush=True)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--fetch":
        fetch(sys.argv[2])
        return
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if len(sys.argv) == 3 and sys.argv[1] == "--tls":
        folder = sys.argv[2]
        make_certificates(folder)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(folder, "server.pem"), os.path.join(folder, "server.key"))
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print("port %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
