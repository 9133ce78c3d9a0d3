import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// The table of contents of the site. Aliases point at the same module under
// another id; they are never copies.
export default [
  // Resource routes: actions and JSON, no chrome.
  route("theme", "routes/theme.ts"),
  route("sidebar", "routes/sidebar.ts"),
  route("api/health", "routes/api/health.ts"),
  route("api/posts", "routes/api/posts.ts"),
  route("api/posts/:slug", "routes/api/post.ts"),
  route("feed.xml", "routes/feed.ts"),
  route("logout", "routes/logout.ts"),
  route("cookie-consent", "routes/cookie-consent.ts"),
  route("api/feedback", "routes/api/feedback.ts"),
  route("api/errors", "routes/api/errors.ts"),
  route("api/user-feedback", "routes/api/user-feedback.ts"),
  route("api/csrf-token", "routes/api/csrf-token.ts"),
  route("api/notifications", "routes/api/notifications.ts"),
  ...prefix("api/notifications", [
    route("read-all", "routes/api/notifications/read-all.ts"),
    route("opened", "routes/api/notifications/opened.ts"),
    route(":id/read", "routes/api/notifications/read.ts"),
  ]),
  route("api/bookmarks", "routes/api/bookmarks.ts"),
  route("api/bookmarks/:slug", "routes/api/bookmark.ts"),
  route("api/reading-position", "routes/api/reading-position.ts"),
  route("api/reading-position/:slug", "routes/api/reading-position-story.ts"),
  route("avatars/:userId/:file", "routes/avatar.ts"),
  // Analytics with consent (docs/decisions/023): the browser's reports and the admins' JSON figures.
  ...prefix("api/analytics", [
    route("pageview", "routes/api/analytics/pageview.ts"),
    route("vitals", "routes/api/analytics/vitals.ts"),
    route("performance", "routes/api/analytics/performance.ts"),
    route("reading-time-test", "routes/api/analytics/reading-time-test.ts"),
    route("devices-test", "routes/api/analytics/devices-test.ts"),
    route("engagement-test", "routes/api/analytics/engagement-test.ts"),
  ]),
  // Responsive images (docs/decisions/027): signed sources resized by sharp.
  route("img/:token/:file", "routes/image.ts"),
  // Signing in with an OpenID Connect provider (docs/decisions/013); Connect and
  // Disconnect are the /settings/connected-accounts page's action.
  route("auth/oidc/:provider", "routes/auth/oidc-start.ts"),
  route("auth/oidc/:provider/callback", "routes/auth/oidc-callback.ts"),
  // Writers' stories (docs/decisions/014): the draft autosave.
  route("api/stories/draft", "routes/api/stories/draft.ts"),
  // Downloads (issue 44, docs/decisions/042): a story as EPUB or one HTML file, a shelf as EPUB.
  route("story/:slug/download/:format", "routes/downloads/story.ts"),
  route("community-story/:slug/download/:format", "routes/downloads/community-story.ts"),
  route("bookmarks/download/:shelf", "routes/downloads/shelf.ts"),
  // Reading offline (issue 44, docs/decisions/042): the service worker's shell page and the saved list it keeps.
  route("offline", "routes/offline.ts"),
  route("offline/saved", "routes/offline-saved.ts"),
  // Account settings (docs/decisions/012): the data download of /settings/privacy.
  route("settings/privacy/export", "routes/settings/privacy-export.ts"),
  ...prefix("api/auth", [
    route("status", "routes/api/auth/status.ts"),
    route("login", "routes/api/auth/login.ts"),
    route("register", "routes/api/auth/register.ts"),
    route("logout", "routes/api/auth/logout.ts"),
  ]),
  // Any other /api/ path: 404 JSON whatever the method (app/site/api-methods.server.ts).
  route("api/*", "routes/api/not-found.ts"),

  // The site shell: header, sidebar, footer.
  layout("routes/layouts/site.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("home", "routes/home.tsx", { id: "home-alias" }),
    route("stories", "routes/stories.tsx"),
    route("reader", "routes/reader.tsx"),
    route("reader/:slug", "routes/story.tsx", { id: "reader-story" }),
    route("story/:slug", "routes/story.tsx", { id: "story" }),
    route("search", "routes/search.tsx"),
    // Community (docs/decisions/015): threads, story comments, reports.
    // All 404 while the community content flag is off, except /community ("coming soon").
    route("community", "routes/community.tsx"),
    ...prefix("community", [
      route("threads/:id", "routes/community/thread.tsx"),
      route("posts/:id", "routes/community/post.tsx"),
      // A reader's own post: edit it, or delete it after a confirmation (its author only).
      route("posts/:id/edit", "routes/community/post-edit.tsx"),
      route("posts/:id/delete", "routes/community/post-delete.tsx"),
      route("report", "routes/community/report.tsx"),
    ]),
    route("community-story/:slug/comments", "routes/community/story-comments.tsx"),
    route("eden-hollow", "routes/eden-hollow.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("support/guidelines", "routes/support/guidelines.tsx"),
    ...prefix("legal", [
      route("copyright", "routes/legal/copyright.tsx"),
      route("terms", "routes/legal/terms.tsx"),
      route("cookie-policy", "routes/legal/cookie-policy.tsx"),
    ]),
    route("cookie-test", "routes/cookie-test.tsx"),
    route("feedback", "routes/feedback.tsx"),
    route("report-bug", "routes/report-bug.tsx"),
    route("user/feedback-dashboard", "routes/user/feedback-dashboard.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("settings", "routes/settings/index.ts"),
    // The settings shell: the settings groups beside the page. Reading and
    // accessibility pages are for every reader; the account pages need an account.
    ...prefix("settings", [
      layout("routes/settings/layout.tsx", [
        route("profile", "routes/settings/profile.tsx"),
        route("connected-accounts", "routes/settings/connected-accounts.tsx"),
        route("notifications", "routes/settings/notifications.tsx"),
        route("privacy", "routes/settings/privacy.tsx"),
        route("cookie-management", "routes/settings/cookie-management.tsx"),
        route("fonts", "routes/settings/fonts.tsx"),
        route("accessibility", "routes/settings/accessibility.tsx"),
        route("quick-settings", "routes/settings/quick-settings.tsx"),
        route("preview", "routes/settings/preview.tsx"),
      ]),
    ]),

    // Signed-in readers (anonymous readers are sent to /auth and back).
    route("profile", "routes/profile.tsx"),
    route("bookmarks", "routes/bookmarks.tsx"),
    route("recommendations", "routes/recommendations.tsx"),
    route("reading-position", "routes/reading-position.tsx"),
    // Writers' stories (docs/decisions/014): writing and editing (signed in), reading
    // (only while the community content flag is on), a writer's public page.
    route("submit-story", "routes/submit-story.tsx"),
    route("edit-story", "routes/edit-story.tsx"),
    route("edit-story/:id", "routes/edit-story-item.tsx"),
    route("community-story/:slug", "routes/community-story.tsx"),
    route("author/:username", "routes/author.tsx"),
    route("auth", "routes/auth.tsx"),
    route("auth-success", "routes/auth-success.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    // Account settings (docs/decisions/012): the emailed link of an email change, and the page after a deletion.
    route("confirm-email", "routes/confirm-email.tsx"),
    // Hardening (issue 39, docs/decisions/032): the link mailed to the OLD address that undoes an email change.
    route("restore-email", "routes/restore-email.tsx"),
    route("account-deleted", "routes/account-deleted.tsx"),

    // Administrators only. The layout's loader guards the pages below it, and
    // each admin loader and action calls requireAdmin itself too: the layout's
    // loader runs neither for an action nor for a data request that names
    // only the child route (tests/reliability/authz.spec.ts checks both).
    ...prefix("admin", [
      layout("routes/admin/layout.tsx", [
        index("routes/admin/dashboard.tsx", { id: "admin-index" }),
        route("dashboard", "routes/admin/dashboard.tsx", { id: "admin-dashboard" }),
        route("wordpress-sync", "routes/admin/wordpress-sync.tsx"),
        // The content sync's progress as server-sent events (docs/decisions/021).
        route("wordpress-sync/progress", "routes/admin/wordpress-sync/progress.ts"),
        // Community reports (docs/decisions/015): the reports section of /admin/content-moderation posts here.
        route("content-moderation/reports", "routes/admin/content-moderation/reports.tsx"),
        // Writers' stories (docs/decisions/014): the moderation queue.
        route("content-moderation", "routes/admin/content-moderation.tsx"),
        // The admin area. Where the spec gives several routes for
        // one job, they are aliases of one module (docs/decisions/016).
        route("users", "routes/admin/users.tsx"),
        route("users/:userId", "routes/admin/user.tsx"),
        route("settings", "routes/admin/settings.tsx"),
        route("stories", "routes/admin/content.tsx", { id: "admin-stories" }),
        route("content", "routes/admin/content.tsx", { id: "admin-content" }),
        route("content-management", "routes/admin/content.tsx", { id: "admin-content-management" }),
        route("posts", "routes/admin/posts.tsx", { id: "admin-posts" }),
        route("manage-posts", "routes/admin/posts.tsx", { id: "admin-manage-posts" }),
        // The own posts' editor (docs/decisions/018): one module for a new post and an existing one.
        route("posts/new", "routes/admin/post-editor.tsx", { id: "admin-post-new" }),
        route("posts/:postId", "routes/admin/post-editor.tsx", { id: "admin-post-edit" }),
        route("themes", "routes/admin/themes.tsx"),
        route("feedback", "routes/admin/feedback.tsx", { id: "admin-feedback" }),
        route("feedback-management", "routes/admin/feedback.tsx", { id: "admin-feedback-management" }),
        route("feedback-review", "routes/admin/feedback.tsx", { id: "admin-feedback-review" }),
        // The feedback review's CSV export (a resource route; docs/decisions/020).
        route("feedback.csv", "routes/admin/feedback-csv.ts"),
        route("bug-reports", "routes/admin/bug-reports.tsx"),
        route("site-statistics", "routes/admin/site-statistics.tsx"),
        route("analytics", "routes/admin/analytics.tsx", { id: "admin-analytics" }),
        route("analytics-dashboard", "routes/admin/analytics.tsx", { id: "admin-analytics-dashboard" }),
      ]),
    ]),
  ]),

  // The bare error shell: no navbar or footer.
  layout("routes/layouts/bare.tsx", [
    route("errors/:code", "routes/status-page.tsx", { id: "error-page" }),
    route("*", "routes/status-page.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
