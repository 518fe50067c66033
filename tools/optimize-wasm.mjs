// `wasm-opt -O2 --enable-bulk-memory --enable-nontrapping-float-to-int` over every module given, in one process:
// binaryen's optimiser as npm's `binaryen` ships it (its `wasm-opt` command is this same code), loaded once
// instead of once per module. A build has about 140 modules, most of them small chunks: loading the optimiser
// for each took 116 s of the 130 s they took (BENCHMARKS.md).
import binaryen from "binaryen";
import { readFile, writeFile } from "node:fs/promises";

binaryen.setOptimizeLevel(2);
binaryen.setShrinkLevel(0);
for (const path of process.argv.slice(2)) {
  const module = binaryen.readBinary(await readFile(path));
  // What the module says it uses (its target_features section), and the two features the linker was told of.
  module.setFeatures(module.getFeatures() | binaryen.Features.BulkMemory | binaryen.Features.NontrappingFPToInt);
  if (!module.validate()) throw new Error(`${path}: not a valid module, not optimised`);
  module.optimize();
  await writeFile(path, module.emitBinary());
  module.dispose();
}
