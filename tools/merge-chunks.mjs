// node tools/merge-chunks.mjs APP_DIR PART: the shared chunks a split part needs, merged into the main
// module.
//
// wasm-split-cli gives the code that several split parts share, and the main module does not, a chunk per set
// of parts that need it (`chunk_N.wasm`), which the split loader (`__wasm_split.js`) fetches before any of
// them. The table shares code with nearly every other part: as a chunk of its own it came with about 120 such
// chunks, every one fetched as a table opened (178 requests and 540 ms to an enabled Roll instead of 92 and
// 300 ms). Merged into the main module (binaryen's wasm-merge: a chunk imports only the main module's memory,
// function table and stack pointer, and exports nothing), that code is in the first download, and the table
// comes in one fetch. The loader is rewritten to match: the merged chunks are neither declared nor fetched.
//
// Runs on wasm-bindgen's (trimmed) output, before wasm-opt. Fails, saying why, on a loader it cannot read: a
// chunk file it does not declare, or a merged chunk still named after the rewrite.
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

const [dir, part] = process.argv.slice(2);
if (!dir || !part) fail("usage: node tools/merge-chunks.mjs APP_DIR PART");
const loaderPath = `${dir}/__wasm_split.js`;
const mainModule = `${dir}/fivedice-app_bg.wasm`;
let loader = readFileSync(loaderPath, "utf8");

// Each chunk as wasm-split-cli 0.2 declares it: the parts that need it, then its loader, which depends on
// nothing.
const declaration =
  /\/\* ([\w, ]+) \*\/\nconst (__chunk_\d+) = makeLoad\(\(\) => \{\n {4}const src = fetch\(new URL\("\.\/(chunk_\d+\.wasm)", import\.meta\.url\)\);\n[^]*?\n\}\n, \[\]\);\n/g;
const declared = [...loader.matchAll(declaration)];
const files = readdirSync(dir).filter((file) => /^chunk_\d+\.wasm$/.test(file));
if (declared.length !== files.length) {
  fail(`${loaderPath} declares ${declared.length} chunks, ${dir} holds ${files.length}`);
}
const merged = declared.filter(([, neededBy]) => neededBy.split(", ").includes(part));
if (merged.length === 0) fail(`no chunk is needed by ${part}: is it a split part?`);

// Chunks import from "__wasm_split" what the main module exports under the same names: named so here, those
// imports become the main module's own memory, table and global.
const inputs = [mainModule, "__wasm_split", ...merged.flatMap(([, , , file]) => [`${dir}/${file}`, file])];
// What the linked module uses (binaryen's -all would also write imports in an encoding browsers do not read).
const features = [
  "bulk-memory",
  "nontrapping-float-to-int",
  "reference-types",
  "multivalue",
  "sign-ext",
  "mutable-globals",
];
// The function names kept (a debug build's stack traces name them; a release build's wasm-opt drops them).
const merge = spawnSync(
  "node_modules/.bin/wasm-merge",
  [...inputs, "-o", mainModule, "--debuginfo", ...features.map((feature) => `--enable-${feature}`)],
  { encoding: "utf8" },
);
// Its warnings are about the name subsections of rustc's it does not read.
if (merge.status !== 0) {
  fail(`wasm-merge failed:\n${merge.stderr.replace(/^warning: unknown name subsection.*\n/gm, "")}`);
}

for (const [whole, , variable, file] of merged) {
  loader = loader.replace(whole, "");
  // Out of every dependency list: `[__chunk_1, __chunk_2]`.
  loader = loader.replace(new RegExp(`\\b${variable}\\b(, )?`, "g"), "").replace(/, \]/g, "]");
  if (new RegExp(`\\b${variable}\\b`).test(loader)) fail(`${variable} is still named in ${loaderPath}`);
  rmSync(`${dir}/${file}`);
}
writeFileSync(loaderPath, loader);
console.log(`merge-chunks: the ${merged.length} chunks ${part} shares merged into the main module`);

function fail(message) {
  console.error(`merge-chunks: ${message}`);
  process.exit(1);
}
