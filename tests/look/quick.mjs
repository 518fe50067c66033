// A quick look in Chromium alone (no WebKit): node tests/look/quick.mjs <name> <width> <height> <url> [steps]
// where steps is JavaScript run in the page (tap(selector), wait(ms)); writes tests/look/artifacts/<name>.png.
import { chromium } from "@playwright/test";
import { startServer } from "../e2e/serve.mjs";

const [name, width, height, url, script = ""] = process.argv.slice(2);
// QUICK_BASE names a server already running (the room server, for a room's screens).
const base = process.env.QUICK_BASE ?? "http://127.0.0.1:8098/";
const server = process.env.QUICK_BASE ? null : await startServer({ dir: "dist", listenPort: 8098, basePath: "/" });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  await page.goto(`${base}index.html${url}`);
  await page.waitForSelector("main .setup, main .play, main .room-lobby");
  await page.evaluate(`(async () => {
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const tap = async (selector, ms = 350) => { document.querySelector(selector).click(); await wait(ms); };
    await wait(500);
    ${script}
    await wait(400);
  })()`);
  await page.screenshot({ path: `tests/look/artifacts/${name}.png`, fullPage: Boolean(process.env.FULL) });
} finally {
  await browser.close();
  server?.close();
}
