// Column Yam: whole games with the app's dice and on the score pad, every box and every total against the
// rules crate through the CLI; the dry and announced columns; the sheet at tablet sizes.
import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { cellButtons, cli, columnScores, currentSeat, readDice, startGame } from "./helpers.mjs";

const USUAL = ["down", "free", "up"];
const UPPER = ["aces", "twos", "threes", "fours", "fives", "sixes"];

function columnOffers(columns, column, cell) {
  const args = ["offers", "--rules", "yam", "--columns", columns.join(","), "--column", column, cell];
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8" }));
}

/** The boxes offered as buttons for a seat: { column: { cell: shown value } }. */
async function offeredBoxes(page, seat) {
  const boxes = {};
  for (const { cell: id, text } of await cellButtons(page, seat)) {
    const [, column, cell] = id.split(":");
    boxes[column] ??= {};
    boxes[column][cell] = Number(text || "NaN");
  }
  return boxes;
}

/** Each column's totals from what was written, by the rules' bonus (35 at 63), against the page. */
async function expectTotals(page, seat, columns, written) {
  let grand = 0;
  for (const column of columns) {
    const cells = Object.entries(written[seat][column]);
    expect(cells).toHaveLength(12);
    const upper = cells.filter(([cell]) => UPPER.includes(cell)).reduce((sum, [, value]) => sum + value, 0);
    const lower = cells.filter(([cell]) => !UPPER.includes(cell)).reduce((sum, [, value]) => sum + value, 0);
    const bonus = upper >= 63 ? 35 : 0;
    await expect(page.locator(`[data-total="${seat}:${column}:upper"]`)).toHaveText(String(upper));
    await expect(page.locator(`[data-total="${seat}:${column}:bonus"]`)).toHaveText(String(bonus));
    await expect(page.locator(`[data-total="${seat}:${column}:lower"]`)).toHaveText(String(lower));
    grand += upper + bonus + lower;
  }
  await expect(page.locator(`[data-total="${seat}:grand"]`)).toHaveText(String(grand));
  return grand;
}

function emptySheets(players, columns) {
  return Array.from({ length: players }, () => Object.fromEntries(columns.map((column) => [column, {}])));
}

test("a two-player three-column game with the app's dice, every box and total as the rules say", async ({ page }) => {
  test.setTimeout(240_000);
  await startGame(page, { rules: "yam", players: ["Anna", "Ben"], seed: 36, columns: USUAL });
  const written = emptySheets(2, USUAL);
  for (let turn = 0; turn < 72; turn++) {
    const seat = await currentSeat(page);
    await page.locator('[data-action="roll"]').click();
    const dice = await readDice(page);
    // The page offers exactly the boxes each column's rule allows, with what the dice score there.
    const offered = await offeredBoxes(page, seat);
    const expected = {};
    for (const column of USUAL) {
      const scores = columnScores(USUAL, column, written[seat][column], dice);
      if (Object.keys(scores).length) expected[column] = scores;
    }
    expect(offered).toEqual(expected);
    // Spread the turns over the columns and the boxes.
    const choices = Object.entries(expected).flatMap(([column, scores]) =>
      Object.entries(scores).map(([cell, points]) => [column, cell, points]),
    );
    const [column, cell, points] = choices[(turn * 7) % choices.length];
    await page.locator(`button[data-cell="${seat}:${column}:${cell}"]`).click();
    await page.getByRole("dialog").locator('[data-action="confirm"]').click();
    await expect(page.locator(`[data-cell="${seat}:${column}:${cell}"]`)).toHaveAttribute("data-value", String(points));
    written[seat][column][cell] = points;
  }
  await expect(page.locator("[data-game-over]")).toBeVisible();
  const grands = [await expectTotals(page, 0, USUAL, written), await expectTotals(page, 1, USUAL, written)];
  const winner = grands[0] >= grands[1] ? "0" : "1";
  await expect(page.locator('[data-standing="1"]')).toHaveAttribute("data-seat", winner);
});

test("a two-player three-column game on the score pad, each box offering what it can hold", async ({ page }) => {
  test.setTimeout(240_000);
  await startGame(page, { rules: "yam", players: ["Anna", "Ben"], seed: 5, columns: USUAL, dice: "pad" });
  const written = emptySheets(2, USUAL);
  const offersByCell = {};
  for (let turn = 0; turn < 72; turn++) {
    const seat = await currentSeat(page);
    const offered = await offeredBoxes(page, seat);
    // Down offers its first open box, Up its last, Free every open box (the CLI's rule, any dice).
    for (const column of USUAL) {
      const allowed = Object.keys(columnScores(USUAL, column, written[seat][column], [1, 1, 1, 1, 1])).sort();
      expect(Object.keys(offered[column] ?? {}).sort()).toEqual(allowed);
    }
    const choices = Object.entries(offered).flatMap(([column, cells]) => Object.keys(cells).map((cell) => [column, cell]));
    const [column, cell] = choices[(turn * 5) % choices.length];
    await page.locator(`button[data-cell="${seat}:${column}:${cell}"]`).click();
    const dialog = page.getByRole("dialog");
    const values = await dialog.locator("[data-offer]").evaluateAll((buttons) => buttons.map((b) => Number(b.dataset.offer)));
    offersByCell[cell] ??= columnOffers(USUAL, column, cell);
    expect(values).toEqual(offersByCell[cell]);
    // Mostly a high value, now and then a cross-out.
    const value = turn % 6 === 0 ? values[0] : values[values.length - 1 - (turn % 2)] ?? values[0];
    await dialog.locator(`[data-offer="${value}"]`).click();
    await dialog.locator('[data-action="confirm"]').click();
    await expect(page.locator(`[data-cell="${seat}:${column}:${cell}"]`)).toHaveAttribute("data-value", String(value));
    written[seat][column][cell] = value;
  }
  await expect(page.locator("[data-game-over]")).toBeVisible();
  await expectTotals(page, 0, USUAL, written);
  await expectTotals(page, 1, USUAL, written);
});

