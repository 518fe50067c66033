// An event (a wedding of several tables, one big screen), as the people at it take it: the organiser opens it from
// the start screen, the screen is opened from the link on the organiser's page, and each table's tablet or phone from
// the invitation read off that page; each a fresh browser context that taps only what it shows. The room server
// is restarted mid-event on the same database.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { organiseEvent, phone, roomServer, tablet, tv } from "./devices.mjs";
import { fillEvent, freePort, startRoomServer } from "./processes.mjs";
import { expectScreenFollows, playQuickTurn, writeFirstBoxOnPad } from "./helpers.mjs";

const dist = process.env.E2E_DIST ?? "dist";

/** The big screen's row of a player: their total as the screen shows it. */
async function screenTotal(screen, player) {
  const row = screen.locator(`[data-event-row][data-player="${player}"]`);
  await expect(row).toHaveCount(1);
  return Number(await row.getAttribute("data-total"));
}

/** The seat each device of a room shows to play, once they all show the same one. */
async function seatToPlay(pages) {
  const seats = () => Promise.all(pages.map((page) => page.locator("[data-current-seat]").getAttribute("data-current-seat")));
  await expect.poll(async () => new Set(await seats()).size, { timeout: 20_000 }).toBe(1);
  return (await seats())[0];
}

/**
 * In a room: the device whose seat is to play takes one turn with the app's dice, and every device then shows
 * the box (a room's box shows once the server has it, on each device on its own time: a total read before is
 * stale).
 */
async function playARoomTurn(pages) {
  // Each phone back in the room first (after a restart they reconnect on their own schedule).
  for (const page of pages) await expect(page.locator("[data-room-state]").first()).toHaveAttribute("data-room-state", "playing", { timeout: 20_000 });
  const seat = await seatToPlay(pages);
  const seats = await Promise.all(pages.map((page) => page.locator("[data-seat-self]").getAttribute("data-seat-self")));
  const player = pages[seats.indexOf(seat)];
  if (!player) throw new Error(`no device holds seat ${seat}, the seat to play`);
  const { cell, value } = await playQuickTurn(player, { offer: "last" });
  for (const page of pages) await expect(page.locator(`[data-cell="${cell}"]`)).toHaveAttribute("data-value", value, { timeout: 20_000 });
}

/** A table set up from the event's invitation: its players named, its dice chosen, started. */
async function setUpTable(page, { players, dice, name }) {
  await expect(page.locator("[data-event-invitation]")).toContainText("A table of “Claire & Tom”");
  await expect(page.locator("[data-event-invitation]")).toContainText("The event's game: Yardzee");
  await expect(page.locator("[data-event-joker]")).toHaveText("No Joker restriction");
  await expect(page.locator('[data-setup="rules"]')).toHaveCount(0);
  await expect(page.locator('[data-setup="table-name"]')).toHaveValue(name);
  await page.locator('[data-setup="dice-mode"]').selectOption(dice);
  const names = page.locator('[data-setup="player-name"]');
  while ((await names.count()) > players.length) await page.locator('[data-action="remove-player"]').click();
  for (const [seat, player] of players.entries()) await names.nth(seat).fill(player);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator("[data-current-seat]")).toBeVisible();
}

