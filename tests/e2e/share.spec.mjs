// Share and replay: a finished room game's picture (a PNG of a phone's size) and its replay link, read off the
// first phone and opened on a fresh one that never ran the app. Stepped to the end, the replay's sheet is the
// game's; at three decisions the engine's best choice is the CLI's `advise`'s; the sealed dice read as checked;
// the game is kept in that phone's history, marked as shared. A cut or changed link says so and shows nothing.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { test, expect } from "@playwright/test";
import { cli, currentSeat } from "./helpers.mjs";
import { finishTurn } from "./room-play.mjs";
import { phone, roomServer, twoPhonesPlaying } from "./devices.mjs";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Every box of the sheet shown, by its hook: its written value ("" while open). */
const cellsOf = (page) =>
  page.locator("[data-cell]").evaluateAll((cells) => Object.fromEntries(cells.map((cell) => [cell.dataset.cell, cell.dataset.value])));

/** What the replay shows at its step: the boxes written, and the dice with the rolls left (none before a roll). */
async function shownAt(page) {
  const dice = page.locator(".replay-dice");
  const rolled = (await dice.count()) > 0;
  return {
    cells: await cellsOf(page),
    dice: rolled ? await page.locator("[data-replay-die]").evaluateAll((dice) => dice.map((die) => Number(die.dataset.face))) : null,
    rollsLeft: rolled ? Number(await dice.getAttribute("data-rolls-left")) : null,
  };
}

/** The CLI's options for a Yahtzee (forced Joker) situation, best first. */
function advise(filled, dice, rollsLeft) {
  const args = ["advise", "--rules", "yahtzee", "--joker", "forced", "--json", "--rolls-left", String(rollsLeft)];
  if (filled.length) args.push("--filled", filled.join(","));
  args.push("--dice", ...dice.map(String));
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8" })).options;
}

/** A move as the app names it (`keep:1,5` or `cell:chance`), from the CLI's option. */
function moveOf(option) {
  return "keep" in option ? `keep:${[...option.keep].sort().join(",")}` : `cell:${option.cell}`;
}

/** The same move with a keep's faces in order, whatever order they were named in. */
function canonical(move) {
  const [kind, rest] = move.split(":");
  return kind === "keep" ? `keep:${rest.split(",").filter(Boolean).sort().join(",")}` : move;
}

