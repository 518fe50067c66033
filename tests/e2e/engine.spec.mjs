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
