// Trunk post_build hook: writes sw.js into the staging directory with the precache list of every built file
// and a cache name derived from their contents, so each deployment gets its own cache.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook");

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return files.flat();
}

const files = (await filesUnder(staging))
  .map((file) => relative(staging, file).split("\\").join("/"))
  // The brotli copies are the server's business: the browser stores what it was sent, decoded.
  // Whether the host has a room server is asked of the network each time, never answered from the cache.
  .filter((file) => file !== "sw.js" && !file.endsWith(".br") && !file.startsWith("rooms/"))
  .sort();
const hash = createHash("sha256");
for (const file of files) {
  hash.update(file);
  hash.update(await readFile(join(staging, file)));
}
const cache = `fivedice-${hash.digest("hex").slice(0, 16)}`;
const template = await readFile(new URL("./sw-template.js", import.meta.url), "utf8");
const header = `const CACHE = ${JSON.stringify(cache)};\nconst FILES = ${JSON.stringify(["./", ...files], null, 2)};\n\n`;
await writeFile(join(staging, "sw.js"), header + template);
console.log(`sw.js: ${files.length} files precached as ${cache}`);
