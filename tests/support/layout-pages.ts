// The pages the layout suite looks at (issue 40, docs/decisions/037): every page of the route
// table (tests/support/route-table.ts) once, as the least role that can see it: public pages
// signed out, signed-in pages as a reader, admin pages as an admin. An alias (another path to the
// same module) is the same page and is not loaded again. The main pages are also seen by every
// role below the admin that can see them (the header changes with the account), in both colour
// schemes, and photographed.
import { pageRoutes } from "./route-table";

export type Role = "anonymous" | "reader" | "admin";

export type LayoutPage = {
  /** The URL; `:admin-id` and `:admin-name` are filled with the test site's administrator. */
  path: string;
  role: Role;
  main: boolean;
  /** The route ids it stands for: the route table's entries for this module. */
  ids: string[];
};

/** Pages that send an anonymous reader to /auth (their loaders require an account). */
const READER_MODULES = new Set([
  "routes/auth-success.tsx",
  "routes/bookmarks.tsx",
  "routes/community.tsx",
  "routes/community/post-delete.tsx",
  "routes/community/post-edit.tsx",
  "routes/community/report.tsx",
  "routes/community/thread.tsx",
  "routes/edit-story-item.tsx",
  "routes/edit-story.tsx",
  "routes/notifications.tsx",
  "routes/profile.tsx",
  "routes/reading-position.tsx",
  "routes/recommendations.tsx",
  "routes/settings/connected-accounts.tsx",
  "routes/settings/notifications.tsx",
  "routes/settings/privacy.tsx",
  "routes/settings/profile.tsx",
  "routes/submit-story.tsx",
  "routes/user/feedback-dashboard.tsx",
]);

/**
 * A concrete URL for each route with parameters or a query a person would have. The community's
 * pages answer 404 on the shared test site, whose community is closed (its specs open it on a site
 * of their own): the 404 page in the site's shell is what a person sees there.
 */
const URLS: Record<string, string> = {
  "reader-story": "/reader/the-doll-hospital",
  story: "/story/last-ferry-to-hollin-isle",
  "routes/search": "/search?q=lantern",
  "routes/community/thread": "/community/threads/1",
  "routes/community/post": "/community/posts/1",
  "routes/community/post-edit": "/community/posts/1/edit",
  "routes/community/post-delete": "/community/posts/1/delete",
  "routes/community/story-comments": "/community-story/the-widows-clock/comments",
  "routes/community-story": "/community-story/the-widows-clock",
  "routes/author": "/author/:admin-name",
  "routes/edit-story-item": "/edit-story/1",
  "routes/admin/user": "/admin/users/:admin-id",
  "admin-post-new": "/admin/posts/new",
  "admin-post-edit": "/admin/posts/new",
  "error-page": "/errors/500",
  "not-found": "/no-such-page",
};

/** The module of each route id that is loaded for its module (the others are its aliases). */
const PREFERRED = new Set(["story", "admin-index", "admin-post-new", "admin-content", "admin-posts", "admin-feedback"]);

/** What a reader meets first, and each role's own main pages. */
const MAIN_PATHS = new Set([
  "/",
  "/stories",
  "/story/last-ferry-to-hollin-isle",
  "/search?q=lantern",
  "/submit-story",
  "/bookmarks",
  "/settings/profile",
  "/admin",
  "/admin/analytics",
]);

/** Every page module of the route table, once. */
export function layoutPages(): LayoutPage[] {
  type Module = { preferred: string | null; ids: string[]; paths: Map<string, string> };
  const byModule = new Map<string, Module>();
  for (const route of pageRoutes()) {
    // Resource routes (.ts modules) answer JSON, files or redirects: no page to look at.
    if (!route.file.endsWith(".tsx")) continue;
    const entry: Module = byModule.get(route.file) ?? { preferred: null, ids: [], paths: new Map() };
    entry.ids.push(route.id);
    entry.paths.set(route.id, URLS[route.id] ?? route.path);
    if (PREFERRED.has(route.id) || entry.preferred === null) entry.preferred = route.id;
    byModule.set(route.file, entry);
  }
  return [...byModule.entries()].map(([file, entry]) => {
    const path = entry.paths.get(entry.preferred as string) as string;
    if (/\/:(?!admin-)|\*/.test(path)) throw new Error(`No URL for ${file} (${path}): add one to URLS`);
    const role: Role = path.startsWith("/admin") ? "admin" : READER_MODULES.has(file) ? "reader" : "anonymous";
    return { path, role, main: MAIN_PATHS.has(path), ids: entry.ids };
  });
}

/**
 * The roles that look at a page: the least one that can see it, and a public main page signed in
 * too (the header then holds the account menu and the bell). The admin's header is the reader's
 * with another name: it is measured on the admin pages, which only an admin sees.
 */
export function rolesFor(page: LayoutPage): Role[] {
  return page.main && page.role === "anonymous" ? ["anonymous", "reader"] : [page.role];
}
