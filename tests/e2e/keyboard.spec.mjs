// A game by keyboard and screen reader (issue 60): after the first load only keys are pressed, and what a player
// hears is read from the one live region the table speaks through (`[data-table-news]`). After every action the
// focus is somewhere a person can act from, never the page's body; dialogs hold the focus and give it back.
import { test, expect } from "@playwright/test";
import { currentSeat, readDice } from "./helpers.mjs";
import { roomServer, twoPhonesPlaying } from "./devices.mjs";

/** Records, from the page's first moment, every text the table's news region takes (`window.heard`) and whether
 * the focus ever went into a dialog (`window.focusedInDialog`). */
async function listen(page) {
  await page.addInitScript(() => {
    window.heard = [];
    window.focusedInDialog = [];
    new MutationObserver(() => {
      const said = document.querySelector("[data-table-news]")?.textContent.trim();
      if (said && said !== window.heard.at(-1)) window.heard.push(said);
    }).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener("focusin", (event) => {
      if (event.target.closest?.("dialog")) window.focusedInDialog.push(event.target.outerHTML.slice(0, 80));
    });
  });
}

/** Whether the focused element matches `selector` (the `index`th of those that do, if given). */
function focusedOn(page, selector, index) {
  return page.evaluate(
    ([selector, index]) => {
      const active = document.activeElement;
      if (!active) return false;
      return index === undefined ? active.matches(selector) : document.querySelectorAll(selector)[index] === active;
    },
    [selector, index],
  );
}

async function expectFocusOn(page, selector, why) {
  await expect.poll(() => focusedOn(page, selector), why).toBe(true);
}

/** The focus is never lost to the page's body (nor nowhere): where an action removed what held it, it is placed
 * again as the page settles (the next frame). */
async function expectFocusKept(page, after) {
  const where = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return !active || active === document.body ? null : active.outerHTML.slice(0, 80);
    });
  await expect.poll(where, `the focus after ${after}`).not.toBeNull();
}

/** Counts the keys a journey presses. */
function keyboard(page) {
  const counted = { presses: 0 };
  counted.press = async (key) => {
    counted.presses++;
    await page.keyboard.press(key);
  };
  /** Presses Tab until the focus is on `selector` (at most `max`); how many Tabs it took. */
  counted.tabTo = async (selector, max = 30, index) => {
    for (let tabs = 1; tabs <= max; tabs++) {
      await counted.press("Tab");
      if (await focusedOn(page, selector, index)) return tabs;
    }
    throw new Error(`${max} Tabs never reached ${selector}`);
  };
  return counted;
}

/** Tab and Shift+Tab go round inside the open dialog: `rounds` presses each way never leave it. */
async function expectTabStaysInside(page, keys, rounds) {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press < rounds; press++) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));
      expect(inside, `${key} ${press + 1} stays in the dialog`).toBe(true);
    }
  }
}

/** The start page by keyboard: `choose` the game, Ann and Bob named (or `second`, the second seat chosen by its
 * own keys), then Start. */
async function startByKeyboard(page, choose = async () => {}, second = null) {
  await listen(page);
  await page.goto("index.html");
  await expect(page.locator('[data-setup="player-name"]').nth(1)).toBeVisible();
  const keys = keyboard(page);
  await choose(keys);
  await keys.tabTo('[data-setup="player-name"]', 40, 0);
  await page.keyboard.type("Ann");
  if (second) {
    await second(keys);
  } else {
    await keys.tabTo('[data-setup="player-name"]', 5, 1);
    await page.keyboard.type("Bob");
  }
  await keys.tabTo('[data-action="start"]', 20);
  await keys.press("Enter");
  return keys;
}

