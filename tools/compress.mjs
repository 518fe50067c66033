// Trunk post_build hook: writes a brotli (quality 11) copy beside each text and wasm file of the build, so a
// server that serves precompressed files (the room server, tests/e2e/serve.mjs, most static hosts) sends
// the smallest download without compressing on every request.
import { brotliCompressSync, constants } from "node:zlib";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook");
const compressible = new Set([".html", ".js", ".css", ".wasm", ".svg", ".webmanifest", ".json"]);

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return files.flat();
}

let count = 0;
for (const file of await filesUnder(staging)) {
  if (!compressible.has(extname(file))) continue;
  const body = await readFile(file);
  const compressed = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  if (compressed.length < body.length) {
    await writeFile(`${file}.br`, compressed);
    count += 1;
  }
}
console.log(`compress: ${count} files with a brotli copy`);
