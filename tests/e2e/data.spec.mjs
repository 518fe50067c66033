// Games in progress, finished games, statistics, export and import, two tabs, and storage that refuses writes.
import { readFile } from "node:fs/promises";
import { test, expect } from "@playwright/test";
import { currentSeat, playQuickTurn, readDice, startGame } from "./helpers.mjs";

/** Plays a one-player Yam game on the score pad to the end, writing `value` (or the nearest it can hold) everywhere. */
async function finishPadGame(page, name, values) {
  await startGame(page, { rules: "yam", players: [name], dice: "pad" });
  for (const [cell, value] of values) {
    await page.locator(`button[data-cell="0:${cell}"]`).click();
    await page.getByRole("dialog").locator(`[data-offer="${value}"]`).click();
    await page.locator('[data-action="confirm"]').click();
  }
  await expect(page.locator("[data-game-over]")).toBeVisible();
}

const CELLS = ["aces", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "small_straight",
  "large_straight", "full_house", "four_of_a_kind", "yam"];
const zeros = CELLS.map((cell) => [cell, 0]);
const good = [["aces", 3], ["twos", 6], ["threes", 9], ["fours", 12], ["fives", 15], ["sixes", 18],
  ["three_of_a_kind", 25], ["small_straight", 25], ["large_straight", 25], ["full_house", 30], ["four_of_a_kind", 40], ["yam", 50]];

test("games in progress are listed, resumed and deleted with confirmation", async ({ page }) => {
  await startGame(page, { rules: "yatzy", players: ["Anna", "Ben"], seed: 1 });
  await page.locator('[data-action="roll"]').click();
  await page.locator('[data-action="tables"]').click();
  await page.locator('[data-setup="table-name"]').fill("Cabin");
  await page.locator('[data-setup="rules"]').selectOption("yam");
  await page.locator('[data-action="start"]').click();
  await page.locator('[data-action="tables"]').click();
  const games = page.locator(".saved-table");
  await expect(games).toHaveCount(2);
  await expect(games.first()).toContainText("Cabin");
  await expect(games.nth(1)).toContainText("Yatzy · Anna, Ben · round 1 of 15");
  await games.nth(1).locator('[data-action="delete-table"]').click();
  await games.nth(1).locator('[data-action="keep-table"]').click();
  await expect(games).toHaveCount(2);
  await games.first().locator('[data-action="delete-table"]').click();
  await games.first().locator('[data-action="confirm-delete"]').click();
  await expect(games).toHaveCount(1);
  await page.reload();
  await expect(page.locator(".saved-table")).toHaveCount(1);
  await page.locator('[data-action="resume"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
});

test("statistics, the chart, export and import", async ({ page }) => {
  test.setTimeout(90_000);
  await finishPadGame(page, "Anna", good);
  await page.locator('[data-action="new-game"]').click();
  await finishPadGame(page, "Anna", zeros);
  await page.locator('[data-action="new-game"]').click();
  const stats = page.locator('[data-stats="yam"] tbody tr');
  await expect(stats).toHaveCount(1);
  // Anna: 2 games, 2 wins (alone), best 63 + 35 + 195, average half of it, bonus in one of two, one Yam.
  await expect(stats.first()).toHaveText(/Anna\s*2\s*2\s*293\s*146\.5\s*50%\s*1/);
  await expect(page.locator(".chart polyline")).toHaveCount(1);
  await expect(page.locator(".chart circle")).toHaveCount(2);
  // Export, then lose everything, then import: all back, and a second import adds nothing.
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-action="export"]').click()]);
  const file = await download.path();
  const exported = JSON.parse(await readFile(file, "utf8"));
  expect(exported.app).toBe("fivedice");
  expect(exported.history).toHaveLength(2);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator(".finished-games")).toHaveCount(0);
  await page.locator('[data-action="import"]').setInputFiles(file);
  await expect(page.locator(".notice")).toContainText("Imported 2 finished games and 0 games in progress; 0 were already here.");
  await expect(stats.first()).toHaveText(/Anna\s*2\s*2\s*293/);
  await page.locator('[data-action="import"]').setInputFiles(file);
  await expect(page.locator(".notice")).toContainText("Imported 0 finished games and 0 games in progress; 2 were already here.");
  await page.reload();
  await expect(page.locator(".finished-games tbody tr")).toHaveCount(2);
  // A file that is not an export is refused, and nothing changes.
  await page.locator('[data-action="import"]').setInputFiles({ name: "x.json", mimeType: "application/json", buffer: Buffer.from('{"app":"other"}') });
  await expect(page.locator(".notice")).toContainText("Nothing was imported");
  await expect(page.locator(".finished-games tbody tr")).toHaveCount(2);
});

