#!/bin/sh
# Builds the rules module the server embeds, reproducibly: the same sources
# and Go toolchain give the same bytes (-trimpath, no VCS stamp).
set -e
cd "$(dirname "$0")"
out=../../api/web/assets
go run gen_samples.go
GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false -ldflags='-s -w' -o "$out/rules.wasm" .
gzip -9 -n -c "$out/rules.wasm" > "$out/rules.wasm.gz"
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/wasm_exec.js"
rm "$out/rules.wasm"
