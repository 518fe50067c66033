// `make look`: the same screens in Chromium and in WebKit (WebKitGTK's MiniBrowser, the engine of Safari on an
// iPad), side by side in tests/look/artifacts/, to be looked at. Chromium through Playwright, WebKit through
// WebKitGTK's WebDriver; both play each state the same way (a script run in the page), on dist/ served by the
// room server (the invitation's QR code is a room's).
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { fillEvent, startRoomServer } from "../e2e/processes.mjs";

const PORT = 8097;
const DRIVER_PORT = 4447;
const OUT = "tests/look/artifacts";

// In-page steps: `tap(selector)` clicks and lets the app answer; `done(note)` ends the state.
const steps = (body) => `const done = arguments[arguments.length - 1];
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tap = async (selector, ms = 350) => { document.querySelector(selector).click(); await wait(ms); };
(async () => { ${body} })().catch((error) => done("failed: " + error));`;

// A turn of the player to play: a roll, the first box offered, Confirm.
const playTurn = `await tap('[data-action=roll]', 600);
  await tap('button[data-cell^="' + document.querySelector('[data-current-seat]').dataset.currentSeat + ':"]');
  await tap('[data-action=confirm]');`;
const fourPlayers = "?new=1&rules=yahtzee&players=Anna,Ben,Chloé,Dan&seed=3&lang=en";
// A wedding on a score pad: who starts is chosen, then the first box written, so the sheet shows in play.
const wedding = (players) =>
  "?new=1&rules=yardzee&dice=pad&lang=en&players=" +
  ["Bride Claire", "Groom Tom", "Best man Paul", "Maid of honour Ann", "Uncle Bob", "Aunt May", "Grandma Rose", "Little Leo"]
    .slice(0, players)
    .map(encodeURIComponent)
    .join(",");
const firstBox = `const seat = document.querySelector('[data-current-seat]').dataset.currentSeat;
  await tap('button[data-cell^="' + seat + ':"]');
  const offers = document.querySelectorAll('[data-offer]'); offers[offers.length - 1].click(); await wait(200);
  await tap('[data-action=confirm]'); done(document.querySelector('[data-current-seat]').textContent);`;
const firstBoxWritten = steps(firstBox);
// The dark theme chosen on the device, as its settings write it, and shown (its sheet fetched) at once.
const DARK = `localStorage.setItem("fivedice.theme", "dark"); fivediceTheme(); await wait(400);`;

// A wedding's big screen, 25 tables of four six turns into their games ({key}: its invitation's), on a TV and
// on a projector; `scale` also takes it as seen from across the room (a quarter of the pixels, Chromium only).
const EVENT = "Claire & Tom";
const bigScreen = (name, width, height, scale) => ({
  name,
  url: `?screen=${encodeURIComponent(EVENT)}&key={key}&lang=en`,
  width,
  height,
  scale,
  script: steps(`for (let i = 0; i < 40 && !document.querySelector('[data-event-row]'); i++) await wait(100);
    done(document.querySelectorAll('[data-event-row]').length + " rows");`),
});

