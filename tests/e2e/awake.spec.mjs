// A tablet on the table stays awake during a game: the Screen Wake Lock is taken when a game is in progress,
// taken again when the page shows after being hidden, and let go at game over. (The browser's wake lock is
// replaced by a recorder, since headless Chromium refuses real ones.)
import { test, expect } from "@playwright/test";
import { startGame } from "./helpers.mjs";

function recordWakeLocks() {
  window.__wakeLocks = { requested: 0, released: 0 };
  let hidden = false;
  Object.defineProperty(document, "visibilityState", { get: () => (hidden ? "hidden" : "visible") });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  };
  Object.defineProperty(navigator, "wakeLock", {
    value: {
      request: async (type) => {
        if (type !== "screen") throw new Error("only screen locks");
        window.__wakeLocks.requested++;
        return { release: async () => void window.__wakeLocks.released++ };
      },
    },
  });
}

test("the screen stays awake while a game is in progress, and is let go at game over", async ({ page }) => {
  await page.addInitScript(recordWakeLocks);
  await startGame(page, { rules: "yam", players: ["Anna"], dice: "pad" });
  const locks = () => page.evaluate(() => window.__wakeLocks);
  await expect.poll(locks).toEqual({ requested: 1, released: 0 });
  // Hidden, the page lets go (the browser drops the lock anyway); shown again, it asks again.
  await page.evaluate(() => window.__setHidden(true));
  await expect.poll(locks).toEqual({ requested: 1, released: 1 });
  await page.evaluate(() => window.__setHidden(false));
  await expect.poll(locks).toEqual({ requested: 2, released: 1 });
  const dialog = page.getByRole("dialog");
  for (let cell = 0; cell < 12; cell++) {
    await page.locator("button[data-cell]").first().click();
    await dialog.locator("[data-offer]").first().click();
    await dialog.locator('[data-action="confirm"]').click();
  }
  await expect(page.locator("[data-game-over]")).toBeVisible();
  await expect.poll(locks).toEqual({ requested: 2, released: 2 });
});

test("a browser without a wake lock plays on without a word", async ({ page }) => {
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => Object.defineProperty(navigator, "wakeLock", { value: undefined }));
  await startGame(page, { rules: "yam", players: ["Anna"], dice: "pad" });
  await expect(page.locator(".notice")).toHaveCount(0);
  expect(errors).toEqual([]);
});