test("the announced column: a tap and Confirm after the first roll announce, Undo takes it back until the roll, and the turn ends there", async ({ page }) => {
  const columns = ["announced", "free"];
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 8, columns });
  await page.locator('[data-action="roll"]').click();
  await page.locator('button[data-cell="0:announced:sixes"]').click();
  // The picker offers the announcement first, and says what it commits to; nothing is announced before Confirm.
  await expect(page.getByRole("dialog").locator('[data-offer="announce"]')).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('[data-cell="0:announced:sixes"]')).not.toHaveAttribute("data-announced", "true");
  await page.locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-cell="0:announced:sixes"]')).toHaveAttribute("data-announced", "true");
  await expect(page.locator("[data-current-seat]")).toContainText("announced Sixes");
  // Announced by mistake: Undo takes it back before the next roll, and the dice stay as they lie.
  const before = await readDice(page);
  await page.locator('[data-action="undo"]').click();
  await expect(page.locator("[data-announced]")).toHaveCount(0);
  expect(await readDice(page)).toEqual(before);
  await page.locator('button[data-cell="0:announced:sixes"]').click();
  await page.locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-cell="0:announced:sixes"]')).toHaveAttribute("data-announced", "true");
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-action="undo"]')).toHaveCount(0);
  // Nothing but the announced box may end this turn.
  await expect(page.locator('button[data-cell^="0:"]')).toHaveCount(1);
  const dice = await readDice(page);
  const points = columnScores(columns, "announced", {}, dice).sixes;
  await page.locator('button[data-cell="0:announced:sixes"]').click();
  await page.getByRole("dialog").locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-cell="0:announced:sixes"]')).toHaveAttribute("data-value", String(points));
  await expect(page.locator("[data-announced]")).toHaveCount(0);
});

test("the dry column takes a box only after the first roll", async ({ page }) => {
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 9, columns: ["dry", "free"] });
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('button[data-cell^="0:dry:"]')).toHaveCount(12);
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('button[data-cell^="0:dry:"]')).toHaveCount(0);
  await expect(page.locator('button[data-cell^="0:free:"]')).toHaveCount(12);
});

test("setup seats a column game, and the sheet is legible on tablets", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto("index.html");
  await page.locator('[data-setup="rules"]').selectOption("yam");
  await page.locator('[data-setup="sheet"]').selectOption("columns");
  // Down, Free, Up to begin with; Dry added at the end, Free taken out.
  await page.locator('[data-column-choice="dry"]').click();
  await page.locator('[data-column-choice="free"]').click();
  for (const [index, name] of ["Anna", "Ben", "Cleo", "Dimitri"].entries()) {
    if (index >= 2) await page.locator('[data-action="add-player"]').click();
    await page.locator('[data-setup="player-name"]').nth(index).fill(name);
  }
  await page.locator('[data-action="start"]').click();
  await expect(page.locator("[data-current-seat]")).toBeVisible();
  const heads = await page.locator("thead [data-column]").evaluateAll((cells) => cells.slice(0, 3).map((c) => c.dataset.column));
  expect(heads).toEqual(["down", "up", "dry"]);
  await page.locator('[data-action="roll"]').click();
  await page.screenshot({ path: "tests/e2e/artifacts/columns-tablet-portrait.png" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 1024, height: 768 });
  await startGame(page, { rules: "yam", players: ["Anna", "Ben", "Cleo", "Dimitri", "Eve", "Fred"], seed: 6, columns: USUAL });
  await page.locator('[data-action="roll"]').click();
  await page.screenshot({ path: "tests/e2e/artifacts/columns-tablet-landscape.png" });
  // Six players of three columns: the sheet scrolls sideways, and every open box is a full tap target.
  const boxes = await page.locator("button[data-cell]").evaluateAll((buttons) =>
    buttons.map((button) => button.getBoundingClientRect()).map(({ width, height }) => [width, height]),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const [width, height] of boxes) expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
  // The current player's columns are in view, their boxes ready.
  const seat = await currentSeat(page);
  await expect(page.locator(`button[data-cell="${seat}:free:sixes"]`)).toBeInViewport();
});
