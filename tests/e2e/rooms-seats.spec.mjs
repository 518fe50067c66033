// Who sits where in an online room, against the real room server: two people sharing one tablet, a computer
// the host seats (or takes away) and whose turns the host's device plays, the row of players on a phone, a host
// who leaves the lobby, a name already taken, a latecomer who can only watch, and Invite's QR and link. Totals
// are checked against the rules crate (through the CLI).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { choosableCells, cliScore, currentSeat, expectedTotals, readDice, scoreCell, totals } from "./helpers.mjs";
import { yahtzee, device, roll, expectTotalsEverywhere } from "./room-play.mjs";
import { roomServer } from "./devices.mjs";
import { freePort, startRoomServer } from "./processes.mjs";

const dist = process.env.E2E_DIST ?? "dist";

test("two people share a tablet: the second joins on the same device, which then plays both seats", async ({ browser }) => {
  test.setTimeout(120_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-sharing-"));
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port: await freePort() });
  const contexts = [];
  try {
    const open = async (viewport, name) => {
      const context = await browser.newContext({ viewport, baseURL: server.url });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`index.html?room=Sharing&name=${name}`);
      return page;
    };
    const tablet = await open(device.viewport, "Anna");
    await expect(tablet.locator('[data-room-player="0"]')).toHaveText("Anna");
    await tablet.locator('[data-room-field="another-player"]').fill("Ben");
    await tablet.locator('[data-action="join-another"]').click();
    await expect(tablet.locator('[data-room-player="1"]')).toHaveText("Ben");
    const phone = await open({ width: 390, height: 844 }, "Cleo");
    await expect(tablet.locator('[data-room-player="2"]')).toHaveText("Cleo");
    await expect(phone.locator('[data-action="join-another"]')).toBeVisible();
    await tablet.screenshot({ path: "tests/e2e/artifacts/room-lobby-shared-tablet.png" });
    await tablet.locator('[data-action="start-game"]').click();
    await expect(tablet.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "0 1");
    await expect(phone.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "2");

    const sheets = [0, 1, 2].map(() => ({ filled: {}, bonus: 0 }));
    for (let turn = 0; turn < 4; turn++) {
      const seat = await currentSeat(tablet);
      const [page, other] = seat === 2 ? [phone, tablet] : [tablet, phone];
      await expect(other.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", String(seat));
      await expect(other.locator('[data-action="roll"]')).toBeDisabled();
      await roll(page, 0);
      const dice = await readDice(page);
      const expected = cliScore("yahtzee", "forced", sheets[seat].filled, dice);
      expect(await choosableCells(page, seat)).toEqual(expected.scores);
      const [cell] = Object.keys(expected.scores);
      await scoreCell(page, seat, cell, expected.scores[cell]);
      sheets[seat].filled[cell] = expected.scores[cell];
      if (turn === 1) {
        await tablet.reload();
        await expect(tablet.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "0 1");
      }
    }
    await expect(phone.locator('[data-room="sharing"]')).toHaveAttribute("data-room-state", "playing");
    for (const [seat, sheet] of sheets.entries()) {
      const grand = String(expectedTotals(yahtzee, sheet).grand);
      for (const page of [tablet, phone]) await expect(page.locator(`[data-total="${seat}:grand"]`)).toHaveText(grand);
    }
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});

