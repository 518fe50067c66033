// At the table, nobody stumbles (issue 24): a computer's turn has nothing to press, Pass appears only between
// people at this device, the coach speaks as the turn passes, the dice stay in view beside a sheet that
// fits, the sheets say what their boxes are, and finished games can be looked at again.
import { test, expect } from "@playwright/test";
import { choosableCells, scoreCell, startGame } from "./helpers.mjs";

// With motion, as most players see it (the suite defaults to reduced motion: playwright.config.mjs).
test.use({ reducedMotion: "no-preference" });

/** One turn of the seat to play: a roll, then the first box offered. */
async function quickTurn(page, seat) {
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  const [cell, value] = Object.entries(await choosableCells(page, seat))[0];
  await scoreCell(page, seat, cell, value);
  return cell;
}

test("during a computer's turn nothing is for a person to press, and the box it wrote is shown", async ({ page }) => {
  await page.goto("index.html?new=1&rules=yahtzee&players=Anna,Robo&bots=human,optimal&botdelay=600&seed=5&lang=en");
  const status = page.locator("[data-current-seat]");
  // Whoever starts, play until it is the computer's turn.
  if ((await status.getAttribute("data-current-seat")) === "0") await quickTurn(page, 0);
  await expect(status).toHaveAttribute("data-current-seat", "1");
  await expect(status).toContainText("Robo (computer) is playing");
  await expect(page.locator('[data-action="roll"]')).toBeDisabled();
  await expect(page.locator('[data-action="hint"]')).toBeDisabled();
  await expect(page.locator("button[data-cell]")).toHaveCount(0);
  await expect(page.locator("[data-pass-to]")).toHaveCount(0);
  // The computer rolls and holds on its own: the dice cannot be held by a person meanwhile.
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  await expect(page.locator('[data-die="0"]')).toHaveAttribute("aria-disabled", "true");
  // It writes a box, which stays marked until Anna rolls.
  await expect(status).toHaveAttribute("data-current-seat", "0", { timeout: 30_000 });
  const written = page.locator("td.just-written");
  await expect(written).toHaveCount(1);
  expect(await written.getAttribute("data-cell")).toMatch(/^1:/);
  await expect(page.locator("[data-pass-to]")).toHaveCount(0);
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator("td.just-written")).toHaveCount(0);
});

test("Pass to appears only when the next player is a person at this device, until they roll", async ({ page }) => {
  await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 21 });
  const first = Number(await page.locator("[data-current-seat]").getAttribute("data-current-seat"));
  const next = 1 - first;
  await expect(page.locator("[data-pass-to]")).toHaveCount(0);
  await quickTurn(page, first);
  await expect(page.locator(`[data-pass-to="${next}"]`)).toBeVisible();
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator("[data-pass-to]")).toHaveCount(0);
});

test("the coach's word on the box just written shows as the turn passes", async ({ page }) => {
  test.setTimeout(90_000);
  await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 21 });
  const first = Number(await page.locator("[data-current-seat]").getAttribute("data-current-seat"));
  await page.locator('[data-action="coach"]').click();
  await expect(page.locator('[data-action="coach"]')).toHaveAttribute("aria-pressed", "true");
  await quickTurn(page, first);
  const word = page.locator(`[data-coach-passed="${first}"]`);
  await expect(word).toBeVisible({ timeout: 60_000 });
  await expect(word).toContainText(first === 0 ? "Anna" : "Ben");
  // The next player is not held up: they roll, and the word has done its job.
  await page.locator('[data-action="roll"]').click();
  await expect(word).toHaveCount(0);
});

test("the dice stay on screen while the sheet scrolls; a landscape tablet shows four players' whole sheet", async ({ page }) => {
  const players = ["Anna", "Ben", "Chloé", "Dan"];
  await page.setViewportSize({ width: 1024, height: 768 });
  await startGame(page, { rules: "yahtzee", players, seed: 3 });
  await page.locator('[data-action="roll"]').click();
  const grand = await page.locator('[data-total="0:grand"]').boundingBox();
  expect(grand.y + grand.height).toBeLessThanOrEqual(768);
  const chance = await page.locator('[data-cell$=":chance"]').first().boundingBox();
  expect(chance.y + chance.height).toBeLessThanOrEqual(768);
  for (const size of [{ width: 768, height: 1024 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.locator(".sheet-wrap").evaluate((wrap) => wrap.scrollTo(0, wrap.scrollHeight));
    await expect(page.locator('[data-total="0:grand"]')).toBeInViewport();
    await expect(page.locator('[data-action="roll"]')).toBeInViewport();
    await expect(page.locator('[data-die="4"]')).toBeInViewport();
  }
});

test("Yardzee's wedding names carry their plain rule; column Yam's marks have a legend", async ({ page }) => {
  await startGame(page, { rules: "yardzee", players: ["Bride"], seed: 2 });
  // Waited for, not read at once: the sheet is drawn after the table opens.
  const labels = page.locator("table.sheet tbody th.label");
  await expect(labels.filter({ hasText: "Small straight · 30" }).first()).toBeVisible();
  await expect(labels.filter({ hasText: "Yahtzee · 50" }).first()).toBeVisible();
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 2, columns: ["down", "free", "up", "dry", "announced"] });
  const legend = page.locator("[data-column-legend] li");
  await expect(legend).toHaveCount(5);
  await expect(legend.nth(3)).toContainText("Dry");
});

