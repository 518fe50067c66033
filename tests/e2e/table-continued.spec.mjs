// A game outlives its devices, at an event: a score-pad table's tablet dies, and the organiser's page continues
// the table on another tablet by a single-use link, with its boxes and its turn; the board goes on, and the old
// tablet, found again, no longer reaches the event.
import { test, expect } from "@playwright/test";
import { organiseEvent, roomServer, tablet } from "./devices.mjs";
import { expectScreenFollows, writeFirstBoxOnPad } from "./helpers.mjs";

/** Every box of the sheet a device shows: its cell and the value written (empty while open). */
async function sheetShown(page) {
  return page.locator("[data-cell]").evaluateAll((cells) =>
    cells.map((cell) => `${cell.getAttribute("data-cell")}=${cell.getAttribute("data-value") ?? ""}`),
  );
}

test("a score-pad table's tablet dies at an event: the organiser's link continues it on another tablet where it stood, and the board goes on", async ({ browser }) => {
  test.setTimeout(120_000);
  const rooms = await roomServer(browser);
  try {
    const { organiser, screen, invitation } = await organiseEvent(rooms, "Harvest Fair");

    const first = await rooms.device(tablet, invitation);
    const players = ["Ann", "Bob"];
    await test.step("a tablet scoring real dice joins by the invitation and writes four boxes", async () => {
      await expect(first.locator('[data-setup="table-name"]')).toHaveValue("Table 1");
      await first.locator('[data-setup="dice-mode"]').selectOption("pad");
      const names = first.locator('[data-setup="player-name"]');
      while ((await names.count()) > players.length) await first.locator('[data-action="remove-player"]').click();
      for (const [seat, player] of players.entries()) await names.nth(seat).fill(player);
      await first.locator('[data-action="start"]').click();
      await first.locator('[data-action="choose-first"]').selectOption("1");
      for (let box = 0; box < 4; box++) await writeFirstBoxOnPad(first);
      await expectScreenFollows(screen, first, players);
      await expect(first.locator('[data-event-handing="up-to-date"]')).toBeVisible();
    });
    const stood = { sheet: await sheetShown(first), seat: await first.locator("[data-current-seat]").getAttribute("data-current-seat") };
    // The tablet dies (its battery): it is gone from the network.
    await first.context().setOffline(true);

    const link = await test.step("the organiser's page lists the table and gives a single-use link for another device", async () => {
      const row = organiser.locator('[data-event-table="Table 1"]');
      await expect(row).toContainText("2 players");
      await row.getByRole("button", { name: "Continue on another device" }).click();
      const shown = organiser.locator('[data-continue-table="Table 1"]');
      await expect(shown.locator("svg")).toBeVisible();
      await expect(shown).toContainText("It works once, for ten minutes.");
      await organiser.locator(".event-tables").screenshot({ path: "tests/e2e/artifacts/event-table-continue.png" });
      return shown.getAttribute("data-link");
    });

    const second = await rooms.device(tablet, link);
    await test.step("another tablet opens the link: the table is there, with its boxes and its turn, and plays on", async () => {
      await expect(second.locator("[data-current-seat]")).toHaveAttribute("data-current-seat", stood.seat);
      expect(await sheetShown(second)).toEqual(stood.sheet);
      expect(new URL(second.url()).search, "the link is not kept in the address").toBe("");
      await second.screenshot({ path: "tests/e2e/artifacts/event-table-continued.png" });
      await writeFirstBoxOnPad(second);
      await writeFirstBoxOnPad(second);
      await expectScreenFollows(screen, second, players);
      await expect(second.locator('[data-event-handing="up-to-date"]')).toBeVisible();
      // After a reload, it is this device's table still.
      await second.reload();
      await expect(second.locator("[data-current-seat]")).toBeVisible();
      await expect(second.locator('[data-event-handing="up-to-date"]')).toBeVisible();
    });

    await test.step("the link opened again is refused, and the old tablet, found again, no longer reaches the event", async () => {
      const third = await rooms.device(tablet, link);
      await expect(third.getByRole("alert")).toContainText("This link no longer continues the table");
      const board = await screen.locator("[data-event-row]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-total")));
      await first.context().setOffline(false);
      await writeFirstBoxOnPad(first);
      await expect(first.locator('[data-event-handing="refused"]')).toContainText("This table is continued on another device");
      await first.screenshot({ path: "tests/e2e/artifacts/event-table-moved.png" });
      await expectScreenFollows(screen, second, players);
      expect(await screen.locator("[data-event-row]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-total")))).toEqual(board);
    });
    // The errors a browser logs are the refusals' answers (403) and the dead tablet's failed requests (its
    // service worker's too), by design.
    const offline = /status of 403|ERR_INTERNET_DISCONNECTED|Failed to fetch|ServiceWorker|fetching the script/;
    expect(rooms.errors.filter((error) => !offline.test(error))).toEqual([]);
  } finally {
    await rooms.stop();
  }
});
