// A cluster of room servers for the browser tests, on loopback: Debian's nats-server with JetStream, nodes of
// fivedice-server on it, and nginx in front with the repository's own deploy/nginx.conf (ports put in).
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import { freePort } from "./room-server.mjs";

/** Resolves with the child once `line` matches a line of its stderr; rejects if it exits first or in 20 s. */
function started(child, what, matches) {
  let errors = "";
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${what} did not start in 20 s: ${errors}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      errors += chunk;
      const found = matches(errors);
      if (found !== undefined) {
        clearTimeout(timer);
        done(found);
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      fail(new Error(`${what} cannot run (${error.message}): \`make test\` installs Debian's nats-server and nginx`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`${what} exited with ${code}: ${errors}`));
    });
  });
}

function stopper(child, signal) {
  const exited = new Promise((done) => child.once("exit", done));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
}

/** nats-server with JetStream on a port it picks itself (and names in its log). */
export async function startNats(folder) {
  const child = spawn("nats-server", ["-js", "-a", "127.0.0.1", "-p", "-1", "-sd", join(folder, "jetstream")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const address = await started(child, "nats-server", (log) => log.match(/Listening for client connections on (\S+)/)?.[1]);
  return { url: `nats://${address}`, stop: stopper(child, "SIGKILL") };
}

function listens(port) {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** nginx in front of three nodes at `nodePorts`, listening on `port`, as deploy/nginx.conf configures it. */
export async function startNginx(folder, port, nodePorts) {
  const prefix = join(folder, "nginx");
  await mkdir(join(prefix, "temp"), { recursive: true });
  let config = (await readFile(resolve("deploy/nginx.conf"), "utf8")).replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${port};`);
  nodePorts.forEach((nodePort, index) => {
    config = config.replace(`server 127.0.0.1:900${index + 1} `, `server 127.0.0.1:${nodePort} `);
  });
  if (config.includes(":900")) throw new Error("deploy/nginx.conf no longer lists three upstreams 127.0.0.1:9001-9003");
  await writeFile(join(prefix, "nginx.conf"), config);
  const child = spawn("nginx", ["-p", prefix, "-c", "nginx.conf", "-e", "stderr", "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  child.stderr.on("data", () => {});
  const deadline = Date.now() + 20_000;
  while (!(await listens(port))) {
    if (exited || Date.now() > deadline) throw new Error(`nginx did not listen on ${port}`);
    await new Promise((done) => setTimeout(done, 20));
  }
  // SIGTERM: the master stops its workers (after SIGKILL they would linger, still listening).
  return { url: `http://127.0.0.1:${port}/`, stop: stopper(child, "SIGTERM") };
}

/** `count` distinct free ports. */
export async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Resolves once the node on each of `ports` sees `count` live members (its status says how many). */
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
