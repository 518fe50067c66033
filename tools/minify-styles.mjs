// Trunk post_build hook: minifies the stylesheets the page adds itself (play.css, dark.css), which Trunk copies
// as written (its own minifying is for the stylesheet it links): their comments are for the source, not for
// every table's download.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { transform } from "esbuild";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook");
for (const name of ["play.css", "dark.css"]) {
  const file = join(staging, name);
  const { code } = await transform(await readFile(file, "utf8"), { loader: "css", minify: true, logLevel: "warning" });
  await writeFile(file, code);
}
console.log("minify-styles: play.css and dark.css");
