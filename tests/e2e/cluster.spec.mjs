// Online rooms on a cluster: three room-server nodes on NATS JetStream behind nginx (deploy/nginx.conf, which
// sends a room's sockets to its owner), two players on their own devices playing a whole game in one room while
// the nodes are SIGKILLed one after another mid-turn, or as a turn ends with the next tap following at once, and
// restarted. Every sheet ends as the rules crate (through the CLI) scores it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { currentSeat, expectedTotals, readDice } from "./helpers.mjs";
import {
  cutConnection,
  device,
  expectTotalsEverywhere,
  finishTurn,
  restoreConnection,
  roll,
  watchSockets,
  yahtzee,
} from "./room-play.mjs";
import { freePorts, relaysOpened, seesMembers, startNats, startNginx, startRoomServer } from "./processes.mjs";

const dist = process.env.E2E_DIST ?? "dist";

// A name with what a URL must escape: the app writes it into its socket's address for nginx.
const ROOM = "Zoé & Léo's kitchen";

function kitchen(page) {
  return page.locator(`[data-room="${ROOM.toLowerCase()}"]`);
}

/**
 * Every page goes offline and comes back through nginx. A node's death or return reaches each device at its
 * own moment (at once on the dead node's sockets, a heartbeat later through a relay, when the room moves back
 * to a restarted owner); once the nodes agree, this makes every device reconnect now, so no tap of the test
 * goes out on a socket that is about to close.
 */
async function reconnectAll(pages) {
  for (const page of pages) {
    await cutConnection(page);
    await expect(kitchen(page)).toHaveAttribute("data-room-state", "offline");
    await restoreConnection(page);
  }
  for (const page of pages) await expect(kitchen(page)).toHaveAttribute("data-room-state", "playing", { timeout: 30_000 });
}

test("two devices play a whole game through nginx while the nodes are killed one after another mid-turn", async ({ browser }) => {
  test.setTimeout(300_000);
  const folder = await mkdtemp(join(tmpdir(), "fivedice-cluster-"));
  const nats = await startNats(folder);
  const nodePorts = await freePorts(3);
  // nginx first: the nodes are told its origin, the address the devices open.
  const nginx = await startNginx(folder, nodePorts);
  const startNode = (index) =>
    startRoomServer({
      dist,
      data: join(folder, `unused-${index}.sqlite3`),
      port: nodePorts[index],
      extra: ["--nats", nats.url, "--node-id", `n${index + 1}`, "--proxy", "127.0.0.1", "--origin", nginx.origin],
    });
  const nodes = await Promise.all(nodePorts.map((_, index) => startNode(index)));
  const contexts = [];
  try {
    await seesMembers(nodePorts, 3);
    const names = ["Anna", "Ben"];
    const pages = [];
    for (const name of names) {
      const context = await browser.newContext({ ...device, baseURL: nginx.url });
      await context.addInitScript(watchSockets);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`index.html?room=${encodeURIComponent(ROOM)}&name=${name}`);
      await expect(kitchen(page)).toHaveAttribute("data-room-state", "lobby");
      await expect(page.locator(`[data-room-player="${pages.length}"]`)).toHaveText(name);
      pages.push(page);
    }
    // nginx asked a node for the room's owner and sent both devices there: no node relayed either.
    expect(await relaysOpened(nodePorts)).toBe(0);
    await pages[0].locator('[data-setup="joker"]').selectOption("forced");
    await pages[0].locator('[data-action="start-game"]').click();
    for (const [seat, page] of pages.entries()) {
      await expect(kitchen(page)).toHaveAttribute("data-room-state", "playing");
      await expect(page.locator("[data-seat-self]")).toHaveAttribute("data-seat-self", String(seat));
    }

    const sheets = names.map(() => ({ filled: {}, bonus: 0 }));
    let seat = await currentSeat(pages[0]);
    let kills = 0;
    for (let turn = 0; turn < 13 * 2; turn++, seat = (seat + 1) % 2) {
      const page = pages[seat];
      if (turn % 8 === 2) {
        const index = kills++ % nodes.length;
        await test.step(`node n${index + 1} is killed mid-turn, the game goes on, and it comes back`, async () => {
          await roll(page, 0);
          const dice = await readDice(page);
          await nodes[index].stop({ kill: true });
          await seesMembers(
            nodePorts.filter((_, other) => other !== index),
            nodes.length - 1,
          );
          await reconnectAll(pages);
          for (const other of pages) expect(await readDice(other)).toEqual(dice);
          nodes[index] = await startNode(index);
          await seesMembers(nodePorts, nodes.length);
          await reconnectAll(pages);
          for (const other of pages) expect(await readDice(other)).toEqual(dice);
          await expectTotalsEverywhere(pages, sheets);
        });
      }
      if (turn % 8 === 6) {
        const index = (kills + 1) % nodes.length;
        await test.step(`node n${index + 1} is killed as a turn ends: the next tap still reaches the room`, async () => {
          // No help from the test: the device whose turn it is taps Roll at once, on whatever connection it
          // has (to the dead node, or relayed through a live one to a dead owner). The tap is sent again once
          // the device knows, within seconds, that it went nowhere; it is drawn once.
          await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /3 rolls left/);
          await nodes[index].stop({ kill: true });
          await page.locator('[data-action="roll"]').click({ timeout: 15_000 });
          await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /2 rolls left/, { timeout: 15_000 });
          const dice = await readDice(page);
          for (const other of pages) await expect.poll(() => readDice(other), { timeout: 15_000 }).toEqual(dice);
          nodes[index] = await startNode(index);
          await seesMembers(nodePorts, nodes.length);
          await reconnectAll(pages);
          for (const other of pages) expect(await readDice(other)).toEqual(dice);
          await expect(page.locator('[data-action="roll"]')).toHaveAttribute("aria-label", /2 rolls left/);
        });
      }
      await finishTurn(page, seat, sheets[seat]);
    }
    expect(kills).toBe(nodes.length);

    for (const page of pages) {
      await expect(page.locator("[data-game-over]")).toBeVisible();
      await expect(kitchen(page)).toHaveAttribute("data-room-state", "finished");
    }
    await expectTotalsEverywhere(pages, sheets);
    const grands = sheets.map((sheet) => expectedTotals(yahtzee, sheet).grand);
    await expect(pages[0].locator('[data-winner="true"]')).toHaveCount(grands.filter((grand) => grand === Math.max(...grands)).length);
  } finally {
    for (const context of contexts) await context.close();
    await nginx.stop();
    for (const node of nodes) await node.stop();
    await nats.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
