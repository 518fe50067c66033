// How soon a table is playable, for one build or several compared run by run (issue 61: no change to the
// first download may make the table slower to reach). Usage: node tests/bench/reach.mjs DIST[,DIST…] [RUNS];
// KBPS and RTT (ms) emulate a slower network through DevTools. Two figures per build, medians:
// - a cold `?new=1` address to the first enabled Roll, and how many requests that took;
// - from the start screen (loaded, the network quiet, two names typed, a second later Start) to an enabled
//   Roll.
import { chromium } from "@playwright/test";
import { startServer } from "../e2e/serve.mjs";

const dists = (process.argv[2] ?? "dist").split(",");
const runs = Number(process.argv[3] ?? 7);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** In the page: the moment Roll is first enabled, as the DOM changes (Playwright's polling would time itself). */
function watchRoll() {
  window.rollReadyAt = undefined;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-action="roll"]:not([disabled])')) {
      window.rollReadyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

async function freshPage(browser) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  if (process.env.KBPS) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const bytesPerSecond = Number(process.env.KBPS) * 125;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: Number(process.env.RTT ?? 40),
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  let requests = 0;
  page.on("request", () => requests++);
  return { context, page, requests: () => requests };
}

async function coldToRoll(browser, base) {
  const { context, page, requests } = await freshPage(browser);
  await page.addInitScript(watchRoll);
  await page.goto(`${base}index.html?new=1&rules=yahtzee&players=Anna`, { waitUntil: "commit" });
  await page.waitForFunction(() => window.rollReadyAt !== undefined);
  const figure = { ms: await page.evaluate(() => window.rollReadyAt), requests: requests() };
  await context.close();
  return figure;
}

async function startToRoll(browser, base) {
  const { context, page } = await freshPage(browser);
  await page.goto(`${base}index.html`);
  const names = page.locator('[data-setup="player-name"]');
  await names.nth(1).waitFor();
  await page.waitForLoadState("networkidle");
  await names.nth(0).fill("Anna");
  await names.nth(1).fill("Ben");
  await page.waitForTimeout(1_000);
  await page.evaluate(watchRoll);
  const tapped = await page.evaluate(() => {
    const at = performance.now();
    document.querySelector('[data-action="start"]').click();
    return at;
  });
  await page.waitForFunction(() => window.rollReadyAt !== undefined);
  const ms = (await page.evaluate(() => window.rollReadyAt)) - tapped;
  await context.close();
  return ms;
}

const servers = await Promise.all(dists.map((dir) => startServer({ dir, listenPort: 0, basePath: "/" })));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const figures = dists.map(() => ({ cold: [], requests: [], start: [] }));
for (let run = 0; run < runs; run++) {
  for (const [index, server] of servers.entries()) {
    const base = `http://127.0.0.1:${server.address().port}/`;
    const cold = await coldToRoll(browser, base);
    figures[index].cold.push(cold.ms);
    figures[index].requests.push(cold.requests);
    figures[index].start.push(await startToRoll(browser, base));
  }
}
for (const [index, { cold, requests, start }] of figures.entries()) {
  console.log(
    `${dists[index]}: cold ?new=1 to Roll ${median(cold).toFixed(0)} ms in ${median(requests)} requests; ` +
      `start screen's Start to Roll ${median(start).toFixed(0)} ms (medians of ${runs})`,
  );
}
await browser.close();
for (const server of servers) server.close();
