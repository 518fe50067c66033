#!/usr/bin/env bash
# Builds the engine for wasm32 (with and without simd128) and times table builds in Node, printing the
# expected score and the table digest to compare with the native digest printed by the bench example.
#
#   crates/strategy/bench/wasm.sh [runs]      (default 5; needs node and the wasm32-unknown-unknown target)
set -euo pipefail
runs=${1:-5}
root=$(git rev-parse --show-toplevel)
work="$root/target/bench-strategy/wasm"
rm -rf "$work" && mkdir -p "$work/src"
cp "$root/crates/strategy/bench/wasm.rs" "$work/src/lib.rs"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "strategy-wasm"
version = "0.0.0"
edition = "2024"
publish = false

[lib]
crate-type = ["cdylib"]

[dependencies]
fivedice-rules = { path = "$root/crates/rules" }
fivedice-strategy = { path = "$root/crates/strategy" }

[workspace]
TOML
cp "$root/Cargo.lock" "$work/"
echo "| wasm build (node $(node --version), V8) | ruleset | median build | expected score | digest |"
echo "|---|---|---|---|---|"
for features in "+simd128" "-simd128"; do
  RUSTFLAGS="-C target-feature=$features" cargo build --quiet --offline --release \
    --manifest-path "$work/Cargo.toml" --target wasm32-unknown-unknown --target-dir "$work/target$features"
  wasm="$work/target$features/wasm32-unknown-unknown/release/strategy_wasm.wasm"
  node - "$wasm" "$runs" "$features" <<'JS'
const fs = require("fs");
const [wasmPath, runs, features] = process.argv.slice(2);
WebAssembly.instantiate(fs.readFileSync(wasmPath)).then(({ instance }) => {
  for (const [id, name] of [[0, "yahtzee"], [3, "yatzy"]]) {
    const times = [];
    let expected = 0;
    for (let run = 0; run < Number(runs); run++) {
      const started = performance.now();
      expected = instance.exports.solve(id);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const digest = BigInt.asUintN(64, instance.exports.digest()).toString(16).padStart(16, "0");
    const median = times[Math.floor(times.length / 2)];
    console.log(`| ${features} | ${name} | ${median.toFixed(0)} ms | ${expected.toFixed(4)} | ${digest} |`);
  }
});
JS
done
