// Online rooms against the real room server: players on their own devices (separate browser contexts, so
// separate storage) join one room, play a whole Yahtzee game, reload, lose their connection, survive a server
// restart, and a latecomer can only watch. Every total is checked against the rules crate (through the CLI).
// Also a plain static host, which offers no rooms. Who sits where is in rooms-seats.spec.mjs, column Yam rooms
// in rooms-columns.spec.mjs.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { cli, currentSeat, expectedTotals, heldDice, readDice } from "./helpers.mjs";
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
      await pages[2].locator('.finished-games [data-action="share-game"]').click();
      const [download] = await Promise.all([pages[2].waitForEvent("download"), pages[2].locator('[data-action="share-file"]').click()]);
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
