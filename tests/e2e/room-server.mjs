// The real room server (fivedice-server) for the online tests: serves the built app and its rooms on one
// free 127.0.0.1 port, with a SQLite file of its own. It is built beforehand (`cargo build -p fivedice-server`);
// the tests only start and stop it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";

const targetDir = resolve(process.env.CARGO_TARGET_DIR ?? "target");
export const serverBinary = process.env.E2E_ROOM_SERVER ?? resolve(targetDir, "debug/fivedice-server");

/** A port nobody listens on now (the server is then started, and restarted, on it). */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the server (with `extra` flags, e.g. a cluster node's) and resolves once it listens; `stop()` ends it
 * (SIGKILL when `kill` is true).
 */
export function startRoomServer({ dist, data, port, extra = [] }) {
  if (!existsSync(serverBinary)) {
    throw new Error(`${serverBinary} is missing: build it with \`cargo build -p fivedice-server\``);
  }
  const child = spawn(serverBinary, ["--dist", dist, "--addr", `127.0.0.1:${port}`, "--data", data, ...extra], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  const listening = new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`fivedice-server did not start in 20 s: ${errors}`)), 20_000);
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("listening on")) {
        clearTimeout(timer);
        done();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`fivedice-server exited with ${code}: ${errors}`));
    });
  });
  const exited = new Promise((done) => child.once("exit", done));
  return listening.then(() => ({
    url: `http://127.0.0.1:${port}/`,
    async stop({ kill = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill(kill ? "SIGKILL" : "SIGTERM");
      await exited;
    },
  }));
}
