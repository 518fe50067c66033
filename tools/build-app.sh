#!/usr/bin/env bash
# Trunk post_build hook: builds the app's wasm and its lazy chunks into the staging directory.
#
# Trunk cannot split a module (its hooks run before cargo or after wasm-bindgen, trunk-rs/trunk#1022), so the
# app is built here: cargo links the module keeping its relocations (.cargo/config.toml), wasm-split-cli cuts it
# at its split points (`#[wasm_split]` functions: their code, and the code only they reach, become chunks
# fetched on first use), wasm-bindgen writes the JavaScript glue for the main module (then trimmed:
# tools/trim-bindings.mjs), the code the table shares with other chunks joins the main module
# (tools/merge-chunks.mjs), binaryen's wasm-opt optimises every module (tools/optimize-wasm.mjs) and esbuild
# minifies the scripts. All of it lands in one directory named after its contents (app-<hash>/), which
# index.html names through the placeholder
# `./APP_DIR/`: the glue, the split loader and the chunks refer to one another by relative names, so a new build
# never mixes with a cached old one.
#
# `--compile` only compiles the module (make test compiles the release app beside the build tools' own
# compilation, before Trunk runs: the hook then finds it built).
set -euo pipefail
name=fivedice-app
profile_flag=()
profile_dir=debug
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
  # The release app links a standard library built for size: std's `optimize_for_size` (smaller sorting and
  # formatting), and panics that stop the module at once instead of formatting a message nobody reads (the
  # debug build keeps them). Building std is an unstable Cargo feature: RUSTC_BOOTSTRAP lets the machine's
  # stable 1.95 use it for this one build (-20.5 KB brotli of every first visit, BENCHMARKS.md).
  profile_flag=(--release -Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size
    --config 'target.wasm32-unknown-unknown.rustflags=["-Zunstable-options", "-Cpanic=immediate-abort", "-Zlocation-detail=none"]')
  profile_dir=release
  export RUSTC_BOOTSTRAP=1
fi
cargo build --quiet --locked "${profile_flag[@]}" --target wasm32-unknown-unknown --bin "$name"
[ "${1:-}" = --compile ] && exit 0
: "${TRUNK_STAGING_DIR:?run this as a Trunk post_build hook}"
linked="target/wasm32-unknown-unknown/$profile_dir/$name.wasm"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wasm-split-cli "$linked" "$work/split" --target web --out-name "$name" >/dev/null
# The split main module keeps the exports its chunks call back into; the glue is written for it alone.
wasm-bindgen --target web --keep-lld-exports --no-demangle --no-typescript --out-name "$name" \
  --out-dir "$work/app" "$work/split/$name.wasm"
# Its imports named short in the module and the glue alike, the stream adapters nobody calls unexported.
node tools/trim-bindings.mjs "$work/app/${name}_bg.wasm" "$work/app/$name.js" "$work/split/__wasm_split.js" >/dev/null
shopt -s nullglob
cp "$work/split/__wasm_split.js" "$work/split"/split_*.wasm "$work/split"/chunk_*.wasm "$work/app/"
# The code the table shares with other parts, in the main module rather than in a chunk per set of parts that
# share it: the table is then one fetch (tools/merge-chunks.mjs).
node tools/merge-chunks.mjs "$work/app" table
if [ "$profile_dir" = release ]; then
  # After the split and wasm-bindgen, never before: the splitter reads the relocations wasm-opt drops. -O2, not
  # -Oz: -Oz's smaller module compresses worse, so -O2 is less to download (-1.3 KB brotli, BENCHMARKS.md).
  node tools/optimize-wasm.mjs "$work/app"/*.wasm
  # The glue and the split loader are part of every first visit: minified (their exports keep their names).
  for script in "$work/app"/*.js; do
    # The glue names the split loader once per chunk it imports, the same module each time: not worth a warning.
    esbuild --minify --format=esm --log-level=warning --log-override:duplicate-object-key=silent "$script" \
      --outfile="$script" --allow-overwrite
  done
fi
hash=$(cd "$work/app" && cat $(ls | sort) | sha256sum | cut -c1-16)
rm -rf "$TRUNK_STAGING_DIR"/app-*
mv "$work/app" "$TRUNK_STAGING_DIR/app-$hash"
sed -i "s#\./APP_DIR/#./app-$hash/#g" "$TRUNK_STAGING_DIR/index.html"
if grep -q APP_DIR "$TRUNK_STAGING_DIR/index.html"; then
  echo "build-app: index.html still names APP_DIR" >&2
  exit 1
fi
echo "app: app-$hash/ ($(ls "$TRUNK_STAGING_DIR/app-$hash" | tr '\n' ' '))"
