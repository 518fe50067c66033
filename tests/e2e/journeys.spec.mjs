// Journeys several people take together, each device a fresh browser that starts where a person starts (the
// start page, or the link read off another device's screen), tapping only what it shows, and checking what
// each person sees.
import { test, expect } from "@playwright/test";
import { phone, roomServer, tablet } from "./devices.mjs";
import { finishTurn } from "./room-play.mjs";

/** Whether an element lies wholly within the page's viewport (a person sees it without scrolling). */
async function expectOnScreen(locator) {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

test("an invited phone is asked its name and seated; another types the room by hand", async ({ browser }) => {
  test.setTimeout(180_000);
  const rooms = await roomServer(browser);
  try {
    const host = await rooms.device(tablet, "index.html");
    await test.step("the host opens a room from the start screen", async () => {
      await host.getByLabel("Your name").fill("Mum");
      await host.getByLabel("Room name").fill("Party");
      await host.getByRole("button", { name: "Join", exact: true }).click();
      await expect(host.locator('[data-room="party"]')).toHaveAttribute("data-room-state", "lobby");
      await expect(host.getByText("You host")).toBeVisible();
    });
    const link = await test.step("Invite shows the room's code and link", async () => {
      await host.getByRole("button", { name: "Invite" }).click();
      await expect(host.locator("[data-invite] svg")).toBeVisible();
      const shown = (await host.locator(".invite-link a").textContent()).trim();
      expect(await host.locator("[data-invite]").getAttribute("data-link")).toBe(shown);
      return shown;
    });

    const leo = await rooms.device(phone, link);
    await test.step("the phone that opens the link is asked its name, the room named", async () => {
      await expectOnScreen(leo.getByRole("heading", { name: "Join Mum’s room “Party”" }));
      await expect(leo.locator('[data-room-field="room"]')).toHaveValue("Party");
      await expectOnScreen(leo.locator('[data-room-field="player"]'));
      await expect(leo.locator('[data-room-player="0"]')).toHaveText("Mum");
      await leo.screenshot({ path: "tests/e2e/artifacts/journey-invited-phone.png" });
      await leo.locator('[data-room-field="player"]').fill("Leo");
      await leo.locator('[data-action="join-room"]').click();
      await expect(leo.locator('[data-room-player="1"]')).toHaveText("Leo");
      await expect(leo.locator(".room-player.own")).toContainText("Leo");
      await expect(leo.getByText("Waiting for Mum to start the game.")).toBeVisible();
      await expect(leo.locator('[data-room-field="player"]')).toHaveCount(0);
      await expect(host.locator('[data-room-player="1"]')).toHaveText("Leo");
    });

    await test.step("a phone whose network is slow is never asked its name by the start page's form, only by the room's", async () => {
      let release;
      const held = new Promise((resolve) => (release = resolve));
      const slow = await rooms.device(phone, link, async (context) => {
        await context.route(/split_rooms\.wasm$/, async (route) => {
          await held;
          await route.continue();
        });
      });
      // The start page says the room is on its way, with no form of its own (it would take a name the room's
      // form then drops).
      await expect(slow.locator('[data-room-server="arriving"]')).toHaveText("Looking for a room server…");
      await expect(slow.locator('[data-room-field="player"]')).toHaveCount(0);
      release();
      await expectOnScreen(slow.getByRole("heading", { name: "Join Mum’s room “Party”" }));
      await expect(slow.locator('[data-room-field="player"]')).toHaveValue("");
      await slow.context().close();
    });

    const zoe = await rooms.device(phone, "index.html");
    await test.step("another phone types the room's name on the start screen", async () => {
      await zoe.getByLabel("Your name").fill("Zoe");
      await zoe.getByLabel("Room name").fill("party ");
      await zoe.getByRole("button", { name: "Join", exact: true }).click();
      await expect(zoe.locator('[data-room-player="2"]')).toHaveText("Zoe");
      await expect(host.locator('[data-room-player="2"]')).toHaveText("Zoe");
    });

    await test.step("leaving the room goes back to the start screen, the name and room still typed", async () => {
      await zoe.getByRole("button", { name: "← Leave the room" }).click();
      await expect(host.locator("[data-room-player]")).toHaveCount(2);
      await expect(zoe.getByLabel("Your name")).toHaveValue("Zoe");
      await expect(zoe.getByLabel("Room name")).toHaveValue("party");
      await zoe.getByRole("button", { name: "Join", exact: true }).click();
      await expect(host.locator('[data-room-player="2"]')).toHaveText("Zoe");
    });

    const devices = [host, leo, zoe];
    await test.step("the host starts; each device holds its own seat", async () => {
      await host.getByRole("button", { name: "Start game" }).click();
      for (const [seat, page] of devices.entries()) {
        await expect(page.locator("[data-room-state]").first()).toHaveAttribute("data-room-state", "playing");
        await expect(page.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", String(seat));
      }
    });

    await test.step("a phone that opens the invitation once the game has started is told it watches", async () => {
      const late = await rooms.device(phone, link);
      await expect(late.getByText("This game started before you came: you are watching it")).toBeVisible();
      await expect(late.locator('[data-room-field="player"]')).toHaveCount(0);
      await expect(late.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "");
    });

    await test.step("a round is played, each on their own device, and a reload keeps the seat", async () => {
      const sheets = devices.map(() => ({ filled: {}, bonus: 0 }));
      let seat = Number(await host.locator("[data-current-seat]").getAttribute("data-current-seat"));
      const names = ["Mum", "Leo", "Zoe"];
      for (let turn = 0; turn < 3; turn++, seat = (seat + 1) % 3) {
        // Every phone marks whose turn it is among the room's players; the one that holds the seat says it is
        // its turn, and only that one.
        for (const [holder, page] of devices.entries()) {
          await expect(page.locator("[data-to-play]")).toHaveAttribute("data-room-player", String(seat));
          await expect(page.getByText("your turn", { exact: true })).toHaveCount(holder === seat ? 1 : 0);
        }
        await finishTurn(devices[seat], seat, sheets[seat]);
        // Every other device is told what was written, by whom, where.
        const [cell, points] = Object.entries(sheets[seat].filled).at(-1);
        for (const other of devices.filter((_, holder) => holder !== seat)) {
          await expect(other.locator(`[data-written-by="${seat}"]`)).toContainText(`${names[seat]} wrote ${points} in`);
        }
        await expect(devices[seat].locator("[data-written-by]")).toHaveCount(0);
        expect(cell).toBeTruthy();
      }
      await leo.reload();
      await expect(leo.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "1");
      await expect(leo.locator('[data-room-field="player"]')).toHaveCount(0);
    });
    expect(rooms.errors).toEqual([]);
  } finally {
    await rooms.stop();
  }
});

const WEDDING = ["Bride Claire", "Groom Tom", "Best man Paul", "Maid of honour Ann", "Uncle Bob", "Aunt May", "Grandma Rose", "Little Leo"];

/**
 * Whose column it is, as the table sees it: the current player's head lies within the sheet's frame, right of
 * the row names and not under them, and their first open box is what a tap there reaches; the sheet does not
 * scroll sideways.
 */
async function expectCurrentColumnInView(page) {
  const seat = Number(await page.locator("[data-current-seat]").getAttribute("data-current-seat"));
  await expect(page.locator("thead th.player.current")).toHaveCount(1);
  await expect(page.locator("thead th.player").nth(seat)).toHaveClass(/current/);
  const seen = await page.evaluate((seat) => {
    const wrap = document.querySelector(".sheet-wrap");
    const head = document.querySelectorAll("thead th.player")[seat].getBoundingClientRect();
    const names = document.querySelector("thead th.corner").getBoundingClientRect();
    const frame = wrap.getBoundingClientRect();
    const box = document.querySelector(`button[data-cell^="${seat}:"]`);
    const cell = box?.getBoundingClientRect();
    const reached = cell && document.elementFromPoint(cell.x + cell.width / 2, cell.y + cell.height / 2);
    return {
      sideways: wrap.scrollWidth - wrap.clientWidth,
      beside: head.left >= names.right - 1 && head.right <= frame.left + wrap.clientWidth + 1,
      onScreen: head.left >= 0 && head.right <= window.innerWidth,
      tapped: Boolean(reached && box.contains(reached)),
    };
  }, seat);
  expect(seen).toEqual({ sideways: 0, beside: true, onScreen: true, tapped: true });
  return seat;
}

/** Score pad: the current player writes the highest value offered in their first open box. */
async function writeFirstOpenBox(page, seat) {
  const box = page.locator(`button[data-cell^="${seat}:"]`).first();
  await box.scrollIntoViewIfNeeded();
  await box.click();
  const dialog = page.getByRole("dialog");
  await dialog.locator("[data-offer]").last().click();
  await dialog.locator('[data-action="confirm"]').click();
  await expect(dialog).toHaveCount(0);
}

for (const players of [6, 8]) {
  test(`a wedding of ${players} on a score pad sees whose column it is, the tablet either way up`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: "en-GB" });
    const page = await context.newPage();
    try {
      await page.goto("index.html");
      await page.locator('[data-setup="rules"]').selectOption("yardzee");
      await page.locator('[data-setup="dice-mode"]').selectOption("pad");
      for (let seat = 2; seat < players; seat++) await page.getByRole("button", { name: "Add player" }).click();
      const names = page.locator('[data-setup="player-name"]');
      for (const [seat, name] of WEDDING.slice(0, players).entries()) await names.nth(seat).fill(name);
      await page.getByRole("button", { name: "Start", exact: true }).click();
      await expect(page.locator("thead th.player")).toHaveCount(players);
      // The table settles who starts, then writes a round of boxes, turning the tablet half-way.
      await page.locator('[data-action="choose-first"]').selectOption("2");
      for (let turn = 0; turn < players; turn++) {
        if (turn === Math.floor(players / 2)) await page.setViewportSize({ width: 768, height: 1024 });
        const seat = await expectCurrentColumnInView(page);
        await expect(page.locator("[data-current-seat]")).toContainText(WEDDING[seat]);
        await expect(page.locator("[data-joker-in-force]")).toHaveText("No Joker restriction");
        await expect(page.locator("[data-pass-to]")).toHaveCount(0);
        if (turn === 0) await page.screenshot({ path: `tests/e2e/artifacts/journey-wedding-${players}-landscape.png` });
        await writeFirstOpenBox(page, seat);
      }
      await expectCurrentColumnInView(page);
      await page.screenshot({ path: `tests/e2e/artifacts/journey-wedding-${players}-portrait.png` });
    } finally {
      await context.close();
    }
  });
}

