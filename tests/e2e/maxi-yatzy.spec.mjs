// Maxi Yatzy, the Scandinavian family's game of six dice, each a whole game from the address a person opens: at
// one tablet (six dice, the rolls a turn does not use saved for that player's later turns, the hints saying they
// are estimates), on a score pad in German (six dice entered, values offered by the rules), in a room of two
// phones, and between two computer players. Every score is the rules crate's (through the CLI).
import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { choosableCells, cli, cliRules, cliScore, currentSeat, expectedTotals, holdMostCommon, readDice, scoreCell, writeOnPad } from "./helpers.mjs";
import { roomServer, tablet, twoPhonesPlaying } from "./devices.mjs";

const maxi = cliRules().find((ruleset) => ruleset.id === "maxi-yatzy");
const cells = maxi.sections.flatMap((section) => section.cells.map((cell) => cell.id));
const offersOf = (cell) => JSON.parse(execFileSync(cli, ["offers", "--rules", "maxi-yatzy", cell], { encoding: "utf8" }));

/** Rolls, and waits for the dice to land: the roll button then counts exactly one roll less (not merely another
 * label: online it says it reconnects while a command is on its way). */
async function roll(page) {
  const button = page.locator('[data-action="roll"]');
  await expect(button).toBeEnabled();
  await expect(button).toHaveAttribute("aria-label", /\d+ rolls? left/);
  const left = Number((await button.getAttribute("aria-label")).match(/(\d+) rolls? left/)[1]);
  await button.click();
  const after = left === 1 ? /No rolls left/ : new RegExp(`\\(${left - 1} rolls? left\\)`);
  await expect(button).toHaveAttribute("aria-label", after);
  await expect(page.locator('[data-die][data-face=""]')).toHaveCount(0);
}

/**
 * One turn of a person at `page`: rolls `rolls` times (fewer if the dice are all alike first), holding the most
 * common face, then writes the best box the rules allow. The boxes offered are the CLI's scores.
 */
async function playTurn(page, seat, sheet, rolls) {
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", String(seat));
  await roll(page);
  for (let used = 1; used < rolls && new Set(await readDice(page)).size > 1; used++) {
    await holdMostCommon(page);
    await roll(page);
  }
  const dice = await readDice(page);
  expect(dice).toHaveLength(6);
  const expected = cliScore("maxi-yatzy", null, sheet.filled, dice);
  expect(await choosableCells(page, seat)).toEqual(expected.scores);
  const open = Object.keys(expected.scores);
  const cell = open.reduce((best, id) => (expected.scores[id] > expected.scores[best] ? id : best));
  await scoreCell(page, seat, cell, expected.scores[cell]);
  sheet.filled[cell] = expected.scores[cell];
}

