// Anonymous readers' notifications, kept in the browser's local storage under
// the key "hs_notifications" (documented on /legal/cookie-policy), and the newest
// story the new-story poll has seen, under "hs_newest_story" (for every
// reader, so a story toasts once). Runs in the browser only; every read copes
// with a missing, full or hand-edited storage.
//
// Stored items are checked with the merge's own schema (notification-schemas.ts),
// which is loaded only once there are items to check: most readers hold none, and
// the reading pages' JavaScript carries no zod (docs/decisions/026). Until it has
// loaded, the state is `pending` (shown as empty, as the server renders it), and a
// change waits for it, so no change is ever made from items not read yet.
import { type AppNotification, CURSED_NOTIFICATION, evaluateIgnoredRule } from "./notifications";

export const NOTIFICATIONS_KEY = "hs_notifications";
export const LAST_STORY_KEY = "hs_newest_story";
/** The browser keeps the newest 100, like the server's lists. */
const KEEP = 100;

export type BrowserState = {
  items: AppNotification[];
  panelLastOpenedAt: number | null;
  /** The ignored-notification rule's flag (spec §4). */
  cursed: boolean;
  /** Items are stored but the check has not loaded yet. */
  pending?: true;
};

const EMPTY: BrowserState = { items: [], panelLastOpenedAt: null, cursed: false };
const PENDING: BrowserState = { ...EMPTY, pending: true };
const listeners = new Set<() => void>();
let cache: { raw: string | null; state: BrowserState } | null = null;

let schema: typeof import("./notification-schemas")["BrowserNotificationSchema"] | null = null;
let loading: Promise<void> | null = null;

/** Loads the items' schema once; a failed load (offline) is tried again on the next read. */
function loadCheck(): Promise<void> {
  loading ??= import("./notification-schemas").then(
    ({ BrowserNotificationSchema }) => {
      schema = BrowserNotificationSchema;
      cache = null;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): BrowserState {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<BrowserState>;
    const stored: unknown[] = Array.isArray(value.items) ? value.items : [];
    if (stored.length > 0 && !schema) {
      loadCheck().catch(() => {});
      return PENDING;
    }
    const items = stored.flatMap((item) => {
      const parsed = schema?.safeParse(item);
      return parsed?.success ? [parsed.data] : [];
    });
    return {
      items,
      panelLastOpenedAt: typeof value.panelLastOpenedAt === "number" ? value.panelLastOpenedAt : null,
      cursed: value.cursed === true,
    };
  } catch {
    return EMPTY;
  }
}

/** The stored state, the same object while the storage is unchanged (for useSyncExternalStore). */
export function readBrowserState(): BrowserState {
  const raw = storage()?.getItem(NOTIFICATIONS_KEY) ?? null;
  if (!cache || cache.raw !== raw) cache = { raw, state: parse(raw) };
  return cache.state;
}

export const serverBrowserState = () => EMPTY;

export function subscribeBrowserState(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === NOTIFICATIONS_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function write(next: BrowserState) {
  try {
    storage()?.setItem(NOTIFICATIONS_KEY, JSON.stringify({ ...next, items: next.items.slice(0, KEEP) }));
  } catch {
    // Storage full or switched off: the notification lives for this page only.
  }
  for (const listener of listeners) listener();
}

/** The stored state once its items are checked. */
export async function checkedBrowserState(): Promise<BrowserState> {
  if (readBrowserState().pending) await loadCheck();
  return readBrowserState();
}

/** Applies a change to the checked state; none when the check cannot load (the items stay as they are). */
export async function updateBrowserState(change: (state: BrowserState) => BrowserState): Promise<void> {
  let state: BrowserState;
  try {
    state = await checkedBrowserState();
  } catch {
    return;
  }
  write(change(state));
}

export function clearBrowserNotifications() {
  storage()?.removeItem(NOTIFICATIONS_KEY);
  for (const listener of listeners) listener();
}

const newId = () => `n_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;

/** Adds a notification; one with the same link and type (a story seen twice) is not added again. */
export function addBrowserNotification(input: Omit<AppNotification, "id" | "date" | "read">, now = Date.now()) {
  return updateBrowserState((state) => {
    if (input.link && state.items.some((n) => n.type === input.type && n.link === input.link)) return state;
    const item: AppNotification = { ...input, id: newId(), date: new Date(now).toISOString(), read: false };
    return { ...state, items: [item, ...state.items] };
  });
}

/** The ignored-notification rule on the browser's notifications (spec §4), at `now`. */
export function runIgnoredRule(now = Date.now()) {
  return updateBrowserState((state) => {
    const unread = state.items.filter((n) => !n.read);
    const oldest = unread.reduce<number | null>((min, n) => {
      const t = Date.parse(n.date);
      return min === null || t < min ? t : min;
    }, null);
    const rule = evaluateIgnoredRule({
      now,
      unread: unread.length,
      panelLastOpenedAt: state.panelLastOpenedAt,
      oldestUnreadAt: oldest,
      cursed: state.cursed,
    });
    if (rule.addCursed) {
      const cursed: AppNotification = {
        ...CURSED_NOTIFICATION,
        id: newId(),
        date: new Date(now).toISOString(),
        read: false,
      };
      return { ...state, cursed: true, items: [cursed, ...state.items] };
    }
    return rule.cursed === state.cursed ? state : { ...state, cursed: rule.cursed };
  });
}

/** The panel opened: restart the rule's clock; true when an unread cursed notification was there (now read). */
export async function openBrowserPanel(now = Date.now()): Promise<boolean> {
  let cursed = false;
  await updateBrowserState((state) => ({
    ...state,
    panelLastOpenedAt: now,
    items: state.items.map((n) => {
      if (n.type !== "cursed" || n.read) return n;
      cursed = true;
      return { ...n, read: true };
    }),
  }));
  return cursed;
}

export function markBrowserRead(id: string) {
  return updateBrowserState((state) => ({
    ...state,
    items: state.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
  }));
}

export function markAllBrowserRead() {
  return updateBrowserState((state) => ({ ...state, items: state.items.map((n) => ({ ...n, read: true })) }));
}

export function clearAllBrowser() {
  return updateBrowserState((state) => ({ ...state, items: [] }));
}

export type LastStory = { id: number; date: string };

export function readLastStory(): LastStory | null {
  try {
    const value = JSON.parse(storage()?.getItem(LAST_STORY_KEY) ?? "null") as LastStory | null;
    return value && typeof value.id === "number" && typeof value.date === "string" ? value : null;
  } catch {
    return null;
  }
}

export function writeLastStory(story: LastStory) {
  try {
    storage()?.setItem(LAST_STORY_KEY, JSON.stringify(story));
  } catch {
    // As above.
  }
}