test("a second tab's newer save never freezes Roll: the newer game shows, and the next tap plays", async ({ browser }) => {
  const context = await browser.newContext({ ...tablet, locale: "en-GB" });
  try {
    const first = await context.newPage();
    await first.goto("index.html");
    await first.locator('[data-setup="player-name"]').first().fill("Anna");
    await first.getByRole("button", { name: "Remove player" }).click();
    await first.getByRole("button", { name: "Start", exact: true }).click();
    const roll = (page) => page.locator('[data-action="roll"]');
    await expect(roll(first)).toHaveAttribute("aria-label", /3 rolls left/);
    // The second tab does not hear the first's saves as they happen (a browser may deliver them late): its
    // own tap finds the newer save instead.
    const second = await context.newPage();
    await second.addInitScript(() =>
      window.addEventListener("storage", (event) => event.stopImmediatePropagation(), true),
    );
    await second.goto("index.html");
    await expect(roll(second)).toHaveAttribute("aria-label", /3 rolls left/);
    await roll(first).click();
    await expect(roll(first)).toHaveAttribute("aria-label", /2 rolls left/);
    await roll(second).click();
    await expect(second.getByText("This game was changed in another tab")).toBeVisible();
    await expect(roll(second)).toHaveAttribute("aria-label", /2 rolls left/);
    await expect(roll(second)).toBeEnabled();
    await roll(second).click();
    await expect(roll(second)).toHaveAttribute("aria-label", /1 roll left/);
    await second.locator('button[data-cell="0:chance"]').click();
    await second.getByRole("dialog").locator('[data-action="confirm"]').click();
    await expect(second.locator('[data-cell="0:chance"]')).not.toHaveAttribute("data-value", "");
  } finally {
    await context.close();
  }
});