test("seats added and removed at setup keep every other seat's name and player", async ({ page }) => {
  await page.goto("index.html?lang=en");
  const names = page.locator('[data-setup="player-name"]');
  const kinds = page.locator('[data-setup="player-kind"]');
  await names.nth(0).fill("Anna");
  await kinds.nth(1).selectOption("casual");
  await page.locator('[data-action="add-player"]').click();
  await page.locator('[data-action="add-player"]').click();
  await names.nth(2).fill("Cleo");
  await kinds.nth(3).selectOption("strong");
  await page.locator('[data-action="remove-player"]').click();
  await expect(names).toHaveCount(3);
  await expect(names.nth(0)).toHaveValue("Anna");
  await expect(names.nth(2)).toHaveValue("Cleo");
  expect(await kinds.evaluateAll((selects) => selects.map((select) => select.value))).toEqual(["human", "casual", "human"]);
  await page.locator('[data-action="add-player"]').click();
  await expect(kinds.nth(3)).toHaveValue("human");
  await expect(kinds.nth(1)).toHaveValue("casual");
  await page.locator('[data-action="remove-player"]').click();
  await page.locator('[data-action="start"]').click();
  await expect(page.locator("th.player .computer")).toHaveCount(1);
});

test("the setup screen seats computer players in column Yam, and says why not on a score pad", async ({ page }) => {
  await page.goto("index.html?lang=en");
  await page.locator('[data-setup="rules"]').selectOption("yam");
  const kind = page.locator('[data-setup="player-kind"]').first();
  await expect(kind).toBeEnabled();
  await page.locator('[data-setup="dice-mode"]').selectOption("pad");
  await expect(kind).toBeDisabled();
  await expect(page.locator('[data-setup-note="bots-need-app-dice"]')).toBeVisible();
  // The Joker rule is chosen already, one tap away on a Yahtzee sheet.
  await page.locator('[data-setup="rules"]').selectOption("yahtzee");
  await expect(page.locator('[data-setup="joker"]')).toBeHidden();
  await page.locator('[data-action="rule-options"]').click();
  await expect(page.locator('[data-setup="joker"]')).toBeVisible();
});

test("a finished game's sheet opens from the list, and How to play closes on Escape", async ({ page }) => {
  test.setTimeout(90_000);
  await startGame(page, { rules: "yatzy", players: ["Anna"], seed: 4 });
  for (let turn = 0; turn < 15; turn++) await quickTurn(page, 0);
  const grand = await page.locator('[data-total="0:grand"]').textContent();
  await page.locator('[data-action="tables"]').click();
  await page.locator('[data-action="view-game"]').first().click();
  const sheet = page.locator("[data-finished-sheet]");
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(grand.trim());
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  // On a phone the page is long: its Close stays in view however far it is read, and Escape closes it too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-action="how-to-play"]').first().click();
  const guide = page.locator("[data-guide]");
  await expect(guide).toBeVisible();
  await guide.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(page.locator('[data-action="close-guide"]')).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(guide).toHaveCount(0);
});

test("sharing a game where no share sheet takes files saves it and says where", async ({ page }) => {
  await startGame(page, { rules: "yatzy", players: ["Anna"], seed: 6 });
  for (let turn = 0; turn < 15; turn++) await quickTurn(page, 0);
  await page.locator('[data-action="tables"]').click();
  // The history's Share offers the picture, the link, and the game as a file.
  await page.locator('.finished-games [data-action="share-game"]').click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-action="share-file"]').click()]);
  expect(download.suggestedFilename()).toMatch(/^fivedice-yatzy-.*\.json$/);
  await expect(page.locator(".notice")).toContainText(download.suggestedFilename());
});
