// The coach at the table: a hint equals the CLI's advice for the same position.
import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { cli, readDice, scoreCell, startGame, cliScore } from "./helpers.mjs";

function cliAdvise(rules, filled, dice, rollsLeft) {
  const args = ["advise", "--rules", rules, "--dice", ...dice.map(String), "--rolls-left", String(rollsLeft), "--json"];
  const cells = Object.entries(filled).map(([id, value]) => `${id}=${value}`);
  if (cells.length) args.push("--filled", cells.join(","));
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8" }));
}

function choiceId(option) {
  return option.keep ? `keep:${option.keep.join(",")}` : `cell:${option.cell}`;
}

test("a hint for a seeded position equals the CLI's advice, keeps and cells alike", async ({ page }) => {
  test.setTimeout(120_000);
  await startGame(page, { rules: "yahtzee", players: ["Anna"], seed: 31 });
  const filled = {};
  for (let turn = 0; turn < 2; turn++) {
    await page.locator('[data-action="roll"]').click();
    for (let rollsLeft = 2; rollsLeft >= 0; rollsLeft--) {
      const dice = await readDice(page);
      await page.locator('[data-action="hint"]').click();
      const options = page.locator("[data-hint-option]");
      await expect(options.first()).toBeVisible({ timeout: 60_000 });
      const advice = cliAdvise("yahtzee", filled, dice, rollsLeft);
      const shown = await options.evaluateAll((items) => items.map((item) => [item.dataset.choice, item.dataset.expected]));
      const expected = advice.options.slice(0, shown.length).map((option) => [choiceId(option), option.expected_final.toFixed(4)]);
      expect(shown).toEqual(expected);
      const best = advice.options[0];
      if (rollsLeft > 0) {
        // The dice of the best keep are marked; holding exactly those and rolling follows the advice.
        const marked = await page.locator(".die.hint-keep").count();
        expect(marked).toBe(best.keep.length);
        for (let die = 0; die < 5; die++) {
          const hinted = await page.locator(`[data-die="${die}"]`).evaluate((el) => el.classList.contains("hint-keep"));
          const held = (await page.locator(`[data-die="${die}"]`).getAttribute("aria-pressed")) === "true";
          if (hinted !== held) await page.locator(`[data-die="${die}"]`).click();
        }
        await page.locator('[data-action="roll"]').click();
      } else {
        await expect(page.locator(`button[data-cell="0:${best.cell}"]`)).toHaveClass(/hint-best/);
        const value = cliScore("yahtzee", null, filled, dice).scores[best.cell];
        await scoreCell(page, 0, best.cell, value);
        filled[best.cell] = value;
      }
    }
  }
});

test("two Optimal computer players and a person play a whole game", async ({ page }) => {
  test.setTimeout(180_000);
  const params = "new=1&rules=yahtzee&players=Anna,Robo,Bit&bots=human,optimal,optimal&botdelay=0&seed=5";
  await page.goto(`index.html?${params}`);
  await expect(page.locator("[data-current-seat]").or(page.locator("[data-game-over]"))).toBeVisible();
  let anna = 0;
  while (anna < 13) {
    // Wait until it is Anna's turn (the computer players move by themselves).
    await expect(page.locator('[data-current-seat="0"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-action="roll"]')).toBeEnabled();
    await page.locator('[data-action="roll"]').click();
    await page.locator('button[data-cell^="0:"]').first().click();
    await page.locator('[data-action="confirm"]').click();
    anna++;
  }
  await expect(page.locator("[data-game-over]")).toBeVisible({ timeout: 60_000 });
  for (const seat of [1, 2]) {
    const filled = await page.locator(`[data-cell^="${seat}:"]`).evaluateAll((cells) => cells.filter((cell) => cell.dataset.value !== "").length);
    expect(filled).toBe(13);
  }
  await expect(page.locator("th.player .computer")).toHaveCount(2);
  // Perfect solitaire play against a person who takes the first box offered: the computers win.
  await expect(page.locator('[data-standing="1"]')).not.toHaveAttribute("data-seat", "0");
});

/** The points a choice gave up, by the CLI's advice for the same situation; a box taken with rolls left is
 * valued as the box itself (at 0 rolls left) against the best option with those rolls. */
function cliLoss(filled, dice, rollsLeft, choice) {
  const best = cliAdvise("yahtzee", filled, dice, rollsLeft).options[0];
  const among = choice.startsWith("cell:") ? cliAdvise("yahtzee", filled, dice, 0) : cliAdvise("yahtzee", filled, dice, rollsLeft);
  const chosen = among.options.find((option) => choiceId(option) === choice);
  return best.expected_remaining - chosen.expected_remaining;
}

