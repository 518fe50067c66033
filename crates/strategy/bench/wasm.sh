#!/usr/bin/env bash
# Builds the engine for wasm32 and times table builds in Node (V8, Chromium's engine), printing the expected
# score and the table digest to compare with the native digest printed by the bench example. Three builds:
# with simd128 and without (release profile, opt-level 3), and with simd128 under the app's release profile
# (opt-level "z", fat LTO, this crate at opt-level 3): the profile the app's worker would be built with.
#
#   crates/strategy/bench/wasm.sh [runs]      (default 5; needs node and the wasm32-unknown-unknown target)
set -euo pipefail
runs=${1:-5}
root=$(git rev-parse --show-toplevel)
work="$root/target/bench-strategy/wasm"
app_profile='
[profile.release]
opt-level = "z"
lto = true
codegen-units = 1
panic = "abort"

[profile.release.package.fivedice-strategy]
opt-level = 3

[profile.release.package.fivedice-rules]
opt-level = 3'
echo "| wasm build (node $(node --version), V8) | ruleset | first build | median build | expected score | digest |"
echo "|---|---|---|---|---|---|"
for build in "+simd128|opt-level 3|" "-simd128|opt-level 3|" "+simd128|app profile|$app_profile"; do
  IFS='|' read -r features label profile <<<"$build"
  dir="$work/$features-${label// /-}"
  rm -rf "$dir" && mkdir -p "$dir/src"
  cp "$root/crates/strategy/bench/wasm.rs" "$dir/src/lib.rs"
  cp "$root/Cargo.lock" "$dir/"
  cat >"$dir/Cargo.toml" <<TOML
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
$profile
TOML
  RUSTFLAGS="-C target-feature=$features" cargo build --quiet --offline --release \
    --manifest-path "$dir/Cargo.toml" --target wasm32-unknown-unknown
  wasm="$dir/target/wasm32-unknown-unknown/release/strategy_wasm.wasm"
  node - "$wasm" "$runs" "$features, $label" <<'JS'
const fs = require("fs");
const [wasmPath, runs, label] = process.argv.slice(2);
WebAssembly.instantiate(fs.readFileSync(wasmPath)).then(({ instance }) => {
  const builds = [[0, "yahtzee", "solve"], [3, "yatzy", "solve"], [0, "yahtzee, table and spread", "solve_with_spread"]];
  for (const [id, name, build] of builds) {
    const times = [];
    let expected = 0;
    for (let run = 0; run < Number(runs); run++) {
      const started = performance.now();
      expected = instance.exports[build](id);
      times.push(performance.now() - started);
    }
    const first = times[0];
    times.sort((a, b) => a - b);
    const digest = BigInt.asUintN(64, instance.exports.digest()).toString(16).padStart(16, "0");
    const median = times[Math.floor(times.length / 2)];
    console.log(`| ${label} | ${name} | ${first.toFixed(0)} ms | ${median.toFixed(0)} ms | ${expected.toFixed(4)} | ${digest} |`);
  }
});
JS
done
