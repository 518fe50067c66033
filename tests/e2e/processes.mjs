// The processes the browser tests play against: the room server (fivedice-server), nats-server and nginx.
// The test bed (crates/server/examples/testbed.rs) starts each exactly as the Rust tests do, with the same
// helpers, so how a process starts is written once; this module asks it, one line a request. It is built
// beforehand (`cargo build -p fivedice-server --example testbed`, with the server); it stops everything it
// started when this process ends.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

const targetDir = resolve(process.env.CARGO_TARGET_DIR ?? "target");
const testbedBinary = resolve(targetDir, "debug/examples/testbed");

let bed;

/** The test bed, started on first use. */
function testbed() {
  if (bed) return bed;
  if (!existsSync(testbedBinary)) {
    throw new Error(`${testbedBinary} is missing: build it with \`cargo build -p fivedice-server --example testbed\``);
  }
  const child = spawn(testbedBinary, [], { stdio: ["pipe", "pipe", "pipe"] });
  const waiting = new Map();
  let requests = 0;
  // What the processes said last on their standard error, for the message of a request that failed.
  let said = "";
  child.stderr.on("data", (chunk) => (said = (said + chunk).slice(-4000)));
  // This process may end whenever nothing is waiting for the bed: it must not be kept alive by it.
  const streams = [child.stdin, child.stdout, child.stderr];
  const hold = (on) => streams.forEach((stream) => (on ? stream.ref() : stream.unref()));
  child.unref();
  hold(false);
  createInterface({ input: child.stdout }).on("line", (line) => {
    const [number, outcome, ...rest] = line.split("\t");
    const request = waiting.get(number);
    if (!request) return;
    waiting.delete(number);
    if (waiting.size === 0) hold(false);
    if (outcome === "ok") request.done(rest);
    else request.fail(new Error(`${request.what}: ${rest.join(" ")}\n${said}`));
  });
  child.once("exit", (code) => {
    for (const request of waiting.values()) request.fail(new Error(`the test bed exited (${code}) during ${request.what}:\n${said}`));
    waiting.clear();
    bed = undefined;
  });
  bed = {
    ask(...fields) {
      const number = String(++requests);
      return new Promise((done, fail) => {
        if (waiting.size === 0) hold(true);
        waiting.set(number, { done, fail, what: fields.join(" ") });
        child.stdin.write(`${[number, ...fields].join("\t")}\n`);
      });
    },
  };
  return bed;
}

/** A stopper of a process the bed runs: `stop()`, or `stop({ kill: true })` for SIGKILL. */
function stopper(id) {
  let stopped;
  return ({ kill = false } = {}) => (stopped ??= testbed().ask(kill ? "kill" : "stop", id));
}

/** A port nobody listens on now (a server is then started, and restarted, on it). */
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

/** `count` distinct free ports. */
export async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** The room server serving `dist` on `port` with its database in `data` (and `extra` flags, e.g. a node's). */
export async function startRoomServer({ dist, data, port, extra = [] }) {
  const [id] = await testbed().ask("server", resolve(dist), resolve(data), `127.0.0.1:${port}`, ...extra);
  return { url: `http://127.0.0.1:${port}/`, stop: stopper(id) };
}

/**
 * An event opened on the server at `port` with `tables` tables of `players` already `turns` turns into their
 * games (the same each time): its invitation key.
 */
export async function fillEvent({ port, name, tables, players, turns }) {
  const [key] = await testbed().ask("event", `127.0.0.1:${port}`, name, String(tables), String(players), String(turns));
  return key;
}

/** nats-server with JetStream, storing in `folder`, on a port it picks itself. */
export async function startNats(folder) {
  const [id, url] = await testbed().ask("nats", resolve(folder));
  return { url, stop: stopper(id) };
}

/** nginx in front of the three nodes on `nodePorts`, configured by deploy/nginx.conf, on a port of its own. */
export async function startNginx(folder, nodePorts) {
  const nodes = nodePorts.map((port) => `127.0.0.1:${port}`);
  const [id, address] = await testbed().ask("nginx", resolve(folder), ...nodes);
  return { url: `http://${address}/`, origin: `http://${address}`, stop: stopper(id) };
}

/** Resolves once the node on each of `ports` sees `count` live members (its status says how many). */
/** How many tunnels the nodes on these ports have opened to relay devices to other nodes, all told. */
export async function relaysOpened(ports) {
  let total = 0;
  for (const port of ports) {
    const status = await fetch(`http://127.0.0.1:${port}/rooms`).then((response) => response.json());
    total += status.relays;
  }
  return total;
}

export async function seesMembers(ports, count) {
  const deadline = Date.now() + 20_000;
  for (const port of ports) {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/rooms`)
        .then((response) => response.json())
        .catch(() => ({}));
      if (status.members === count) break;
      if (Date.now() > deadline) throw new Error(`the node on ${port} never saw ${count} members: ${JSON.stringify(status)}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}