test("a phone at a table of three asks a hint with the chances shown: the hint is on screen by its dice", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const language of ["en", "fr"]) {
    const context = await browser.newContext({ ...phone, locale: language === "fr" ? "fr-FR" : "en-GB" });
    const page = await context.newPage();
    try {
      await page.goto(`index.html?lang=${language}`);
      await page.locator('[data-action="add-player"]').click();
      const names = page.locator('[data-setup="player-name"]');
      for (const [seat, name] of ["Anna", "Benjamin", "Clémentine"].entries()) await names.nth(seat).fill(name);
      await page.locator('[data-action="start"]').click();
      await page.locator('[data-action="roll"]').click();
      // Each player's own coach: the switch says whose it is.
      const playing = ["Anna", "Benjamin", "Clémentine"][Number(await page.locator("[data-current-seat]").getAttribute("data-current-seat"))];
      await expect(page.locator('[data-action="coach"]')).toContainText(playing);
      await page.locator('[data-action="odds"]').click();
      await expect(page.locator('[data-odds="ready"]')).toBeVisible({ timeout: 60_000 });
      await page.locator('[data-action="hint"]').click();
      await expect(page.locator('[data-hint="ready"]')).toBeVisible({ timeout: 60_000 });
      await expectOnScreen(page.locator('[data-hint-option="1"]'));
      await expectOnScreen(page.locator('[data-die="0"]'));
      await expectOnScreen(page.locator('[data-hint-aim="win"]'));
      await page.screenshot({ path: `tests/e2e/artifacts/journey-phone-hint-${language}.png` });
      // Every player's chance can be read in full.
      const cut = await page.locator("[data-win-chance] .name").evaluateAll((names) =>
        names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent),
      );
      expect(cut).toEqual([]);
      // The choice of what hints play for is still there after a reload.
      await page.reload();
      await expect(page.locator('[data-hint-aim="win"]')).toBeVisible();
    } finally {
      await context.close();
    }
  }
});