test("Maxi Yatzy at one tablet: six dice, the rolls a turn does not use saved for that player, hints that say they are estimates", async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ ...tablet, locale: "en-GB" });
  const page = await context.newPage();
  try {
    await page.goto("index.html");
    await page.locator('[data-setup="rules"]').selectOption("maxi-yatzy");
    const names = page.locator('[data-setup="player-name"]');
    while ((await names.count()) < 2) await page.locator('[data-action="add-player"]').click();
    await names.nth(0).fill("Astrid");
    await names.nth(1).fill("Bo");
    await page.locator('[data-action="start"]').click();
    await expect(page.locator("[data-die]")).toHaveCount(6);
    const labels = page.locator("table.sheet tbody th.label");
    await expect.poll(async () => (await labels.allTextContents()).map((label) => label.trim())).toEqual([
      "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "One pair", "Two pairs", "Three pairs", "Three of a kind",
      "Four of a kind", "Five of a kind", "Small straight", "Large straight", "Full straight", "Full house", "Villa",
      "Tower", "Chance", "Maxi Yatzy",
    ]);
    await expect(page.locator("tr.par-row th")).toHaveText("Par (4 of each)");
    const sheets = [{ filled: {}, bonus: 0 }, { filled: {}, bonus: 0 }];
    const first = await currentSeat(page);
    // The first to play rolls once a turn and so saves two rolls a turn; the other uses every roll it has.
    const saver = first;
    // Upright on the tablet, the six dice, Roll and all twenty boxes are in view, the sheet never scrolling (so
    // never jumping after a box).
    const inView = () =>
      page.evaluate(() => {
        const seen = (element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= innerHeight + 1 && box.left >= 0 && box.right <= innerWidth + 1;
        };
        const wrap = document.querySelector(".sheet-wrap");
        return {
          boxes: [...document.querySelectorAll("tbody th.label")].filter(seen).length,
          dice: [...document.querySelectorAll("[data-die]")].filter(seen).length,
          roll: seen(document.querySelector('[data-action="roll"]')),
          sheetScrolls: wrap.scrollHeight > wrap.clientHeight + 1 || wrap.scrollTop > 0,
        };
      });
    for (let turn = 0; turn < cells.length * 2; turn++) {
      const seat = await currentSeat(page);
      const saved = await page.locator(`[data-saved-rolls="${seat}"]`).getAttribute("data-value");
      await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", new RegExp(`\\(${3 + Number(saved)} rolls left\\)`));
      // The rolls saved on earlier turns show beside Roll.
      const beside = page.locator(".tray [data-saved-beside]");
      if (saved === "0") await expect(beside).toHaveCount(0);
      else await expect(beside).toHaveText(`Saved rolls: +${saved}`);
      expect(await inView(), `turn ${turn}`).toEqual({ boxes: 20, dice: 6, roll: true, sheetScrolls: false });
      if (turn === 0) {
        await roll(page);
        await page.getByRole("button", { name: "Hint" }).click();
        await expect(page.locator('[data-hint="ready"]')).toBeVisible({ timeout: 60_000 });
        await expect(page.locator("[data-hint-estimate]")).toContainText("Approximate in Maxi Yatzy");
        await expect(page.locator('[data-hint-option="1"]')).toContainText("best");
        const dice = await readDice(page);
        const expected = cliScore("maxi-yatzy", null, {}, dice);
        const cell = Object.keys(expected.scores).reduce((best, id) => (expected.scores[id] > expected.scores[best] ? id : best));
        // Writing after one roll: the picker says what it saves.
        await page.locator(`[data-cell="${seat}:${cell}"]`).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.locator("[data-saves-rolls]")).toHaveText("Writing now saves 2 rolls for your later turns.");
        await dialog.locator('[data-action="cancel"]').click();
        await scoreCell(page, seat, cell, expected.scores[cell]);
        sheets[seat].filled[cell] = expected.scores[cell];
        await expect(page.locator(`[data-saved-rolls="${seat}"]`)).toHaveAttribute("data-value", "2");
        continue;
      }
      const rolls = seat === saver ? 1 : 3 + Number(saved);
      await playTurn(page, seat, sheets[seat], rolls);
      if (seat === saver) {
        const round = Math.floor(turn / 2) + 1;
        await expect(page.locator(`[data-saved-rolls="${seat}"]`)).toHaveAttribute("data-value", String(2 * round));
      }
    }
    await expect(page.locator("[data-game-over]")).toBeVisible();
    for (const [seat, sheet] of sheets.entries()) {
      await expect(page.locator(`[data-total="${seat}:grand"]`)).toHaveText(String(expectedTotals(maxi, sheet).grand));
    }
    await test.step("How to play tells of six dice, saved rolls and the bonus at four of each face", async () => {
      await page.locator('[data-action="how-to-play"]').first().click();
      const guide = page.locator("[data-guide]");
      await expect(guide).toContainText("How to play Maxi Yatzy");
      await expect(guide).toContainText("Roll the six dice up to three times");
      await expect(guide).toContainText("the rolls you do not use are saved for your later turns");
      await expect(guide).toContainText("four of each face make exactly 84");
      await expect(guide).toContainText("the sixth die anything");
    });
  } finally {
    await context.close();
  }
});

test("Maxi Yatzy on a score pad, in German, with the bonus of 50 at 75: six dice entered, every value offered is the rules'", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ ...tablet, locale: "de-DE" });
  const page = await context.newPage();
  try {
    await page.goto("index.html");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.locator('[data-setup="rules"]').selectOption("maxi-yatzy");
    const names = page.locator('[data-setup="player-name"]');
    while ((await names.count()) < 2) await page.locator('[data-action="add-player"]').click();
    await names.nth(0).fill("Oma");
    // A computer chosen for the second seat, then the table's own dice: the seat is a person again, and its
    // name the seat's own.
    await page.locator('[data-setup="player-kind"]').nth(1).selectOption("strong");
    await expect(names.nth(1)).toHaveAttribute("placeholder", "Computer 2");
    await page.locator('[data-setup="dice-mode"]').selectOption("pad");
    await expect(names.nth(1)).toHaveAttribute("placeholder", "Spieler 2");
    // The table plays the smaller bonus some Swedish sheets print.
    await page.locator('[data-setup="upper-bonus"]').check();
    await page.locator('[data-action="start"]').click();
    await page.locator('[data-action="choose-first"]').selectOption("0");
    await expect(page.locator("tr.total th").nth(1)).toHaveText("Bonus (+50 ab 75)");
    await expect(page.locator("[data-saved-rolls]")).toHaveCount(0);
    const dialog = page.getByRole("dialog");
    const sheets = [{ filled: {}, bonus: 0 }, { filled: {}, bonus: 0 }];
    const write = (seat, cell, value) => writeOnPad(page, seat, cell, value, offersOf(cell), sheets[seat]);
    // Six dice entered while choosing the tower: Oma's 4 + 2 are scored by the rules.
    await page.locator('button[data-cell="0:tower"]').click();
    await dialog.getByRole("button", { name: "Würfel eingeben" }).click();
    const entry = dialog.getByRole("group", { name: "Gib die sechs gewürfelten Würfel ein" });
    for (const face of [6, 6, 6, 6, 5]) await entry.locator(`[data-enter-face="${face}"]`).click();
    await expect(dialog.locator("[data-offer]")).toHaveCount(0);
    await entry.locator('[data-enter-face="5"]').click();
    await expect(dialog.locator("[data-offer]")).toHaveCount(1);
    await expect(dialog.locator('[data-offer="34"]')).toHaveAttribute("aria-pressed", "true");
    await dialog.locator('[data-action="confirm"]').click();
    await expect(page.locator('[data-cell="0:tower"]')).toHaveAttribute("data-value", "34");
    sheets[0].filled.tower = 34;
    // Every other box by hand, each picker offering exactly what six dice can score there: Oma writes the most,
    // Opa the least.
    await write(1, "tower", 0);
    for (const cell of cells.filter((cell) => cell !== "tower")) {
      const offers = offersOf(cell);
      await write(0, cell, offers.at(-1));
      await write(1, cell, offers[0]);
    }
    await expect(page.locator("[data-game-over]")).toBeVisible();
    const small = { ...maxi, upper_bonus: { threshold: 75, points: 50 } };
    const oma = expectedTotals(small, sheets[0]);
    expect(oma.bonus).toBe(50);
    await expect(page.locator('[data-total="0:grand"]')).toHaveText(String(oma.grand));
    await expect(page.locator('[data-total="1:grand"]')).toHaveText(String(expectedTotals(small, sheets[1]).grand));
    await expect(page.locator("thead th.player").nth(1)).toHaveText("Spieler 2");
    await expect(page.locator('[data-standing="1"]')).toHaveAttribute("data-seat", "0");
    await test.step("Spielregeln tell of the table's bonus, 50 at 75", async () => {
      await page.locator('[data-action="how-to-play"]').first().click();
      await expect(page.locator("[data-guide]")).toContainText("Erreicht dieser Teil 75, kommt sofort der Bonus von 50 Punkten dazu.");
    });
  } finally {
    await context.close();
  }
});

