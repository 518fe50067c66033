#!/usr/bin/env bash
# Trunk post_build hook: builds the strategy engine's Web Worker into the staging directory.
# Built apart from the app, with WebAssembly SIMD (simd128): the solver runs about five times faster, and only
# the worker needs a browser with SIMD; the app itself loads anywhere WebAssembly does.
# `--compile` only compiles it (as tools/build-app.sh --compile does the app).
set -euo pipefail
profile_flag=()
profile_dir=debug
bindgen_flags=()
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
  profile_flag=(--release)
  profile_dir=release
  # Function names are for debugging: a release worker ships without them (-15 KB brotli, BENCHMARKS.md).
  bindgen_flags=(--remove-name-section --remove-producers-section)
fi
# A target directory of its own, so the SIMD flags never invalidate the app's build cache.
RUSTFLAGS="-C target-feature=+simd128" cargo build --quiet --locked "${profile_flag[@]}" \
  --target wasm32-unknown-unknown --target-dir target/worker -p fivedice-worker --bin solver-worker
[ "${1:-}" = --compile ] && exit 0
: "${TRUNK_STAGING_DIR:?run this as a Trunk post_build hook}"
wasm-bindgen --target no-modules --no-typescript "${bindgen_flags[@]}" --out-name solver-worker --out-dir "$TRUNK_STAGING_DIR" \
  "target/worker/wasm32-unknown-unknown/$profile_dir/solver-worker.wasm"
# A wasm that cannot load (not fetched, or a browser without SIMD) rejects a promise, which a worker does not
# report to its page: thrown again from a task, it reaches the page as the worker's error event.
cat > "$TRUNK_STAGING_DIR/solver-worker_loader.js" <<'JS'
importScripts("./solver-worker.js");
wasm_bindgen({ module_or_path: "./solver-worker_bg.wasm" }).catch((error) => setTimeout(() => { throw error; }));
JS
echo "solver-worker: built with simd128 ($profile_dir)"