test("one finished game can be shared as a file that imports elsewhere", async ({ page, browser }) => {
  await finishPadGame(page, "Cleo", good);
  await page.locator('[data-action="new-game"]').click();
  await page.locator('.finished-games [data-action="share-game"]').click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-action="share-file"]').click()]);
  const elsewhere = await browser.newPage();
  await elsewhere.goto("index.html");
  await elsewhere.locator('[data-action="import"]').setInputFiles(await download.path());
  await expect(elsewhere.locator(".finished-games tbody tr")).toHaveCount(1);
  await expect(elsewhere.locator(".finished-games tbody tr")).toContainText("Cleo 293");
  await elsewhere.close();
});

test("the same game in two tabs: the other tab shows the newer state, nothing is overwritten", async ({ page, context }) => {
  await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 8 });
  const other = await context.newPage();
  await other.goto("index.html");
  await expect(other.locator("[data-current-seat]")).toBeVisible();
  await page.locator('[data-action="roll"]').click();
  const dice = await readDice(page);
  await expect(other.locator(".notice")).toContainText("changed in another tab");
  expect(await readDice(other)).toEqual(dice);
  // The other tab plays on from the newest state, and the first tab follows.
  await other.locator('[data-die="0"]').click();
  await expect(page.locator('[data-die="0"]')).toHaveAttribute("aria-pressed", "true");
  expect(await currentSeat(page)).toBe(await currentSeat(other));
  await other.close();
});

test("storage that refuses writes: told once, play goes on, export still works", async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
  });
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 2 });
  await expect(page.locator(".notice")).toContainText("storage is full or blocked");
  await page.locator('[data-action="dismiss"]').click();
  await page.locator('[data-action="roll"]').click();
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator(".notice")).toHaveCount(0);
  await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /1 roll left/);
  await page.locator('[data-action="tables"]').click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-action="export"]').click()]);
  const exported = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(exported.tables).toHaveLength(1);
  // The table is its room's log: both rolls are in it.
  const rolls = exported.tables[0].table.log.filter((entry) => entry.event.played?.play.roll);
  expect(rolls).toHaveLength(2);
});

test("a store full to the browser's quota gives up its spare copies: the game in progress is saved and resumes", async ({ page }) => {
  await startGame(page, { rules: "yatzy", players: ["Anna"], seed: 2 });
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  // Spare copies, as months of play leave them (each save keeps the one it replaced), until the browser takes no
  // more, then smaller ones to the last byte.
  const spares = await page.evaluate(() => {
    let count = 0;
    for (const size of [100_000, 10_000, 1_000, 100, 10, 1]) {
      try {
        for (;;) localStorage.setItem(`fivedice.previous.fivedice.table.old-${size}-${count++}`, "x".repeat(size));
      } catch {
        count -= 1;
      }
    }
    return count;
  });
  expect(spares).toBeGreaterThan(20);
  // A box written needs room to be saved.
  await page.locator('[data-cell="0:chance"]').click();
  await page.getByRole("dialog").locator('[data-action="confirm"]').click();
  const written = await page.locator('[data-cell="0:chance"]').getAttribute("data-value");
  expect(Number(written)).toBeGreaterThan(4);
  await expect(page.getByText("The browser's storage is full or blocked")).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-cell="0:chance"]')).toHaveAttribute("data-value", written);
  const left = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("old-")).length);
  expect(left).toBeLessThan(spares);
});