test("Maxi Yatzy in a room of two phones: the server rolls six dice, and both phones see the rolls each player saved", async ({ browser }) => {
  test.setTimeout(300_000);
  const rooms = await roomServer(browser);
  try {
    const devices = await twoPhonesPlaying(rooms, { room: "Maxi night", rules: "maxi-yatzy" });
    const sheets = devices.map(() => ({ filled: {}, bonus: 0 }));
    let seat = await currentSeat(devices[0]);
    const saver = seat;
    for (let turn = 0; turn < cells.length * 2; turn++, seat = (seat + 1) % 2) {
      const page = devices[seat];
      await expect(page.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", String(seat));
      const rolls = seat === saver ? 1 : 3;
      await playTurn(page, seat, sheets[seat], rolls);
      if (seat === saver) {
        const saved = String(2 * (Math.floor(turn / 2) + 1));
        for (const device of devices) {
          await expect(device.locator(`[data-saved-rolls="${seat}"]`)).toHaveAttribute("data-value", saved);
        }
      }
    }
    for (const page of devices) {
      await expect(page.locator("[data-game-over]")).toBeVisible();
      for (const [other, sheet] of sheets.entries()) {
        await expect(page.locator(`[data-total="${other}:grand"]`)).toHaveText(String(expectedTotals(maxi, sheet).grand));
      }
    }
    expect(rooms.errors).toEqual([]);
  } finally {
    await rooms.stop();
  }
});

test("two computer players play a whole Maxi Yatzy game by estimate, every box filled within the rules", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("index.html?new=1&rules=maxi-yatzy&players=Robo,Bit&bots=strong,casual&botdelay=0&seed=8");
  await expect(page.locator("[data-game-over]")).toBeVisible({ timeout: 150_000 });
  for (const seat of [0, 1]) {
    const values = await page
      .locator(`[data-cell^="${seat}:"]`)
      .evaluateAll((boxes) => boxes.map((box) => box.dataset.value).filter((value) => value !== ""));
    expect(values).toHaveLength(cells.length);
    const filled = Object.fromEntries(cells.map((cell, index) => [cell, Number(values[index])]));
    await expect(page.locator(`[data-total="${seat}:grand"]`)).toHaveText(String(expectedTotals(maxi, { filled, bonus: 0 }).grand));
  }
});

test("six dice fit on a phone, a tablet in portrait and a tablet in landscape", async ({ browser }) => {
  for (const viewport of [{ width: 375, height: 740 }, { width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    try {
      await page.goto("index.html?new=1&rules=maxi-yatzy&players=Ann,Bo&seed=4");
      await roll(page);
      const tray = await page.locator(".tray").boundingBox();
      for (let die = 0; die < 6; die++) {
        const box = await page.locator(`[data-die="${die}"]`).boundingBox();
        expect(box.x, `${viewport.width}: die ${die}`).toBeGreaterThanOrEqual(tray.x);
        expect(box.x + box.width, `${viewport.width}: die ${die}`).toBeLessThanOrEqual(tray.x + tray.width);
      }
      const tops = await page.locator("[data-die]").evaluateAll((dice) => dice.map((die) => die.getBoundingClientRect().top));
      expect(new Set(tops).size, `${viewport.width}: one row`).toBe(1);
    } finally {
      await context.close();
    }
  }
});
