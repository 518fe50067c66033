// Online rooms against the real room server: players on their own devices (separate browser contexts, so
// separate storage) join one room, play a whole Yahtzee game, reload, lose their connection, survive a server
// restart, and a latecomer can only watch. Every total is checked against the rules crate (through the CLI).
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import {
  choosableCells,
  cli,
  columnScores,
  cliScore,
  currentSeat,
  expectedTotals,
  heldDice,
  readDice,
  scoreCell,
  totals,
} from "./helpers.mjs";
import {
  yahtzee,
  device,
  watchSockets,
  cutConnection,
  restoreConnection,
  roll,
  finishTurn,
  expectTotalsEverywhere,
} from "./room-play.mjs";
import { roomServer } from "./devices.mjs";
import { freePort, startRoomServer } from "./processes.mjs";

const dist = process.env.E2E_DIST ?? "dist";

function room(page) {
  return page.locator('[data-room="friday"]');
}

test("a plain static host says it has no room server", async ({ page }) => {
  const failed = [];
  page.on("response", (response) => response.status() >= 400 && failed.push(response.url()));
  page.on("console", (message) => message.type() === "error" && failed.push(message.text()));
  await page.goto("index.html");
  await expect(page.locator('[data-room-server="missing"]')).toContainText("Online rooms are not offered at this address");
  // Nothing to fill in where no room can be joined: the card says why, and its form is never fetched.
  await expect(page.locator('[data-room-field="player"]')).toHaveCount(0);
  await expect(page.locator('[data-action="join-room"]')).toHaveCount(0);
  // The build's own rooms/status answers the probe: nothing fails on the way (no 404 in the console).
  expect(failed).toEqual([]);
});

