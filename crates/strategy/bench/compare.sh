#!/usr/bin/env bash
# Times the strategy engine as it stood at several commits against the working tree, in one session: each
# version is built in release mode from its own rules and strategy crates, and the table builds are
# interleaved round by round so every version meets the same machine load. Prints median seconds per build.
#
#   crates/strategy/bench/compare.sh [ruleset] [rounds]      (defaults: yahtzee 5)
#
# The versions: label|commit (or "worktree")|sed script applied to crates/strategy/src/turn.rs (optional).
set -euo pipefail
ruleset=${1:-yahtzee}
rounds=${2:-5}
root=$(git rev-parse --show-toplevel)
work="$root/target/bench-strategy"
versions=(
  "scalar: first version, one lane a block|fb517c0|s/^pub(crate) const BLOCK: usize = 8;/pub(crate) const BLOCK: usize = 1;/"
  "first version: 8-lane blocks, a validated sheet per group|fb517c0|"
  "+ 16-lane blocks|fb517c0|s/^pub(crate) const BLOCK: usize = 8;/pub(crate) const BLOCK: usize = 16;/"
  "+ five-of-a-kind answers asked on a score pad, depth first|b7913b7|"
  "+ lanes only for reachable totals, settled totals merged|2de42d5|"
  "+ answers only for a filled box, per-face best keep, one lane lookup per successor|8893c05|"
  "+ best keep per keep, runs of one length unrolled|cea9c4d|"
  "+ a group's last lanes in a block of 8|b8cb278|"
  "working tree|worktree|"
)

mkdir -p "$work"
binaries=()
for entry in "${versions[@]}"; do
  IFS='|' read -r label commit patch <<<"$entry"
  dir="$work/$(echo "$commit-$patch" | md5sum | cut -c1-12)"
  rm -rf "$dir" && mkdir -p "$dir/crates" "$dir/timing/src"
  if [ "$commit" = worktree ]; then
    cp -r "$root/crates/rules" "$root/crates/strategy" "$dir/crates/"
  else
    git -C "$root" archive "$commit" crates/rules crates/strategy | tar -x -C "$dir"
  fi
  if [ -n "$patch" ]; then
    sed -i "$patch" "$dir/crates/strategy/src/turn.rs"
    grep -q "BLOCK: usize = " "$dir/crates/strategy/src/turn.rs"
  fi
  cp "$root/Cargo.lock" "$dir/"
  cp "$root/crates/strategy/bench/timing.rs" "$dir/timing/src/main.rs"
  cat >"$dir/timing/Cargo.toml" <<'TOML'
[package]
name = "timing"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
fivedice-rules.workspace = true
fivedice-strategy.workspace = true
TOML
  cat >"$dir/Cargo.toml" <<'TOML'
[workspace]
members = ["crates/rules", "crates/strategy", "timing"]
resolver = "3"

[workspace.package]
edition = "2024"
rust-version = "1.95"
license = "MIT"

[workspace.dependencies]
fivedice-rules = { path = "crates/rules" }
fivedice-strategy = { path = "crates/strategy" }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
proptest = "1"
TOML
  echo "building: $label ($commit)" >&2
  cargo build --quiet --offline --release --manifest-path "$dir/Cargo.toml" -p timing
  binaries+=("$dir/target/release/timing")
done

results="$work/results.txt"
: >"$results"
for round in $(seq "$rounds"); do
  for i in "${!binaries[@]}"; do
    echo "$i $("${binaries[$i]}" "$ruleset")" >>"$results"
  done
  echo "round $round of $rounds done" >&2
done

echo "| version ($ruleset) | median build | speed-up over scalar | expected score | states |"
echo "|---|---|---|---|---|"
first=""
for i in "${!binaries[@]}"; do
  IFS='|' read -r label _ _ <<<"${versions[$i]}"
  median=$(awk -v v="$i" '$1 == v {print $2}' "$results" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  read -r expected states < <(awk -v v="$i" '$1 == v {print $3, $4; exit}' "$results")
  first=${first:-$median}
  ratio=$(awk -v f="$first" -v m="$median" 'BEGIN {printf "%.2fx", f / m}')
  printf "| %s | %.0f ms | %s | %s | %s |\n" "$label" "$(awk -v m="$median" 'BEGIN {print m * 1000}')" "$ratio" "$expected" "$states"
done
