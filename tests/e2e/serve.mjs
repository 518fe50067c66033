// A small static server for dist/: what any static host does, on 127.0.0.1 only.
// Usage: node tests/e2e/serve.mjs [dir] [port] [base-path]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const root = resolve(process.argv[2] ?? "dist");
const port = Number(process.argv[3] ?? 8080);
// Serving under a subpath (e.g. /games/fivedice/) proves the build uses relative URLs only.
const base = process.argv[4] ?? "/";
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

export function startServer({ dir = root, listenPort = port, basePath = base } = {}) {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, "http://127.0.0.1");
    if (!url.pathname.startsWith(basePath)) {
      response.writeHead(404).end("not found");
      return;
    }
    let path = normalize(decodeURIComponent(url.pathname.slice(basePath.length)));
    if (path.startsWith("..")) {
      response.writeHead(403).end("forbidden");
      return;
    }
    let file = join(dir, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const headers = {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-cache",
        vary: "accept-encoding",
      };
      // The build's brotli copy, where there is one and the browser takes brotli (as static hosts do).
      let body;
      if (/\bbr\b/.test(request.headers["accept-encoding"] ?? "")) {
        body = await readFile(`${file}.br`).catch(() => undefined);
        if (body) headers["content-encoding"] = "br";
      }
      body ??= await readFile(file);
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((done) => server.listen(listenPort, "127.0.0.1", () => done(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startServer();
  console.log(`Five Dice on http://127.0.0.1:${port}${base}`);
}
