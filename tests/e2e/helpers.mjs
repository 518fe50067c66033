// Shared steps for the browser tests: start a game by address, read the dice, ask the CLI for the rules' answer.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { expect } from "@playwright/test";

// The CLI as `cargo build -p fivedice` left it (in $CARGO_TARGET_DIR when that is set).
export const cli = process.env.CARGO_TARGET_DIR
  ? resolve(process.env.CARGO_TARGET_DIR, "debug/fivedice")
  : new URL("../../target/debug/fivedice", import.meta.url).pathname;

/**
 * Waits until a dialog closed on the start screen has taken its history entry back off (Back's layer, undone
 * by a `history.back()` of its own): an address opened before that is aborted by the browser.
 */
export async function layerTakenBack(page) {
  await expect.poll(() => page.evaluate(() => history.state)).toBe(0);
}

/** Opens a new game through the launch address of UI-HOOKS.md and waits for the table. */
export async function startGame(page, { rules, players, seed, joker, columns, dice = "app" }) {
  const params = new URLSearchParams({ new: "1", rules, players: players.join(","), dice });
  if (seed !== undefined) params.set("seed", String(seed));
  if (joker) params.set("joker", joker);
  if (columns) params.set("columns", columns.join(","));
  await page.goto(`index.html?${params}`);
  await expect(page.locator("[data-current-seat]")).toBeVisible();
}

/** As a person starts a game: the start page's form, each player named, Start; the table then shows. */
export async function startFromTheStartPage(page, players) {
  await page.goto("index.html");
  const names = page.locator('[data-setup="player-name"]');
  // The form shows in a task after the page's first paint: its two fields first, then any more players.
  await expect(names.nth(1)).toBeVisible();
  while ((await names.count()) < players.length) await page.locator('[data-action="add-player"]').click();
  for (const [seat, name] of players.entries()) await names.nth(seat).fill(name);
  await page.locator('[data-action="start"]').click();
  const table = page.locator("[data-current-seat]");
  await expect(table).toBeVisible();
  return table;
}

export async function currentSeat(page) {
  return Number(await page.locator("[data-current-seat]").getAttribute("data-current-seat"));
}

/** The dice (five, or Maxi Yatzy's six) as one reading of the page (never half of one roll and half of the next):
 * [{ face, held }]. */
async function readTray(page) {
  const dice = page.locator("[data-die]");
  await expect.poll(() => dice.count()).toBeGreaterThanOrEqual(5);
  return dice.evaluateAll((elements) =>
    elements
      .sort((a, b) => a.dataset.die - b.dataset.die)
      .map((element) => ({ face: Number(element.dataset.face), held: element.getAttribute("aria-pressed") === "true" })),
  );
}

export async function readDice(page) {
  return (await readTray(page)).map((die) => die.face);
}

export async function heldDice(page) {
  return (await readTray(page)).map((die) => die.held);
}

/** The cell buttons a seat's column shows, as one reading: [{ cell: "seat:…", text }]. */
export async function cellButtons(page, seat) {
  return page
    .locator(`button[data-cell^="${seat}:"]`)
    .evaluateAll((buttons) => buttons.map((button) => ({ cell: button.dataset.cell, text: button.textContent.trim() })));
}

/** The rules crate's answer, through the CLI: what each open cell scores, and the bonus. */
export function cliScore(rules, joker, filled, dice, { firstRoll = false, house = [] } = {}) {
  const args = ["score", "--rules", rules, ...house];
  if (joker) args.push("--joker", joker);
  // Dice made on the turn's first roll (Generala pays more for some boxes then).
  if (firstRoll) args.push("--first-roll");
  const cells = Object.entries(filled).map(([id, value]) => `${id}=${value}`);
  if (cells.length) args.push("--filled", cells.join(","));
  args.push(...dice.map(String));
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8" }));
}

/** Column Yam: what the rules allow and score in one column of a sheet for these dice: { cell: points }. */
export function columnScores(columns, column, filled, dice) {
  const args = ["score", "--rules", "yam", "--columns", columns.join(","), "--column", column];
  const cells = Object.entries(filled).map(([id, value]) => `${id}=${value}`);
  if (cells.length) args.push("--filled", cells.join(","));
  args.push(...dice.map(String));
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8" })).scores;
}

export function cliRules() {
  return JSON.parse(execFileSync(cli, ["rules"], { encoding: "utf8" }));
}

/** The cells the page offers as buttons for this seat, with the value each shows. */
export async function choosableCells(page, seat) {
  const cells = {};
  for (const { cell, text } of await cellButtons(page, seat)) cells[cell.split(":")[1]] = Number(text);
  return cells;
}