test("three devices play a Yahtzee game in one room, through reloads, drops and a server restart, and check its dice at the end", async ({ browser }) => {
  test.setTimeout(420_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-rooms-"));
  const port = await freePort();
  const options = { dist, data: join(folder, "rooms.sqlite3"), port };
  let server = await startRoomServer(options);
  const contexts = [];
  try {
    const names = ["Anna", "Ben", "Cleo"];
    const pages = [];
    for (const name of names) {
      const context = await browser.newContext({ ...device, baseURL: server.url });
      await context.addInitScript(watchSockets);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`index.html?room=Friday&name=${name}`);
      await expect(room(page)).toHaveAttribute("data-room-state", "lobby");
      await expect(page.locator(`[data-room-player="${pages.length}"]`)).toHaveText(name);
      pages.push(page);
    }

    await test.step("the lobby: everyone sees everyone, the first to join hosts and starts", async () => {
      for (const page of pages) {
        expect(page.url()).not.toContain("room=");
        for (const [seat, name] of names.entries()) {
          await expect(page.locator(`[data-room-player="${seat}"]`)).toHaveText(name);
        }
        await expect(page.locator('[data-room-player="0"]')).toHaveAttribute("data-host", "true");
        await expect(page.locator('[data-host="true"]')).toHaveCount(1);
      }
      await pages[0].screenshot({ path: "tests/e2e/artifacts/room-lobby.png" });
      await expect(pages[1].locator('[data-action="start-game"]')).toHaveCount(0);
      await expect(pages[1].locator('[data-setup="rules"]')).toBeDisabled();
      await pages[0].locator('[data-setup="rules"]').selectOption("yatzy");
      await expect(pages[2].locator('[data-setup="rules"]')).toHaveValue("yatzy");
      await pages[0].locator('[data-setup="rules"]').selectOption("yahtzee");
      await expect(pages[2].locator('[data-setup="rules"]')).toHaveValue("yahtzee");
      await pages[0].locator('[data-setup="joker"]').selectOption("forced");
      await pages[0].locator('[data-action="start-game"]').click();
      for (const [seat, page] of pages.entries()) {
        await expect(room(page)).toHaveAttribute("data-room-state", "playing");
        await expect(page.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", String(seat));
      }
      // The server sealed its dice before the first roll: every device shows the one commitment.
      const commitment = await pages[0].locator("[data-dice-commitment]").textContent();
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      for (const page of pages) await expect(page.locator("[data-dice-commitment]")).toHaveText(commitment);
    });

    const sheets = names.map(() => ({ filled: {}, bonus: 0 }));
    const watcherContext = await browser.newContext({ ...device, baseURL: server.url });
    contexts.push(watcherContext);
    const watcher = await watcherContext.newPage();

    // Seats play in turn from the one the server's roll-off chose.
    let seat = await currentSeat(pages[0]);
    for (let turn = 0; turn < 13 * 3; turn++, seat = (seat + 1) % 3) {
      const page = pages[seat];
      for (const other of pages) await expect(other.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", String(seat));
      // Only the device holding the seat to play may roll; the others watch.
      for (const [holder, other] of pages.entries()) {
        const rollButton = other.locator('[data-action="roll"]');
        if (holder === seat) await expect(rollButton).toBeEnabled();
        else await expect(rollButton).toBeDisabled();
      }

      if (turn === 1) {
        await test.step("a fourth device after the start is refused and can only watch", async () => {
          await watcher.goto("index.html?room=friday&name=Dan");
          await expect(watcher.locator("[data-room-error]")).toHaveText("This game has started; ask for a new room");
          await expect(watcher.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "");
          await expect(watcher.locator('[data-action="roll"]')).toBeDisabled();
          await expect(watcher.locator("button[data-cell]")).toHaveCount(0);
          await expect(watcher.locator("[data-room-player]")).toHaveCount(3);
        });
      }

      if (turn === 4) {
        await test.step("a reload mid-turn resumes the same seat, dice and holds", async () => {
          await roll(page, 0);
          await page.locator('[data-die="0"]').click();
          await expect(page.locator('[data-die="0"]')).toHaveAttribute("aria-pressed", "true");
          const dice = await readDice(page);
          const held = await heldDice(page);
          await page.reload();
          await expect(room(page)).toHaveAttribute("data-room-state", "playing");
          await expect(page.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", String(seat));
          expect(await readDice(page)).toEqual(dice);
          expect(await heldDice(page)).toEqual(held);
          await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /2 rolls left/);
          await expect(watcher.locator('[data-die="0"]')).toHaveAttribute("aria-pressed", "true");
          await page.screenshot({ path: "tests/e2e/artifacts/room-playing.png" });
          await watcher.screenshot({ path: "tests/e2e/artifacts/room-watching.png" });
        });
      }

      if (turn === 7) {
        await test.step("a device whose connection drops shows offline, reconnects and catches up", async () => {
          // The device two seats on: the two others play their turns while it is cut off.
          const awaySeat = (seat + 2) % 3;
          const away = pages[awaySeat];
          await cutConnection(away);
          await expect(room(away)).toHaveAttribute("data-room-state", "offline");
          await expect(pages[seat].locator(`[data-room-player="${awaySeat}"]`)).toHaveAttribute("data-away", "true");
          await finishTurn(page, seat, sheets[seat]);
          const next = (seat + 1) % 3;
          await finishTurn(pages[next], next, sheets[next]);
          await expect(room(away)).toHaveAttribute("data-room-state", "offline");
          await restoreConnection(away);
          await expect(room(away)).toHaveAttribute("data-room-state", "playing", { timeout: 20_000 });
          await expectTotalsEverywhere([away], sheets);
        });
        // Two turns were played: the loop moves on by one more.
        turn += 1;
        seat = (seat + 1) % 3;
        continue;
      }

      if (turn === 13) {
        await test.step("the server is killed mid-turn and restarted on the same data: nothing is lost", async () => {
          await roll(page, 0);
          const dice = await readDice(page);
          await server.stop({ kill: true });
          for (const other of pages) await expect(room(other)).toHaveAttribute("data-room-state", "offline");
          server = await startRoomServer(options);
          for (const other of [...pages, watcher]) {
            await expect(room(other)).toHaveAttribute("data-room-state", "playing", { timeout: 30_000 });
            expect(await readDice(other)).toEqual(dice);
          }
          await expectTotalsEverywhere(pages, sheets);
        });
      }

      await finishTurn(page, seat, sheets[seat]);
    }

    await test.step("every device, the watcher's too, ends with the same totals, as the rules count them", async () => {
      for (const page of [...pages, watcher]) {
        await expect(page.locator("[data-game-over]")).toBeVisible();
        await expect(room(page)).toHaveAttribute("data-room-state", "finished");
      }
      await expectTotalsEverywhere([...pages, watcher], sheets);
      // The seed revealed at the end derives every die of the game, through the kill and the restart.
      for (const page of [...pages, watcher]) {
        await expect(page.locator("[data-dice-check]")).toHaveAttribute("data-dice-check", "ok");
        await expect(page.locator("[data-dice-check]")).toContainText("Dice checked ✓");
      }
      const grands = sheets.map((sheet) => expectedTotals(yahtzee, sheet).grand);
      const best = Math.max(...grands);
      await expect(pages[1].locator('[data-winner="true"]')).toHaveCount(grands.filter((grand) => grand === best).length);
      await pages[1].screenshot({ path: "tests/e2e/artifacts/room-finished.png" });
    });

    await test.step("the finished game is in each player's history", async () => {
      await pages[2].locator('[data-action="tables"]').click();
      await expect(pages[2].locator('[data-action="join-room"]')).toBeVisible();
      await expect(pages[2].locator(".finished-games")).toContainText("Friday");
      // Shared as a file, the game carries its room's log, the reveal included: the CLI checks every die from it.
      const [download] = await Promise.all([
        pages[2].waitForEvent("download"),
        pages[2].locator('.finished-games [data-action="share-game"]').click(),
      ]);
      const verified = spawnSync(cli, ["verify", "--log", await download.path()], { encoding: "utf8" });
      expect(verified.status, verified.stderr).toBe(0);
      const said = JSON.parse(verified.stdout);
      expect(said.dice).toBe("checked");
      expect(said.rolls).toBeGreaterThan(39);
    });
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});

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
    await expect(late.locator("[data-room-error]")).toHaveText("This game has started; ask for a new room");
    await expect(late.locator(".room-bar")).toContainText("This game started before you came: you are watching it");
    await expect(late.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", "");
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
