// The parts of the app fetched on first use: a first visit's start screen needs none of them, and a game on one
// device only the table and those fetched with it until it ends; How to play, statistics, the saved games'
// lists, the analysis, the engine's client, the coach, French and column Yam each fetch their own chunk and work; offline, a chunk fetched before (or
// precached) still works, and one never fetched says so and can be tried again.
import { readFile } from "node:fs/promises";
import { test, expect } from "@playwright/test";
import { choosableCells, currentSeat, layerTakenBack, scoreCell, startGame } from "./helpers.mjs";

/** Every lazy chunk (split_<part>.wasm or a shared chunk_<n>.wasm) the page fetches, in order (index.html's
 * preload of the table's and the fetch that takes it are one request). */
function watchChunks(page) {
  const fetched = [];
  page.on("request", (request) => {
    const chunk = request.url().match(/\/((?:split|chunk)_[^/?]*\.wasm)/);
    if (chunk) fetched.push(chunk[1]);
  });
  return fetched;
}

/** One turn: a roll, then the first cell offered, whatever it scores. */
async function quickTurn(page, seat) {
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  const cells = await choosableCells(page, seat);
  const [cell, value] = Object.entries(cells)[0];
  await scoreCell(page, seat, cell, value);
}

test("a first visit plays a whole game on one device with no lazy chunk but the table's and those fetched with it; the analysis comes at the end", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fetched = watchChunks(page);
  await startGame(page, { rules: "yatzy", players: ["Anna"], seed: 7 });
  // The launch address is read by a chunk of its own (a visit at the plain address never fetches it). The table
  // is a chunk of its own: the start screen never shows it. The value picker is a chunk of its own, fetched as
  // soon as the table shows, before any tap needs it; so are Back's handling of the history, which the table is
  // the first layer of, the screen's wake lock and the keys, and the table's news heard by a screen reader.
  const parts = (chunks) => chunks.filter((chunk) => chunk.startsWith("split_")).sort();
  await expect.poll(() => fetched).toContain("split_table.wasm");
  await expect.poll(() => fetched).toContain("split_picker.wasm");
  await expect.poll(() => fetched).toContain("split_back.wasm");
  await expect.poll(() => fetched).toContain("split_awake.wasm");
  await expect.poll(() => fetched).toContain("split_news.wasm");
  expect(parts(fetched)).toEqual([
    "split_awake.wasm", "split_back.wasm", "split_launch.wasm", "split_news.wasm", "split_picker.wasm",
    "split_table.wasm",
  ]);
  fetched.length = 0;
  for (let turn = 0; turn < 7; turn++) await quickTurn(page, 0);
  // Resuming the game after a reload fetches no chunk either.
  const sheet = () => page.locator("[data-cell^='0:']").evaluateAll((cells) => cells.map((cell) => cell.dataset.value));
  const written = await sheet();
  await page.reload();
  await expect(page.locator('[data-action="roll"]')).toBeEnabled();
  await expect.poll(sheet).toEqual(written);
  // A reload brings the table's chunk, the picker's, Back's, the wake lock's and the news' again, and nothing
  // else.
  await expect.poll(() => fetched).toContain("split_table.wasm");
  await expect.poll(() => fetched).toContain("split_picker.wasm");
  await expect.poll(() => fetched).toContain("split_back.wasm");
  await expect.poll(() => fetched).toContain("split_awake.wasm");
  await expect.poll(() => fetched).toContain("split_news.wasm");
  expect(parts(fetched)).toEqual([
    "split_awake.wasm", "split_back.wasm", "split_news.wasm", "split_picker.wasm", "split_table.wasm",
  ]);
  fetched.length = 0;
  for (let turn = 7; turn < 14; turn++) await quickTurn(page, 0);
  expect(fetched).toEqual([]);
  await quickTurn(page, 0);
  await expect(page.locator("[data-game-over]")).toBeVisible();
  await expect(page.locator(".analysis")).toBeVisible();
  expect(fetched).toContain("split_analysis.wasm");
  expect(fetched.some((chunk) => chunk.startsWith("split_rooms"))).toBe(false);
});

test("a first visit's start screen fetches no chunk: its lists of saved games come once there are some, the table once a game is set up", async ({
  page,
}) => {
  const fetched = watchChunks(page);
  await page.goto("index.html");
  // Every card of the start screen is shown (the last ones in tasks of their own), then the network is quiet.
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  await expect(page.locator("[data-room-server]")).toBeVisible();
  await expect(page.locator('[data-action="solve"]')).toBeVisible();
  await expect(page.locator('[data-action="export"]')).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Every card it shows, the card of the player's data as a file (export, import) too, is in the first download:
  // nothing is fetched after paint. The work on files is not fetched before a button asks for it, nor the table
  // before a game starts.
  expect(fetched).toEqual([]);
  // Setting a game up (here, typing a name) fetches the table's chunk, before Start asks for it.
  await page.locator('[data-setup="player-name"]').first().fill("Dana");
  await expect.poll(() => fetched).toEqual(["split_table.wasm"]);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-action="roll"]')).toBeEnabled();
  // Games left in progress (that one, and another): the list of games in progress is its chunk.
  await startGame(page, { rules: "yatzy", players: ["Dana"], seed: 5 });
  await quickTurn(page, 0);
  await page.locator('[data-action="tables"]').click();
  await expect(page.locator('[data-action="resume"]')).toHaveCount(2);
  expect(fetched).toContain("split_tables.wasm");
  expect(fetched).not.toContain("split_history.wasm");
});