/** Taps a cell, checks the picker offers exactly `value`, and confirms. */
export async function scoreCell(page, seat, cell, value, { crossOut = "Cross out" } = {}) {
  await page.locator(`[data-cell="${seat}:${cell}"]`).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("[data-offer]")).toHaveCount(1);
  await expect(dialog.locator(`[data-offer="${value}"]`)).toHaveCount(1);
  if (value === 0) await expect(dialog.locator('[data-offer="0"]')).toHaveText(crossOut);
  await dialog.locator('[data-action="confirm"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-cell="${seat}:${cell}"]`)).toHaveAttribute("data-value", String(value));
}

/**
 * One quick turn of the player to play, with the app's dice: a roll, then the first box of their column, its
 * first value offered (or its last: `offer: "last"`), Confirm. Returns the seat, the box (`seat:cell`) and the
 * value written.
 */
export async function playQuickTurn(page, { offer = "first" } = {}) {
  const seat = await currentSeat(page);
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  const box = page.locator(`button[data-cell^="${seat}:"]`).first();
  const cell = await box.getAttribute("data-cell");
  await box.click();
  const dialog = page.getByRole("dialog");
  const offers = dialog.locator("[data-offer]");
  const chosen = offer === "last" ? offers.last() : offers.first();
  const value = await chosen.getAttribute("data-offer");
  await chosen.click();
  await dialog.locator('[data-action="confirm"]').click();
  await expect(dialog).toHaveCount(0);
  return { seat, cell, value };
}

/** Holds the dice showing the most common face (highest on ties) and releases the rest. */
export async function holdMostCommon(page) {
  const tray = await readTray(page);
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const { face } of tray) counts[face]++;
  let best = 6;
  for (let face = 6; face >= 1; face--) if (counts[face] > counts[best]) best = face;
  for (const [die, { face, held }] of tray.entries()) {
    if ((face === best) !== held) await page.locator(`[data-die="${die}"]`).click();
  }
}

export async function totals(page, seat, names) {
  await page.locator(`[data-total="${seat}:${names[0]}"]`).waitFor();
  return page.evaluate(
    ({ seat, names }) =>
      Object.fromEntries(names.map((name) => [name, Number(document.querySelector(`[data-total="${seat}:${name}"]`)?.textContent)])),
    { seat, names },
  );
}

/** A sheet's totals as the rules define them (from `fivedice rules`): sections, the upper bonus, and the
 * five-of-a-kind bonuses collected (`sheet.bonus`). */
export function expectedTotals(ruleset, sheet) {
  const [upper, lower] = ruleset.sections.map((section) => section.cells.map((cell) => cell.id));
  const sum = (ids) => ids.reduce((total, id) => total + (sheet.filled[id] ?? 0), 0);
  const upperTotal = sum(upper);
  // A sheet without an upper bonus (Yacht) has `upper_bonus: null`.
  const bonus = ruleset.upper_bonus && upperTotal >= ruleset.upper_bonus.threshold ? ruleset.upper_bonus.points : 0;
  return { upper: upperTotal, bonus, lower: sum(lower), grand: upperTotal + bonus + sum(lower) + sheet.bonus };
}

/**
 * Score pad: the seat to play writes `value` in a box by hand, after checking the picker offers exactly `offers`
 * (the rules crate's, through the CLI); `sheet.filled` takes it.
 */
export async function writeOnPad(page, seat, cell, value, offers, sheet) {
  const dialog = page.getByRole("dialog");
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", String(seat));
  await page.locator(`button[data-cell="${seat}:${cell}"]`).click();
  const offered = await dialog.locator("[data-offer]").evaluateAll((offers) => offers.map((offer) => Number(offer.dataset.offer)));
  expect(offered.toSorted((a, b) => a - b)).toEqual(offers);
  await dialog.locator(`[data-offer="${value}"]`).click();
  await dialog.locator('[data-action="confirm"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-cell="${seat}:${cell}"]`)).toHaveAttribute("data-value", String(value));
  sheet.filled[cell] = value;
}

/**
 * Waits until the screen shows each player of `table` with the total their sheet shows (`timeout`: after the
 * network or the server comes back, the browser reconnects on its own schedule, within seconds).
 */
export async function expectScreenFollows(screen, table, players, { timeout = 5_000 } = {}) {
  for (const [seat, player] of players.entries()) {
    const grand = await table.locator(`[data-total="${seat}:grand"]`).textContent();
    await expect(screen.locator(`[data-event-row][data-player="${player}"]`)).toHaveAttribute("data-total", grand.trim(), { timeout });
  }
}

/** Score pad: the seat to play writes the first value offered for the first open box (never a cross-out). */
export async function writeFirstBoxOnPad(page) {
  const seat = await page.locator("[data-current-seat]").getAttribute("data-current-seat");
  await page.locator(`button[data-cell^="${seat}:"]`).first().click();
  const dialog = page.getByRole("dialog");
  const offers = dialog.locator("[data-offer]");
  await offers.last().click();
  await dialog.locator('[data-action="confirm"]').click();
  await expect(dialog).toHaveCount(0);
}