test("the coach's running total is the sum of what each decision gave up", async ({ page }) => {
  test.setTimeout(120_000);
  await startGame(page, { rules: "yahtzee", players: ["Anna"], seed: 44 });
  await page.locator('[data-action="coach"]').click();
  await expect(page.locator('[data-action="coach"]')).toHaveAttribute("aria-pressed", "true");
  const filled = {};
  let expectedTotal = 0;
  for (let turn = 0; turn < 2; turn++) {
    await page.locator('[data-action="roll"]').click();
    // Keep the first two dice (rarely the best), roll once more, then take the first box offered.
    const dice = await readDice(page);
    await page.locator('[data-die="0"]').click();
    await page.locator('[data-die="1"]').click();
    await page.locator('[data-action="roll"]').click();
    const kept = [dice[0], dice[1]].sort((a, b) => a - b).join(",");
    expectedTotal += cliLoss(filled, dice, 2, `keep:${kept}`);
    await expect(page.locator("[data-coach-total]")).toHaveAttribute("data-coach-total", expectedTotal.toFixed(4), { timeout: 60_000 });
    const after = await readDice(page);
    const cell = (await page.locator('button[data-cell^="0:"]').first().getAttribute("data-cell")).split(":")[1];
    const value = cliScore("yahtzee", null, filled, after).scores[cell];
    expectedTotal += cliLoss(filled, after, 1, `cell:${cell}`);
    await scoreCell(page, 0, cell, value);
    filled[cell] = value;
    await expect(page.locator("[data-coach-total]")).toHaveAttribute("data-coach-total", expectedTotal.toFixed(4), { timeout: 60_000 });
  }
  expect(expectedTotal).toBeGreaterThan(0);
});

test("after the game: points lost in all and the three costliest decisions", async ({ page }) => {
  test.setTimeout(120_000);
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 12 });
  for (let turn = 0; turn < 12; turn++) {
    await page.locator('[data-action="roll"]').click();
    await page.locator('button[data-cell^="0:"]').first().click();
    await page.locator('[data-action="confirm"]').click();
  }
  await expect(page.locator("[data-game-over]")).toBeVisible();
  const costly = page.locator('[data-analysis="0"] [data-costly]');
  await expect(costly).toHaveCount(3, { timeout: 60_000 });
  await expect(page.locator('[data-analysis="0"]')).not.toContainText("still working", { timeout: 60_000 });
  const losses = (await costly.evaluateAll((items) => items.map((item) => Number(item.dataset.costly))));
  expect([...losses].sort((a, b) => b - a)).toEqual(losses);
  const total = Number(await page.locator("[data-analysis-total]").getAttribute("data-analysis-total"));
  expect(total).toBeGreaterThanOrEqual(losses.reduce((a, b) => a + b) - 1e-9);
  expect(losses[0]).toBeGreaterThan(0);
  // Each costly decision shows its board: the five dice as they lay.
  await expect(page.locator('[data-analysis="0"] [data-position]')).toHaveCount(3);
  await expect(page.locator('[data-analysis="0"] [data-position]').first().locator(".die")).toHaveCount(5);
});

test("a Winner computer plays a whole game to beat the person at the table", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("index.html?new=1&rules=yahtzee&players=Anna,Vic&bots=human,win&botdelay=0&seed=9&lang=en");
  await expect(page.locator("th.player .computer")).toContainText("Winner");
  for (let anna = 0; anna < 13; anna++) {
    await expect(page.locator('[data-current-seat="0"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-action="roll"]')).toBeEnabled();
    await page.locator('[data-action="roll"]').click();
    await page.locator('button[data-cell^="0:"]').first().click();
    await page.locator('[data-action="confirm"]').click();
  }
  await expect(page.locator("[data-game-over]")).toBeVisible({ timeout: 60_000 });
  // Every box of the Winner's sheet written by the rules, and its total the CLI's for that sheet.
  const sheet = await page.locator('[data-cell^="1:"]').evaluateAll((cells) =>
    Object.fromEntries(cells.map((cell) => [cell.dataset.cell.split(":")[1], cell.dataset.value])),
  );
  expect(Object.values(sheet).filter((value) => value !== "")).toHaveLength(13);
  // Against a person who takes the first box offered, playing to win wins.
  await expect(page.locator('[data-standing="1"]')).not.toHaveAttribute("data-seat", "0");
});

for (const [device, viewport] of [["a tablet", { width: 768, height: 1024 }], ["a phone", { width: 390, height: 844 }]]) {
  test.describe(device, () => {
    test.use({ viewport });
    test(`on ${device}, the coach's word as the turn passes has its place kept: the sheet does not move when it arrives`, async ({ page }) => {
      // The engine is held back until the sheet is measured, so the word surely arrives after.
      let release;
      const engineHeld = new Promise((resolve) => (release = resolve));
      await page.route("**/solver-worker_bg.wasm", async (route) => {
        await engineHeld;
        await route.continue();
      });
      await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 3 });
      await page.locator('[data-action="coach"]').click();
      await expect(page.locator('[data-action="coach"]')).toHaveAttribute("aria-pressed", "true");
      await page.locator('[data-action="roll"]').click();
      await page.locator('button[data-cell^="0:"]').first().click();
      await page.locator('[data-action="confirm"]').click();
      await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", "1");
      const sheetTop = () => page.locator(".sheet-wrap").evaluate((sheet) => sheet.getBoundingClientRect().top);
      const beforeTheWord = await sheetTop();
      await expect(page.locator("[data-coach-passed]")).toHaveCount(0);
      release();
      await expect(page.locator("[data-coach-passed='0']")).toContainText("Coach for Anna:", { timeout: 60_000 });
      expect(await sheetTop()).toBe(beforeTheWord);
    });
  });
}
