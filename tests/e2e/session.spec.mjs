// Saving, resuming, undo, the launch address, names as text, and keyboard play.
import { test, expect } from "@playwright/test";
import { cliScore, currentSeat, heldDice, readDice, scoreCell, startGame } from "./helpers.mjs";

test("a reload mid-turn restores the dice, the holds and the rolls left", async ({ page }) => {
  await startGame(page, { rules: "yatzy", players: ["Anna", "Ben"], seed: 11 });
  const roll = page.locator('[data-action="roll"]');
  await roll.click();
  await page.locator('[data-die="1"]').click();
  await page.locator('[data-die="3"]').click();
  await roll.click();
  const dice = await readDice(page);
  const held = await heldDice(page);
  expect(held).toEqual([false, true, false, true, false]);
  const label = await roll.getAttribute("aria-label");
  expect(label).toContain("1 roll left");
  expect(page.url()).not.toContain("new=1");
  await page.reload();
  await expect(page.locator("[data-current-seat]")).toBeVisible();
  expect(await readDice(page)).toEqual(dice);
  expect(await heldDice(page)).toEqual(held);
  await expect(roll).toHaveAttribute("aria-label", label);
  // The saved dice source continues the same sequence: no free re-roll after a reload.
  await roll.click();
  const after = await readDice(page);
  expect(after[1]).toBe(dice[1]);
  expect(after[3]).toBe(dice[3]);
  await expect(roll).toBeDisabled();
});

test("undo takes back the last box until the next player rolls", async ({ page }) => {
  await startGame(page, { rules: "yam", players: ["Anna", "Ben"], seed: 5 });
  const first = await currentSeat(page);
  await page.locator('[data-action="roll"]').click();
  const dice = await readDice(page);
  const value = cliScore("yam", null, {}, dice).scores.chance ?? cliScore("yam", null, {}, dice).scores.aces;
  await scoreCell(page, first, "aces", value);
  const undo = page.locator('[data-action="undo"]');
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(page.locator(`[data-cell="${first}:aces"]`)).toHaveAttribute("data-value", "");
  expect(await currentSeat(page)).toBe(first);
  expect(await readDice(page)).toEqual(dice);
  await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /2 rolls left/);
  await scoreCell(page, first, "aces", value);
  await page.locator('[data-action="roll"]').click();
  await expect(undo).toHaveCount(0);
});

test("a player's name is shown as text, never as markup", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  const name = "<img src=x onerror=alert(1)>";
  await startGame(page, { rules: "yahtzee", players: [name, "Ben"], seed: 3 });
  await expect(page.getByRole("columnheader", { name })).toHaveCount(1);
  await expect(page.locator("table img")).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(dialogs).toBe(0);
});

test("a bad launch address shows the setup screen with the reason, in the player's language", async ({ page }) => {
  await page.goto("index.html?new=1&rules=chess&players=A");
  await expect(page.locator('[data-setup="rules"]')).toBeVisible();
  await expect(page.getByRole("alert")).toContainText('rules="chess" is not one of: yahtzee, yardzee');
  await page.goto("index.html?new=1&rules=yam&players=A,B,C,D,E,F,G");
  await expect(page.getByRole("alert")).toContainText("7 players: this game takes 1 to 6");
  await expect(page.locator("[data-current-seat]")).toHaveCount(0);
  await page.goto("index.html?new=1&rules=chess&players=A&lang=fr");
  await expect(page.getByRole("alert")).toHaveText("Impossible de suivre cette adresse : rules=« chess » n’est pas l’une des valeurs possibles : yahtzee, yardzee, yam, yatzy, yacht, forced-yatzy, generala, maxi-yatzy.");
  await page.goto("index.html?new=1&rules=yam&players=A&joker=forced&lang=de");
  await expect(page.getByRole("alert")).toContainText("hat keine Joker-Regel");
  await expect(page.locator("[data-current-seat]")).toHaveCount(0);
});

