// Screenshots of a table in play at the sizes families use, saved as test artifacts.
import { test, expect } from "@playwright/test";
import { currentSeat, startGame } from "./helpers.mjs";

const sizes = [
  { name: "tablet-portrait", width: 768, height: 1024 },
  { name: "tablet-landscape", width: 1024, height: 768 },
  { name: "phone", width: 390, height: 844 },
];

for (const size of sizes) {
  test(`an eight-player table fits a ${size.name} screen`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const players = ["Anna", "Ben", "Cleo", "Dimitri", "Eve", "Frederika", "Gus", "Hanna"];
    await startGame(page, { rules: "yardzee", players, seed: 8 });
    await page.locator('[data-action="roll"]').click();
    await page.locator('[data-die="2"]').click();
    // The page itself never scrolls sideways; on a phone the sheet scrolls inside its frame.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (size.width >= 768) {
      const sheet = await page.locator("table.sheet").boundingBox();
      expect(sheet.width).toBeLessThanOrEqual(size.width);
      // Every tap target on a tablet is at least 44 × 44 CSS px: the open cells included.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll("button, select, a[href]")]
          .map((target) => ({ target, box: target.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
          .map(({ target, box }) => `${target.outerHTML.slice(0, 80)} ${box.width}x${box.height}`),
      );
      expect(small).toEqual([]);
      expect(await page.locator(".cell-button").count()).toBeGreaterThan(10);
    }
    await page.screenshot({ path: `tests/e2e/artifacts/${size.name}.png` });
  });
}

for (const size of sizes) {
  for (const language of ["en", "fr", "es", "de"]) {
    test(`the start screen fits a ${size.name} screen in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`index.html?lang=${language}`);
      await page.locator('[data-setup="player-kind"]').first().selectOption("optimal");
      await page.locator('[data-setup="dice-mode"]').selectOption("pad");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tests/e2e/artifacts/start-${size.name}-${language}.png`, fullPage: true });
    });
  }
}

test("on a phone in French, the score pad's picker and the top bar stay on the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("index.html?new=1&rules=yahtzee&players=Anna,Ben&dice=pad&lang=fr");
  const seat = await currentSeat(page);
  await page.locator(`button[data-cell="${seat}:fours"]`).click();
  // Three buttons below the values (enter the dice, cancel, confirm): none past the screen's edge.
  const actions = page.locator(".picker-actions button");
  await expect(actions).toHaveCount(3);
  for (const button of await actions.all()) {
    const box = await button.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await page.locator('[data-action="cancel"]').click();
  // With the undo button shown, the table's name still reads in the top bar.
  await page.locator(`button[data-cell="${seat}:fours"]`).click();
  await page.locator('[data-offer="8"]').click();
  await page.locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-action="undo"]')).toBeVisible();
  const name = await page.locator(".topbar h1").boundingBox();
  expect(name.width).toBeGreaterThanOrEqual(100);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "tests/e2e/artifacts/phone-picker-fr.png" });
});

test("on a phone, the sheet scrolls sideways to the player whose turn it is", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const players = ["Anna", "Ben", "Cleo", "Dimitri", "Eve", "Frederika", "Gus", "Hanna"];
  await startGame(page, { rules: "yardzee", players, seed: 8 });
  const wrap = page.locator(".sheet-wrap");
  // Turns pass until one of the last two seats plays (who starts is drawn: at most eight turns).
  for (let turn = 0; turn < 8 && (await currentSeat(page)) < 6; turn++) {
    const seat = await currentSeat(page);
    await page.locator('[data-action="roll"]').click();
    await page.locator(`button[data-cell^="${seat}:"]`).first().click();
    await page.locator('[data-action="confirm"]').click();
    await expect(page.locator("[data-current-seat]")).not.toHaveAttribute("data-current-seat", String(seat));
  }
  // Seats 6 and 7 of 8 are off a phone's screen unless the sheet scrolled to them: the heading shows whole,
  // right of the row labels (which stay in place).
  const seat = await currentSeat(page);
  expect(seat).toBeGreaterThanOrEqual(6);
  await expect.poll(() => wrap.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const heading = page.locator("thead th.player.current");
  await expect(heading).toContainText(players[seat]);
  await expect
    .poll(async () => {
      const [box, corner] = [await heading.boundingBox(), await page.locator("thead th.corner").boundingBox()];
      return box.x >= corner.x + corner.width - 1 && box.x + box.width <= 390 + 1;
    })
    .toBe(true);
});
