// The family's sheets beyond the first four, each a whole game from the start page: Yacht (twelve boxes, no
// bonus) and Forced Yatzy (Yatzy's boxes filled top to bottom), at one device with the app's dice, on a score pad,
// and in a room of two phones. Every value offered is the rules crate's (through the CLI), and the standings add
// up as the rules say.
import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { choosableCells, cli, cliRules, cliScore, currentSeat, expectedTotals, holdMostCommon, readDice, scoreCell } from "./helpers.mjs";
import { roomServer, tablet, twoPhonesPlaying } from "./devices.mjs";
import { finishTurn } from "./room-play.mjs";

const rulesets = Object.fromEntries(cliRules().map((ruleset) => [ruleset.id, ruleset]));
const cellsOf = (rules) => rulesets[rules].sections.flatMap((section) => section.cells.map((cell) => cell.id));
const offersOf = (rules, cell) => JSON.parse(execFileSync(cli, ["offers", "--rules", rules, cell], { encoding: "utf8" }));

/** Opens the start page on a fresh tablet, chooses the game, the dice and the players, and starts. */
async function startFromSetup(browser, { rules, dice, players }) {
  const context = await browser.newContext({ ...tablet, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto("index.html");
  await page.locator('[data-setup="rules"]').selectOption(rules);
  await page.locator('[data-setup="dice-mode"]').selectOption(dice);
  const names = page.locator('[data-setup="player-name"]');
  while ((await names.count()) > players.length) await page.getByRole("button", { name: "Remove player" }).last().click();
  while ((await names.count()) < players.length) await page.getByRole("button", { name: "Add player" }).click();
  for (const [seat, name] of players.entries()) await names.nth(seat).fill(name);
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(page.locator("thead th.player")).toHaveCount(players.length);
  return { context, page };
}

/** The sheet's totals on the page are the rules' for each player, and a sheet without a bonus shows no bonus row. */
async function expectTotals(page, rules, sheets) {
  for (const [seat, sheet] of sheets.entries()) {
    const expected = expectedTotals(rulesets[rules], sheet);
    await expect(page.locator(`[data-total="${seat}:grand"]`)).toHaveText(String(expected.grand));
    await expect(page.locator(`[data-total="${seat}:upper"]`)).toHaveText(String(expected.upper));
    await expect(page.locator(`[data-total="${seat}:lower"]`)).toHaveText(String(expected.lower));
    if (rulesets[rules].upper_bonus) await expect(page.locator(`[data-total="${seat}:bonus"]`)).toHaveText(String(expected.bonus));
    else await expect(page.locator(`[data-total="${seat}:bonus"]`)).toHaveCount(0);
  }
}

/** The final standings rank the players by the rules' grand totals. */
async function expectStandings(page, rules, players, sheets) {
  await expect(page.locator("[data-game-over]")).toBeVisible();
  const grands = sheets.map((sheet) => expectedTotals(rulesets[rules], sheet).grand);
  const order = [...grands.keys()].sort((a, b) => grands[b] - grands[a]);
  const first = page.locator('[data-standing="1"]').first();
  await expect(first).toContainText(String(grands[order[0]]));
  await expect(page.locator('[data-winner="true"]')).toHaveCount(grands.filter((grand) => grand === grands[order[0]]).length);
  expect(players.length).toBe(sheets.length);
}

test("Yacht at one tablet: two players fill twelve boxes, no bonus anywhere, as the rulebook scores them", async ({ browser }) => {
  test.setTimeout(180_000);
  const rules = "yacht";
  const players = ["Anna", "Ben"];
  const { context, page } = await startFromSetup(browser, { rules, dice: "app", players });
  try {
    await expect(page.locator("table.sheet th.corner")).toHaveText("Yacht");
    const sheets = players.map(() => ({ filled: {}, bonus: 0 }));
    for (let turn = 0; turn < 12 * players.length; turn++) {
      const seat = await currentSeat(page);
      await page.locator('[data-action="roll"]').click();
      for (let roll = 1; roll < 3 && new Set(await readDice(page)).size > 1; roll++) {
        await holdMostCommon(page);
        await page.locator('[data-action="roll"]').click();
      }
      const expected = cliScore(rules, "none", sheets[seat].filled, await readDice(page));
      expect(await choosableCells(page, seat)).toEqual(expected.scores);
      expect(expected.yahtzee_bonus).toBe(0);
      const open = Object.keys(expected.scores);
      const cell = open.reduce((best, id) => (expected.scores[id] > expected.scores[best] ? id : best));
      await scoreCell(page, seat, cell, expected.scores[cell]);
      sheets[seat].filled[cell] = expected.scores[cell];
      if (turn === 0) await page.screenshot({ path: "tests/e2e/artifacts/family-yacht-tablet.png" });
    }
    await expectTotals(page, rules, sheets);
    await expectStandings(page, rules, players, sheets);
    await test.step("How to play says there is no bonus, and lists the twelve boxes", async () => {
      await page.locator('[data-action="how-to-play"]').first().click();
      const guide = page.locator("[data-guide]");
      await expect(guide).toContainText("How to play Yacht");
      await expect(guide).toContainText("This sheet has no bonus.");
      await expect(guide).toContainText("Big straight");
      await expect(guide).not.toContainText("Joker");
    });
  } finally {
    await context.close();
  }
});

test("Forced Yatzy at one tablet: only the next box down is ever offered, and the game runs fifteen turns", async ({ browser }) => {
  test.setTimeout(120_000);
  const rules = "forced-yatzy";
  const { context, page } = await startFromSetup(browser, { rules, dice: "app", players: ["Cleo"] });
  try {
    const sheet = { filled: {}, bonus: 0 };
    const labels = Object.fromEntries(rulesets[rules].sections.flatMap((section) => section.cells.map((cell) => [cell.id, cell.label])));
    for (const cell of cellsOf(rules)) {
      // Before the dice are rolled, the turn names its box and the sheet marks it.
      await expect(page.locator("[data-current-seat]")).toHaveText(`Cleo's turn — roll for ${labels[cell]}`);
      await expect(page.locator("td.next-in-order")).toHaveAttribute("data-cell", `0:${cell}`);
      await page.locator('[data-action="roll"]').click();
      const expected = cliScore(rules, "none", sheet.filled, await readDice(page));
      expect(Object.keys(expected.scores)).toEqual([cell]);
      expect(await choosableCells(page, 0)).toEqual(expected.scores);
      await scoreCell(page, 0, cell, expected.scores[cell]);
      sheet.filled[cell] = expected.scores[cell];
    }
    await expectTotals(page, rules, [sheet]);
    await expectStandings(page, rules, ["Cleo"], [sheet]);
  } finally {
    await context.close();
  }
});

for (const { rules, players } of [
  { rules: "forced-yatzy", players: ["Anna", "Ben"] },
  { rules: "yacht", players: ["Dan"] },
]) {
  test(`${rules} on a score pad: each box offers the values the rules allow it${players.length > 1 ? ", in order, for each player" : ""}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await startFromSetup(browser, { rules, dice: "pad", players });
    try {
      if (players.length > 1) await page.locator('[data-action="choose-first"]').selectOption("0");
      const inOrder = rulesets[rules].fills_in_order;
      const sheets = players.map(() => ({ filled: {}, bonus: 0 }));
      const cells = cellsOf(rules);
      for (let turn = 0; turn < cells.length * players.length; turn++) {
        const seat = await currentSeat(page);
        const open = cells.filter((cell) => !(cell in sheets[seat].filled));
        // In order, only the next box is a button; otherwise every open box is.
        const buttons = page.locator(`button[data-cell^="${seat}:"]`);
        await expect(buttons).toHaveCount(inOrder ? 1 : open.length);
        // The highest value of the next box down (in order), or of the last open box (Yacht), so the game
        // reaches the upper bonus on one sheet and not on another.
        const cell = inOrder ? open[0] : open[open.length - 1];
        const box = page.locator(`[data-cell="${seat}:${cell}"]`);
        await box.scrollIntoViewIfNeeded();
        await box.click();
        const dialog = page.getByRole("dialog");
        const offered = await dialog.locator("[data-offer]").evaluateAll((offers) => offers.map((offer) => Number(offer.dataset.offer)));
        expect(offered.toSorted((a, b) => a - b)).toEqual(offersOf(rules, cell));
        const value = seat === 0 ? Math.max(...offered) : Math.min(...offered.filter((offer) => offer > 0));
        await dialog.locator(`[data-offer="${value}"]`).click();
        await dialog.locator('[data-action="confirm"]').click();
        await expect(dialog).toHaveCount(0);
        await expect(box).toHaveAttribute("data-value", String(value));
        sheets[seat].filled[cell] = value;
      }
      await expectTotals(page, rules, sheets);
      await expectStandings(page, rules, players, sheets);
      if (inOrder) expect(expectedTotals(rulesets[rules], sheets[0]).bonus).toBe(50);
    } finally {
      await context.close();
    }
  });
}

for (const rules of ["forced-yatzy", "yacht"]) {
  test(`${rules} in a room of two phones: the host chooses the game, each phone plays its own sheet`, async ({ browser }) => {
    test.setTimeout(240_000);
    const rooms = await roomServer(browser);
    try {
      const devices = await twoPhonesPlaying(rooms, { room: `Family ${rules}`, rules });
      const sheets = devices.map(() => ({ filled: {}, bonus: 0 }));
      let seat = await currentSeat(devices[0]);
      for (let turn = 0; turn < cellsOf(rules).length * devices.length; turn++, seat = (seat + 1) % devices.length) {
        await finishTurn(devices[seat], seat, sheets[seat], { rules, joker: "none" });
      }
      for (const page of devices) {
        await expectTotals(page, rules, sheets);
        await expectStandings(page, rules, ["Mum", "Leo"], sheets);
      }
      expect(rooms.errors).toEqual([]);
    } finally {
      await rooms.stop();
    }
  });
}