test("setting up a table on the setup screen", async ({ page }) => {
  await page.goto("index.html");
  await page.locator('[data-setup="rules"]').selectOption("yatzy");
  // The computers, strongest first, each saying it is one; the Winner by what it plays for, not its mean.
  const kinds = page.locator('[data-setup="player-kind"]').first().locator("option");
  await expect(kinds).toHaveText(["A person", "Winner computer · plays to win", /^Optimal computer · ~\d+ pts$/, /^Strong computer/, /^Casual computer/]);
  await page.locator('[data-action="add-player"]').click();
  const names = page.locator('[data-setup="player-name"]');
  await expect(names).toHaveCount(3);
  await names.nth(0).fill("Anna");
  await names.nth(1).fill("  anna ");
  await names.nth(2).fill("Cleo");
  // A reload finds the form as it was left.
  await page.reload();
  await expect(page.locator('[data-setup="rules"]')).toHaveValue("yatzy");
  await expect(names).toHaveCount(3);
  await expect(names.nth(2)).toHaveValue("Cleo");
  await expect(page.locator('[data-setup="table-name"]')).toHaveAttribute("placeholder", "Anna, anna & Cleo");
  await page.locator('[data-action="start"]').click();
  await expect(page.getByRole("alert")).toContainText("Two players are called “anna” (capitals do not make another name)");
  await names.nth(1).fill("Ben");
  // The refusal was of the names as they were: changing one takes it away.
  await expect(page.getByRole("alert")).toHaveText("");
  await page.locator('[data-action="remove-player"]').click();
  await page.locator('[data-action="start"]').click();
  await expect(page.getByRole("columnheader", { name: "Anna" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Ben" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Cleo" })).toHaveCount(0);
  await expect(page.getByRole("rowheader", { name: "Two pairs" })).toBeVisible();
  // Back to the tables: the game waits there to be resumed, and opening the app again returns to it.
  await page.locator('[data-action="tables"]').click();
  await expect(page.locator('[data-action="resume"]')).toHaveCount(1);
  await expect(page.locator('[data-action="resume"]')).toContainText("Anna & Ben");
  // A reload of the start screen stays there; the address opened anew returns to the game.
  await page.reload();
  await expect(page.locator('[data-action="resume"]')).toHaveCount(1);
  await expect(page.locator("[data-current-seat]")).toHaveCount(0);
  await page.goto("index.html");
  await expect(page.getByRole("columnheader", { name: "Anna" })).toBeVisible();
});

test("the keyboard plays: Space rolls, digits hold, arrows move between boxes", async ({ page }) => {
  // The keys' handling arrives with the table (the awake chunk): held back here, a Space pressed before it is
  // kept and played when it is here.
  const held = [];
  await page.route(/split_awake\.wasm$/, (route) => held.push(route));
  await startGame(page, { rules: "yahtzee", players: ["Anna"], seed: 9 });
  await expect.poll(() => held.length).toBe(1);
  await page.keyboard.press("Space");
  await expect(page.locator('[data-die="0"]')).toHaveAttribute("data-face", "");
  await held[0].continue();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  await page.keyboard.press("2");
  await expect(page.locator('[data-die="1"]')).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('[data-die="1"]')).toHaveAccessibleName(/^Die 2: \d$/);
  await page.keyboard.press("ArrowDown");
  await expect(page.locator('button[data-cell="0:aces"]')).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.locator('button[data-cell="0:twos"]')).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("an unreadable save is kept aside and reported, and the app still starts", async ({ page }) => {
  await page.goto("index.html");
  // The app reads storage once it has started: plant the bad data after that, then open the app again.
  await expect(page.locator('[data-setup="rules"]')).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem("fivedice.table.broken", '{"format":1,"table":{"id":"broken"');
    localStorage.setItem("fivedice.history", "not a history");
  });
  await page.reload();
  await expect(page.locator('[data-setup="rules"]')).toBeVisible();
  await expect(page.locator(".notice")).toContainText("could not be read");
  // A save in JSON is an earlier format's: its reader comes in a chunk of its own, so it is set aside a moment
  // after the history.
  const keptAside = () =>
    page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([key]) => key.startsWith("fivedice.unreadable."))
        .map(([, raw]) => raw)
        .sort(),
    );
  await expect.poll(keptAside).toEqual(["not a history", '{"format":1,"table":{"id":"broken"']);
  expect(await page.evaluate(() => localStorage.getItem("fivedice.table.broken"))).toBeNull();
  // A new game plays and saves normally beside the kept data.
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 1 });
  await page.locator('[data-action="roll"]').click();
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("fivedice.unreadable.")).length);
  expect(kept).toBe(2);
});
