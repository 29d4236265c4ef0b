#!/usr/bin/env bash
# Makes the TLS test certificates in folder $1 (created if missing):
#   ca.pem/ca.key          a test certificate authority
#   server.pem/server.key  signed by it, for 127.0.0.1, localhost, tern.test and a.test, b.test, c.test
#   self.pem/self.key      a self-signed certificate for 127.0.0.1
#   expired.pem/expired.key  signed by the CA for 127.0.0.1, valid only in January 2020
set -euo pipefail
dir=$1
mkdir -p "$dir"
cd "$dir"
quiet() { "$@" >/dev/null 2>&1; }
quiet openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 30 \
  -subj "/CN=Tern Test CA" -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
quiet openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=127.0.0.1"
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:tern.test,DNS:a.test,DNS:b.test,DNS:c.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > server.ext
quiet openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 30 -extfile server.ext
quiet openssl req -x509 -newkey rsa:2048 -nodes -keyout self.key -out self.pem -days 30 \
  -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1"
# `openssl ca` is the one tool of OpenSSL 3.0 that takes validity dates in the past.
printf '[ca]\ndefault_ca=test_ca\n[test_ca]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial.txt\ndefault_md=sha256\npolicy=any\ncopy_extensions=copy\n[any]\ncommonName=supplied\n' > ca.cnf
: > index.txt
echo 1000 > serial.txt
quiet openssl req -newkey rsa:2048 -nodes -keyout expired.key -out expired.csr -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1"
quiet openssl ca -batch -notext -config ca.cnf -cert ca.pem -keyfile ca.key -in expired.csr -out expired.pem \
  -startdate 20200101000000Z -enddate 20200201000000Z