test("a room game shared: a phone's PNG of it, and a link that replays it on a fresh phone to its own sheet, with the engine's word and the dice checked, kept there", async ({ browser }) => {
  test.setTimeout(300_000);
  const rooms = await roomServer(browser);
  try {
    const [mum, leo] = await twoPhonesPlaying(rooms, { room: "Picnic", rules: "yahtzee" });
    const pages = [mum, leo];
    const sheets = pages.map(() => ({ filled: {}, bonus: 0 }));
    let seat = await currentSeat(mum);
    for (let turn = 0; turn < 26; turn++, seat = 1 - seat) await finishTurn(pages[seat], seat, sheets[seat]);
    await expect(mum.locator("[data-game-over]")).toBeVisible();
    // The server's seed is revealed after the last box: the device checks its dice, and shares the game then.
    await expect(mum.locator("[data-dice-check]")).toHaveAttribute("data-dice-check", "ok");
    const original = await cellsOf(mum);
    expect(Object.keys(original)).toHaveLength(26);
    const standings = await mum.locator("[data-standing]").evaluateAll((rows) => rows.map((row) => [row.dataset.seat, row.dataset.winner]));

    await mum.getByRole("button", { name: "Share", exact: true }).click();
    const image = mum.locator("[data-share-image]");
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => img.complete && img.naturalWidth)).toBe(1080);
    const [width, height] = await image.evaluate((img) => [img.naturalWidth, img.naturalHeight]);
    // A phone's screen: 1080 px wide, portrait, no taller than a tall phone's 1080 × 2400.
    expect(width).toBe(1080);
    expect(height).toBeGreaterThanOrEqual(1350);
    expect(height).toBeLessThanOrEqual(2400);
    expect(await image.getAttribute("alt")).toContain("Yahtzee");
    await mum.screenshot({ path: "tests/e2e/artifacts/share-dialog-phone.png" });
    // No share sheet for files in this browser: the picture is saved as a PNG download.
    const [download] = await Promise.all([mum.waitForEvent("download"), mum.getByRole("button", { name: "Share the picture" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fivedice-yahtzee-.*\.png$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG);
    const link = await mum.locator("[data-share-link]").getAttribute("data-link");
    expect(link).toMatch(/#replay=[A-Za-z0-9_-]+$/);
    expect(link.length).toBeLessThan(2000);

    // A phone that never ran the app opens the link read off Mum's screen.
    const friend = await rooms.device(phone, link);
    const replay = friend.locator("[data-replay]");
    await expect(replay).toHaveAttribute("data-step", "0");
    const steps = Number(await replay.getAttribute("data-steps"));
    expect(steps).toBeGreaterThan(52);
    await expect(friend.locator("[data-dice-check]")).toHaveAttribute("data-dice-check", "ok");
    await expect(friend.locator("[data-dice-check]")).toContainText("Dice checked ✓");

    // Three decisions, stepped to one by one: the engine's best is the CLI's (or as good: a tie), and what the
    // decision gave up is what the CLI says of it.
    const next = friend.getByRole("button", { name: /Next/ });
    // The keys step at once: the focus starts on Next.
    await expect(next).toBeFocused();
    // Next keeps its place whatever a step shows (dice, a verdict, a longer sentence): taps in a row land on it.
    const nextAt = async () => (await next.boundingBox()).y;
    const firstAt = await nextAt();
    let before = await shownAt(friend);
    const judged = [];
    while (judged.length < 3) {
      await next.click();
      expect(await nextAt()).toBe(firstAt);
      const verdict = friend.locator("[data-replay-verdict]");
      if ((await verdict.count()) === 0) {
        before = await shownAt(friend);
        continue;
      }
      await expect(verdict).toHaveAttribute("data-replay-verdict", "ready", { timeout: 60_000 });
      const [choice, best, loss] = await Promise.all(["data-choice", "data-best", "data-loss"].map((name) => verdict.getAttribute(name)));
      const player = await friend.locator(".replay-step").getAttribute("data-seat");
      const now = await shownAt(friend);
      // A keep is decided on the dice before its roll; a box, on the dice it is written with.
      const situation = choice.startsWith("keep:") ? before : now;
      const filled = Object.entries(before.cells)
        .filter(([hook, value]) => hook.startsWith(`${player}:`) && value !== "")
        .map(([hook, value]) => `${hook.split(":")[1]}=${value}`);
      const options = advise(filled, situation.dice, situation.rollsLeft);
      const named = options.find((option) => moveOf(option) === canonical(best));
      expect(named, `${best} among the CLI's options`).toBeDefined();
      expect(named.expected_final).toBeCloseTo(options[0].expected_final, 3);
      // A box written with rolls left is not among that situation's keeps: it is worth what it scores there.
      const early = choice.startsWith("cell:") && situation.rollsLeft > 0;
      const among = early ? advise(filled, situation.dice, 0) : options;
      const taken = among.find((option) => moveOf(option) === canonical(choice));
      expect(taken, `${choice} among ${among.map(moveOf)}`).toBeDefined();
      const given = Math.max(0, options[0].expected_remaining - taken.expected_remaining);
      expect(Number(loss)).toBeCloseTo(given, 3);
      judged.push(choice);
      before = now;
    }

    // By keyboard: an arrow steps, End goes to the last step, and the focus stays where it was (on Next, which
    // does nothing there now), the step read out.
    const at = Number(await replay.getAttribute("data-step"));
    await next.focus();
    await friend.keyboard.press("ArrowRight");
    await expect(replay).toHaveAttribute("data-step", String(at + 1));
    await friend.keyboard.press("End");
    await expect(replay).toHaveAttribute("data-step", String(steps));
    await expect(next).toBeFocused();
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await expect(friend.locator("[data-replay-caption]")).toHaveAttribute("aria-live", "polite");
    await expect(friend.locator("[data-replay-caption]")).toContainText(`Move ${steps} of ${steps}`);
    expect(await cellsOf(friend)).toEqual(original);
    // A reload stays at the step shown (the address keeps it).
    await friend.reload();
    await expect(replay).toHaveAttribute("data-step", String(steps));
    const replayed = await friend.locator("[data-standing]").evaluateAll((rows) => rows.map((row) => [row.dataset.seat, row.dataset.winner]));
    expect(replayed).toEqual(standings);
    await friend.screenshot({ path: "tests/e2e/artifacts/replay-end-phone.png", fullPage: true });

    // Kept on this phone: its history lists the game, marked as shared, and it reads there after a reload.
    await friend.getByRole("button", { name: "Keep this game" }).click();
    await expect(friend.locator("[data-replay-kept]")).toContainText("marked as shared");
    await expect(friend.getByRole("button", { name: "Open Five Dice" })).toBeFocused();
    await friend.getByRole("button", { name: "Open Five Dice" }).click();
    await expect(friend.locator("[data-replay]")).toHaveCount(0);
    expect(friend.url()).not.toContain("#replay");
    await friend.reload();
    const row = friend.locator(".finished-games tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.locator("[data-shared]")).toHaveText("shared");
    await expect(row).toContainText("Mum");
    expect(rooms.errors).toEqual([]);
  } finally {
    await rooms.stop();
  }
});

test("a cut or changed link says so plainly, and shows no game", async ({ browser, page }) => {
  // A game of Yacht on this device, played by a computer: its link.
  await page.goto("index.html?new=1&rules=yacht&players=Zo%C3%AB&bots=optimal&botdelay=0&seed=5");
  await expect(page.locator("[data-game-over]")).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const link = await page.locator("[data-share-link]").getAttribute("data-link");
  const context = await browser.newContext(phone);
  try {
    const friend = await context.newPage();
    await friend.goto(link.slice(0, -12));
    const problem = friend.locator("[data-replay-error]");
    await expect(problem).toHaveAttribute("data-replay-error", "cut");
    await expect(problem).toContainText("The link is cut short");
    await expect(friend.locator("[data-replay], [data-cell]")).toHaveCount(0);
    // One character changed in the middle: damaged, not another game.
    const at = link.indexOf("#replay=") + 40;
    const changed = link.slice(0, at) + (link[at] === "A" ? "B" : "A") + link.slice(at + 1);
    await friend.goto("about:blank");
    await friend.goto(changed);
    await expect(problem).toHaveAttribute("data-replay-error", "damaged");
    await expect(problem).toContainText("The link is damaged");
    await expect(friend.locator("[data-replay], [data-cell]")).toHaveCount(0);
    // The way on is the app itself.
    await friend.getByRole("button", { name: "Open Five Dice" }).click();
    await expect(friend.locator('[data-action="start"]')).toBeVisible();
  } finally {
    await context.close();
  }
});