test("the host seats a Winner in the lobby; every device sees its level and the host's device plays it", async ({ browser }) => {
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-winner-"));
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port: await freePort() });
  const contexts = [];
  try {
    const open = async (name) => {
      const context = await browser.newContext({ ...device, baseURL: server.url });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`index.html?room=Levels&name=${name}&lang=en`);
      await expect(page.locator('[data-room="levels"]')).toHaveAttribute("data-room-state", "lobby");
      return page;
    };
    const host = await open("Anna");
    const guest = await open("Ben");
    await expect(host.locator('[data-room-player="1"]')).toHaveText("Ben");
    await expect(guest.locator('[data-room-field="computer-level"]')).toHaveCount(0);
    const level = host.locator('[data-room-field="computer-level"]');
    await expect(level).toHaveValue("strong");
    // One added by mistake is taken away by the host (and by no one else), its entry's name left as it was.
    await host.locator('[data-action="add-computer"]').click();
    await expect(guest.locator('[data-room-player="2"]')).toHaveText("Computer 3");
    await expect(guest.locator('[data-action="remove-computer"]')).toHaveCount(0);
    await host.locator('[data-room-player="2"] [data-action="remove-computer"]').click();
    await expect(guest.locator("[data-room-player]")).toHaveCount(2);
    await level.selectOption("win");
    await host.locator('[data-action="add-computer"]').click();
    for (const page of [host, guest]) {
      await expect(page.locator(".room-player").nth(2)).toContainText("Winner");
    }
    await host.locator('[data-action="start-game"]').click();
    for (const page of [host, guest]) {
      await expect(page.locator("th.player .computer")).toHaveText("Winner computer");
    }
    // Two rounds: each person rolls once and takes the first box offered; the Winner plays on the host's device.
    const sheets = [0, 1, 2].map(() => ({ filled: {}, bonus: 0 }));
    for (let turn = 0; turn < 6; turn++) {
      await expect(host.locator("[data-current-seat]")).toBeVisible();
      const seat = await currentSeat(host);
      if (seat === 2) {
        const written = Object.keys(sheets[2].filled).length + 1;
        await expect(host.locator('[data-cell^="2:"][data-value]:not([data-value=""])')).toHaveCount(written, {
          timeout: 60_000,
        });
        const values = await host.locator('[data-cell^="2:"]').evaluateAll((cells) =>
          cells.filter((cell) => cell.dataset.value).map((cell) => [cell.dataset.cell.split(":")[1], Number(cell.dataset.value)]),
        );
        sheets[2].filled = Object.fromEntries(values);
        continue;
      }
      const page = seat === 0 ? host : guest;
      await roll(page, 0);
      const dice = await readDice(page);
      const expected = cliScore("yahtzee", "forced", sheets[seat].filled, dice);
      const [cell] = Object.keys(expected.scores);
      await scoreCell(page, seat, cell, expected.scores[cell]);
      sheets[seat].filled[cell] = expected.scores[cell];
      await expect(host.locator("[data-current-seat]")).not.toHaveAttribute("data-current-seat", String(seat));
    }
    // A Yahtzee bonus of the Winner's (two Yahtzees in two turns) is the only figure taken from the page.
    sheets[2].bonus = (await totals(host, 2, ["yahtzee-bonus"]))["yahtzee-bonus"];
    await expectTotalsEverywhere([host, guest], sheets);
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});

/** Whether the chip of the player to play lies within its row (on a phone the row scrolls sideways). */
function toPlayInItsRow(page) {
  return page.locator('.room-player:has([data-to-play="true"])').evaluate((chip) => {
    const [box, row] = [chip.getBoundingClientRect(), chip.parentElement.getBoundingClientRect()];
    return box.left >= row.left - 1 && box.right <= row.right + 1;
  });
}

test("on a phone, the row of a room's players brings whoever is to play into view", async ({ browser }) => {
  test.setTimeout(120_000);
  const rooms = await roomServer(browser);
  try {
    const open = async (name) => {
      const page = await rooms.device({ viewport: { width: 360, height: 740 } }, `index.html?room=Row&name=${name}&lang=en`);
      await expect(page.locator('[data-room="row"]')).toHaveAttribute("data-room-state", "lobby");
      return page;
    };
    const host = await open("Alexandra");
    const guest = await open("Bartholomew");
    for (let computer = 0; computer < 2; computer++) await host.locator('[data-action="add-computer"]').click();
    await expect(guest.locator("[data-room-player]")).toHaveCount(4);
    await host.locator('[data-action="start-game"]').click();
    const row = guest.locator(".room-bar .room-players");
    await expect(row).toBeVisible();
    // The four players do not fit across the phone: the row scrolls.
    expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    // Through a round (the computers play on the host's phone), each phone shows whoever is to play.
    const seen = new Set();
    while (seen.size < 4) {
      const seat = await currentSeat(guest);
      seen.add(seat);
      for (const page of [host, guest]) {
        await expect(page.locator("[data-to-play]")).toHaveAttribute("data-room-player", String(seat));
        await expect.poll(() => toPlayInItsRow(page)).toBe(true);
      }
      if (seat < 2) {
        const page = seat === 0 ? host : guest;
        await roll(page, 0);
        await page.locator("button[data-cell]").first().click();
        await page.getByRole("dialog").locator('[data-action="confirm"]').click();
      }
      await expect(guest.locator("[data-current-seat]")).not.toHaveAttribute("data-current-seat", String(seat), { timeout: 60_000 });
    }
  } finally {
    await rooms.stop();
  }
});

