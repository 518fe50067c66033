// Column Yam's hint and computer players: the hint equals the CLI's column player for the same saved game,
// and computer players play whole column games within the rules.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { cli, startGame } from "./helpers.mjs";

/** The table saved by this page (its one table), as the app keeps it: text, one fact a line. */
async function savedTable(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("fivedice.table."));
    return localStorage.getItem(key);
  });
}

/** The plays of a saved table's log, in order, as the notation writes them: "roll 3,5,2,6,1", "score down:aces". */
function playsOf(saved) {
  return saved
    .split("\n")
    .filter((line) => line.startsWith("event played "))
    .map((line) => line.split(" ").slice(3).join(" "));
}

/** The CLI's ranked moves for the game saved in this page (the CLI reads the saved text as it is). */
async function cliAdviseSaved(page) {
  const saved = await savedTable(page);
  const dir = mkdtempSync(join(tmpdir(), "fivedice-columns-"));
  try {
    const file = join(dir, "game.txt");
    writeFileSync(file, saved);
    return JSON.parse(execFileSync(cli, ["advise", "--game", file, "--json"], { encoding: "utf8" }));
  } finally {
    rmSync(dir, { recursive: true });
  }
}

test("a column game's hint is the CLI's column player, and following it plays the turn", async ({ page }) => {
  test.setTimeout(180_000);
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 23, columns: ["down", "free", "up", "announced"] });
  const seen = new Set();
  for (let turn = 0; turn < 4; turn++) {
    await page.locator('[data-action="roll"]').click();
    for (;;) {
      await page.locator('[data-action="hint"]').click();
      const options = page.locator("[data-hint-option]");
      await expect(options.first()).toBeVisible({ timeout: 60_000 });
      await expect(page.locator("[data-hint-estimate]")).toBeVisible();
      const advice = await cliAdviseSaved(page);
      const shown = await options.evaluateAll((items) => items.map((item) => [item.dataset.choice, item.dataset.expected]));
      const expected = advice.options.slice(0, shown.length).map((option) => [option.move, option.expected_final.toFixed(4)]);
      expect(shown).toEqual(expected);
      const best = advice.options[0].move;
      seen.add(best.split(":")[0]);
      if (best.startsWith("keep:")) {
        const kept = best.slice(5) ? best.slice(5).split(",").length : 0;
        await expect(page.locator(".die.hint-keep")).toHaveCount(kept);
        for (let die = 0; die < 5; die++) {
          const locator = page.locator(`[data-die="${die}"]`);
          const hinted = await locator.evaluate((el) => el.classList.contains("hint-keep"));
          const held = (await locator.getAttribute("aria-pressed")) === "true";
          if (hinted !== held) await locator.click();
        }
        await page.locator('[data-action="roll"]').click();
      } else if (best.startsWith("announce:")) {
        const box = page.locator(`button[data-cell="0:announced:${best.slice(9)}"]`);
        await expect(box).toHaveClass(/hint-best/);
        await box.click();
        await expect(box).toHaveAttribute("data-announced", "true");
      } else {
        const [column, cell] = best.slice(5).includes(":") ? best.slice(5).split(":") : ["free", best.slice(5)];
        const box = page.locator(`button[data-cell="0:${column}:${cell}"]`);
        await expect(box).toHaveClass(/hint-best/);
        await box.click();
        await page.locator('[data-action="confirm"]').click();
        await expect(page.locator(`[data-cell="0:${column}:${cell}"]`)).not.toHaveAttribute("data-value", "");
        break;
      }
    }
  }
  expect(seen.has("cell")).toBe(true);
});

test("computer players play a whole column game (up, dry, announced) against a person, within the rules", async ({ page }) => {
  test.setTimeout(300_000);
  const columns = "up,dry,announced";
  const params = `new=1&rules=yam&columns=${columns}&players=Anna,Robo,Bit&bots=human,strong,casual&botdelay=0&seed=8`;
  await page.goto(`index.html?${params}`);
  await expect(page.locator("[data-current-seat]").or(page.locator("[data-game-over]"))).toBeVisible();
  for (let anna = 0; anna < 36; anna++) {
    await expect(page.locator('[data-current-seat="0"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-action="roll"]')).toBeEnabled();
    await page.locator('[data-action="roll"]').click();
    // Anna writes the first box offered, right after her first roll (in the announced column the picker
    // offers announcing it first: she chooses the value instead).
    const box = page.locator('button[data-cell^="0:"]:not([disabled])').first();
    const id = await box.getAttribute("data-cell");
    await box.click();
    if (id.includes(":announced:")) await page.locator('[data-offer]:not([data-offer="announce"])').first().click();
    await page.locator('[data-action="confirm"]').click();
    await expect(page.locator(`[data-cell="${id}"]`)).not.toHaveAttribute("data-value", "");
  }
  await expect(page.locator("[data-game-over]")).toBeVisible({ timeout: 60_000 });
  for (const seat of [0, 1, 2]) {
    const filled = await page.locator(`[data-cell^="${seat}:"]`).evaluateAll((cells) => cells.filter((cell) => cell.dataset.value !== "").length);
    expect(filled).toBe(36);
  }
  // Anna never announces (she writes her first roll): the announcements in the room's log are the computers'.
  const plays = playsOf(await savedTable(page));
  const kindOf = (play) => play.split(" ")[0];
  const boxOf = (play) => (["score", "cross_out", "write"].includes(kindOf(play)) ? play.split(" ")[1] : undefined);
  expect(plays.filter((play) => boxOf(play) !== undefined)).toHaveLength(108);
  expect(plays.filter((play) => kindOf(play) === "announce").length).toBeGreaterThan(0);
  // A dry box is written right after the turn's first roll.
  const rollsBeforeDry = [];
  let rolls = 0;
  for (const play of plays) {
    if (kindOf(play) === "roll") rolls++;
    const box = boxOf(play);
    if (box === undefined) continue;
    if (box.startsWith("dry:")) rollsBeforeDry.push(rolls);
    rolls = 0;
  }
  expect(rollsBeforeDry.length).toBeGreaterThan(0);
  expect(rollsBeforeDry.every((count) => count === 1)).toBe(true);
  // The saved game replays move by move through the rules crate (natively, in the CLI): it is over.
  const dir = mkdtempSync(join(tmpdir(), "fivedice-columns-"));
  try {
    writeFileSync(join(dir, "game.txt"), await savedTable(page));
    const run = spawnSync(cli, ["advise", "--game", join(dir, "game.txt")], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("no move to advise");
  } finally {
    rmSync(dir, { recursive: true });
  }
  // Careful play beats a person who writes the first box of the first roll.
  await expect(page.locator('[data-standing="1"]')).not.toHaveAttribute("data-seat", "0");
});
