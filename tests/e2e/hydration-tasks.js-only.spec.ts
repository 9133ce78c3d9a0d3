// Hydration's mount effects are spread over tasks (docs/decisions/028, 2026-11-29). React runs every
// mount effect of a hydration in one task; with the page's extras in it (the new-story poll, the
// session's visit mark, the offline code's import, `data-hydrated` and the components that wait
// for it) that task was the page's longest, and Lighthouse's total blocking time counted it.
//
// What runs in the same task, without a clock: a probe before the page's scripts numbers the
// "turns" of the event loop, a turn ending at each microtask checkpoint (the probe's
// MutationObserver runs there, after each task's script). React Router's route discovery fetches
// `/__manifest` from one of hydration's own mount effects, so its turn is hydration's. Nothing the
// test names may happen in that turn.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

type Noted = { what: string; turn: number };

/** Before any script of the page: notes fetches, storage writes, `data-hydrated` and added preload links, each with its turn. */
function probeTurns() {
  const log: Noted[] = [];
  (window as unknown as { __turns: Noted[] }).__turns = log;
  let turn = 0;
  // Each note changes this detached element, so the observer ends the turn it was noted in.
  const mark = document.createElement("i");
  const note = (what: string) => {
    log.push({ what, turn });
    mark.title = String(log.length);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.attributeName === "data-hydrated") log.push({ what: "data-hydrated", turn });
      for (const node of record.addedNodes) {
        if (node instanceof HTMLLinkElement && node.rel === "modulepreload")
          log.push({ what: `modulepreload ${new URL(node.href).pathname}`, turn });
      }
    }
    turn++;
  });
  observer.observe(mark, { attributes: true });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hydrated"] });
  const fetch = window.fetch;
  window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
    const [input] = args;
    const url = input instanceof Request ? input.url : String(input);
    note(`fetch ${new URL(url, location.href).pathname}`);
    return fetch.apply(this, args);
  };
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    note(`storage ${key}`);
    return setItem.call(this, key, value);
  };
}

async function turnsOf(page: Page, path: string, wanted: RegExp[]): Promise<Noted[]> {
  await page.addInitScript(probeTurns);
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const read = () => page.evaluate(() => (window as unknown as { __turns: Noted[] }).__turns);
  for (const pattern of [/^fetch \/__manifest/, ...wanted]) {
    await expect.poll(async () => (await read()).some((n) => pattern.test(n.what)), String(pattern)).toBe(true);
  }
  return read();
}

function hydrationTurn(log: Noted[]): number {
  const manifest = log.find((n) => n.what.startsWith("fetch /__manifest"));
  if (!manifest) throw new Error(`no route discovery: ${JSON.stringify(log)}`);
  return manifest.turn;
}

test("the home page's extras run in tasks of their own, not in hydration's", async ({ page }) => {
  const wanted = [/^data-hydrated$/, /^fetch \/api\/posts$/, /^storage hs-visited$/];
  const log = await turnsOf(page, "/", wanted);
  const hydration = hydrationTurn(log);
  for (const pattern of wanted) {
    const noted = log.filter((n) => pattern.test(n.what));
    expect(
      noted.map((n) => n.turn),
      `${pattern} (hydration's turn ${hydration}): ${JSON.stringify(log)}`,
    ).not.toContain(hydration);
  }
});

test("the story page's offline code is imported in a task of its own, not in hydration's", async ({ page }) => {
  const log = await turnsOf(page, "/story/the-doll-hospital", [/^data-hydrated$/, /keep-offline|offline-/]);
  const hydration = hydrationTurn(log);
  // The offline chunk's imports are preloaded by the bundler's helper the moment the import starts.
  const offline = log.filter((n) => /^modulepreload .*(keep-offline|offline-)/.test(n.what));
  expect(offline.length, JSON.stringify(log)).toBeGreaterThan(0);
  expect(
    offline.map((n) => n.turn),
    `hydration's turn ${hydration}: ${JSON.stringify(log)}`,
  ).not.toContain(hydration);
  expect(log.find((n) => n.what === "data-hydrated")?.turn).not.toBe(hydration);
});
