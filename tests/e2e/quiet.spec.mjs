// Timing-sensitive checks, run alone after every other browser test (the "quiet" project): long tasks are
// measured in wall-clock time, and on a two-core machine parallel tests would starve the page.
import { test, expect } from "@playwright/test";

test("building a table in the worker never blocks the page for 50 ms", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("index.html");
  await expect(page.locator('[data-action="solve"]')).toBeVisible();
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: "longtask" });
  });
  await page.locator('[data-engine="rules"]').selectOption("yatzy");
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator("[data-expected-score]")).toBeVisible({ timeout: 100_000 });
  expect(await page.locator("[data-expected-score]").getAttribute("data-expected-score")).toBe("248.4400");
  const longTasks = await page.evaluate(() => window.__longTasks);
  expect(longTasks.filter((duration) => duration > 50)).toEqual([]);
});
