// Online rooms of column Yam against the real room server: the host's choice of columns reaches every device,
// and holds when the host taps faster than the room answers; announcements and the boxes written reach every
// device, each box scored as the rules crate (through the CLI) scores it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { columnScores, currentSeat, readDice } from "./helpers.mjs";
import { device, roll } from "./room-play.mjs";
import { freePort, startRoomServer } from "./processes.mjs";

const dist = process.env.E2E_DIST ?? "dist";

test("a column Yam room: the host chooses the columns, announcements and boxes reach every device", async ({ browser }) => {
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-column-room-"));
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port: await freePort() });
  const contexts = [];
  try {
    const pages = [];
    for (const name of ["Anna", "Ben"]) {
      const context = await browser.newContext({ ...device, baseURL: server.url });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`index.html?room=Colonnes&name=${name}`);
      await expect(page.locator(`[data-room-player="${pages.length}"]`)).toHaveText(name);
      pages.push(page);
    }
    const [anna, ben] = pages;
    // Down, Free, Up to begin with: Free out, Announced in.
    await anna.locator('[data-setup="rules"]').selectOption("yam");
    await anna.locator('[data-setup="sheet"]').selectOption("columns");
    await anna.locator('[data-column-choice="free"]').click();
    await anna.locator('[data-column-choice="announced"]').click();
    const columns = ["down", "up", "announced"];
    await expect(ben.locator('[data-setup="sheet"]')).toHaveValue("columns");
    for (const column of ["down", "free", "up", "dry", "announced"]) {
      const pressed = String(columns.includes(column));
      await expect(ben.locator(`[data-column-choice="${column}"]`)).toHaveAttribute("aria-pressed", pressed);
      await expect(ben.locator(`[data-column-choice="${column}"]`)).toBeDisabled();
    }
    await anna.locator('[data-action="start-game"]').click();
    for (const page of pages) {
      await expect(page.locator('[data-room="colonnes"]')).toHaveAttribute("data-room-state", "playing");
      // The sheet is drawn once the room plays: wait for its heads rather than read them once.
      const heads = () => page.locator("thead [data-column]").evaluateAll((cells) => cells.slice(0, 3).map((c) => c.dataset.column));
      await expect.poll(heads).toEqual(columns);
    }

    const written = [{}, {}];
    for (let turn = 0; turn < 4; turn++) {
      const seat = await currentSeat(anna);
      const [page, other] = seat === 0 ? [anna, ben] : [ben, anna];
      await expect(other.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", String(seat));
      await expect(other.locator(`button[data-cell^="${seat}:"]:not([disabled])`)).toHaveCount(0);
      await roll(page, 0);
      // Each player's first turn: announce Yam, roll again, and write it; the second: Down's first box.
      const [column, cell] = turn < 2 ? ["announced", "yam"] : ["down", "aces"];
      const id = `${seat}:${column}:${cell}`;
      if (column === "announced") {
        await page.locator(`button[data-cell="${id}"]`).click();
        await page.locator('[data-action="confirm"]').click();
        for (const device of pages) await expect(device.locator(`[data-cell="${id}"]`)).toHaveAttribute("data-announced", "true");
        await roll(page, 1);
        // Bound by the announcement: no other box of the player is open.
        await expect(page.locator(`button[data-cell^="${seat}:"]:not([disabled])`)).toHaveCount(1);
      }
      const dice = await readDice(page);
      const points = columnScores(columns, column, written[seat][column] ?? {}, dice)[cell];
      await page.locator(`button[data-cell="${id}"]`).click();
      await page.locator('[data-action="confirm"]').click();
      (written[seat][column] ??= {})[cell] = points;
      for (const device of pages) {
        await expect(device.locator(`[data-cell="${id}"]`)).toHaveAttribute("data-value", String(points));
        await expect(device.locator("[data-announced]")).toHaveCount(0);
      }
    }
    for (const seat of [0, 1]) {
      const grand = Object.values(written[seat]).flatMap((cells) => Object.values(cells)).reduce((a, b) => a + b, 0);
      for (const page of pages) await expect(page.locator(`[data-total="${seat}:grand"]`)).toHaveText(String(grand));
    }
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});