test("when the host leaves the lobby, every device keeps its own seat and the new host starts", async ({ browser }) => {
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-rooms-"));
  const port = await freePort();
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port });
  const contexts = [];
  try {
    const names = ["Anna", "Ben", "Cleo", "Dan"];
    const pages = [];
    for (const name of names) {
      const context = await browser.newContext({ ...device, baseURL: server.url });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`index.html?room=Leavers&name=${name}`);
      await expect(page.locator(`[data-room-player="${pages.length}"]`)).toHaveText(name);
      pages.push(page);
    }
    await pages[0].locator('[data-action="leave-room"]').click();
    const [, ben, cleo, dan] = pages;
    for (const page of [ben, cleo, dan]) {
      await expect(page.locator("[data-room-player]")).toHaveCount(3);
      await expect(page.locator('[data-room-player="0"]')).toHaveAttribute("data-host", "true");
    }
    await expect(ben.locator('[data-action="start-game"]')).toBeVisible();
    await expect(cleo.locator('[data-action="start-game"]')).toHaveCount(0);
    await ben.locator('[data-action="start-game"]').click();
    // Each device holds its own person's seat, renumbered: Ben 0, Cleo 1, Dan 2.
    for (const [seat, page] of [ben, cleo, dan].entries()) {
      await expect(page.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", String(seat));
    }
    const seat = await currentSeat(ben);
    for (const [holder, page] of [ben, cleo, dan].entries()) {
      const rollButton = page.locator('[data-action="roll"]');
      if (holder === seat) await expect(rollButton).toBeEnabled();
      else await expect(rollButton).toBeDisabled();
    }
    const playing = [ben, cleo, dan][seat];
    await roll(playing, 0);
    for (const page of [ben, cleo, dan]) {
      await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
    }
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});

test("a refused name tries another, a latecomer is told they watch, and Invite shows the room's QR and link", async ({ browser }) => {
  test.setTimeout(120_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-rooms-"));
  const port = await freePort();
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port });
  const contexts = [];
  const open = async (address) => {
    const context = await browser.newContext({ ...device, baseURL: server.url });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(address);
    return page;
  };
  try {
    const anna = await open("index.html?room=Famille&name=Anna&lang=en");
    await expect(anna.locator('[data-room-player="0"]')).toHaveText("Anna");
    // The room's name as it was typed; its key in the hook.
    await expect(anna.locator('[data-room="famille"] h1')).toContainText("Famille");
    await anna.locator('[data-action="invite"]').click();
    const invite = anna.locator("[data-invite]");
    await expect(invite.locator("svg")).toBeVisible();
    const link = await invite.getAttribute("data-link");
    expect(link).toBe(`${server.url}index.html?room=Famille`);
    // Someone else arrives by the link, with Anna's name: refused, then seated under another.
    const second = await open(`${link}&name=anna`);
    await expect(second.locator("[data-room-error]")).toBeVisible();
    await second.locator('[data-room-field="player"]').fill("Anne");
    await second.locator('[data-action="join-room"]').click();
    await expect(second.locator('[data-room-player="1"]')).toHaveText("Anne");
    await expect(second.locator("[data-room-error]")).toHaveCount(0);
    await anna.locator('[data-action="start-game"]').click();
    await expect(anna.locator('[data-room="famille"]')).toHaveAttribute("data-room-state", "playing");
    // A latecomer is not scolded: the reason, and plainly that they watch.
    const late = await open("index.html?room=Famille&name=Cleo&lang=en");
    // A fresh page: the app, the rooms' chunk, the socket and the server's answer before the reason shows (more
    // than the default 5 s on a loaded machine).
    await expect(late.locator("[data-room-error]")).toHaveText("This game has started; ask for a new room", { timeout: 20_000 });
    await expect(late.locator(".room-bar")).toContainText("This game started before you came: you are watching it");
    await expect(late.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "");
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
