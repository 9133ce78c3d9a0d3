// @vitest-environment happy-dom
// The anonymous reader's notifications in local storage: the stored items are
// checked with the merge's schema, which loads only when there are items, and no
// change is made from items that were not read yet.
import { beforeEach, describe, expect, it, vi } from "vitest";

const valid = {
  id: "n_1",
  type: "new-story",
  title: "The Drowned Bell",
  message: "A new story is up.",
  link: "/story/the-drowned-bell",
  date: "2026-11-20T10:00:00.000Z",
  read: false,
};

async function freshStore(stored: unknown) {
  vi.resetModules();
  localStorage.clear();
  if (stored !== undefined) localStorage.setItem("hs_notifications", JSON.stringify(stored));
  return import("./browser-store");
}

const storedItems = () => (JSON.parse(localStorage.getItem("hs_notifications") ?? "{}") as { items: unknown[] }).items;

describe("browser notification store", () => {
  beforeEach(() => localStorage.clear());

  it("reads as pending until the schema has loaded, then keeps only the items that pass it", async () => {
    const store = await freshStore({ items: [valid, { id: "", type: "bogus" }], panelLastOpenedAt: 5, cursed: false });
    expect(store.readBrowserState()).toMatchObject({ items: [], pending: true });
    const state = await store.checkedBrowserState();
    expect(state.pending).toBeUndefined();
    expect(state.items.map((item) => item.id)).toEqual(["n_1"]);
    expect(state.panelLastOpenedAt).toBe(5);
    expect(store.readBrowserState()).toBe(state);
  });

  it("needs no schema when nothing is stored", async () => {
    const store = await freshStore(undefined);
    expect(store.readBrowserState()).toEqual({ items: [], panelLastOpenedAt: null, cursed: false });
  });

  it("a change made before the check has loaded waits for it and keeps the stored items", async () => {
    const store = await freshStore({ items: [valid], panelLastOpenedAt: null, cursed: false });
    expect(store.readBrowserState().pending).toBe(true);
    await store.addBrowserNotification({
      type: "new-story",
      title: "Hollow Tide",
      message: "New.",
      link: "/story/hollow-tide",
    });
    expect((storedItems() as { id: string }[]).map((item) => item.id)).toContain("n_1");
    expect(storedItems()).toHaveLength(2);
  });

  it("opening the panel before the check has loaded still reports an unread cursed notification", async () => {
    const cursed = { ...valid, id: "n_c", type: "cursed", link: null };
    const store = await freshStore({ items: [cursed], panelLastOpenedAt: null, cursed: true });
    await expect(store.openBrowserPanel(1_000)).resolves.toBe(true);
    expect(storedItems()).toMatchObject([{ id: "n_c", read: true }]);
  });
});
