// The score pad for real dice: values written by hand, dice entered and scored by the rules, the explicit bonus.
import { test, expect } from "@playwright/test";
import { tablet } from "./devices.mjs";
import { currentSeat, startGame, totals } from "./helpers.mjs";

/** Opens the picker on a box of the current player, picks a value and confirms. */
async function write(page, seat, cell, value, { bonus = false } = {}) {
  await page.locator(`button[data-cell="${seat}:${cell}"]`).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.locator(`[data-offer="${value}"]`).click();
  if (bonus) await dialog.locator('[data-action="yahtzee-bonus"]').click();
  await dialog.locator('[data-action="confirm"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-cell="${seat}:${cell}"]`)).toHaveAttribute("data-value", String(value));
}

test("a two-player Yam game on the score pad, to the winner", async ({ page }) => {
  test.setTimeout(120_000);
  await startGame(page, { rules: "yam", players: ["Anna", "Ben"], seed: 4, dice: "pad" });
  await expect(page.locator("[data-die]")).toHaveCount(0);
  await expect(page.locator('[data-action="roll"]')).toHaveCount(0);
  // Seat 0 earns the bonus exactly with Sixes (45 + 18 = 63); seat 1 crosses out and misses it.
  const plans = [
    [["aces", 3], ["twos", 6], ["threes", 9], ["fours", 12], ["fives", 15], ["sixes", 18],
     ["three_of_a_kind", 25], ["small_straight", 25], ["large_straight", 0], ["full_house", 30],
     ["four_of_a_kind", 40], ["yam", 50]],
    [["sixes", 24], ["fives", 20], ["fours", 8], ["threes", 0], ["twos", 4], ["aces", 1],
     ["yam", 0], ["four_of_a_kind", 40], ["full_house", 0], ["large_straight", 25],
     ["small_straight", 25], ["three_of_a_kind", 30]],
  ];
  const next = [0, 0];
  for (let entry = 0; entry < 24; entry++) {
    const seat = await currentSeat(page);
    const [cell, value] = plans[seat][next[seat]++];
    const bonusBefore = await page.locator(`[data-total="${seat}:bonus"]`).textContent();
    await write(page, seat, cell, value);
    if (seat === 0 && cell === "sixes") {
      expect(bonusBefore).toBe("0");
      await expect(page.locator('[data-total="0:bonus"]')).toHaveText("35");
    }
    if (seat === 0 && cell === "fives") await expect(page.locator('[data-total="0:bonus"]')).toHaveText("0");
  }
  expect(await totals(page, 0, ["upper", "bonus", "lower", "grand"])).toEqual({ upper: 63, bonus: 35, lower: 170, grand: 268 });
  expect(await totals(page, 1, ["upper", "bonus", "lower", "grand"])).toEqual({ upper: 57, bonus: 0, lower: 120, grand: 177 });
  await expect(page.locator("[data-game-over]")).toBeVisible();
  await expect(page.locator('[data-standing="1"]')).toHaveAttribute("data-seat", "0");
  await expect(page.locator('[data-standing="1"]')).toHaveAttribute("data-winner", "true");
  await expect(page.locator('[data-standing="2"]')).toHaveAttribute("data-winner", "false");
});

test("the pad offers exactly what a box can hold, with 0 as Cross out", async ({ page }) => {
  await startGame(page, { rules: "yahtzee", players: ["Anna"], dice: "pad" });
  await page.locator('button[data-cell="0:fours"]').click();
  const offers = page.getByRole("dialog").locator("[data-offer]");
  await expect(offers).toHaveText(["Cross out", "4", "8", "12", "16", "20"]);
  await page.locator('[data-action="cancel"]').click();
  await page.locator('button[data-cell="0:three_of_a_kind"]').click();
  const values = await offers.evaluateAll((buttons) => buttons.map((b) => Number(b.dataset.offer)));
  expect(values).toEqual([0, ...Array.from({ length: 26 }, (_, i) => i + 5)]);
  await page.locator('[data-action="cancel"]').click();
  await page.locator('button[data-cell="0:chance"]').click();
  await expect(offers.first()).toHaveText("5");
});

test("entered dice are scored by the rules, Joker and bonus included", async ({ page }) => {
  await startGame(page, { rules: "yahtzee", players: ["Anna"], dice: "pad" });
  const dialog = page.getByRole("dialog");
  // No bonus while the Yahtzee box is open.
  await page.locator('button[data-cell="0:yahtzee"]').click();
  await expect(dialog.locator('[data-action="yahtzee-bonus"]')).toHaveCount(0);
  await dialog.locator('[data-action="cancel"]').click();
  await write(page, 0, "yahtzee", 50);
  // Enter 6-6-6-6-6 while choosing Chance: the forced Joker sends them to Sixes.
  await page.locator('button[data-cell="0:chance"]').click();
  await dialog.locator('[data-action="enter-dice"]').click();
  for (const face of [6, 6, 6, 6, 6]) await dialog.locator(`[data-enter-face="${face}"]`).click();
  // The refusal names the boxes as the sheet prints them, never by an id.
  await expect(page.locator(".notice")).toContainText("The Joker rule forbids “Chance” for this roll; allowed: Sixes");
  await expect(page.locator("button[data-cell]")).toHaveCount(1);
  // The table sees why: the Joker's call in plain words.
  await expect(page.locator("[data-joker-note]").first()).toHaveText("Yahtzee with Sixes open: it must go in Sixes.");
  await page.locator('button[data-cell="0:sixes"]').click();
  await expect(dialog.locator("[data-offer]")).toHaveCount(1);
  await dialog.locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-cell="0:sixes"]')).toHaveAttribute("data-value", "30");
  await expect(page.locator('[data-total="0:yahtzee-bonus"]')).toHaveText("100");
  // Entered dice that fit the chosen box are offered there directly.
  await page.locator('button[data-cell="0:large_straight"]').click();
  await dialog.locator('[data-action="enter-dice"]').click();
  for (const face of [2, 3, 4, 5, 6]) await dialog.locator(`[data-enter-face="${face}"]`).click();
  await expect(dialog.locator("[data-offer]")).toHaveCount(1);
  await expect(dialog.locator('[data-offer="40"]')).toHaveAttribute("aria-pressed", "true");
  await dialog.locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-cell="0:large_straight"]')).toHaveAttribute("data-value", "40");
  // Without dice, the bonus is an explicit choice, offered while the Yahtzee box holds 50.
  await page.locator('button[data-cell="0:fives"]').click();
  await dialog.locator('[data-offer="25"]').click();
  await dialog.locator('[data-action="yahtzee-bonus"]').click();
  await dialog.locator('[data-action="confirm"]').click();
  await expect(page.locator('[data-total="0:yahtzee-bonus"]')).toHaveText("200");
  expect(await totals(page, 0, ["upper", "lower", "grand"])).toEqual({ upper: 55, lower: 90, grand: 345 });
});

