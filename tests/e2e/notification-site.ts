// A site of its own for the notification specs: the production build on a fresh
// database, with its own WordPress-shaped server as the content source and an
// administrator, so a test can publish a new story (a content sync that finds a
// post the site never held) and age a reader's panel clock through the database
// without touching the shared suite server.
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { httpClient } from "../support/http-client";
import { ADMIN_ENV, SITE_ADMIN, type Site, startSite } from "../support/site-server";
import { waitForSyncToFinish } from "../support/sync";
import { onOwnSite } from "../support/test";
import { startWordPressServer, type WordPressServer } from "../support/wordpress-server";

export { expect };

export type NotificationSite = Site & { wordpress: WordPressServer; sync(): Promise<void> };

/** The production build on a fresh database with its own WordPress-shaped source, already synced once. */
export async function startNotificationSite(): Promise<NotificationSite> {
  // "invalid-items" hides every third post from the second on, so the first
  // sync copies the rest; in "healthy" mode a later sync finds the hidden ones: new stories.
  const wordpress = await startWordPressServer({ mode: "invalid-items" });
  const site = await startSite({ env: { ...ADMIN_ENV, WP_URL: wordpress.wpUrl } });
  const admin = httpClient(site.url);
  await admin.signIn(SITE_ADMIN.email, SITE_ADMIN.password);
  const sync = async () => {
    const token = await admin.csrfToken();
    const reply = await admin.post("/admin/wordpress-sync", {
      body: {
        form: [
          ["intent", "sync"],
          ["csrf", token],
        ],
      },
    });
    if (reply.status !== 302) throw new Error(`The sync answered ${reply.status}`);
    await waitForSyncToFinish(admin);
  };
  await sync();
  const dispose = site.dispose;
  return Object.assign(site, {
    wordpress,
    sync,
    dispose: async () => {
      await dispose();
      await wordpress.close();
    },
  });
}

export const test = onOwnSite("notifications", startNotificationSite);

/** The user id of a reader of this site. */
export async function userId(site: Site, username: string): Promise<string> {
  const [row] = await site.query<{ id: string }>('SELECT id FROM "User" WHERE username = ?', [username]);
  if (!row) throw new Error(`No reader ${username}`);
  return row.id;
}

/** A notification for a reader, straight into the database. */
export async function addNotification(
  site: Site,
  user: string,
  fields: { title: string; message: string; link?: string; type?: string; read?: boolean; date?: Date },
) {
  const id = `n_e2e_${randomUUID().slice(0, 8)}`;
  await site.query(
    `INSERT INTO "Notification" ("id", "userId", "type", "title", "message", "link", "date", "read")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      user,
      fields.type ?? "new-story",
      fields.title,
      fields.message,
      fields.link ?? "/stories",
      (fields.date ?? new Date()).toISOString(),
      fields.read ? 1 : 0,
    ],
  );
  return id;
}

/** The bell in the header: a link without JavaScript, a button with it; its name carries the unread count. */
export function bell(page: Page, unread: number) {
  const name = unread > 0 ? `Notifications, ${unread > 99 ? "99+" : unread} unread` : "Notifications";
  const header = page.getByRole("banner");
  return header.getByRole("link", { name, exact: true }).or(header.getByRole("button", { name, exact: true }));
}