test("a two-player game at one device, three whole turns by keyboard alone, every roll and box heard", async ({ page }) => {
  test.setTimeout(120_000);
  const players = ["Ann", "Bob"];
  const keys = await startByKeyboard(page);
  await expectFocusOn(page, '[data-action="roll"]', "Start gives the focus to Roll");
  const news = page.locator("[data-table-news]");
  await expect(news).toContainText(/Who starts\? (Ann|Bob) rolled \d/);
  await expect(news).toContainText(`${players[await currentSeat(page)]} starts.`);
  const measured = [];
  for (let turn = 0; turn < 3; turn++) {
    const seat = await currentSeat(page);
    const [name, next] = [players[seat], players[1 - seat]];
    const before = keys.presses;
    // Roll has the focus (or "Pass to …", where Enter rolls too).
    await keys.press("Enter");
    await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
    let faces = await readDice(page);
    await expect(news).toContainText(`${name} rolled ${faces.join(", ")}.`);
    await expectFocusKept(page, "a roll");
    // The dice are one stop before Roll (once rolled): the arrows move between them, Space holds.
    await expect(page.locator('[data-die][tabindex="0"]')).toHaveCount(1);
    await keys.press("Shift+Tab");
    await expectFocusOn(page, '[data-die="0"]', "Shift+Tab from Roll reaches the dice's stop");
    await keys.press("ArrowRight");
    await expectFocusOn(page, '[data-die="1"]', "ArrowRight goes to the next die");
    await keys.press("Space");
    await expect(page.locator('[data-die="1"]')).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('[data-die="1"]')).toHaveAccessibleName(`Die 2: ${faces[1]}`);
    await expect(news).toContainText(`Die 2 held: ${faces[1]}.`);
    await keys.press("Tab");
    await expectFocusOn(page, '[data-action="roll"]', "Tab from the dice goes on to Roll");
    await keys.press("Enter");
    await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /1 roll left/);
    faces = await readDice(page);
    await expect(news).toContainText(`${name} rolled ${faces.join(", ")}; held: ${faces[1]}.`);
    // From Roll to the sheet: its open boxes are one stop.
    const tabs = await keys.tabTo("button.cell-button");
    expect(tabs, "Roll → the first open box: the turn's tools are one stop").toBeLessThanOrEqual(2);
    measured.push(tabs);
    const first = await page.evaluate(() => document.activeElement.dataset.cell);
    await keys.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement.dataset.cell)).not.toBe(first);
    await keys.press("Home");
    await expect.poll(() => page.evaluate(() => document.activeElement.dataset.cell)).toBe(first);
    await keys.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The dialog takes the focus on its value, named with the box.
    await expectFocusOn(page, "dialog[open] [data-offer]", "the dialog takes the focus on its value");
    const offerName = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
    expect(offerName).toMatch(/^.+, (\d+|Cross out)$/);
    if (turn === 0) {
      await expectTabStaysInside(page, keys, 4);
      // Escape gives the focus back to the box that opened the dialog (never to Roll, where Enter would roll).
      await keys.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expectFocusOn(page, `button[data-cell="${first}"]`, "Escape returns to the box");
      // The same from the sheet's last box, and from Cancel.
      await keys.press("End");
      const last = await page.evaluate(() => document.activeElement.dataset.cell);
      await keys.press("Enter");
      await expectFocusOn(page, "dialog[open] [data-offer]", "the last box's dialog opens on its value");
      await keys.tabTo('dialog[open] [data-action="cancel"]', 4);
      await keys.press("Enter");
      await expect(dialog).toHaveCount(0);
      await expectFocusOn(page, `button[data-cell="${last}"]`, "Cancel returns to the box");
      await keys.press("Home");
      await keys.press("Enter");
      await expectFocusOn(page, "dialog[open] [data-offer]", "the dialog opens again on its value");
    }
    await keys.tabTo('dialog[open] [data-action="confirm"]', 6);
    await keys.press("Enter");
    await expect(dialog).toHaveCount(0);
    const points = await page.locator(`[data-cell="${first}"]`).getAttribute("data-value");
    await expect(news).toContainText(new RegExp(`${name} wrote ${points} in [^.]+\\. ${next}’s turn\\.`));
    await expectFocusOn(page, "[data-pass-to]", "after a box, the focus goes to the device's hand-over");
    if (turn === 1) {
      // Undo gives the box back, and the focus with it.
      await keys.tabTo('[data-action="undo"]', 4);
      await keys.press("Enter");
      await expect(news).toContainText(new RegExp(`Undone: ${name}’s ${points} in [^.]+\\.`));
      await expectFocusOn(page, `button[data-cell="${first}"]`, "Undo gives the focus to the box given back");
      await keys.press("Enter");
      await expectFocusOn(page, "dialog[open] [data-offer]", "the dialog opens on the box given back");
      await keys.tabTo('dialog[open] [data-action="confirm"]', 6);
      await keys.press("Enter");
      await expect(news).toContainText(`${name} wrote ${points} in`);
      await expectFocusOn(page, "[data-pass-to]", "after the box written again");
    }
    measured.push(keys.presses - before);
  }
  console.log(`Tabs from Roll to the first open box, then the turn's key presses: ${JSON.stringify(measured)}`);
});

