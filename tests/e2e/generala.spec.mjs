// Generala, Latin America's game of the family, each a whole game from the start page in its players' language:
// at one tablet in Spanish with the table's own house rules (a box made on the first roll pays its bonus), on a
// score pad in German (the picker says which values are made on the first roll, and a generala on the first roll
// wins at once, whatever the totals), and in a room of two phones. Every value offered is the rules crate's
// (through the CLI).
import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { choosableCells, cli, cliRules, cliScore, currentSeat, expectedTotals, holdMostCommon, readDice, scoreCell, writeOnPad } from "./helpers.mjs";
import { roomServer, tablet, twoPhonesPlaying } from "./devices.mjs";
import { finishTurn } from "./room-play.mjs";

const generala = cliRules().find((ruleset) => ruleset.id === "generala");
const cells = generala.sections.flatMap((section) => section.cells.map((cell) => cell.id));
const offersOf = (cell) => JSON.parse(execFileSync(cli, ["offers", "--rules", "generala", cell], { encoding: "utf8" }));

/** Opens the start page on a fresh tablet in a language, chooses Generala, the dice and the players. */
async function setUpGenerala(browser, { locale, dice, players }) {
  const context = await browser.newContext({ ...tablet, locale });
  const page = await context.newPage();
  await page.goto("index.html");
  await page.locator('[data-setup="rules"]').selectOption("generala");
  await page.locator('[data-setup="dice-mode"]').selectOption(dice);
  const names = page.locator('[data-setup="player-name"]');
  while ((await names.count()) < players.length) await page.locator('[data-action="add-player"]').click();
  for (const [seat, name] of players.entries()) await names.nth(seat).fill(name);
  return { context, page };
}

/** The standings: the rules' totals, ranked by total, or its maker first after a generala on the first roll. */
async function expectStandings(page, sheets, wonBy) {
  await expect(page.locator("[data-game-over]")).toBeVisible();
  const grands = sheets.map((sheet) => expectedTotals(generala, sheet).grand);
  for (const [seat, grand] of grands.entries()) {
    await expect(page.locator(`[data-standing][data-seat="${seat}"] .total`)).toHaveText(String(grand));
  }
  if (wonBy === undefined) {
    const best = Math.max(...grands);
    await expect(page.locator('[data-standing="1"]').first()).toContainText(String(best));
    await expect(page.locator("[data-won-on-first-roll]")).toHaveCount(0);
  } else {
    await expect(page.locator("[data-won-on-first-roll]")).toHaveAttribute("data-won-on-first-roll", String(wonBy));
    await expect(page.locator('[data-standing="1"]')).toHaveAttribute("data-seat", String(wonBy));
    await expect(page.locator('[data-winner="true"]')).toHaveCount(1);
  }
}

