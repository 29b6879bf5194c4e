#!/usr/bin/env bash
# The minisign key ID of each FILE (a public key, .pub, or a signature, .minisig), as
# minisign prints it ("minisign public key D1E211EBD040BEB", "Signature key id in ...").
# Both files hold it in their second line: base64 of a 2-byte algorithm, then the ID,
# 8 bytes little-endian.
#   bash scripts/release/key-id.sh FILE...
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: key-id.sh FILE.pub|FILE.minisig..." >&2; exit 2; }
for file in "$@"; do
  bytes=$(sed -n 2p "$file" | base64 -d 2>/dev/null | od -An -tx1 -j2 -N8 | tr -d ' \n')
  [ ${#bytes} = 16 ] || { echo "key-id: $file is no minisign key or signature" >&2; exit 1; }
  id=""
  for i in 0 2 4 6 8 10 12 14; do id=${bytes:i:2}$id; done
  printf '%X\n' "$((16#$id))"
done
