#!/usr/bin/env bash
# Builds the game as a web page: `bash assets/web/build.sh DIR` writes a
# self-contained site to DIR (index.html, the game's WebAssembly, macroquad's
# loader from the macroquad crate, and the page's plugin) that any static web
# server can host. The fonts, sounds and levels are inside the WebAssembly.
# Try it: python3 -m http.server -d DIR 8000, then open http://127.0.0.1:8000
set -euo pipefail
out=${1:?usage: bash assets/web/build.sh DIR}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."

target=wasm32-unknown-unknown
if ! rustc --print target-libdir --target "$target" >/dev/null 2>&1 \
    || [ ! -d "$(rustc --print target-libdir --target "$target")" ]; then
  if command -v rustup >/dev/null; then
    rustup target add "$target"
  else
    echo "the $target target is missing: install it (rustup target add $target)" >&2
    exit 1
  fi
fi

cargo build --locked --profile web --target "$target" --bin tally-ho

# Where cargo put the build (CARGO_TARGET_DIR, a config's build.target-dir,
# or target/), and the loader, which ships inside the macroquad crate this
# build used: both as cargo itself reports them.
mapfile -t meta < <(cargo metadata --locked --format-version 1 | python3 -c '
import json, os, sys
m = json.load(sys.stdin)
bundle = ""
for p in m["packages"]:
    if p["name"] == "macroquad":
        bundle = os.path.join(os.path.dirname(p["manifest_path"]), "js", "mq_js_bundle.js")
        break
print(m["target_directory"])
print(bundle)
')
target_dir=${meta[0]:-}
bundle=${meta[1]:-}
[ -f "$bundle" ] || { echo "macroquad's loader not found (looked for $bundle)" >&2; exit 1; }
wasm="$target_dir/$target/web/tally-ho.wasm"
[ -f "$wasm" ] || { echo "the build wrote no $wasm" >&2; exit 1; }

mkdir -p "$out"
cp "$wasm" "$out/tally-ho.wasm"
cp "$bundle" "$out/mq_js_bundle.js"
cp "$here/index.html" "$here/tally_ho.js" "$out/"
raw=$(stat -c %s "$out/tally-ho.wasm")
gz=$(gzip -9 -c "$out/tally-ho.wasm" | wc -c)
echo "web build in $out: tally-ho.wasm $raw bytes ($gz gzipped), index.html, mq_js_bundle.js, tally_ho.js"