test("a wedding: a score-pad tablet and a room of two phones join by the invitation, the big screen follows every box, through a table offline and a server restart, to the results", async ({ browser }) => {
  test.setTimeout(240_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-event-"));
  const data = join(folder, "rooms.sqlite3");
  const port = await freePort();
  let server = await startRoomServer({ dist, data, port });
  const contexts = [];
  const errors = [];
  const device = async (kind, address) => {
    const context = await browser.newContext({ ...kind, baseURL: server.url, locale: "en-GB" });
    contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(address);
    return page;
  };
  try {
    const organiser = await device(tablet, "index.html");
    const { invitation, screenLink } = await test.step("the organiser opens the event from the start screen: a QR code for the tables, a link for the screen", async () => {
      await organiser.getByRole("link", { name: /Organise an event/ }).click();
      await expect(organiser.getByRole("heading", { name: "Organise an event: many tables, one big screen" })).toBeVisible();
      const open = organiser.getByRole("button", { name: "Open the event" });
      await expect(open).toBeDisabled();
      await organiser.getByLabel("The event's name").fill("Claire & Tom");
      await organiser.getByLabel("Game").selectOption({ label: "Yardzee" });
      // The game's options, as the new game's form offers them: Yardzee's own sheet has no Joker restriction.
      await expect(organiser.locator('[data-action="rule-options"]')).toHaveText("No Joker restriction · change");
      await open.click();
      await expect(organiser.getByRole("heading", { name: "You organise “Claire & Tom”" })).toBeVisible();
      // The organiser's own address, which a reload opens again.
      expect(new URL(organiser.url()).searchParams.get("organise")).toBe("Claire & Tom");
      await expect(organiser.locator("[data-event-waiting]")).toHaveText("Waiting for the first table…");
      await expect(organiser.locator("[data-event-invite] svg")).toBeVisible();
      const invitation = await organiser.locator("[data-event-invite]").getAttribute("data-link");
      expect(await organiser.locator(".invite-link a").textContent()).toBe(invitation);
      const screenLink = await organiser.locator("[data-event-screen-link]").getAttribute("data-link");
      expect(await organiser.locator("[data-event-screen-link]").getAttribute("href")).toBe(screenLink);
      await organiser.screenshot({ path: "tests/e2e/artifacts/event-organiser.png" });
      return { invitation, screenLink };
    });
    const screen = await device(tv, screenLink);
    await expect(screen.locator("[data-event-screen]")).toContainText("Waiting for the first table");
    await expect(screen.locator(".screen-join svg")).toBeVisible();

    const pad = await device(tablet, invitation);
    await test.step("the first table, a tablet scoring real giant dice, joins by the invitation", async () => {
      await setUpTable(pad, { players: ["Claire", "Tom"], dice: "pad", name: "Table 1" });
      await pad.locator('[data-action="choose-first"]').selectOption("0");
      await expect(screen.locator("[data-event-row]")).toHaveCount(2);
      await expect(screen.locator('[data-event-row][data-player="Claire"]')).toHaveAttribute("data-table", "Table 1");
      await expect(organiser.locator("[data-event-waiting]")).toBeHidden();
      for (let cell = 0; cell < 4; cell++) {
        await writeFirstBoxOnPad(pad);
        await expectScreenFollows(screen, pad, ["Claire", "Tom"]);
      }
      await expect(pad.locator("[data-event-handing]")).toHaveAttribute("data-event-handing", "up-to-date");
    });

    const phoneTable = await device(phone, invitation);
    const room = [phoneTable];
    await test.step("the second table, Table 2, is a room of two phones: one opens it from the invitation, the other joins by its code", async () => {
      const ana = phoneTable;
      await expect(ana.locator("[data-event-invitation]")).toContainText("A table of “Claire & Tom”");
      await expect(ana.locator('[data-setup="table-name"]')).toHaveValue("Table 2");
      // A guest of the event sees its table's form, not the rest of the start page.
      await expect(ana.getByRole("heading", { name: "Play online" })).toHaveCount(0);
      await ana.getByLabel("In a room: each on their own phone").check();
      await expect(ana.locator('[data-setup="player-name"]').first()).toBeHidden();
      await expect(ana.locator('[data-action="start"]')).toBeHidden();
      await ana.locator('[data-setup="host-name"]').fill("Ana");
      await ana.locator('[data-action="open-event-room"]').click();
      await expect(ana.getByText("You host")).toBeVisible();
      // The event's game, shown fixed: no choice the server would then refuse.
      await expect(ana.locator("[data-events-game]")).toHaveText("Every table of the event plays its game, with these rules.");
      await expect(ana.locator('[data-setup="rules"]')).toHaveValue("yardzee");
      await expect(ana.locator('[data-setup="rules"]')).toBeDisabled();
      await ana.getByRole("button", { name: "Invite" }).click();
      await expect(ana.locator("[data-invite] svg")).toBeVisible();
      const link = await ana.locator("[data-invite]").getAttribute("data-link");
      const ben = await device(phone, link);
      room.push(ben);
      await ben.locator('[data-room-field="player"]').fill("Ben");
      await ben.locator('[data-action="join-room"]').click();
      await expect(ana.locator('[data-room-player="1"]')).toHaveText("Ben");
      await expect(screen.locator('[data-event-row][data-player="Ben"]')).toHaveAttribute("data-table", "Table 2");
      await ana.getByRole("button", { name: "Start game" }).click();
      for (const page of room) await expect(page.locator("[data-current-seat]")).toBeVisible();
      for (let turn = 0; turn < 4; turn++) {
        await playARoomTurn(room);
        await expectScreenFollows(screen, ana, ["Ana", "Ben"]);
      }
      await expect(screen.locator("[data-event-row]")).toHaveCount(4);
      await expectScreenFollows(organiser, ana, ["Ana", "Ben"]);
    });

    await test.step("the tablet loses the network for three turns, plays on, and the screen catches up", async () => {
      const before = await screenTotal(screen, "Claire");
      await pad.context().setOffline(true);
      for (let cell = 0; cell < 3; cell++) await writeFirstBoxOnPad(pad);
      await expect(pad.locator("[data-event-handing]")).toHaveAttribute("data-event-handing", "offline");
      expect(await screenTotal(screen, "Claire")).toBe(before);
      await pad.context().setOffline(false);
      await expectScreenFollows(screen, pad, ["Claire", "Tom"], { timeout: 20_000 });
      await expect(pad.locator("[data-event-handing]")).toHaveAttribute("data-event-handing", "up-to-date");
    });

    await test.step("a reload of the screen and a restart of the server lose nothing", async () => {
      await screen.reload();
      await expectScreenFollows(screen, pad, ["Claire", "Tom"]);
      await server.stop();
      server = await startRoomServer({ dist, data, port });
      await writeFirstBoxOnPad(pad);
      await expectScreenFollows(screen, pad, ["Claire", "Tom"], { timeout: 20_000 });
      await expectScreenFollows(screen, phoneTable, ["Ana", "Ben"]);
      await screen.screenshot({ path: "tests/e2e/artifacts/event-screen.png" });
    });

    await test.step("the organiser closes the event: a new table is not taken, the tables playing go on", async () => {
      await organiser.locator('[data-action="close-event"]').click();
      await expect(organiser.locator("[data-event-closed]")).toBeVisible();
      await expect(screen.locator("[data-event-closed]")).toBeVisible();
      // No table joins a closed event: the screen's code to scan goes.
      await expect(screen.locator(".screen-join")).toHaveCount(0);
      const late = await device(phone, invitation);
      // Said on the form, before anybody names a player.
      await expect(late.locator("[data-event-unwelcome]")).toContainText("The event is closed");
      // It plays on its own: where it plays in the event is not asked.
      await expect(late.getByRole("group", { name: "Where does this table play?" })).toBeHidden();
      await setUpTable(late, { players: ["Late"], dice: "app", name: "Table 3" });
      await expect(late.locator("[data-event-handing]")).toHaveAttribute("data-event-handing", "refused");
      await expect(late.locator("[data-event-handing]")).toContainText("The event is closed");
      await playARoomTurn(room);
      await expectScreenFollows(screen, phoneTable, ["Ana", "Ben"], { timeout: 20_000 });
      await expect(screen.locator("[data-event-row]")).toHaveCount(4);
    });

    await test.step("the results are the tables' sheets", async () => {
      await expectScreenFollows(organiser, pad, ["Claire", "Tom"]);
      await expectScreenFollows(organiser, phoneTable, ["Ana", "Ben"]);
      const totals = await organiser.locator("[data-event-row]").evaluateAll((rows) => rows.map((row) => Number(row.dataset.total)));
      expect(totals).toEqual(totals.toSorted((a, b) => b - a));
      await expect(organiser.locator("[data-event-row]").first()).toHaveAttribute("data-rank", "1");
      await expect(organiser.locator("[data-event-prize]").first()).toContainText(String(totals[0]));
      await organiser.screenshot({ path: "tests/e2e/artifacts/event-results.png", fullPage: true });
    });
    expect(errors).toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});

test("an organiser whose event's name is taken chooses another on the spot, at the same game", async ({ browser }) => {
  const rooms = await roomServer(browser);
  const organise = (address) => rooms.device(tablet, address);
  try {
    const first = await organise("index.html?organise=Spring%20Fair&rules=generala&double=no");
    await expect(first.getByRole("heading", { name: "You organise “Spring Fair”" })).toBeVisible();
    await expect(first.locator("[data-event-invite] svg")).toBeVisible();
    // Another organiser, on another device, with the same name.
    const second = await organise("index.html?organise=spring%20fair&rules=generala&double=no");
    await expect(second.getByRole("alert")).toHaveText("An event of that name is open already: choose another name.");
    await expect(second.getByRole("heading", { level: 1 })).toHaveText("Organise an event: many tables, one big screen");
    const name = second.getByLabel("The event's name");
    await expect(name).toHaveValue("spring fair");
    await expect(second.getByLabel("Game")).toHaveValue("generala");
    // Generala's house rules, as the new game's form offers them: the address's "no double" is unticked, and
    // the organiser plays 3-4-5-6-1 too.
    await expect(second.locator('[data-setup="double"]')).not.toBeChecked();
    await second.locator('[data-setup="ace-after-six"]').check();
    await name.fill("Spring Fair 2");
    await second.getByRole("button", { name: "Open the event" }).click();
    await expect(second.getByRole("heading", { name: "You organise “Spring Fair 2”" })).toBeVisible();
    await expect(second.locator("[data-event-invite] svg")).toBeVisible();
    // The game's own options stayed: the tables' invitation carries Generala without the double.
    const invitation = new URL(await second.locator("[data-event-invite]").getAttribute("data-link"));
    expect(["rules", "double", "ace_after_six"].map((option) => invitation.searchParams.get(option))).toEqual(["generala", "no", "yes"]);
    // The first event is still its organiser's.
    await first.reload();
    await expect(first.getByRole("heading", { name: "You organise “Spring Fair”" })).toBeVisible();
  } finally {
    await rooms.stop();
  }
});

test("the organiser finds the event again from the start page, and a close by mistake is undone", async ({ browser }) => {
  const rooms = await roomServer(browser);
  try {
    const { organiser, screen } = await organiseEvent(rooms, "Harvest Fair");
    await expect(screen.locator("[data-event-closed]")).toHaveCount(0);
    // Closed by mistake: one tap, then Reopen puts it back, on the screen too.
    await organiser.locator('[data-action="close-event"]').click();
    await expect(screen.locator("[data-event-closed]")).toBeVisible();
    await organiser.getByRole("button", { name: "Reopen the event" }).click();
    await expect(organiser.locator('[data-action="close-event"]')).toBeVisible();
    await expect(screen.locator("[data-event-closed]")).toHaveCount(0);
    // The start page lists the event this device organises: a tap opens its page again.
    await organiser.goto("index.html");
    const mine = organiser.locator('[data-my-event="Harvest Fair"]');
    await expect(mine).toHaveText("Your event “Harvest Fair”");
    await mine.click();
    await expect(organiser.getByRole("heading", { name: "You organise “Harvest Fair”" })).toBeVisible();
    await expect(organiser.locator("[data-event-invite] svg")).toBeVisible();
    // The laptop is replaced by a phone: "Organise from another device", the link read off the laptop.
    await organiser.getByRole("button", { name: "Organise from another device" }).click();
    const moving = await organiser.locator("[data-organise-elsewhere]").getAttribute("data-link");
    await expect(organiser.locator("[data-organise-elsewhere] svg")).toBeVisible();
    const phoneOrganiser = await rooms.device(phone, moving);
    await expect(phoneOrganiser.getByRole("heading", { name: "You organise “Harvest Fair”" })).toBeVisible();
    await expect(phoneOrganiser.locator("[data-event-invite] svg")).toBeVisible();
    // The link worked once.
    const third = await rooms.device(phone, moving);
    await expect(third.getByRole("alert")).toContainText("This link no longer organises the event");
    // The phone closes the event; the screen says so.
    await phoneOrganiser.locator('[data-action="close-event"]').click();
    await expect(screen.locator("[data-event-closed]")).toBeVisible();
    await expect(phoneOrganiser.locator('[data-my-event="Harvest Fair"]')).toHaveCount(0);
    await phoneOrganiser.goto("index.html");
    await expect(phoneOrganiser.locator('[data-my-event="Harvest Fair"]')).toBeVisible();
    // The one error a browser logs is the refused link's answer (403), by design.
    expect(rooms.errors.filter((error) => !error.includes("status of 403"))).toEqual([]);
  } finally {
    await rooms.stop();
  }
});

/**
 * Whether each of the first `count` rows of the standings is wholly within the standings' frame on screen, and
 * not under the rows that stay (a row's cells are what stay: the row's own box scrolls on).
 */
function topRowsShown(screen, count) {
  return screen.locator("[data-event-row]").evaluateAll((all, count) => {
    const frame = document.querySelector(".screen-standings").getBoundingClientRect();
    return all.slice(0, count).map((row) => {
      const box = row.querySelector("td.player").getBoundingClientRect();
      const shown = document.elementFromPoint(box.left + 2, (box.top + box.bottom) / 2);
      if (!row.contains(shown)) return false;
      return box.top >= frame.top - 1 && box.bottom <= Math.min(frame.bottom, window.innerHeight) + 1;
    });
  }, count);
}

for (const [players, tables, viewport] of [
  [100, 25, tv.viewport],
  [30, 10, { width: 1920, height: 1080 }],
  [30, 10, tv.viewport],
]) {
  test(`${players} players on a big screen of ${viewport.width}×${viewport.height}: the standings turn their pages by themselves under the top three`, async ({ browser }) => {
    test.setTimeout(60_000);
    const folder = await mkdtemp(join(tmpdir(), "fivedice-event-"));
    const port = await freePort();
    const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port });
    const context = await browser.newContext({ viewport, baseURL: server.url, locale: "en-GB" });
    try {
      const key = await fillEvent({ port, name: "Big wedding", tables, players: players / tables, turns: 3 });
      const screen = await context.newPage();
      await screen.goto(`index.html?screen=Big%20wedding&key=${key}`);
      const rows = screen.locator("[data-event-row]");
      await expect(rows).toHaveCount(players);
      // The first row wholly out of sight, below the standings' frame.
      const below = await rows.evaluateAll((all) => {
        const frame = document.querySelector(".screen-standings").getBoundingClientRect();
        const bottom = Math.min(frame.bottom, window.innerHeight);
        return all.findIndex((row) => row.getBoundingClientRect().top >= bottom);
      });
      expect(below).toBeGreaterThan(9);
      expect(await topRowsShown(screen, 4)).toEqual([true, true, true, true]);
      // It comes into view on its own; the fourth row, the first that pages, goes; the top three stay.
      await expect(rows.nth(below)).toBeInViewport({ timeout: 12_000 });
      await expect.poll(() => topRowsShown(screen, 4)).toEqual([true, true, true, false]);
      await screen.screenshot({ path: `tests/e2e/artifacts/event-screen-${players}-${viewport.width}.png` });
    } finally {
      await context.close();
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    }
  });
}

test("ten players on a 1280×720 screen: the standings fit, and nothing pages", async ({ browser }) => {
  const folder = await mkdtemp(join(tmpdir(), "fivedice-event-"));
  const port = await freePort();
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port });
  const context = await browser.newContext({ ...tv, baseURL: server.url, locale: "en-GB" });
  try {
    const key = await fillEvent({ port, name: "Small wedding", tables: 5, players: 2, turns: 3 });
    const screen = await context.newPage();
    await screen.goto(`index.html?screen=Small%20wedding&key=${key}`);
    await expect(screen.locator("[data-event-row]")).toHaveCount(10);
    expect(await topRowsShown(screen, 10)).toEqual(Array(10).fill(true));
    const frame = screen.locator(".screen-standings");
    expect(await frame.evaluate((frame) => frame.scrollHeight <= frame.clientHeight)).toBe(true);
  } finally {
    await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