test("games saved in JSON by an earlier version open once their reader (a chunk) is here, and play on", async ({
  page,
}) => {
  const fetched = watchChunks(page);
  const sample = (name) => readFile(`tests/samples/${name}`, "utf8");
  const saves = {
    "fivedice.table.1700000000000-42": await sample("table-v2.json"),
    "fivedice.table.1780000000000-31": await sample("table-v4-columns.json"),
    "fivedice.history": await sample("history-v1.json"),
    "fivedice.last": "1700000000000-42",
  };
  await page.goto("index.html");
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  expect(fetched).not.toContain("split_upgrade.wasm");
  await page.evaluate((saves) => Object.entries(saves).forEach(([key, value]) => localStorage.setItem(key, value)), saves);
  await page.reload();
  await expect(page.locator("[data-current-seat]")).toBeVisible();
  expect(fetched).toContain("split_upgrade.wasm");
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  // The other table and the finished game are listed, and everything is saved again as text: the next start
  // reads it without the chunk.
  await page.locator('[data-action="tables"]').click();
  await expect(page.locator('[data-action="resume"]')).toHaveCount(2);
  await expect(page.locator('[data-action="view-game"]')).toHaveCount(1);
  const saved = await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), Object.keys(saves).slice(0, 3));
  expect(saved.map((text) => text.split("\n")[0])).toEqual(["fivedice table 6", "fivedice table 6", "fivedice history 2"]);
});

test("How to play and the statistics each fetch their chunk when first shown", async ({ page }) => {
  const fetched = watchChunks(page);
  await page.goto("index.html");
  await expect(page.locator('[data-setup="rules"]')).toBeVisible();
  // No finished game yet: no statistics to show, nothing fetched for them.
  await page.locator('[data-action="how-to-play"]').first().click();
  await expect(page.locator("[data-guide]")).toBeVisible();
  expect(fetched).toContain("split_guide.wasm");
  expect(fetched).not.toContain("split_statistics.wasm");
  await page.locator('[data-action="close-guide"]').click();
  await layerTakenBack(page);
  // A finished game: the start screen's statistics fetch their chunk.
  await startGame(page, { rules: "yatzy", players: ["Ben"], seed: 9 });
  for (let turn = 0; turn < 15; turn++) await quickTurn(page, 0);
  await page.locator('[data-action="tables"]').click();
  await expect(page.locator("[data-stats]")).toBeVisible();
  expect(fetched).toContain("split_statistics.wasm");
});

