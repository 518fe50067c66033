// Back and Forward on a phone as on every app: Back closes a dialog, goes from a table to the start screen, and
// never leaves the app from inside it; Forward opens the table again; a reload stays where it was.
import { test, expect } from "@playwright/test";
import { phone } from "./devices.mjs";
import { startFromTheStartPage } from "./helpers.mjs";

test.use(phone);

/**
 * Back, as the phone's own button gives it (the history moves within the page), once the layer on top is the
 * entry at `depth` (its entry is written a moment after it shows, when the back chunk is here).
 */
async function back(page, depth) {
  await expect.poll(() => page.evaluate(() => history.state)).toBe(depth);
  await page.evaluate(() => history.back());
}

test("Back closes the guide and the picker, leaves the table for the start screen, and Forward opens it again", async ({ page }) => {
  await page.goto("about:blank");
  const table = await startFromTheStartPage(page, ["Ann", "Bob"]);

  // How to play: Back closes it, the table stays.
  await page.locator('[data-action="how-to-play"]').click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await back(page, 2);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(table).toBeVisible();

  // The picker: Back closes it without writing anything.
  await page.locator('[data-action="roll"]').click();
  const seat = await table.getAttribute("data-current-seat");
  await page.locator(`button[data-cell^="${seat}:"]`).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await back(page, 2);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(table).toHaveAttribute("data-current-seat", seat);

  // The table: Back goes to the start screen, where the game waits in the tables in progress.
  await back(page, 1);
  await expect(page.locator('[data-action="resume"]')).toBeVisible();
  await expect(table).toHaveCount(0);
  expect(page.url()).toContain("index.html");
  // Forward opens the table again, where it stood.
  await page.evaluate(() => history.forward());
  await expect(table).toHaveAttribute("data-current-seat", seat);
  await expect(page.locator('[data-die="0"]:not([data-face=""])')).toBeVisible();

  // Left by its own button, then opened from the list: Back still goes to the start screen, not out of the app.
  await page.locator('[data-action="tables"]').click();
  await expect(page.locator('[data-action="resume"]')).toBeVisible();
  await page.locator('[data-action="resume"]').click();
  await expect(table).toBeVisible();
  await back(page, 1);
  await expect(page.locator('[data-action="resume"]')).toBeVisible();
  expect(page.url()).toContain("index.html");

  // A reload at the table opens it again, and Back from there still goes to the start screen.
  await page.locator('[data-action="resume"]').click();
  await expect(table).toBeVisible();
  await page.reload();
  await expect(table).toHaveAttribute("data-current-seat", seat);
  await back(page, 1);
  await expect(page.locator('[data-action="resume"]')).toBeVisible();
  expect(page.url()).toContain("index.html");
});

test("a launch address is forgotten once the game it started is open, and Back goes to the start screen", async ({ page }) => {
  await page.goto("index.html?new=1&rules=yatzy&players=Ann,Bob&seed=3");
  const table = page.locator("[data-current-seat]");
  await expect(table).toBeVisible();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await back(page, 1);
  await expect(page.locator('[data-action="resume"]')).toBeVisible();
  expect(new URL(page.url()).search, "no entry of the app's history starts the game again").toBe("");
  await page.reload();
  await expect(page.locator('[data-action="resume"]')).toHaveCount(1);
});