const states = [
  bigScreen("event-screen-1920x1080", 1920, 1080),
  bigScreen("event-screen-1280x720", 1280, 720),
  bigScreen("event-screen-1920x1080-from-afar", 1920, 1080, 0.25),
  ...[
    ["play-tablet-portrait", 768, 1024],
    ["play-tablet-landscape", 1024, 768],
    ["play-phone", 390, 844],
  ].map(([name, width, height]) => ({
    name,
    url: fourPlayers,
    width,
    height,
    script: steps(`await tap('[data-action=roll]', 600); await tap('[data-die="1"]', 200); done("rolled");`),
  })),
  {
    name: "computer-turn-tablet-landscape",
    url: "?new=1&rules=yahtzee&players=Anna,Robo&bots=human,optimal&botdelay=2500&seed=5&lang=en",
    width: 1024,
    height: 768,
    script: steps(`if (document.querySelector('[data-current-seat]').dataset.currentSeat === '0') { ${playTurn} }
      await wait(1200); done(document.querySelector('[data-current-seat]').textContent);`),
  },
  {
    name: "columns-legend-tablet-portrait",
    url: "?new=1&rules=yam&columns=down,free,up,dry,announced&players=Anna,Ben&seed=6&lang=fr",
    width: 768,
    height: 1024,
    script: steps(`await tap('[data-action=roll]', 600); document.querySelector('[data-column-legend]').scrollIntoView();
      await wait(200); done("legend");`),
  },
  {
    name: "pad-who-starts-phone",
    url: "?new=1&rules=yahtzee&players=Anna,Ben,Chloé&dice=pad&lang=en",
    width: 390,
    height: 844,
  },
  {
    name: "invite-phone-fr",
    // A room of each engine's own: the second engine's Anna would otherwise meet the first's.
    url: "?room=Regard-{engine}&name=Anna&lang=fr",
    width: 390,
    height: 844,
    script: steps(`for (let i = 0; i < 40 && !document.querySelector('[data-action=invite]'); i++) await wait(100);
      await tap('[data-action=invite]', 800); done(document.querySelector('[data-invite]')?.dataset.link ?? "no invite");`),
  },
  ...[6, 8].flatMap((players) =>
    [
      ["landscape", 1024, 768],
      ["portrait", 768, 1024],
    ].map(([way, width, height]) => ({
      name: `wedding-${players}-tablet-${way}`,
      url: wedding(players),
      width,
      height,
      script: firstBoxWritten,
    })),
  ),
  {
    // The first screen of a phone that opens Mum's invitation (Mum's tablet hosts the room: see below).
    name: "invited-phone",
    url: "?room=Party-{engine}&lang=en",
    width: 390,
    height: 844,
    script: steps(`for (let i = 0; i < 40 && !document.querySelector('[data-room-field=player]'); i++) await wait(100);
      done(document.querySelector('.join-room h2')?.textContent ?? "no name asked");`),
  },
  // The family's sheets beyond the first four, each at the three sizes, a turn into the game.
  ...[
    ["yacht", "?new=1&rules=yacht&players=Anna,Ben,Chloé&seed=8&lang=en"],
    ["forced-yatzy", "?new=1&rules=forced-yatzy&players=Anna,Ben&seed=9&lang=fr"],
    ["generala", "?new=1&rules=generala&players=Ana,Beto,Carla&seed=10&lang=es"],
    ["kniffel", "?new=1&rules=yahtzee&players=Jonas,Mia&seed=11&lang=de"],
  ].flatMap(([game, url]) =>
    [
      ["tablet-portrait", 768, 1024],
      ["tablet-landscape", 1024, 768],
      ["phone", 390, 844],
    ].map(([size, width, height]) => ({
      name: `sheet-${game}-${size}`,
      url,
      width,
      height,
      script: steps(`${playTurn} await tap('[data-action=roll]', 600); done(document.querySelector('[data-current-seat]').textContent);`),
    })),
  ),
  { name: "start-tablet-portrait", url: "?lang=en", width: 768, height: 1024 },
  { name: "start-phone-fr", url: "?lang=fr", width: 390, height: 844 },
  { name: "start-phone-es", url: "?lang=es", width: 390, height: 844 },
  { name: "start-tablet-landscape-de", url: "?lang=de", width: 1024, height: 768 },
  {
    name: "hint-tablet-portrait",
    url: "?new=1&rules=yahtzee&players=Anna,Ben,Chloé,Dan&seed=3&lang=en",
    width: 768,
    height: 1024,
    script: steps(`await tap('[data-action=roll]', 600); await tap('[data-die="0"]', 200);
      await tap('[data-action=hint]', 200);
      for (let i = 0; i < 60 && document.querySelector('[data-hint]')?.dataset.hint === 'working'; i++) await wait(250);
      done(document.querySelector('[data-hint]')?.dataset.hint);`),
  },
  {
    name: "picker-tablet-landscape",
    url: "?new=1&rules=yam&players=Anna,Ben&seed=4&lang=fr",
    width: 1024,
    height: 768,
    script: steps(`await tap('[data-action=roll]', 600); await tap('button[data-cell^="0:"]'); done("picker open");`),
  },
  {
    name: "pad-picker-phone-fr",
    url: "?new=1&rules=yahtzee&players=Anna,Ben&dice=pad&lang=fr",
    width: 390,
    height: 844,
    script: steps(`const seat = document.querySelector('[data-current-seat]').dataset.currentSeat;
      await tap('button[data-cell="' + seat + ':fours"]'); done("picker open");`),
  },
  {
    name: "analysis-tablet-portrait",
    url: "?new=1&rules=yam&players=Anna&seed=12&lang=fr",
    width: 768,
    height: 1024,
    script: steps(`for (let turn = 0; turn < 12; turn++) {
        await tap('[data-action=roll]'); await tap('button[data-cell^="0:"]', 250); await tap('[data-action=confirm]');
      }
      for (let i = 0; i < 80 && !document.querySelector('[data-analysis="0"] [data-position]'); i++) await wait(500);
      const position = document.querySelector('[data-analysis="0"] [data-position]');
      position?.scrollIntoView({ block: "center" });
      done(position ? "analysis shown" : "no analysis");`),
  },
  // The dark theme, as a device's settings choose it (last: in WebKit the choice stays for the states after).
  { name: "start-phone-dark", url: "?lang=en", width: 390, height: 844, script: steps(`${DARK} done("dark");`) },
  {
    name: "play-tablet-portrait-dark",
    url: fourPlayers,
    width: 768,
    height: 1024,
    script: steps(`${DARK} await tap('[data-action=roll]', 600); await tap('[data-die="1"]', 200); done("rolled");`),
  },
  { name: "wedding-6-tablet-landscape-dark", url: wedding(6), width: 1024, height: 768, script: steps(`${DARK} ${firstBox}`) },
  {
    ...bigScreen("event-screen-1920x1080-dark", 1920, 1080),
    script: steps(`${DARK} for (let i = 0; i < 40 && !document.querySelector('[data-event-row]'); i++) await wait(100);
      done(document.querySelectorAll('[data-event-row]').length + " rows");`),
  },
];