test("a score pad's box written with the keyboard alone: the dialog takes the focus, holds it, and gives it back", async ({ page }) => {
  const keys = await startByKeyboard(page, async (keys) => {
    await keys.tabTo('[data-setup="dice-mode"]', 40);
    await keys.press("ArrowDown");
    await expect(page.locator('[data-setup="dice-mode"]')).toHaveValue("pad");
  });
  // Who starts is the first thing to do: the focus is on it (and stays while the choice may change).
  await expectFocusOn(page, '[data-action="choose-first"]', "a score pad asks who starts first");
  await keys.press("ArrowDown");
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", "0");
  const news = page.locator("[data-table-news]");
  await expect(news).toContainText("Ann starts.");
  // The room's own draw is never said as the table's roll-off: the pad asked who starts.
  expect(await page.evaluate(() => window.heard)).toEqual(["Ann starts."]);
  await keys.tabTo('button.cell-button[data-cell^="0:"]', 10);
  const box = await page.evaluate(() => document.activeElement.dataset.cell);
  await keys.press("Enter");
  await expectFocusOn(page, "dialog[open] [data-offer]", "the dialog takes the focus on its first value");
  const inside = await page.locator("dialog[open]").evaluate(
    (dialog) => dialog.querySelectorAll("button:not([disabled])").length,
  );
  await expectTabStaysInside(page, keys, inside + 1);
  await keys.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectFocusOn(page, `button[data-cell="${box}"]`, "Escape returns the focus to the box");
  await keys.press("Enter");
  await expectFocusOn(page, "dialog[open] [data-offer]", "the dialog opens again");
  const value = await page.evaluate(() => document.activeElement.dataset.offer);
  await keys.press("Enter");
  await keys.tabTo('dialog[open] [data-action="confirm"]', inside);
  await keys.press("Enter");
  await expect(page.locator(`[data-cell="${box}"]`)).toHaveAttribute("data-value", value);
  await expect(news).toContainText(new RegExp(`Ann wrote ${value} in [^.]+\\. Bob’s turn\\.`));
  await expectFocusKept(page, "a box written on the pad");
});

test("a computer's turn: nothing to press meanwhile, its moves heard, then the focus back on the person's Roll", async ({ page }) => {
  test.setTimeout(90_000);
  const keys = await startByKeyboard(page, undefined, async (keys) => {
    await keys.tabTo('[data-setup="player-kind"]', 10, 1);
    await keys.press("ArrowDown");
    await expect(page.locator('[data-setup="player-kind"]').nth(1)).not.toHaveValue("human");
  });
  await expect(page.locator("[data-current-seat]")).toBeVisible();
  const computer = (await page.locator("th.player .name").nth(1).textContent()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const news = page.locator("[data-table-news]");
  if ((await currentSeat(page)) === 0) {
    // Ann's turn first: one roll, the first box.
    await expectFocusOn(page, '[data-action="roll"]', "Start gives Ann the focus on Roll");
    await keys.press("Enter");
    await expect(page.locator('[data-die][tabindex="0"]')).toHaveCount(1);
    await keys.tabTo("button.cell-button", 2);
    await keys.press("Enter");
    // The dialog opens on its value (Tabs pressed before it is open would go round the page).
    await expectFocusOn(page, "dialog[open] [data-offer]", "the box's dialog opens on its value");
    await keys.tabTo('dialog[open] [data-action="confirm"]', 6);
    await keys.press("Enter");
  }
  // The computer plays: the focus rests on the turn's status, never on the body, nor in the box it shows.
  await page.evaluate(() => (window.focusedInDialog = []));
  await expect(page.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", "1");
  await expectFocusOn(page, ".turn .status", "the focus rests on the status during a computer's turn");
  await expect(news).toContainText(new RegExp(`${computer} wrote \\d+ in [^.]+\\. Ann’s turn\\.`), { timeout: 30_000 });
  await expectFocusOn(page, '[data-action="roll"]', "after the computer's turn, the focus is on Ann's Roll");
  // The computer's box, shown before it is written, never took the focus.
  expect(await page.evaluate(() => window.focusedInDialog)).toEqual([]);
  await keys.press("Enter");
  await expect(news).toContainText(/^Ann rolled /);
});

test("an online room of two: what the other device rolls and writes is heard here", async ({ browser }) => {
  test.setTimeout(90_000);
  const rooms = await roomServer(browser);
  try {
    const [host, leo] = await twoPhonesPlaying(rooms, { room: "Heard", rules: "yahtzee" });
    const pages = [host, leo];
    const names = ["Mum", "Leo"];
    await expect(host.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", /[01]/);
    const seat = await currentSeat(host);
    const [player, listener] = [pages[seat], pages[1 - seat]];
    await expect(listener.locator("[data-table-news]")).toContainText(`${names[seat]} starts.`);
    await player.locator('[data-action="roll"]').click();
    await expect(listener.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
    const faces = await readDice(listener);
    await expect(listener.locator("[data-table-news]")).toContainText(`${names[seat]} rolled ${faces.join(", ")}.`);
    await player.locator("button.cell-button").first().click();
    await player.getByRole("dialog").locator('[data-action="confirm"]').click();
    const written = listener.locator("[data-written-by]");
    await expect(written).toBeVisible();
    const cell = await player.locator(".just-written").getAttribute("data-cell");
    const points = await listener.locator(`[data-cell="${cell}"]`).getAttribute("data-value");
    await expect(listener.locator("[data-table-news]")).toContainText(
      new RegExp(`${names[seat]} wrote ${points} in [^.]+\\. ${names[1 - seat]}’s turn\\.`),
    );
    expect(rooms.errors).toEqual([]);
  } finally {
    await rooms.stop();
  }
});
