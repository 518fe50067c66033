// Whole games through clicks, every score and total checked against the rules crate (through the CLI).
import { test, expect } from "@playwright/test";
import {
  choosableCells,
  cliRules,
  cliScore,
  currentSeat,
  expectedTotals as sheetTotals,
  holdMostCommon,
  readDice,
  scoreCell,
  startGame,
  totals,
} from "./helpers.mjs";

const rulesets = Object.fromEntries(cliRules().map((ruleset) => [ruleset.id, ruleset]));

function sections(rules) {
  const [upper, lower] = rulesets[rules].sections;
  return { upper: upper.cells.map((cell) => cell.id), lower: lower.cells.map((cell) => cell.id) };
}

/** Plays one turn: rolls up to three times keeping the most common face, then takes the best cell the rules allow. */
async function playTurn(page, { rules, joker, sheet, seat, prefer }) {
  await page.locator('[data-action="roll"]').click();
  for (let roll = 1; roll < 3; roll++) {
    const dice = await readDice(page);
    if (new Set(dice).size === 1) break;
    await holdMostCommon(page);
    await page.locator('[data-action="roll"]').click();
  }
  const dice = await readDice(page);
  const before = { ...sheet.filled };
  const expected = cliScore(rules, joker, sheet.filled, dice);
  // The page offers exactly the cells the rules allow, each with the rules' value.
  expect(await choosableCells(page, seat)).toEqual(expected.scores);
  const open = Object.keys(expected.scores);
  const cell = prefer?.(open, expected) ?? open.reduce((best, id) => (expected.scores[id] > expected.scores[best] ? id : best));
  await scoreCell(page, seat, cell, expected.scores[cell]);
  sheet.filled[cell] = expected.scores[cell];
  sheet.bonus += expected.yahtzee_bonus;
  return { dice, expected, cell, before };
}

function expectedTotals(rules, sheet) {
  return sheetTotals(rulesets[rules], sheet);
}

test("a one-player Yahtzee game played to the end, every total as the rules say", async ({ page }) => {
  test.setTimeout(120_000);
  const rules = "yahtzee";
  await startGame(page, { rules, players: ["Anna"], seed: 2024 });
  const sheet = { filled: {}, bonus: 0 };
  for (let turn = 0; turn < 13; turn++) {
    await expect(page.locator("[data-current-seat]")).toContainText("Anna's turn");
    await playTurn(page, { rules, sheet, seat: 0 });
    const shown = await totals(page, 0, ["upper", "bonus", "lower", "yahtzee-bonus", "grand"]);
    const expected = expectedTotals(rules, sheet);
    expect(shown).toEqual({ ...expected, "yahtzee-bonus": sheet.bonus, grand: expected.grand });
  }
  await expect(page.locator("[data-game-over]")).toBeVisible();
  // The standings are the last word: nothing is offered to take back.
  await expect(page.locator('[data-action="undo"]')).toHaveCount(0);
  const standing = page.locator('[data-standing="1"]');
  await expect(standing).toHaveAttribute("data-seat", "0");
  await expect(standing).toHaveAttribute("data-winner", "true");
  await expect(standing).toContainText(String(expectedTotals(rules, sheet).grand));
  await expect(page.locator('[data-action="roll"]')).toHaveCount(0);
});

test("three players, seat order from the roll-off, and the forced Joker on a Yahtzee", async ({ page }) => {
  test.setTimeout(240_000);
  const rules = "yahtzee";
  const players = ["Anna", "Ben", "Cleo"];
  await startGame(page, { rules, players, seed: 77 });
  const sheets = players.map(() => ({ filled: {}, bonus: 0 }));
  let seat = await currentSeat(page);
  let jokers = 0;
  for (let turn = 0; turn < 13 * 3; turn++) {
    expect(await currentSeat(page)).toBe(seat);
    const sheet = sheets[seat];
    // Everyone crosses out the Yahtzee box first, so every later Yahtzee is a Joker.
    const prefer = (open) => (open.includes("yahtzee") ? "yahtzee" : undefined);
    const crossOutFirst = sheet.filled.yahtzee === undefined ? prefer : undefined;
    const { dice, expected, before } = await playTurn(page, { rules, sheet, seat, prefer: crossOutFirst });
    if (new Set(dice).size === 1 && "yahtzee" in before) {
      jokers++;
      // Forced Joker: the matching upper box if open; else any open lower box at full value; else a 0 above.
      const { upper, lower } = sections(rules);
      const matching = upper[dice[0] - 1];
      const openLower = lower.filter((id) => !(id in before));
      const allowed = Object.keys(expected.scores);
      if (!(matching in before)) expect(allowed).toEqual([matching]);
      else if (openLower.length) expect(allowed).toEqual(openLower);
      else expect(allowed).toEqual(upper.filter((id) => !(id in before)));
      if (allowed.includes("full_house")) expect(expected.scores.full_house).toBe(25);
      if (allowed.includes("large_straight")) expect(expected.scores.large_straight).toBe(40);
    }
    if (turn < 13 * 3 - 1) {
      const next = (seat + 1) % 3;
      await expect(page.locator(".pass")).toContainText(`Pass to ${players[next]}`);
      seat = next;
    }
  }
  expect(jokers).toBeGreaterThan(0);
  await expect(page.locator("[data-game-over]")).toBeVisible();
  const grands = sheets.map((sheet) => expectedTotals(rules, sheet).grand);
  for (let seat = 0; seat < 3; seat++) {
    expect(Number(await page.locator(`[data-total="${seat}:grand"]`).textContent())).toBe(grands[seat]);
  }
  const best = Math.max(...grands);
  const winners = page.locator('[data-winner="true"]');
  await expect(winners).toHaveCount(grands.filter((grand) => grand === best).length);
});

test("on the Yam sheet any open cell may be crossed out on purpose, beside the value the dice score", async ({ page }) => {
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 8 });
  await page.locator('[data-action="roll"]').click();
  const scored = await choosableCells(page, 0);
  const [cell, value] = Object.entries(scored).find(([, points]) => points > 0);
  await page.locator(`[data-cell="0:${cell}"]`).click();
  const dialog = page.getByRole("dialog");
  // Still exactly one value offered for the dice; crossing out is an action of its own.
  await expect(dialog.locator("[data-offer]")).toHaveCount(1);
  await expect(dialog.locator(`[data-offer="${value}"]`)).toHaveAttribute("aria-pressed", "true");
  await dialog.locator('[data-action="cross-out"]').click();
  await expect(dialog.locator('[data-action="cross-out"]')).toHaveAttribute("aria-pressed", "true");
  await dialog.locator('[data-action="confirm"]').click();
  await expect(page.locator(`[data-cell="0:${cell}"]`)).toHaveAttribute("data-value", "0");
  // The sheet shows it crossed out, not as a 0 the dice made.
  await expect(page.locator(`[data-cell="0:${cell}"]`)).toHaveText("✗");
  await expect(page.locator(`[data-cell="0:${cell}"] .crossed`)).toHaveAttribute("aria-label", "Crossed out (0)");
  await page.reload();
  await expect(page.locator(`[data-cell="0:${cell}"]`)).toHaveAttribute("data-value", "0");
  await expect(page.locator(`[data-cell="0:${cell}"]`)).toHaveText("✗");
  // Yahtzee writes a 0 only where the dice make nothing: no such action there.
  await startGame(page, { rules: "yahtzee", players: ["Anna"], seed: 8 });
  await page.locator('[data-action="roll"]').click();
  await page.locator("button[data-cell]").first().click();
  await expect(dialog.locator('[data-action="cross-out"]')).toHaveCount(0);
});
