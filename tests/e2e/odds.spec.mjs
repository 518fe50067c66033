// Playing to win: the chances to win shown at the table equal the CLI's for the same position, follow every
// cell written, and the hint can play for the win.
import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { cli, playQuickTurn, startGame } from "./helpers.mjs";

/** Every written cell of a seat, as a `fivedice winchance --batch` line names it (`{"aces": 3, ...}`). */
async function filledOf(page, seat) {
  const cells = await page
    .locator(`[data-cell^="${seat}:"]`)
    .evaluateAll((cells) => cells.filter((cell) => cell.dataset.value !== "").map((cell) => [cell.dataset.cell.split(":")[1], Number(cell.dataset.value)]));
  return Object.fromEntries(cells);
}

/** The chances the page states once they are the current position's: one a seat, as data-value says. */
async function statedChances(page, seats) {
  await expect(page.locator('[data-odds="ready"]')).toBeVisible({ timeout: 60_000 });
  const chances = [];
  for (let seat = 0; seat < seats; seat++) {
    chances.push(Number(await page.locator(`[data-win-chance="${seat}"]`).getAttribute("data-value")));
  }
  return chances;
}

/** The CLI's chances for each position (the sheets of the players, the first to play next), the engine loaded
 * once for them all. */
function cliChances(positions) {
  const lines = positions.map((sheets) => JSON.stringify({ players: sheets.map((filled) => ({ filled })), to_play: 0 }));
  const output = execFileSync(cli, ["winchance", "--rules", "yahtzee", "--batch"], { input: lines.join("\n"), encoding: "utf8" });
  return output.trim().split("\n").map((line) => JSON.parse(line).chances);
}

test("the chances to win are hidden until asked, then equal the CLI's after every box written", async ({ page }) => {
  test.setTimeout(180_000);
  await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 12 });
  const toggle = page.locator('[data-action="odds"]');
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator("[data-win-chance]")).toHaveCount(0);
  // The bar shows how far the worker has come whenever the chances wait for the table or its spread, which it
  // began to work out as the table opened.
  await page.evaluate(() => {
    window.__oddsProgress = [];
    new MutationObserver(() => {
      const bar = document.querySelector(".odds progress");
      if (bar) window.__oddsProgress.push(Number(bar.getAttribute("value")) / Number(bar.getAttribute("max")));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  // Before anybody writes a box, the chances come from the game's opening, kept with the engine: at once,
  // with no build to wait for, on this device's first visit.
  const even = await statedChances(page, 2);
  expect(even).toEqual([0.5, 0.5]);
  expect(await page.evaluate(() => window.__oddsProgress)).toEqual([]);
  // From now on the chances stated last stay shown, marked as being worked out again, while the next are
  // worked out: never blank (after the first box the spread takes seconds to build).
  await page.evaluate(() => {
    window.__oddsBlank = 0;
    new MutationObserver(() => {
      const odds = document.querySelector(".odds");
      if (!odds || odds.querySelectorAll("[data-win-chance]").length !== 2) window.__oddsBlank++;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const stated = [];
  const positions = [];
  for (let turn = 0; turn < 6; turn++) {
    const { seat } = await playQuickTurn(page);
    await expect(page.locator(`[data-current-seat="${1 - seat}"]`)).toBeVisible();
    stated.push(await statedChances(page, 2));
    positions.push([await filledOf(page, 0), await filledOf(page, 1)]);
    const shown = await page.locator('[data-win-chance="0"] .figure').textContent();
    expect(shown).toMatch(/^(<1|>99|\d{1,3})%$/);
  }
  expect(await page.evaluate(() => window.__oddsBlank), "the chances never went blank").toBe(0);
  const progress = await page.evaluate(() => window.__oddsProgress);
  const restarts = progress.filter((fraction, index) => index > 0 && fraction < progress[index - 1] - 0.5);
  expect(restarts.length, "each build shown going up (the table's, then the spread's)").toBeLessThanOrEqual(1);
  // After every box written, the chances the page stated are the CLI's for that position.
  for (const [turn, expected] of cliChances(positions).entries()) {
    for (let seat = 0; seat < 2; seat++) expect(Math.abs(stated[turn][seat] - expected[seat])).toBeLessThanOrEqual(0.00006);
  }
  // After a roll the current player's dice count: the chances change with them.
  const before = await statedChances(page, 2);
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-odds="ready"]')).toBeVisible({ timeout: 60_000 });
  const after = await statedChances(page, 2);
  expect(Math.abs(after[0] + after[1] - 1)).toBeLessThan(0.0002);
  expect(after).not.toEqual(before);
  // The switch is the table's: still on after a reload.
  await page.reload();
  await expect(page.locator('[data-action="odds"]')).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-win-chance]")).toHaveCount(2, { timeout: 60_000 });
});

test("the hint plays for the win on request, each option with its chance", async ({ page }) => {
  test.setTimeout(120_000);
  await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 3 });
  await page.locator('[data-action="roll"]').click();
  await page.locator('[data-action="hint"]').click();
  await expect(page.locator("[data-hint-option]").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-hint-option="1"]')).not.toHaveAttribute("data-win", /.*/);
  // Choosing the aim asks again: the options come back with their chances.
  await page.locator('[data-hint-aim="win"]').click();
  await expect(page.locator('[data-hint-aim="win"]')).toHaveAttribute("aria-pressed", "true");
  const options = page.locator("[data-hint-option]");
  await expect(options.first()).toHaveAttribute("data-win", /^0\.\d{4}$|^1\.0000$/, { timeout: 60_000 });
  const wins = await options.evaluateAll((items) => items.map((item) => Number(item.dataset.win)));
  expect(wins.length).toBeGreaterThan(1);
  for (const win of wins) expect(win).toBeLessThanOrEqual(wins[0]);
  // Different chances read differently: as many decimals as it takes to tell them apart (up to three).
  const said = await options.evaluateAll((items) => items.map((item) => item.textContent.match(/[<>]?[\d.,]+\s?%/)[0]));
  for (let a = 0; a < wins.length; a++) {
    for (let b = 0; b < a; b++) if (Math.abs(wins[a] - wins[b]) >= 0.0001) expect(said[a]).not.toBe(said[b]);
  }
  await expect(options.first()).toHaveAttribute("data-choice", /^(keep|cell):/);
  await expect(options.first()).toContainText("to win");
  // And back: the hint plays for the best score again.
  await page.locator('[data-hint-aim="score"]').click();
  await expect(options.first()).not.toHaveAttribute("data-win", /.*/, { timeout: 60_000 });
  await expect(options.first()).toContainText("points at the end");
});

test("one player, or column Yam, offers no chances to win", async ({ page }) => {
  await startGame(page, { rules: "yahtzee", players: ["Solo"], seed: 1 });
  await expect(page.locator('[data-action="roll"]')).toBeVisible();
  await expect(page.locator('[data-action="odds"]')).toHaveCount(0);
  await startGame(page, { rules: "yam", players: ["Anna", "Ben"], seed: 1, columns: ["down", "up"] });
  await expect(page.locator('[data-action="roll"]')).toBeVisible();
  await expect(page.locator('[data-action="odds"]')).toHaveCount(0);
});