test("Generala at one tablet, in Spanish: the table's house rules, and a box made on the first roll pays its bonus", async ({ browser }) => {
  test.setTimeout(240_000);
  const players = ["Ana", "Beto"];
  const { context, page } = await setUpGenerala(browser, { locale: "es-AR", dice: "app", players });
  try {
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    // The house rules, in Spanish: a servida pays +10 at this table.
    await expect(page.locator(".house-rules legend")).toHaveText("Reglas de la casa");
    await page.locator('[data-setup="first-roll-bonus"]').selectOption("10");
    await expect(page.locator('[data-setup="double"]')).toBeChecked();
    await page.locator('[data-action="start"]').click();
    await expect(page.locator("thead th.player")).toHaveCount(players.length);
    const labels = page.locator("table.sheet tbody th.label");
    await expect.poll(async () => (await labels.allTextContents()).map((label) => label.trim())).toEqual([
      "Unos", "Doses", "Treses", "Cuatros", "Cincos", "Seises", "Escalera", "Full", "Póker", "Generala", "Generala doble",
    ]);
    await expect(page.locator('[data-total="0:bonus"]')).toHaveCount(0);
    const house = ["--first-roll-bonus", "10"];
    const sheets = players.map(() => ({ filled: {}, bonus: 0 }));
    let wonBy;
    let servidas = 0;
    for (let turn = 0; turn < cells.length * players.length && wonBy === undefined; turn++) {
      const seat = await currentSeat(page);
      await page.locator('[data-action="roll"]').click();
      let firstRoll = true;
      // Right after the first roll, the boxes offer what the rules pay then (a straight, full or poker +10).
      let expected = cliScore("generala", null, sheets[seat].filled, await readDice(page), { firstRoll, house });
      expect(await choosableCells(page, seat)).toEqual(expected.scores);
      const natural = cliScore("generala", null, sheets[seat].filled, await readDice(page), { house });
      const servida = Object.keys(expected.scores).find((cell) => expected.scores[cell] > natural.scores[cell]);
      const fiveAlike = new Set(await readDice(page)).size === 1;
      if (fiveAlike) {
        // A generala servida: the game is won as the dice land, with nothing to write.
        wonBy = seat;
        break;
      }
      if (!servida) {
        firstRoll = false;
        for (let roll = 1; roll < 3 && new Set(await readDice(page)).size > 1; roll++) {
          await holdMostCommon(page);
          await page.locator('[data-action="roll"]').click();
        }
        expected = cliScore("generala", null, sheets[seat].filled, await readDice(page), { house });
        expect(await choosableCells(page, seat)).toEqual(expected.scores);
      }
      const open = Object.keys(expected.scores);
      const cell = servida ?? open.reduce((best, id) => (expected.scores[id] > expected.scores[best] ? id : best));
      await scoreCell(page, seat, cell, expected.scores[cell], { crossOut: "Tachar" });
      sheets[seat].filled[cell] = expected.scores[cell];
      if (servida) servidas++;
    }
    await expectStandings(page, sheets, wonBy);
    if (wonBy !== undefined) await expect(page.locator("[data-won-on-first-roll]")).toContainText("generala servida");
    await test.step("Cómo se juega explains the servida and the double generala, in Spanish", async () => {
      await page.locator('[data-action="how-to-play"]').first().click();
      const guide = page.locator("[data-guide]");
      await expect(guide).toContainText("Cómo se juega a la Generala");
      await expect(guide).toContainText("suman 10 más: 30, 40 y 50");
      await expect(guide).toContainText("Generala doble: una segunda generala vale 100");
    });
    test.info().annotations.push({ type: "servidas", description: String(servidas) });
  } finally {
    await context.close();
  }
});