test("French is a chunk: fetched when chosen, and a first visit in French shows French from its first screen", async ({
  page,
  browser,
}) => {
  const fetched = watchChunks(page);
  await page.goto("index.html");
  await expect(page.locator('[data-action="start"]')).toHaveText("Start");
  expect(fetched).not.toContain("split_french.wasm");
  await page.locator('[data-language="fr"]').click();
  await expect(page.locator('[data-action="start"]')).toHaveText("Commencer");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(fetched).toContain("split_french.wasm");

  // A browser that prefers French: the app's first screen is already French (no English shown meanwhile).
  const context = await browser.newContext({ locale: "fr-FR" });
  const french = await context.newPage();
  const fetchedInFrench = watchChunks(french);
  await french.addInitScript(() => {
    window.firstStartButton = null;
    new MutationObserver(() => {
      const start = document.querySelector('[data-action="start"]');
      if (start && window.firstStartButton === null) window.firstStartButton = start.textContent;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await french.goto("index.html");
  await expect(french.locator('[data-action="start"]')).toHaveText("Commencer");
  expect(await french.evaluate(() => window.firstStartButton)).toBe("Commencer");
  expect(fetchedInFrench).toContain("split_french.wasm");
  await context.close();
});

test("column Yam is a chunk: fetched when a game in columns is chosen, its legend under the sheet", async ({ page }) => {
  const fetched = watchChunks(page);
  await page.goto("index.html");
  await page.locator('[data-setup="rules"]').selectOption("yatzy");
  await expect(page.locator('[data-setup="player-name"]').first()).toBeVisible();
  expect(fetched).not.toContain("split_columns.wasm");
  await page.locator('[data-setup="rules"]').selectOption("yam");
  await page.locator('[data-setup="sheet"]').selectOption("columns");
  expect(fetched).toContain("split_columns.wasm");
  await page.locator('[data-setup="player-name"]').first().fill("Anna");
  await page.locator('[data-action="start"]').click();
  await expect(page.locator("[data-column-legend] li")).toHaveCount(3);
  // The setup screen seats two players; whoever the roll-off chose plays Down from its top.
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  const seat = await currentSeat(page);
  await expect(page.locator(`button[data-cell^="${seat}:down:"]`)).toHaveCount(1);
  await expect(page.locator(`button[data-cell="${seat}:down:aces"]`)).toHaveCount(1);
});

test("the engine's client is a chunk: a first visit's table starts neither it nor the worker until a hint is asked", async ({
  page,
}) => {
  const fetched = watchChunks(page);
  const workers = [];
  page.on("request", (request) => {
    if (/solver-worker/.test(request.url())) workers.push(request.url());
  });
  await page.goto("index.html?new=1&rules=yahtzee&players=Anna&seed=3");
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  // The table is shown and the page's network has gone quiet: on a device that keeps no table, the table
  // prepared nothing (preparing would have fetched the chunk and the worker by now).
  await page.waitForLoadState("networkidle");
  expect(fetched).not.toContain("split_engine.wasm");
  expect(workers).toEqual([]);
  await page.locator('[data-action="hint"]').click();
  await expect(page.locator("[data-hint]")).toHaveAttribute("data-hint", "ready", { timeout: 30_000 });
  expect(fetched).toContain("split_engine.wasm");
  expect(workers.length).toBeGreaterThan(0);
});

test("the coach's words are a chunk, fetched when a player first asks for the coach", async ({ page }) => {
  const fetched = watchChunks(page);
  await page.goto("index.html?new=1&rules=yahtzee&players=Anna,Ben&seed=3");
  await quickTurn(page, 0);
  await expect(page.locator('[data-current-seat="1"]')).toBeVisible();
  await expect(page.locator('[data-action="coach"]')).toHaveAttribute("aria-pressed", "false");
  expect(fetched).not.toContain("split_coach.wasm");
  await page.locator('[data-action="coach"]').click();
  await expect(page.locator("[data-coach-total]")).toHaveAttribute("data-coach-total", "0.0000");
  expect(fetched).toContain("split_coach.wasm");
});

test("a chunk that cannot be fetched says so, and comes once it can", async ({ page }) => {
  await page.goto("index.html");
  await expect(page.locator('[data-setup="rules"]')).toBeVisible();
  await page.route(/split_guide\.wasm/, (route) => route.abort("internetdisconnected"));
  await page.locator('[data-action="how-to-play"]').first().click();
  await expect(page.locator('[data-lazy="not-fetched"]')).toBeVisible();
  await expect(page.locator('[data-lazy="not-fetched"]')).toContainText("network");
  await page.unroute(/split_guide\.wasm/);
  await page.locator('[data-action="fetch-again"]').click();
  await expect(page.locator("[data-guide]")).toBeVisible();
});

test("after the service worker is ready, every part works offline and rooms say they need the network", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto("index.html");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await page.locator('[data-action="how-to-play"]').first().click();
  await expect(page.locator("[data-guide]")).toBeVisible();
  await page.locator('[data-action="close-guide"]').click();
  await layerTakenBack(page);
  await startGame(page, { rules: "yatzy", players: ["Cleo"], seed: 11 });
  await page.locator('[data-action="roll"]').click();
  await page.locator('[data-action="hint"]').click();
  await expect(page.locator("[data-hint]")).toHaveAttribute("data-hint", "ready", { timeout: 30_000 });
  await page.locator('[data-action="coach"]').click();
  await expect(page.locator("[data-coach-total]")).toBeVisible();
  await quickTurn(page, 0);
  for (let turn = 1; turn < 15; turn++) await quickTurn(page, 0);
  await expect(page.locator(".analysis")).toBeVisible();
  await page.locator('[data-action="tables"]').click();
  await expect(page.locator("[data-stats]")).toBeVisible();
  await expect(page.locator('[data-action="view-game"]')).toBeVisible();
  // The worker holds the table the hint built: the card answers from it.
  await page.locator('[data-engine="rules"]').selectOption("yatzy");
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator("[data-expected-score]")).toBeVisible();
  await page.goto("index.html");
  await page.locator('[data-language="fr"]').click();
  await expect(page.locator('[data-action="start"]')).toHaveText("Commencer");
  await page.locator('[data-setup="rules"]').selectOption("yam");
  await page.locator('[data-setup="sheet"]').selectOption("columns");
  await expect(page.locator('[data-column-choice="down"]')).toBeVisible();
  await startGame(page, { rules: "yatzy", players: ["Cleo"], seed: 12 });
  await quickTurn(page, 0);
  await page.locator('[data-action="tables"]').click();
  await expect(page.locator('[data-action="resume"]')).toBeVisible();
  await page.goto("index.html?room=Offline&name=Cleo");
  await expect(page.locator('[data-room="offline"]')).toHaveAttribute("data-room-state", "offline");
});