test("on the score pad, Hint says how to get one, and gives one once the dice are entered", async ({ page }) => {
  await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], dice: "pad" });
  await page.locator('[data-action="choose-first"]').selectOption("0");
  const hint = page.getByRole("button", { name: "Hint" });
  const how = page.getByText("For a hint, tap a box and enter the dice");
  await expect(hint).toBeDisabled();
  await expect(how).toBeVisible();
  // As it says: a box, Enter dice, the five faces; then the picker is left without writing anything.
  await page.locator('button[data-cell="0:chance"]').click();
  const dialog = page.getByRole("dialog");
  await dialog.locator('[data-action="enter-dice"]').click();
  for (const face of [3, 3, 3, 5, 6]) await dialog.locator(`[data-enter-face="${face}"]`).click();
  await dialog.locator('[data-action="cancel"]').click();
  await expect(how).toHaveCount(0);
  await expect(hint).toBeEnabled();
  await hint.click();
  await expect(page.locator("[data-hint]")).toHaveAttribute("data-hint", "ready", { timeout: 60_000 });
});

test("the bonus action is not offered once the Yahtzee box holds 0", async ({ page }) => {
  await startGame(page, { rules: "yardzee", players: ["Anna"], dice: "pad" });
  await write(page, 0, "yahtzee", 0);
  await page.locator('button[data-cell="0:aces"]').click();
  await expect(page.getByRole("dialog").locator('[data-action="yahtzee-bonus"]')).toHaveCount(0);
});