async function withChromium(take) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    for (const state of states) {
      const context = await browser.newContext({
        viewport: { width: state.width, height: state.height },
        deviceScaleFactor: state.scale ?? 1,
      });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${PORT}/${address(state, "chromium")}`);
      await page.waitForSelector("main");
      const note = state.script
        ? await page.evaluate(`new Promise((resolve) => (function () { ${state.script} }).call(null, resolve))`)
        : "";
      await page.waitForTimeout(400);
      await take(state, "chromium", await page.screenshot(), note);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function withWebKit(take) {
  const driver = spawn("WebKitWebDriver", [`--port=${DRIVER_PORT}`], { stdio: ["ignore", "ignore", "inherit"] });
  const call = async (method, path, body) => {
    const response = await fetch(`http://127.0.0.1:${DRIVER_PORT}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    const { value } = await response.json();
    if (!response.ok) throw new Error(`WebKitWebDriver ${method} ${path}: ${JSON.stringify(value).slice(0, 300)}`);
    return value;
  };
  try {
    for (let tries = 0; ; tries++) {
      try {
        await call("GET", "/status");
        break;
      } catch (error) {
        if (tries === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // The view from afar is Chromium's (WebDriver takes a window's own pixels).
    for (const state of states.filter((state) => !state.scale)) {
      // A session per state: storage starts empty, as in Chromium's new context.
      const { sessionId } = await call("POST", "/session", {
        capabilities: {
          alwaysMatch: {
            "webkitgtk:browserOptions": {
              binary: "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
              args: ["--automation", "--private"],
            },
          },
        },
      });
      const session = `/session/${sessionId}`;
      try {
        await call("POST", `${session}/window/rect`, { width: state.width, height: state.height });
        await call("POST", `${session}/url`, { url: `http://127.0.0.1:${PORT}/${address(state, "webkit")}` });
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const note = state.script ? await call("POST", `${session}/execute/async`, { script: state.script, args: [] }) : "";
        await new Promise((resolve) => setTimeout(resolve, 400));
        await take(state, "webkit", Buffer.from(await call("GET", `${session}/screenshot`), "base64"), note);
      } finally {
        await call("DELETE", session);
      }
    }
  } finally {
    driver.kill();
  }
}

const folder = await mkdtemp(join(tmpdir(), "fivedice-look-"));
const server = await startRoomServer({ dist: "dist", data: join(folder, "rooms.sqlite3"), port: PORT });
const eventKey = await fillEvent({ port: PORT, name: EVENT, tables: 25, players: 4, turns: 6 });
/** A state's address in an engine (a room of its own each, the event's key filled in). */
const address = (state, engine) => state.url.replace("{engine}", engine).replace("{key}", eventKey);
await mkdir(OUT, { recursive: true });
const take = async (state, engine, png, note) => {
  await writeFile(`${OUT}/${state.name}-${engine}.png`, png);
  console.log(`look: ${state.name} in ${engine}${note ? ` (${note})` : ""}`);
};
// Mum hosts each engine's party from a tablet of her own, for the invited phone to find her room.
const hosts = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  for (const engine of ["chromium", "webkit"]) {
    const host = await (await hosts.newContext()).newPage();
    await host.goto(`http://127.0.0.1:${PORT}/?room=Party-${engine}&name=Mum&lang=en`);
    await host.waitForSelector('[data-room-player="0"]');
  }
  await withChromium(take);
  await withWebKit(take);
} finally {
  await hosts.close();
  await server.stop();
  await rm(folder, { recursive: true, force: true });
}
console.log(`look: screenshots in ${OUT}/ (each state as <name>-chromium.png and <name>-webkit.png)`);
