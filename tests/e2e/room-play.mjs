// Playing a Yahtzee game in an online room from the test's side, shared by the room tests: each player's
// device, cutting a page's connection, rolling and finishing a turn as the CLI scores it, and totals checked
// on every page.
import { expect } from "@playwright/test";
import { choosableCells, cliRules, cliScore, expectedTotals, holdMostCommon, readDice, scoreCell, totals } from "./helpers.mjs";

export const yahtzee = cliRules().find((ruleset) => ruleset.id === "yahtzee");
export const rollsLeft = ["3 rolls left", "2 rolls left", "1 roll left", "No rolls left"];
// Each player's own tablet, in portrait.
export const device = { viewport: { width: 768, height: 1024 } };

/**
 * Lets a test cut a page's connection: every WebSocket the page opens is remembered, and while `__blockRooms`
 * is set new ones go to a closed port (as a device out of the network would).
 */
export function watchSockets() {
  const Native = window.WebSocket;
  window.__roomSockets = [];
  window.__blockRooms = false;
  window.WebSocket = class extends Native {
    constructor(url, ...rest) {
      super(window.__blockRooms ? "ws://127.0.0.1:9/unreachable" : url, ...rest);
      window.__roomSockets.push(this);
    }
  };
}

export async function cutConnection(page) {
  await page.evaluate(() => {
    window.__blockRooms = true;
    for (const socket of window.__roomSockets) socket.close();
  });
}

export async function restoreConnection(page) {
  await page.evaluate(() => (window.__blockRooms = false));
}

/**
 * Rolls and waits for the server's dice to come back: the roll button then counts one roll less, or, where a
 * generala on the first roll wins, the game is over and the button gone.
 */
export async function roll(page, used) {
  const button = page.locator('[data-action="roll"]');
  await expect(button).toHaveAttribute("aria-label", new RegExp(rollsLeft[used]));
  await button.click();
  const landed = (next) => {
    if (document.querySelector("[data-won-on-first-roll]")) return true;
    return new RegExp(next).test(document.querySelector('[data-action="roll"]')?.getAttribute("aria-label") ?? "");
  };
  await expect.poll(() => page.evaluate(landed, rollsLeft[used + 1])).toBe(true);
}

/** The rolls used so far in this turn, from the roll button's name. */
export async function rollsUsed(page) {
  const label = await page.locator('[data-action="roll"]').getAttribute("aria-label");
  return rollsLeft.findIndex((left) => label.includes(left));
}

/**
 * Plays the rest of the turn on the device holding the seat: rolls (seat 0 rolls again, keeping the most common
 * face, until a Yahtzee or no rolls are left; the others roll once, to keep the test short), then takes the
 * best cell the rules allow, as the CLI scores it (a Yahtzee with the forced Joker unless `rules` and `joker` say
 * otherwise).
 */
export async function finishTurn(page, seat, sheet, { rules = "yahtzee", joker = "forced", house = [] } = {}) {
  await expect(page.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", String(seat));
  // The previous player's score reaches this device on its own time (later through a relay): until it is
  // this seat's turn here, the dice and the roll button still show the previous turn.
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", String(seat));
  let used = await rollsUsed(page);
  if (used === 0) await roll(page, used++);
  // Generala: five alike on the first roll win the game as they land, with nothing to write.
  const winsOnFirstRoll = rules === "generala" && !house.includes("--no-first-roll-win");
  const wonNow = async () => (await page.locator("[data-won-on-first-roll]").count()) > 0;
  if (winsOnFirstRoll && used === 1 && (await wonNow())) {
    await expect(page.locator("[data-won-on-first-roll]")).toHaveAttribute("data-won-on-first-roll", String(seat));
    return;
  }
  const rollsWanted = seat === 0 ? 3 : 1;
  while (used < rollsWanted && new Set(await readDice(page)).size > 1) {
    await holdMostCommon(page);
    await roll(page, used++);
  }
  const dice = await readDice(page);
  const expected = cliScore(rules, joker, sheet.filled, dice, { firstRoll: used === 1, house });
  expect(await choosableCells(page, seat)).toEqual(expected.scores);
  const open = Object.keys(expected.scores);
  const cell = open.reduce((best, id) => (expected.scores[id] > expected.scores[best] ? id : best));
  await scoreCell(page, seat, cell, expected.scores[cell]);
  sheet.filled[cell] = expected.scores[cell];
  sheet.bonus += expected.yahtzee_bonus;
}

/** Every page shows the same totals, and they are what the rules say of each sheet. */
export async function expectTotalsEverywhere(pages, sheets) {
  for (const page of pages) {
    for (const [seat, sheet] of sheets.entries()) {
      const expected = expectedTotals(yahtzee, sheet);
      await expect(page.locator(`[data-total="${seat}:grand"]`)).toHaveText(String(expected.grand));
      expect(await totals(page, seat, ["upper", "bonus", "lower", "yahtzee-bonus"])).toEqual({
        upper: expected.upper,
        bonus: expected.bonus,
        lower: expected.lower,
        "yahtzee-bonus": sheet.bonus,
      });
    }
  }
}
