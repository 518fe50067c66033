// Sharing and replaying a finished game (issue 62), medians of RUNS on one build. Usage: node tests/bench/share.mjs
// [DIST] [RUNS]. Each run a fresh browser context (service workers blocked):
// - a game of Yahtzee for two played by computers to its end, then Share tapped: the tap to the picture shown
//   (the share chunk fetched, the PNG drawn) and its bytes; the link's length;
// - the link opened cold: the address to the replay shown, and the bytes (bodies as sent, with headers) and
//   requests it took until the network is idle; beside it, as
//   the baseline of the same run, the plain address to the start screen shown;
// - on that replay, a decision's step to the engine's verdict (the engine's chunk, its worker and its table
//   on a device that never built one).
import { chromium } from "@playwright/test";
import { startServer } from "../e2e/serve.mjs";

const dir = process.argv[2] ?? "dist";
const runs = Number(process.argv[3] ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function fresh(browser) {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const seen = { bytes: 0, requests: 0 };
  page.on("requestfinished", async (request) => {
    seen.requests++;
    const sizes = await request.sizes().catch(() => null);
    seen.bytes += sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
  });
  return { context, page, seen };
}

/** Milliseconds from `start` (a `performance.now()` in the page) until `selector` is in the page. */
async function until(page, selector) {
  await page.waitForSelector(selector, { timeout: 120_000 });
  return page.evaluate(() => performance.now());
}

const server = await startServer({ dir, listenPort: 0, basePath: "/" });
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const figures = { share: [], png: [], link: [], replay: [], replayBytes: [], replayRequests: [], start: [], verdict: [] };
for (let run = 0; run < runs; run++) {
  const player = await fresh(browser);
  await player.page.goto(`${base}index.html?new=1&rules=yahtzee&players=Ann,Bob&bots=optimal,strong&botdelay=0&seed=${run + 1}`);
  await player.page.waitForSelector("[data-game-over]", { timeout: 120_000 });
  const tapped = await player.page.evaluate(() => {
    const at = performance.now();
    document.querySelector('[data-action="share-game"]').click();
    return at;
  });
  figures.share.push((await until(player.page, "[data-share-image]")) - tapped);
  const src = await player.page.getAttribute("[data-share-image]", "src");
  figures.png.push(Buffer.from(src.split(",")[1], "base64").length);
  const link = await player.page.getAttribute("[data-share-link]", "data-link");
  figures.link.push(link.length);
  await player.context.close();

  const start = await fresh(browser);
  await start.page.goto(`${base}index.html`, { waitUntil: "commit" });
  figures.start.push(await until(start.page, '[data-action="start"]'));
  await start.context.close();

  const friend = await fresh(browser);
  await friend.page.goto(link, { waitUntil: "commit" });
  figures.replay.push(await until(friend.page, "[data-replay]"));
  await friend.page.waitForLoadState("networkidle");
  figures.replayBytes.push(friend.seen.bytes);
  figures.replayRequests.push(friend.seen.requests);
  // Step to the first decision, then time its verdict.
  for (;;) {
    await friend.page.click('[data-action="replay-next"]');
    if (await friend.page.$("[data-replay-verdict]")) break;
  }
  const asked = await friend.page.evaluate(() => performance.now());
  figures.verdict.push((await until(friend.page, '[data-replay-verdict="ready"]')) - asked);
  await friend.context.close();
}
await browser.close();
server.close();
const line = (name, values, unit) => console.log(`${name}: median ${Math.round(median(values)).toLocaleString("en")} ${unit} (${values.map(Math.round).join(", ")})`);
line("Share tapped to the picture shown", figures.share, "ms");
line("the picture's PNG", figures.png, "B");
line("the replay link", figures.link, "characters");
line("baseline: the plain address to the start screen", figures.start, "ms");
line("the link opened cold to the replay shown", figures.replay, "ms");
line("  bytes transferred until the network is idle", figures.replayBytes, "B");
line("  requests", figures.replayRequests, "");
line("a decision's step to the engine's verdict, first on the device", figures.verdict, "ms");
