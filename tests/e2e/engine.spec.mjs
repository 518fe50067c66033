// The strategy engine in a Web Worker: the table built in the browser gives the native engine's expected score.
import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { cli } from "./helpers.mjs";

for (const rules of ["yahtzee", "yam", "yatzy"]) {
  test(`the ${rules} table built in the browser matches the native one`, async ({ page }) => {
    test.setTimeout(120_000);
    const native = JSON.parse(execFileSync(cli, ["solve", "--rules", rules, "--json"], { encoding: "utf8" }));
    await page.goto("index.html");
    await page.locator('[data-engine="rules"]').selectOption(rules);
    await page.locator('[data-action="solve"]').click();
    await expect(page.locator("[data-solve-progress]")).toBeVisible();
    const score = page.locator("[data-expected-score]");
    await expect(score).toBeVisible({ timeout: 100_000 });
    expect(await score.getAttribute("data-expected-score")).toBe(native.expected_score.toFixed(4));
  });
}

test("a table kept on the device is read on the next visit, and a corrupt one is rebuilt, never used", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const native = JSON.parse(execFileSync(cli, ["solve", "--rules", "yam", "--json"], { encoding: "utf8" }));
  const expected = native.expected_score.toFixed(4);
  const solve = async () => {
    await page.locator('[data-engine="rules"]').selectOption("yam");
    await page.locator('[data-action="solve"]').click();
    const score = page.locator("[data-expected-score]");
    await expect(score).toBeVisible({ timeout: 100_000 });
    expect(await score.getAttribute("data-expected-score")).toBe(expected);
    return page.locator("[data-table-from]").getAttribute("data-table-from");
  };
  const keptTables = () =>
    page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith("engine-tables-"));
      const tables = [];
      for (const name of names) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
          tables.push({ name, url: request.url, size: bytes.length, head: [...bytes.slice(0, 4)] });
        }
      }
      return tables;
    });

  // First visit: built, then kept on the device (one record for these rules).
  await page.goto("index.html");
  expect(await solve()).toBe("built");
  const kept = await keptTables();
  expect(kept).toHaveLength(1);
  expect(String.fromCharCode(...kept[0].head)).toBe("FDVT");

  // A later visit (a new page and worker): read from the device, the same exact answer.
  await page.reload();
  expect(await solve()).toBe("device");

  // A record damaged on the device (one value changed) fails its digest: rebuilt, and the record replaced.
  await page.evaluate(async ({ name, url }) => {
    const cache = await caches.open(name);
    const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
    bytes[100] ^= 0xff;
    await cache.put(url, new Response(bytes));
  }, kept[0]);
  await page.reload();
  expect(await solve()).toBe("built");
  await page.reload();
  expect(await solve()).toBe("device");

  // A record from another engine version is dropped when the table is kept again.
  await page.evaluate(async () => {
    const cache = await caches.open("engine-tables-v0");
    await cache.put("./engine-tables/0/old", new Response(new Uint8Array([1, 2, 3])));
  });
  await page.evaluate(async ({ name, url }) => (await caches.open(name)).delete(url), kept[0]);
  await page.reload();
  expect(await solve()).toBe("built");
  expect((await keptTables()).map((table) => table.name)).toEqual([kept[0].name]);
});

test("an engine that cannot load says so in the player's language, and answers once it can", async ({ page }) => {
  // As on a browser without WebAssembly SIMD, or offline before the engine was ever downloaded.
  await page.route("**/solver-worker_bg.wasm", (route) => route.abort());
  await page.goto("index.html?new=1&rules=yahtzee&players=Anna&seed=3&lang=fr");
  await page.locator('[data-action="roll"]').click();
  await page.locator('[data-action="hint"]').click();
  const hint = page.locator("[data-hint]");
  await expect(hint).toHaveAttribute("data-hint", "failed");
  await expect(hint).toHaveText(/^le moteur de stratégie s’est arrêté/);
  // The next request starts a new worker.
  await page.unroute("**/solver-worker_bg.wasm");
  await page.locator('[data-action="hint"]').click();
  await expect(hint).toHaveAttribute("data-hint", "ready", { timeout: 30_000 });
});
