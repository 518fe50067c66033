# Five Dice. The two commands: `make serve` and `make test`. Each installs what is missing first.
SHELL := /bin/bash
.DEFAULT_GOAL := test
CARGO ?= cargo

.PHONY: test check unit
test: check unit

## Static checks: formatting and lints, warnings denied.
check:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

## Every Rust test of the workspace.
unit:
	$(CARGO) test --workspace --locked
