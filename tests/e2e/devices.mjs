// The devices of a journey: a tablet and a phone as people hold them, and a room server of the journey's own
// whose devices are each a fresh browser context (storage of their own) opened at an address a person opens.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { freePort, startRoomServer } from "./processes.mjs";

const dist = process.env.E2E_DIST ?? "dist";
export const tablet = { viewport: { width: 768, height: 1024 } };
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const tv = { viewport: { width: 1280, height: 720 } };

/**
 * An organiser's tablet opens the event `name` from the start page (at the form's game), and its big screen is
 * opened on a TV from the address the organiser's page shows: the two pages, and the tables' invitation.
 */
export async function organiseEvent(rooms, name) {
  const organiser = await rooms.device(tablet, "index.html");
  await organiser.getByRole("link", { name: /Organise an event/ }).click();
  await organiser.getByLabel("The event's name").fill(name);
  await organiser.getByRole("button", { name: "Open the event" }).click();
  await expect(organiser.getByRole("heading", { name: `You organise “${name}”` })).toBeVisible();
  const screen = await rooms.device(tv, await organiser.locator("[data-event-screen-link]").getAttribute("data-link"));
  await expect(screen.locator("[data-event-screen]")).toBeVisible();
  const invitation = await organiser.locator("[data-event-invite]").getAttribute("data-link");
  return { organiser, screen, invitation };
}

/** A room server of its own for a journey, with a fresh device maker; `stop()` ends both. */
export async function roomServer(browser) {
  const folder = await mkdtemp(join(tmpdir(), "fivedice-journey-"));
  const server = await startRoomServer({ dist, data: join(folder, "rooms.sqlite3"), port: await freePort() });
  const contexts = [];
  return {
    url: server.url,
    /** Every error a page throws or logs, for the journey to check there are none. */
    errors: [],
    /** A device opened at `address`; `prepare(context)` runs before (to shape its network, say). */
    async device(kind, address, prepare = async () => {}) {
      const context = await browser.newContext({ ...kind, baseURL: server.url, locale: "en-GB" });
      contexts.push(context);
      await prepare(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => this.errors.push(error.message));
      page.on("console", (message) => message.type() === "error" && this.errors.push(message.text()));
      await page.goto(address);
      return page;
    },
    async stop() {
      for (const context of contexts) await context.close();
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}


/**
 * A room of two phones, opened as people do: Mum names herself and the room on the start page, invites, and Leo
 * joins by the link read off her screen; the host then chooses the game (and whatever `beforeStart` does with
 * both pages), and starts. Both pages, host first, once started.
 */
export async function twoPhonesPlaying(rooms, { room, rules, beforeStart = async () => {} }) {
  const host = await rooms.device(phone, "index.html");
  await host.getByLabel("Your name").fill("Mum");
  await host.getByLabel("Room name").fill(room);
  await host.getByRole("button", { name: "Join", exact: true }).click();
  await host.getByRole("button", { name: "Invite" }).click();
  const link = await host.locator("[data-invite]").getAttribute("data-link");
  const leo = await rooms.device(phone, link);
  await leo.locator('[data-room-field="player"]').fill("Leo");
  await leo.locator('[data-action="join-room"]').click();
  await expect(host.locator('[data-room-player="1"]')).toHaveText("Leo");
  await host.locator('[data-setup="rules"]').selectOption(rules);
  await expect(leo.locator('[data-setup="rules"]')).toHaveValue(rules);
  await beforeStart(host, leo);
  await host.getByRole("button", { name: "Start game" }).click();
  await expect(host.locator("[data-room-state]").first()).toHaveAttribute("data-room-state", "playing");
  return [host, leo];
}