test("a nearly full store is said on the start screen, with Export beside it", async ({ page }) => {
  await page.goto("index.html");
  await expect(page.locator('[data-action="export"]')).toBeVisible();
  await expect(page.locator("[data-storage-low]")).toHaveCount(0);
  // Another page of this address (or months of games) took 4.2 of the 5 MB.
  await page.evaluate(() => localStorage.setItem("another page's data", "x".repeat(4_200_000)));
  await page.reload();
  await expect(page.locator("[data-storage-low]")).toContainText("nearly full (about 4.2 of 5 MB)");
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-action="export"]').click()]);
  expect(download.suggestedFilename()).toMatch(/^fivedice-.*\.json$/);
});

test("a long history keeps its newest 100 games whole and older ones as their sheets: every figure stays", async ({ page }) => {
  test.setTimeout(90_000);
  const fetched = [];
  page.on("request", (request) => fetched.push(request.url()));
  // One game with the app's dice, played by a computer player, then shared as a file.
  await page.goto("index.html?new=1&rules=yatzy&players=Robo&bots=casual&botdelay=0&seed=4");
  await expect(page.locator("[data-game-over]")).toBeVisible({ timeout: 60_000 });
  await page.locator('[data-action="new-game"]').click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-action="export"]').click()]);
  const file = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(file.history).toHaveLength(1);
  const wholeGame = (await page.evaluate(() => localStorage.getItem("fivedice.history"))).length;
  // Years of evenings on another device: the same game 102 times, imported here.
  const [game] = file.history;
  file.history = Array.from({ length: 102 }, (_, at) => ({
    ...game,
    table_id: `${1690000000000 + at}-7`,
    finished_ms: game.finished_ms - 86_400_000 * (at + 1),
  }));
  const stats = page.locator('[data-stats="yatzy"] tbody tr');
  await expect(stats).toHaveCount(1);
  const row = (await stats.first().innerText()).split(/\s+/);
  await page.locator('[data-action="import"]').setInputFiles({ name: "years.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await expect(page.locator(".notice")).toContainText("Imported 102 finished games");
  // The newest 100 of the 103 stay whole; the three oldest keep their sheets only, in a fraction of the space.
  await expect.poll(() => fetched.some((url) => url.includes("split_compact"))).toBe(true);
  const kept = () => page.evaluate(() => localStorage.getItem("fivedice.history"));
  await expect.poll(async () => (await kept()).length).toBeLessThan(wholeGame * 100 + wholeGame * 3 * 0.5);
  expect((await kept()).match(/^game /gm)).toHaveLength(103);
  // Robo's record reads the same: 103 games (all won, alone), the same best, average and bonus rate.
  await page.reload();
  const after = (await stats.first().innerText()).split(/\s+/);
  expect(after.slice(0, 3)).toEqual(["Robo", "103", "103"]);
  expect(after.slice(3, 6)).toEqual(row.slice(3, 6));
  expect(Number(after[6])).toBe(103 * Number(row[6]));
  await expect(page.locator(".finished-games tbody tr")).toHaveCount(103);
});

test("a finished game's results and its review show again after a reload, until the table is left", async ({ page }) => {
  test.setTimeout(90_000);
  await startGame(page, { rules: "yam", players: ["Anna", "Ben"], seed: 6 });
  // Twelve boxes each.
  for (let turn = 0; turn < 24; turn++) await playQuickTurn(page);
  await expect(page.locator("[data-game-over]")).toBeVisible();
  const results = await page.locator("[data-game-over]").textContent();
  await expect(page.locator(".analysis")).toBeVisible();
  await page.reload();
  await expect(page.locator("[data-game-over]")).toHaveText(results);
  await expect(page.locator(".analysis")).toBeVisible();
  await expect(page.locator('[data-analysis="0"] [data-costly]')).toHaveCount(3, { timeout: 60_000 });
  // Left for a new game, it is in the finished games, and a reload shows the start screen.
  await page.locator('[data-action="new-game"]').click();
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  await expect(page.locator("[data-game-over]")).toHaveCount(0);
  await expect(page.locator(".finished-games tbody tr")).toHaveCount(1);
});