test("a generala servida at one tablet ends the game as the dice land: announced with its dice, no roll after it, kept through a reload", async ({ browser }) => {
  const context = await browser.newContext({ ...tablet, locale: "es-AR" });
  const page = await context.newPage();
  try {
    // Seed 2656: the roll-off takes its first two dice (5 and 4), and the first roll is five fours.
    await page.goto("index.html?new=1&rules=generala&players=Ana,Beto&seed=2656");
    const seat = await currentSeat(page);
    await page.locator('[data-action="roll"]').click();
    const name = ["Ana", "Beto"][seat];
    const announced = page.locator("[data-won-on-first-roll]");
    await expect(announced).toHaveAttribute("data-won-on-first-roll", String(seat));
    await expect(announced).toHaveText(`¡${name} gana con generala servida!`);
    await expect(page.locator("[data-game-over]")).toHaveAttribute("data-won-by", "servida");
    await expect(page.locator('[data-standing="1"]')).toHaveAttribute("data-seat", String(seat));
    // Nothing more to play: no live roll, no box to write, the dice that won shown beside the line that says so.
    await expect(page.locator('[data-action="roll"]:enabled')).toHaveCount(0);
    await expect(page.locator(`button[data-cell^="${seat}:"]:enabled`)).toHaveCount(0);
    await expect(announced.locator("[data-winning-dice]")).toHaveAttribute("data-winning-dice", "4 4 4 4 4");
    await page.screenshot({ path: "tests/e2e/artifacts/generala-servida.png" });
    // A reload finds the game won the same way.
    await page.reload();
    await expect(announced).toHaveAttribute("data-won-on-first-roll", String(seat));
    await expect(announced.locator("[data-winning-dice]")).toHaveAttribute("data-winning-dice", "4 4 4 4 4");
    await expect(page.locator('[data-action="roll"]:enabled')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("Generala on a score pad, in German: a full made on the first roll, and a generala on the first roll wins whatever the totals", async ({ browser }) => {
  test.setTimeout(120_000);
  const players = ["Oma", "Max"];
  const { context, page } = await setUpGenerala(browser, { locale: "de-DE", dice: "pad", players });
  try {
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.locator('[data-action="start"]').click();
    await page.locator('[data-action="choose-first"]').selectOption("0");
    const dialog = page.getByRole("dialog");
    const sheets = players.map(() => ({ filled: {}, bonus: 0 }));
    const write = (seat, cell, value) => writeOnPad(page, seat, cell, value, offersOf(cell), sheets[seat]);
    // A full's 35 is a full made on the first roll: the picker says so beside the value.
    await page.locator('button[data-cell="0:full_house"]').click();
    await expect(dialog.locator('[data-offer="35"]')).toHaveText("35 · erster Wurf");
    await expect(dialog.locator('[data-offer="30"]')).toHaveText("30");
    await expect(dialog.locator('[data-action="first-roll"]')).toHaveCount(0);
    await dialog.locator('[data-action="cancel"]').click();
    await write(0, "full_house", 35);
    await write(1, "aces", 2);
    await write(0, "four_of_a_kind", 45);
    // Max's generala, made on the first roll: the game ends there, and Max comes first with fewer points.
    // One tap says it: the switch also chooses the generala's 50.
    await page.locator('button[data-cell="1:generala"]').click();
    await dialog.locator('[data-action="first-roll"]').click();
    await expect(dialog.locator('[data-action="first-roll"]')).toHaveText("Im ersten Wurf (gewinnt)");
    await expect(dialog.locator('[data-offer="50"]')).toHaveAttribute("aria-pressed", "true");
    await dialog.locator('[data-action="confirm"]').click();
    await expect(dialog).toHaveCount(0);
    sheets[1].filled.generala = 50;
    await expectStandings(page, sheets, 1);
    await expect(page.locator("[data-won-on-first-roll]")).toHaveText("Max gewinnt mit einer Generala im ersten Wurf!");
    expect(expectedTotals(generala, sheets[1]).grand).toBeLessThan(expectedTotals(generala, sheets[0]).grand);
    await page.screenshot({ path: "tests/e2e/artifacts/generala-pad-german.png" });
  } finally {
    await context.close();
  }
});

test("Generala in a room of two phones: the host chooses it and its house rules, the bonus of the first roll is the rules' on both", async ({ browser }) => {
  test.setTimeout(240_000);
  const rooms = await roomServer(browser);
  try {
    // The host plays +10 for a servida and no double generala; the invited phone sees the choice, not to change.
    const beforeStart = async (host, leo) => {
      await host.locator('[data-setup="first-roll-bonus"]').selectOption("10");
      await expect(leo.locator('[data-setup="first-roll-bonus"]')).toHaveValue("10");
      await host.locator('[data-setup="double"]').uncheck();
      await expect(leo.locator('[data-setup="double"]')).not.toBeChecked();
      await expect(leo.locator('[data-setup="double"]')).toBeDisabled();
    };
    const devices = await twoPhonesPlaying(rooms, { room: "Family generala", rules: "generala", beforeStart });
    const house = ["--first-roll-bonus", "10", "--no-double"];
    await expect(devices[1].locator('[data-cell="1:double_generala"]')).toHaveCount(0);
    const sheets = devices.map(() => ({ filled: {}, bonus: 0 }));
    let seat = await currentSeat(devices[0]);
    let over = false;
    for (let turn = 0; turn < (cells.length - 1) * devices.length && !over; turn++, seat = (seat + 1) % devices.length) {
      await finishTurn(devices[seat], seat, sheets[seat], { rules: "generala", joker: "none", house });
      over = await devices[seat].locator("[data-game-over]").isVisible();
    }
    for (const page of devices) {
      await expect(page.locator("[data-game-over]")).toBeVisible();
      for (const [other, sheet] of sheets.entries()) {
        await expect(page.locator(`[data-total="${other}:grand"]`)).toHaveText(String(expectedTotals(generala, sheet).grand));
      }
    }
    expect(rooms.errors).toEqual([]);
  } finally {
    await rooms.stop();
  }
});
