#!/usr/bin/env bash
# Runs one stage of `make test` and says how long it took ("stage checks: 3 min 10 s"), also noting it in
# target/stage-times.txt, which `make test` prints whole at its end (`tools/timed.sh --summary`, with the total
# since `tools/timed.sh --start`).
set -u
times=target/stage-times.txt
mkdir -p target
say() {
  local name=$1 seconds=$2 failed=$3
  printf 'stage %-16s %2d min %02d s%s\n' "$name:" $((seconds / 60)) $((seconds % 60)) "$failed" | tee -a "$times"
}
case "${1:-}" in
  --start)
    rm -f "$times"
    date +%s > target/stage-started
    ;;
  --summary)
    started=$(cat target/stage-started 2>/dev/null || date +%s)
    say "make test" $(($(date +%s) - started)) "" > /dev/null
    echo "make test, stage by stage (the tools compile beside the checks, the Rust tests and the release build):"
    cat "$times"
    ;;
  *)
    name=$1
    shift
    start=$(date +%s)
    "$@"
    status=$?
    failed=""
    [ "$status" -ne 0 ] && failed=" (failed)"
    say "$name" $(($(date +%s) - start)) "$failed"
    exit "$status"
    ;;
esac
