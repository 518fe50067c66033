// Playwright drives Debian's Chromium (never a downloaded browser) against dist/ served on 127.0.0.1.
// E2E_DIST names another build to test (default dist). The online rooms' tests start the real room server (and a
// cluster's nats-server and nginx) themselves, through the test bed (tests/e2e/processes.mjs), on free ports.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8089);
const dist = process.env.E2E_DIST ?? "dist";
const headlessShell = "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/e2e/artifacts/results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}/games/fivedice/`,
    launchOptions: {
      // Debian's headless shell: the same Chromium's engine without the browser's own windows and UI, as
      // Playwright runs headless by default; the suite takes about four fifths of the time it takes in the full
      // browser (where a machine lacks the shell, and with CHROMIUM=/usr/bin/chromium).
      executablePath: process.env.CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium"),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    viewport: { width: 768, height: 1024 },
    // The player who asked their device for less motion: the app drops its tumbles and slides, and a test's
    // tap never waits for a die to come to rest (a whole game plays in about half the time). The specs of
    // how the table feels and looks (table-feel, a11y) play with motion.
    reducedMotion: "reduce",
    // No trace while the suite runs: recording one (a DOM snapshot at every action, a screencast) took a third
    // of the suite's time, failures or not. A failed test keeps its last screen; to see its steps, run it again
    // with `npx playwright test --trace on FILE`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "browser" }],
  webServer: {
    command: `node tests/e2e/serve.mjs ${dist} ${port} /games/fivedice/`,
    url: `http://127.0.0.1:${port}/games/fivedice/`,
    reuseExistingServer: false,
  },
});
