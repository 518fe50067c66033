// Offline after the first visit, and a game in progress that survives a new deployment.
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { brotliCompressSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { readDice, startGame } from "./helpers.mjs";
import { startServer } from "./serve.mjs";

async function waitForServiceWorker(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test("after one visit the app starts, plays and resumes with no network", async ({ page, context }) => {
  await page.goto("index.html");
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-setup="rules"]')).toBeVisible();
  await page.locator('[data-setup="player-name"]').first().fill("Anna");
  await page.locator('[data-action="remove-player"]').click();
  await page.locator('[data-action="start"]').click();
  await page.locator('[data-action="roll"]').click();
  const dice = await readDice(page);
  await page.locator('button[data-cell="0:chance"]').click();
  await page.locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-cell="0:chance"]')).toHaveAttribute("data-value", String(dice.reduce((a, b) => a + b)));
  await page.reload();
  await expect(page.locator('[data-cell="0:chance"]')).toHaveAttribute("data-value", String(dice.reduce((a, b) => a + b)));
  // A new game by address works offline too.
  await startGame(page, { rules: "yam", players: ["Ben"], seed: 3 });
  await expect(page.getByRole("columnheader", { name: "Ben" })).toBeVisible();
});

test("a game in progress survives the deployment of a new build", async ({ page }) => {
  const site = await mkdtemp(join(tmpdir(), "fivedice-deploy-"));
  await cp("dist", site, { recursive: true });
  const server = await startServer({ dir: site, listenPort: 8097, basePath: "/app/" });
  try {
    const base = "http://127.0.0.1:8097/app/";
    await page.goto(`${base}index.html?new=1&rules=yatzy&players=Anna,Ben&seed=21`);
    await waitForServiceWorker(page);
    await page.locator('[data-action="roll"]').click();
    await page.locator('[data-die="0"]').click();
    const dice = await readDice(page);
    // Deploy a new build: new page bytes and a service worker with a new cache (each with its brotli copy,
    // as the build writes them).
    const deploy = async (file, body) => {
      await writeFile(join(site, file), body);
      await writeFile(join(site, `${file}.br`), brotliCompressSync(Buffer.from(body)));
    };
    const worker = await readFile(join(site, "sw.js"), "utf8");
    await deploy("sw.js", worker.replace(/const CACHE = "fivedice-[0-9a-f]+"/, 'const CACHE = "fivedice-next"'));
    await deploy("index.html", (await readFile(join(site, "index.html"), "utf8")) + "<!-- next -->\n");
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const banner = page.getByText("A new version is ready.");
    await expect(banner).toBeVisible();
    // Nothing changed under the player's hands until they tap.
    expect(await readDice(page)).toEqual(dice);
    await page.locator('[data-action="apply-update"]').click();
    await page.waitForFunction(async () => (await caches.keys()).join() === "fivedice-next");
    // The page was reloaded from the new build (waited for first: the old page can see the new cache a moment
    // before it reloads, and a reading of it would be lost with it).
    await page.waitForFunction(() => [...document.childNodes].some((node) => node.nodeType === 8 && node.data.includes("next")));
    await expect(page.locator('[data-die="0"]')).toHaveAttribute("aria-pressed", "true");
    expect(await readDice(page)).toEqual(dice);
    await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /2 rolls left/);
  } finally {
    server.close();
  }
});
