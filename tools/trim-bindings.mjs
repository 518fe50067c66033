// node tools/trim-bindings.mjs MODULE.wasm GLUE.js LOADER.js: trims what wasm-bindgen's output carries for
// nobody, in the main module and its glue, before wasm-opt (which then drops the code only the removed exports
// reached).
//
// - Every browser call the module makes is an import named like `__wbg_setAttribute_2b4f0c1d9e8a7f36`: about
//   190 names with a 16-digit hash each, written once in the module and once in the glue's import object,
//   where no compressor can shorten the hashes (4.4 KB of a first visit, brotli). Each is renamed to one to
//   three letters, in both files alike.
// - leptos's server functions bring wasm-streams, whose exported stream adapters (`IntoUnderlyingSource`,
//   `…Sink`, `…ByteSource`) keep their code alive although nothing here ever hands JavaScript a stream
//   (wasm-bindgen would then import their constructors, and it does not). Their exports are removed; their
//   classes stay in the glue, never constructed.
// - The other exports are named short too where the glue calls them (`wasm.__wbindgen_malloc`, closures'
//   entry points with mangled names of a hundred characters), and removed where nothing does (`__heap_base`,
//   `main`, which `__wbindgen_start` runs). The exports the split loader (LOADER.js) gives the chunks keep
//   their names.
//
// Fails, saying why, on anything it does not expect: a module that is not wasm, an import name found other than
// exactly once in the glue's import object, a stream adapter imported by the module (then it is in use).
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";

const [modulePath, gluePath, loaderPath] = process.argv.slice(2);
if (!modulePath || !gluePath || !loaderPath) fail("usage: node tools/trim-bindings.mjs MODULE.wasm GLUE.js LOADER.js");

const IMPORT_SECTION = 2;
const EXPORT_SECTION = 7;
const UNUSED_EXPORT = /^(__wbg_)?intounderlying(bytesource|sink|source)_/;
// wasm-bindgen's --target web names the glue's import object after the module file: `./app_bg.js`.
const glueModule = `./${basename(modulePath, ".wasm")}.js`;

const module = read(modulePath);
let glue = read(gluePath).toString("utf8");
const loaderWords = new Set(read(loaderPath).toString("utf8").match(/[\w$]+/g));
if (module.length < 8 || module.readUInt32BE(0) !== 0x0061736d || module.readUInt32LE(4) !== 1) {
  fail(`${modulePath} is not a wasm module`);
}

const sections = [];
for (let at = 8; at < module.length; ) {
  const id = module[at];
  const [size, body] = readLeb(module, at + 1);
  sections.push({ id, bytes: module.subarray(body, body + size) });
  at = body + size;
}

let renamed = 0;
let exportsRenamed = 0;
let dropped = 0;
const trimmed = sections.map(({ id, bytes }) => {
  if (id === IMPORT_SECTION) return { id, bytes: shortenImports(bytes) };
  if (id === EXPORT_SECTION) return { id, bytes: trimExports(bytes) };
  return { id, bytes };
});
if (renamed === 0) fail(`no import of ${glueModule} in ${modulePath}`);

writeFileSync(
  modulePath,
  Buffer.concat([module.subarray(0, 8), ...trimmed.flatMap(({ id, bytes }) => [Buffer.from([id]), leb(bytes.length), bytes])]),
);
writeFileSync(gluePath, glue);
console.log(`trim-bindings: ${renamed} imports and ${exportsRenamed} exports named short, ${dropped} exports removed`);

function shortenImports(bytes) {
  const [count, start] = readLeb(bytes, 0);
  const out = [leb(count)];
  let at = start;
  for (let index = 0; index < count; index++) {
    const [moduleName, afterModule] = readName(bytes, at);
    const [field, afterField] = readName(bytes, afterModule);
    const end = skipImportDescription(bytes, afterField);
    let name = field;
    if (moduleName === glueModule) {
      if (/intounderlying/i.test(field)) fail(`${field}: the module hands JavaScript a stream, so its adapters are in use`);
      name = shortName(renamed++);
      renameGlueKey(field, name);
    }
    out.push(encodedName(moduleName), encodedName(name), bytes.subarray(afterField, end));
    at = end;
  }
  return Buffer.concat(out);
}

function trimExports(bytes) {
  const [count, start] = readLeb(bytes, 0);
  const kept = [];
  let keptCount = 0;
  let at = start;
  for (let index = 0; index < count; index++) {
    const [field, afterField] = readName(bytes, at);
    const end = readLeb(bytes, afterField + 1)[1];
    const description = bytes.subarray(afterField, end);
    const calls = new RegExp(`\\bwasm\\.${field.replace(/[$]/g, "\\$")}(?![\\w$])`, "g");
    if (loaderWords.has(field)) {
      keptCount++;
      kept.push(bytes.subarray(at, end));
    } else if (UNUSED_EXPORT.test(field) || !calls.test(glue)) {
      dropped++;
    } else {
      const name = shortName(exportsRenamed++);
      glue = glue.replace(calls, `wasm.${name}`);
      keptCount++;
      kept.push(encodedName(name), description);
    }
    at = end;
  }
  return Buffer.concat([leb(keptCount), ...kept]);
}

// The glue defines each import once, as a key of its import object: `__wbg_body_5f971cbc6950ca4f: function…`.
function renameGlueKey(field, name) {
  const key = new RegExp(`(?<![\\w$])${field.replace(/[$]/g, "\\$")}(?=\\s*:)`, "g");
  const found = glue.match(key)?.length ?? 0;
  if (found !== 1) fail(`the import ${field} is a key of the glue ${found} times, not once`);
  glue = glue.replace(key, name);
}

// a, b, …, Z, aa, ab, …: letters only, so never a name the glue's object already has (`__proto__`).
function shortName(index) {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let name = "";
  for (let rest = index; ; rest = Math.floor(rest / letters.length) - 1) {
    name = letters[rest % letters.length] + name;
    if (rest < letters.length) return name;
  }
}

function skipImportDescription(bytes, at) {
  switch (bytes[at]) {
    case 0: // function: its type's index
      return readLeb(bytes, at + 1)[1];
    case 1: // table: element type, limits
      return skipLimits(bytes, at + 2);
    case 2: // memory: limits
      return skipLimits(bytes, at + 1);
    case 3: // global: value type, mutability
      return at + 3;
    default:
      fail(`an import of an unknown kind ${bytes[at]}`);
  }
}

function skipLimits(bytes, at) {
  const flags = bytes[at];
  let next = readLeb(bytes, at + 1)[1];
  if (flags & 1) next = readLeb(bytes, next)[1];
  return next;
}

function readName(bytes, at) {
  const [length, start] = readLeb(bytes, at);
  return [bytes.subarray(start, start + length).toString("utf8"), start + length];
}

function encodedName(text) {
  const bytes = Buffer.from(text, "utf8");
  return Buffer.concat([leb(bytes.length), bytes]);
}

function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (at >= bytes.length) fail(`${modulePath} ends inside a number`);
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function leb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}

function read(path) {
  try {
    return readFileSync(path);
  } catch (error) {
    fail(`cannot read ${path}: ${error.message}`);
  }
}

function fail(message) {
  console.error(`trim-bindings: ${message}`);
  process.exit(1);
}