test("offline, the online card says so in a player's words", async ({ browser }) => {
  const context = await browser.newContext({ ...tablet, locale: "en-GB" });
  const page = await context.newPage();
  try {
    await page.goto("index.html");
    // A plain static host serves no rooms: said as what it means for the table.
    await expect(page.locator('[data-room-server="missing"]')).toHaveText(
      "Online rooms are not offered at this address: play around this device, passing it from player to player.",
    );
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('[data-room-server="offline"]')).toHaveText(
      "You are offline: online rooms need the network. Play around this device meanwhile.",
    );
    await expect(page.locator("main")).not.toContainText("make serve");
  } finally {
    await context.close();
  }
});

test("a wedding of six on a phone: the row names wrap in a narrow column, and three players' columns show beside them", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB" });
  const page = await context.newPage();
  try {
    const players = WEDDING.slice(0, 6).map(encodeURIComponent).join(",");
    await page.goto(`index.html?new=1&rules=yardzee&dice=pad&players=${players}`);
    await expect(page.locator("thead th.player")).toHaveCount(6);
    const seen = await page.evaluate(() => {
      const names = document.querySelector("thead th.corner").getBoundingClientRect();
      const frame = document.querySelector(".sheet-wrap").getBoundingClientRect();
      const heads = [...document.querySelectorAll("thead th.player")].map((head) => head.getBoundingClientRect());
      return { names: names.width, whole: heads.filter((head) => head.right <= frame.right + 1).length };
    });
    expect(seen.names).toBeLessThanOrEqual(7.5 * 16);
    expect(seen.whole).toBeGreaterThanOrEqual(2);
    // Across, at least half of the third column shows once the sheet is reached (above it, the who-starts card
    // and the turn's panel take the phone's first screen).
    await page.locator("thead th.corner").scrollIntoViewIfNeeded();
    await expect(page.locator("thead th.player").nth(2)).toBeInViewport({ ratio: 0.5 });
    await page.screenshot({ path: "tests/e2e/artifacts/journey-wedding-6-phone.png" });
  } finally {
    await context.close();
  }
});
