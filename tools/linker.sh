#!/bin/sh
# The native linker: mold when the machine has it (`make setup` installs it), which links the workspace's many
# test binaries in a fraction of ld's time; the system's default otherwise, so a plain `cargo build` works anywhere.
if command -v mold >/dev/null 2>&1; then
    exec cc -fuse-ld=mold "$@"
fi
exec cc "$@"
