// A phone held sideways: the dice and Roll sit beside the sheet, and a whole turn is played with every control
// in view (the page itself never scrolls; only the sheet does, beside the dice).
import { test, expect } from "@playwright/test";

// Seed 14's roll-off ties (4 and 4) before Bob wins it: the longest who-starts the table shows.
for (const [width, height, tied] of [[844, 390, false], [740, 360, false], [740, 360, true]]) {
  const title = `a whole turn on a phone held sideways (${width}×${height})${tied ? ", after a tied roll-off" : ""}`;
  test(title, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    if (tied) {
      await page.goto("index.html?new=1&rules=yahtzee&players=Ann,Bob&seed=14");
      await expect(page.locator(".first-player")).toContainText("roll again");
    } else {
      await page.goto("index.html");
      const names = page.locator('[data-setup="player-name"]');
      await names.nth(0).fill("Ann");
      await names.nth(1).fill("Bob");
      await page.locator('[data-action="start"]').click();
    }
    const roll = page.locator('[data-action="roll"]');
    await expect(roll).toBeEnabled();
    // In view: on the screen, and not scrolled out of its frame (the turn's panel, or the sheet's) at the top.
    const inView = async (locator) => {
      const box = await locator.boundingBox();
      expect(box, "shown").not.toBeNull();
      expect(box.y + box.height, "not below the screen").toBeLessThanOrEqual(height + 1);
      expect(box.x + box.width, "not beside the screen").toBeLessThanOrEqual(width + 1);
      const frameTop = await locator.evaluate((element) => element.closest(".play-side, .sheet-wrap")?.getBoundingClientRect().top ?? 0);
      expect(box.y, "not scrolled out of its frame").toBeGreaterThanOrEqual(frameTop - 1);
    };
    // The dice and Roll are beside the sheet, not above it.
    const sheet = page.locator(".sheet-wrap");
    expect((await roll.boundingBox()).x + (await roll.boundingBox()).width).toBeLessThanOrEqual((await sheet.boundingBox()).x + 1);
    await inView(roll);
    // After a tied roll-off the table also shows its chances to win: stating them never scrolls the dice away.
    if (tied) {
      await page.getByRole("button", { name: "Chances to win: hidden" }).click();
      await expect(page.locator('[data-odds="ready"]')).toBeAttached();
      await inView(roll);
    }
    await roll.click();
    await expect(page.locator('[data-die="0"]:not([data-face=""])')).toBeVisible();
    await inView(page.locator('[data-die="4"]'));
    await inView(page.getByRole("button", { name: "Hint" }));
    await page.locator('[data-die="0"]').click();
    await expect(page.locator('[data-die="0"]')).toHaveAttribute("aria-pressed", "true");
    await roll.click();
    // The current player's column: a box written from the picker.
    const seat = await page.locator("[data-current-seat]").getAttribute("data-current-seat");
    const cell = page.locator(`button[data-cell^="${seat}:"]`).first();
    await inView(cell);
    await cell.click();
    const dialog = page.getByRole("dialog");
    await inView(dialog.locator('[data-action="confirm"]'));
    await dialog.locator("[data-offer]").first().click();
    await dialog.locator('[data-action="confirm"]').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("[data-current-seat]")).not.toHaveAttribute("data-current-seat", seat);
    // The page never scrolls: what does not fit scrolls in its own frame.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1)).toBe(true);
    await page.screenshot({ path: `tests/e2e/artifacts/sideways-${width}x${height}${tied ? "-tied" : ""}.png` });
    await context.close();
  });
}