test("on the score pad the table chooses who starts, or types its own roll-off", async ({ page }) => {
  await startGame(page, { rules: "yam", players: ["Anna", "Ben", "Cleo"], dice: "pad" });
  await expect(page.locator("[data-who-starts]")).toBeVisible();
  await page.locator('[data-action="choose-first"]').selectOption("2");
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", "2");
  // The roll-off: Ben and Cleo tie on 5 and roll again; each die asked for is empty, under its player's name.
  await page.locator('[data-roll-off="0"]').selectOption("2");
  await page.locator('[data-roll-off="1"]').selectOption("5");
  await page.locator('[data-roll-off="2"]').selectOption("5");
  await page.locator('[data-action="roll-off"]').click();
  await expect(page.locator("[data-who-starts]")).toContainText("Ben, Cleo roll again");
  await expect(page.locator('[data-roll-off="0"]')).toHaveCount(0);
  await expect(page.locator('[data-roll-off="1"]')).toHaveValue("");
  await expect(page.locator('[data-roll-off="2"]')).toHaveValue("");
  await expect(page.locator(".roll-off-die").first()).toContainText("Ben");
  // Until the tie is rolled again, nobody writes a box: the game would start with someone else.
  await expect(page.locator("button[data-cell]")).toHaveCount(0);
  await page.locator('[data-roll-off="1"]').selectOption("3");
  await page.locator('[data-action="roll-off"]').click();
  await expect(page.locator("[data-who-starts]")).toContainText("Type every player’s die first.");
  await page.locator('[data-roll-off="2"]').selectOption("6");
  await page.locator('[data-action="roll-off"]').click();
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", "2");
  await expect(page.locator(".first-player")).toContainText("Cleo starts.");
  await expect(page.locator(".first-player")).toContainText("Ben rolled 5 · Cleo rolled 5");
  await expect(page.locator("[data-who-starts]")).not.toContainText("roll again");
  await page.reload();
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", "2");
  // Once the first cell is written, who starts is settled.
  await page.locator('button[data-cell="2:aces"]').click();
  await page.getByRole("dialog").locator('[data-offer="3"]').click();
  await page.getByRole("dialog").locator('[data-action="confirm"]').click();
  await expect(page.locator("[data-who-starts]")).toHaveCount(0);
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", "0");
});

test("a score pad asks who starts: nobody's turn until the table says, and a tied roll-off survives a reload", async ({ browser }) => {
  const context = await browser.newContext({ ...tablet, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto("index.html");
  await page.locator('[data-setup="dice-mode"]').selectOption("pad");
  const names = page.locator('[data-setup="player-name"]');
  await page.locator('[data-action="add-player"]').click();
  for (const [seat, name] of ["Anna", "Ben", "Cleo"].entries()) await names.nth(seat).fill(name);
  await page.locator('[data-action="start"]').click();
  // Nobody is preset: the turn says who starts is asked, no box is live, the choice shows nobody.
  const status = page.locator("[data-current-seat]");
  await expect(status).toHaveText("Who starts?");
  await expect(status).toHaveAttribute("data-current-seat", "");
  await expect(page.locator("[data-who-starts]")).toBeVisible();
  await expect(page.locator('[data-action="choose-first"]')).toHaveValue("");
  await expect(page.locator("button[data-cell]")).toHaveCount(0);
  // The table's own roll-off: Ben and Cleo tie on 5.
  await page.locator('[data-roll-off="0"]').selectOption("2");
  await page.locator('[data-roll-off="1"]').selectOption("5");
  await page.locator('[data-roll-off="2"]').selectOption("5");
  await page.locator('[data-action="roll-off"]').click();
  await expect(page.locator("[data-roll-off-said]")).toHaveText("Tie for the highest: Ben, Cleo roll again.");
  // The tablet reloads (a tap on the wrong place, a battery): the tie is still there, its players asked again.
  await page.reload();
  await expect(page.locator("[data-roll-off-said]")).toHaveText("Tie for the highest: Ben, Cleo roll again.");
  await expect(page.locator('[data-roll-off="0"]')).toHaveCount(0);
  await expect(page.locator("button[data-cell]")).toHaveCount(0);
  await page.screenshot({ path: "tests/e2e/artifacts/pad-who-starts-tied.png" });
  await page.locator('[data-roll-off="1"]').selectOption("6");
  await page.locator('[data-roll-off="2"]').selectOption("3");
  await page.locator('[data-action="roll-off"]').click();
  await expect(status).toHaveAttribute("data-current-seat", "1");
  await expect(page.locator(".first-player")).toContainText("Ben starts.");
  await expect(page.locator("button[data-cell^='1:']").first()).toBeVisible();
  await expect(page.locator("button[data-cell^='0:']")).toHaveCount(0);
  await context.close();
});