test("a host's quick taps on the columns are not undone by the room's echoes of earlier ones", async ({ browser }) => {
  test.setTimeout(120_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-column-echo-"));
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port: await freePort() });
  const contexts = [];
  try {
    const pages = [];
    // What the server says to Anna's device waits in `held` while `holding`: a slow network, made to order.
    const held = [];
    let holding = false;
    let toAnna;
    for (const name of ["Anna", "Ben"]) {
      const context = await browser.newContext({ ...device, baseURL: server.url });
      contexts.push(context);
      const page = await context.newPage();
      if (name === "Anna") {
        await page.routeWebSocket(/\/rooms\/ws/, (socket) => {
          toAnna = socket;
          socket.connectToServer().onMessage((message) => (holding ? held.push(message) : socket.send(message)));
        });
      }
      await page.goto(`index.html?room=Echoes&name=${name}`);
      await expect(page.locator(`[data-room-player="${pages.length}"]`)).toHaveText(name);
      pages.push(page);
    }
    const [anna, ben] = pages;
    await anna.locator('[data-setup="rules"]').selectOption("yam");
    await expect(anna.locator('[data-setup="sheet"]')).toBeVisible();
    // The room's answer redraws the choice: the game chosen stays the one shown.
    await expect(anna.locator('[data-setup="rules"]')).toHaveValue("yam");
    holding = true;
    // Three taps before the room answers any: columns (Down, Free, Up), a computer player, Free out. (The room's
    // answers are held back no longer than it takes it to answer all three: a device that hears nothing for
    // two seconds takes its connection for lost, and connects again.)
    await anna.locator('[data-setup="sheet"]').selectOption("columns");
    await anna.locator('[data-action="add-computer"]').click();
    await expect(anna.locator('[data-column-choice="free"]')).toHaveAttribute("aria-pressed", "true");
    await anna.locator('[data-column-choice="free"]').click();
    const heldEvents = () => held.filter((message) => message.startsWith('{"event"'));
    await expect.poll(() => heldEvents().length).toBeGreaterThanOrEqual(3);
    // The room's answers to the first two reach Anna; the computer's seat shows they have been read.
    const events = heldEvents();
    const released = held.splice(0, held.indexOf(events[1]) + 1);
    for (const message of released) toAnna.send(message);
    await expect(anna.locator("[data-room-player]")).toHaveCount(3);
    await expect(anna.locator('[data-column-choice="free"]')).toHaveAttribute("aria-pressed", "false");
    await anna.locator('[data-column-choice="announced"]').click();
    holding = false;
    for (const message of held.splice(0)) toAnna.send(message);
    await expect(ben.locator("[data-room-player]")).toHaveCount(3);
    for (const page of pages) {
      for (const column of ["down", "free", "up", "dry", "announced"]) {
        const pressed = String(["down", "up", "announced"].includes(column));
        await expect(page.locator(`[data-column-choice="${column}"]`)).toHaveAttribute("aria-pressed", pressed);
      }
    }
    // No column left: the room still holds the last choice sent, so the host cannot start until one is tapped.
    for (const column of ["down", "up", "announced"]) await anna.locator(`[data-column-choice="${column}"]`).click();
    await expect(anna.locator('[data-action="start-game"]')).toBeDisabled();
    await expect(anna.getByText("Choose at least one column.")).toBeVisible();
    // A game without columns asks for none.
    await anna.locator('[data-setup="rules"]').selectOption("yahtzee");
    await expect(ben.locator('[data-setup="rules"]')).toHaveValue("yahtzee");
    await expect(anna.locator('[data-action="start-game"]')).toBeEnabled();
    await anna.locator('[data-setup="rules"]').selectOption("yam");
    await expect(ben.locator('[data-setup="rules"]')).toHaveValue("yam");
    await expect(anna.locator('[data-action="start-game"]')).toBeDisabled();
    await anna.locator('[data-column-choice="dry"]').click();
    await expect(anna.locator('[data-action="start-game"]')).toBeEnabled();
    await expect(ben.locator('[data-column-choice="dry"]')).toHaveAttribute("aria-pressed", "true");
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
