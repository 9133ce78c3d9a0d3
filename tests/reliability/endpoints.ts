// What the reliability suites need to know about every state-changing
// endpoint: how a real, valid request to it looks. Keyed by the path in
// app/routes.ts; hostile.spec.ts and csrf.spec.ts fail when a route with an
// action has no row here (or a row has no route), so a new action is tested
// from the day it appears. Add a row for a new action: what it reads (a form
// or JSON), how it passes the CSRF check, who may send it, and a valid body.
import { randomUUID } from "node:crypto";
import type { HttpClient, RequestOptions } from "../support/http-client.ts";
import type { Role } from "./fixtures.ts";

export type Account = { email: string; username: string; password: string };

export type Endpoint = {
  /** What the action reads: a form, a JSON body, or nothing at all. */
  reads: "form" | "json" | "nothing";
  /**
   * How it passes the CSRF check (docs/decisions/005): the remix-utils token
   * (a form's hidden field, or the X-CSRF-Token header for JSON), or, for the
   * preference forms on cacheable pages, a same-origin request.
   */
  csrf: "token" | "origin";
  /** A page whose form carries the hidden fields this form is sent with (CSRF token, honeypot). */
  formPage?: string;
  /** Who sends it (the action may refuse anyone else). */
  as: Role;
  /** Valid submissions by name; `account` is a reader that exists on the site (not the sender). */
  valid: Record<string, (account: Account) => Record<string, unknown>>;
  /** The statuses a valid submission gets. */
  accepted: number[];
  /** Fields of the first valid submission the action does without (so leaving one out is no error). */
  optional?: string[];
  /**
   * Fields whose bad values are replaced by a default instead of refused
   * (e.g. redirectTo falls back to "/"): a hostile value there may be accepted.
   */
  lenient?: string[];
  /**
   * Where an accepted request may be redirected off this site (Connect goes to the OpenID Connect
   * provider's authorization endpoint); every other redirect must stay on the site.
   */
  offSite?: RegExp;
  /** Rate-limit counters one request may start; 1 unless told (a sign-in counts per address and per account). */
  counters?: number;
  /**
   * The sender accepts the optional cookies first (the cookie banner's Accept): the analytics
   * reports are refused without that consent, so their input is only read with it.
   */
  consent?: boolean;
};

/** A reader's browser (a bare client's "node" user agent is a bot, and bots are not counted). */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * The sender as a reader's browser that pressed the cookie banner's Accept (a same-origin form):
 * every request it sends carries a browser's User-Agent.
 */
export async function asConsentingBrowser(client: HttpClient): Promise<HttpClient> {
  const withUa = (init: RequestOptions = {}): RequestOptions => ({
    ...init,
    headers: { "User-Agent": BROWSER_UA, ...init.headers },
  });
  const browser: HttpClient = {
    ...client,
    request: (method, path, init) => client.request(method, path, withUa(init)),
    get: (path, init) => client.request("GET", path, withUa(init)),
    post: (path, init) => client.request("POST", path, withUa(init)),
  };
  const reply = await browser.post("/cookie-consent", {
    body: {
      form: [
        ["choice", "accept"],
        ["redirectTo", "/"],
      ],
    },
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  if (reply.status !== 302) throw new Error(`Accept answered ${reply.status}`);
  return browser;
}

/** The default palette of app/styles/app.css (app/theme/palette.ts), as the form sends it. */
const PALETTE = {
  light: {
    bg: "#f6efe3",
    surface: "#fffaf1",
    ink: "#221813",
    muted: "#5c4a3d",
    accent: "#8e1b22",
    accentInk: "#fffaf1",
    line: "#d9c9b2",
  },
  dark: {
    bg: "#15100d",
    surface: "#211914",
    ink: "#efe5d6",
    muted: "#c2b09c",
    accent: "#e8707a",
    accentInk: "#15100d",
    line: "#43352b",
  },
};

const unique = () => randomUUID().slice(0, 8);
const newAccount = () => {
  const id = unique();
  return { email: `hostile-${id}@horror.test`, username: `hostile_${id}`, password: `long-enough-${id}` };
};

export const ENDPOINTS: Record<string, Endpoint> = {
  "/theme": {
    reads: "form",
    csrf: "origin",
    as: "anonymous",
    valid: { choose: () => ({ theme: "dark", redirectTo: "/stories" }) },
    accepted: [302],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  "/sidebar": {
    reads: "form",
    csrf: "origin",
    as: "anonymous",
    valid: { collapse: () => ({ state: "collapsed", redirectTo: "/stories" }) },
    accepted: [302],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  "/cookie-consent": {
    reads: "form",
    csrf: "origin",
    as: "anonymous",
    valid: {
      accept: () => ({ choice: "accept", redirectTo: "/" }),
      custom: () => ({ choice: "custom", analytics: "on", redirectTo: "/" }),
      set: () => ({ choice: "set", category: "marketing", enabled: "on", redirectTo: "/" }),
    },
    accepted: [302],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  // Reading preferences: anonymous readers too; private pages whose forms carry the token (docs/decisions/011).
  "/settings/fonts": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/fonts",
    as: "anonymous",
    valid: {
      save: () => ({ intent: "save", typeface: "dyslexic", fontSize: "4", fontWeight: "500" }),
      reset: () => ({ intent: "reset" }),
    },
    accepted: [302],
    optional: ["intent"],
  },
  "/settings/accessibility": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/accessibility",
    as: "anonymous",
    valid: {
      save: () => ({
        intent: "save",
        lineHeight: "1.5",
        paragraphSpacing: "2",
        letterSpacing: "0.12",
        wordSpacing: "0.16",
        measure: "narrow",
        textAlign: "left",
        contentWarnings: "collapse",
        highContrast: "on",
      }),
      "collapse one warning": () => ({
        intent: "save",
        lineHeight: "2",
        paragraphSpacing: "1",
        letterSpacing: "0",
        wordSpacing: "0",
        measure: "default",
        textAlign: "left",
        contentWarnings: "collapse",
        "warning-gore": "on",
        reducedMotion: "on",
      }),
      preset: () => ({ intent: "preset", preset: "dyslexia" }),
      reset: () => ({ intent: "reset" }),
    },
    accepted: [302],
    // A checkbox that is not "on" is off: an odd value there is the default, not an error.
    optional: ["intent", "highContrast"],
    lenient: ["highContrast"],
  },
  "/settings/quick-settings": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/quick-settings",
    as: "anonymous",
    valid: {
      save: () => ({ intent: "save", theme: "dark", fontSize: "5", lineHeight: "2", redirectTo: "/stories" }),
      popover: () => ({ intent: "save", theme: "light", fontSize: "3", lineHeight: "1.5", enhanced: "1" }),
      preset: () => ({ intent: "preset", preset: "night" }),
      reset: () => ({ intent: "reset" }),
    },
    accepted: [200, 302],
    optional: ["intent", "redirectTo"],
    lenient: ["redirectTo"],
  },
  "/settings/preview": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/preview",
    as: "anonymous",
    valid: {
      save: () => ({
        intent: "save",
        typeface: "serif",
        fontSize: "3",
        fontWeight: "400",
        lineHeight: "2",
        paragraphSpacing: "1.5",
        letterSpacing: "0.05",
        wordSpacing: "0.08",
        measure: "wide",
        textAlign: "justify",
      }),
      reset: () => ({ intent: "reset" }),
    },
    accepted: [302],
    optional: ["intent"],
  },
  "/logout": {
    reads: "nothing",
    csrf: "token",
    formPage: "/",
    as: "reader",
    valid: { "sign out": () => ({}) },
    accepted: [302],
  },
  "/api/feedback": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: {
      feedback: () => ({
        type: "bug",
        content: "The sidebar hides the story",
        page: "/stories",
        category: "ui",
        screenResolution: "412 x 823",
      }),
    },
    accepted: [201],
    optional: ["type", "page", "category", "screenResolution"],
  },
  "/api/errors": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: {
      record: () => ({
        id: `err_${Date.now()}_${unique()}`,
        timestamp: new Date().toISOString(),
        message: "Boom",
        stack: "Error: Boom\n    at story (story.tsx:1:1)",
        url: "http://localhost/stories",
        context: { component: "StoryPage" },
      }),
      rejection: () => ({ id: `err_${Date.now()}_${unique()}`, message: "Unhandled rejection" }),
    },
    accepted: [201],
    optional: ["timestamp", "stack", "url", "context"],
  },
  // The browser's analytics reports (docs/decisions/023): same-origin like the preference
  // forms (sent with keepalive as a page is left, from cacheable pages too), and only with consent.
  "/api/analytics/pageview": {
    reads: "json",
    csrf: "origin",
    as: "anonymous",
    consent: true,
    valid: {
      navigation: () => ({
        path: "/stories",
        referrer: "https://search.example/results",
        timestamp: new Date().toISOString(),
        userAgent: "Mozilla/5.0",
        screenWidth: 390,
        screenHeight: 844,
      }),
    },
    accepted: [202],
    optional: ["referrer", "timestamp", "userAgent", "screenWidth", "screenHeight"],
    // The "repeated" case's 12345 is a real screen width: refused only when it is not one (tested as wrong types).
    lenient: ["screenWidth", "screenHeight"],
  },
  "/api/analytics/vitals": {
    reads: "json",
    csrf: "origin",
    as: "anonymous",
    consent: true,
    valid: {
      lcp: () => ({
        metricName: "LCP",
        value: 1234.5,
        identifier: `v5-${Date.now()}-${unique()}`,
        navigationType: "navigate",
        url: "http://localhost/stories",
        userAgent: "Mozilla/5.0",
      }),
    },
    accepted: [202],
    optional: ["navigationType", "userAgent"],
    // The "repeated" case's 12345 is a real measurement (12.3 s): refused only when it is not a number in range.
    lenient: ["value"],
  },
  "/api/analytics/performance": {
    reads: "json",
    csrf: "origin",
    as: "anonymous",
    consent: true,
    valid: {
      timing: () => ({
        metrics: {
          domContentLoaded: 900,
          firstByte: 120,
          loadEvent: 1400,
          transferSize: 14_000,
          encodedBodySize: 13_500,
          decodedBodySize: 52_000,
        },
        coreVitals: { LCP: 1200, FCP: 800 },
        performanceScore: 97,
        userAgent: "Mozilla/5.0",
        timestamp: new Date().toISOString(),
        path: "/stories",
      }),
    },
    accepted: [202],
    optional: ["coreVitals", "performanceScore", "userAgent", "timestamp"],
  },
  "/api/user-feedback": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: {
      report: () => {
        const errorId = `err_${Date.now()}_${unique()}`;
        return {
          type: "bug",
          content: `Error Report - ID: ${errorId}`,
          metadata: { errorId, userAgent: "Mozilla/5.0", url: "http://localhost/stories" },
        };
      },
    },
    accepted: [201],
    optional: ["metadata"],
  },
  "/api/auth/login": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: { "sign in": (account) => ({ email: account.email, password: account.password, rememberMe: true }) },
    accepted: [200],
    optional: ["rememberMe"],
    lenient: ["rememberMe"],
    counters: 2,
  },
  "/api/auth/register": {
    reads: "json",
    csrf: "token",
    as: "anonymous",
    valid: { register: () => newAccount() },
    accepted: [201],
  },
  "/api/auth/logout": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    valid: { "sign out": () => ({}) },
    accepted: [200],
  },
  "/feedback": {
    reads: "form",
    csrf: "token",
    formPage: "/feedback",
    as: "anonymous",
    valid: {
      feedback: () => ({ type: "feature", category: "content", content: "More lighthouse stories, please", page: "/" }),
    },
    accepted: [302],
    optional: ["type", "category", "page"],
  },
  "/report-bug": {
    reads: "form",
    csrf: "token",
    formPage: "/report-bug",
    as: "anonymous",
    valid: {
      report: () => ({
        whatHappened: "The page went blank",
        steps: "Open a story, press next",
        expected: "The next story",
        severity: "high",
        page: "/stories",
        errorId: `err_${Date.now()}_${unique()}`,
      }),
    },
    accepted: [302],
    optional: ["steps", "expected", "severity", "page", "errorId"],
  },
  "/contact": {
    reads: "form",
    csrf: "token",
    formPage: "/contact",
    as: "anonymous",
    valid: {
      message: () => ({
        name: "Mara Quill",
        email: `mara-${unique()}@horror.test`,
        subject: "A story for you",
        message: "I wrote something about the lighthouse keeper.",
      }),
    },
    accepted: [302],
    optional: ["subject"],
  },
  "/legal/copyright": {
    reads: "form",
    csrf: "token",
    formPage: "/legal/copyright",
    as: "anonymous",
    valid: {
      claim: () => ({
        name: "Ines Hollow",
        email: `ines-${unique()}@horror.test`,
        work: "The Drowned Choir, first published on my blog in 2019",
        location: "https://copycat.example/drowned-choir",
        details: "Copied word for word.",
        goodFaith: "on",
        accurate: "on",
      }),
    },
    accepted: [302],
    optional: ["details"],
  },
  "/auth": {
    reads: "form",
    csrf: "token",
    formPage: "/auth?mode=register",
    as: "anonymous",
    valid: {
      register: () => ({ intent: "register", ...newAccount(), redirectTo: "/stories" }),
      "sign in": (account) => ({ intent: "login", email: account.email, password: account.password, remember: "on" }),
    },
    accepted: [302],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
    counters: 2,
  },
  "/reset-password": {
    reads: "form",
    csrf: "token",
    formPage: "/reset-password",
    as: "anonymous",
    valid: { request: (account) => ({ intent: "request", email: account.email }) },
    accepted: [302],
    optional: ["intent"],
    lenient: ["intent"],
  },
  "/notifications": {
    reads: "form",
    csrf: "token",
    formPage: "/notifications",
    as: "reader",
    valid: {
      "mark all read": () => ({ intent: "read-all", filter: "unread" }),
      clear: () => ({ intent: "clear" }),
    },
    accepted: [302],
    optional: ["filter"],
  },
  "/api/notifications": {
    reads: "json",
    csrf: "token",
    as: "reader",
    valid: {
      // POST merges the notifications a browser kept before sign-in (DELETE clears: authz.spec.ts).
      merge: () => ({
        notifications: [
          {
            id: `n_${unique()}`,
            type: "new-story",
            title: "New Story Published",
            message: '"The Drowned Choir" is now available to read!',
            link: "/reader/the-drowned-choir",
            storyId: "12",
            date: new Date().toISOString(),
            read: false,
          },
        ],
      }),
    },
    accepted: [200],
  },
  "/api/notifications/read-all": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    valid: { "mark all read": () => ({}) },
    accepted: [200],
  },
  "/api/notifications/opened": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    valid: { "panel opened": () => ({}) },
    accepted: [200],
  },
  "/api/notifications/:id/read": {
    reads: "nothing",
    csrf: "token",
    as: "reader",
    // The suites post to the path as written: ":id" names none of the sender's
    // notifications, so the valid request is a 404 (authz.spec.ts marks a real one read).
    valid: { "mark one read": () => ({}) },
    accepted: [404],
  },
  "/bookmarks": {
    reads: "form",
    csrf: "token",
    formPage: "/bookmarks",
    as: "reader",
    valid: {
      shelve: () => ({ intent: "shelve", slug: "the-widows-clock", shelf: "read-later", redirectTo: "/bookmarks" }),
      remove: () => ({ intent: "remove", slug: "the-widows-clock", redirectTo: "/bookmarks" }),
      undo: () => ({ intent: "undo", slug: "the-widows-clock", shelf: "reading", added: "1767225600000" }),
    },
    accepted: [200, 302],
    optional: ["shelf", "redirectTo"],
    lenient: ["redirectTo"],
  },
  "/reading-position": {
    reads: "form",
    csrf: "token",
    formPage: "/story/the-widows-clock",
    as: "reader",
    valid: {
      "stopped here": () => ({ slug: "the-widows-clock", paragraph: "1", redirectTo: "/story/the-widows-clock" }),
    },
    accepted: [200, 302],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  "/profile": {
    reads: "form",
    csrf: "token",
    formPage: "/profile",
    as: "reader",
    valid: { "remove avatar": () => ({ intent: "remove" }) },
    accepted: [302],
  },
  "/api/bookmarks": {
    reads: "json",
    csrf: "token",
    as: "reader",
    valid: { shelve: () => ({ slug: "the-widows-clock", shelf: "reading" }) },
    accepted: [200],
    optional: ["shelf"],
  },
  "/api/reading-position": {
    reads: "json",
    csrf: "token",
    as: "reader",
    valid: { save: () => ({ slug: "the-widows-clock", paragraph: 1 }) },
    accepted: [200],
  },
  // Community (docs/decisions/015). The suites post to the paths as written: ":id" and
  // ":slug" name no thread or story, so those valid requests are 404s
  // (authz.spec.ts posts real replies, comments and reports, and the moderation).
  "/community": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { "start a thread": () => ({ title: "Bells at three", body: "Who else hears them from the marsh?" }) },
    accepted: [302],
  },
  "/community/threads/:id": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { reply: () => ({ body: "I hear them too." }), quote: () => ({ body: "Yes.", quoteOf: "1" }) },
    accepted: [404],
    optional: ["quoteOf"],
  },
  "/community/report": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { report: () => ({ postId: "999999999", reason: "spam", details: "Selling lanterns" }) },
    accepted: [404],
    optional: ["details"],
    // A valid report counts per address and per account (the 404 comes after both).
    counters: 2,
  },
  "/community-story/:slug/comments": {
    reads: "form",
    csrf: "token",
    formPage: "/community",
    as: "reader",
    valid: { comment: () => ({ body: "It stayed with me.", redirectTo: "/community" }) },
    accepted: [404],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  "/admin/content-moderation/reports": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content-moderation/reports",
    as: "admin",
    valid: {
      dismiss: () => ({ intent: "dismiss", postId: "999999999", redirectTo: "/admin/content-moderation/reports" }),
      hide: () => ({ intent: "hide", postId: "999999999" }),
    },
    accepted: [404],
    optional: ["redirectTo"],
    lenient: ["redirectTo"],
  },
  "/settings/connected-accounts": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/connected-accounts",
    as: "reader",
    // Connect sends the reader to the site's provider (fixtures.ts); Disconnect: authz.spec.ts.
    valid: { connect: () => ({ intent: "connect", provider: "lantern" }) },
    accepted: [302],
    offSite: /^http:\/\/127\.0\.0\.1:\d+\/authorize\?response_type=code&client_id=reliability-site&/,
  },
  // Writers' stories (docs/decisions/014).
  "/submit-story": {
    reads: "form",
    csrf: "token",
    formPage: "/submit-story",
    as: "reader",
    valid: {
      "save draft": () => ({ intent: "save", title: "A draft in the dark" }),
      "submit for review": () => ({
        intent: "submit",
        title: "The Lantern Keeper",
        summary: "A keeper, a lantern, and what waits past the light.",
        markdown: "The lantern swung and the dark leaned closer to the glass. ".repeat(4),
        category: "gothic",
        warnings: "death",
        agree: "on",
      }),
    },
    accepted: [302],
  },
  "/edit-story/:id": {
    reads: "form",
    csrf: "token",
    formPage: "/submit-story",
    as: "reader",
    // ":id" names no story of the sender's: the valid request is a 404 (authz.spec.ts edits a real one).
    valid: { "save draft": () => ({ intent: "save", title: "A draft in the dark" }) },
    accepted: [404],
  },
  "/api/stories/draft": {
    reads: "form",
    csrf: "token",
    formPage: "/submit-story",
    as: "reader",
    valid: { autosave: () => ({ title: "Autosaved in the dark" }) },
    accepted: [200],
  },
  // User management (docs/decisions/017). No user has this id: the valid request is a 404
  // (tests/e2e/admin-users.spec.ts and app/admin/users.server.test.ts act on real users).
  "/admin/users": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/users",
    as: "admin",
    valid: {
      "end sessions": () => ({ intent: "end-sessions", userId: "no-such-user" }),
      suspend: () => ({ intent: "suspend", userId: "no-such-user" }),
    },
    accepted: [404],
  },
  "/admin/users/:userId": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/users",
    as: "admin",
    valid: { "end sessions": () => ({ intent: "end-sessions" }) },
    accepted: [404],
  },
  "/admin/content-moderation": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content-moderation",
    as: "admin",
    // No submission has this id: the valid request is a 404 (the e2e flow moderates real ones).
    valid: { approve: () => ({ item: "p999999", decision: "approve" }) },
    accepted: [404],
    optional: [],
  },
  // Account settings (docs/decisions/012). The password change and the deletion need the
  // sender's password, which the suites do not know: app/account/*.test.ts and
  // tests/e2e/account-settings.spec.ts cover them; here a wrong one is refused.
  "/settings/profile": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/profile",
    as: "reader",
    valid: {
      profile: () => ({ intent: "profile", username: `renamed_${unique()}`, displayName: "Mara", bio: "A lamp." }),
      email: () => ({ intent: "email", email: `moved-${unique()}@horror.test` }),
      "remove avatar": () => ({ intent: "remove" }),
    },
    accepted: [302],
    optional: ["displayName", "bio"],
  },
  "/settings/notifications": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/notifications",
    as: "reader",
    valid: { save: () => ({ "site-new-story": "on", digest: "daily", cursed: "on" }) },
    accepted: [302],
    // Checkboxes: an unticked one is not sent.
    optional: ["site-new-story", "cursed"],
  },
  "/settings/privacy": {
    reads: "form",
    csrf: "token",
    formPage: "/settings/privacy",
    as: "reader",
    valid: {
      "analytics choice": () => ({ intent: "consent", analytics: "on" }),
      "end other sessions": () => ({ intent: "end-others" }),
    },
    accepted: [302],
    optional: ["analytics"],
  },
  "/settings/privacy/export": {
    reads: "nothing",
    csrf: "token",
    formPage: "/settings/privacy",
    as: "reader",
    valid: { download: () => ({}) },
    accepted: [200],
  },
  "/confirm-email": {
    reads: "form",
    csrf: "token",
    formPage: "/confirm-email",
    as: "anonymous",
    // No link was mailed to the suites: a well-formed token nobody holds is refused with its message
    // (app/account/account.server.test.ts and the browser test use real ones).
    valid: { "unknown token": () => ({ token: "0".repeat(64) }) },
    accepted: [400],
  },
  // The undo link mailed to the old address (issue 39): as /confirm-email, a token nobody
  // holds is refused (tests/reliability/email-change.spec.ts and the browser test use real ones).
  "/restore-email": {
    reads: "form",
    csrf: "token",
    formPage: "/restore-email",
    as: "anonymous",
    valid: { "unknown token": () => ({ token: "0".repeat(64) }) },
    accepted: [400],
  },
  "/admin/feedback": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/feedback",
    as: "admin",
    // No item has this id: the valid request is a 404 (tests/e2e/admin-feedback.spec.ts changes real ones).
    valid: { note: () => ({ intent: "note", kind: "feedback", id: "no-such-feedback", text: "An internal note" }) },
    accepted: [404],
    optional: [],
  },
  "/admin/feedback-management": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/feedback-management",
    as: "admin",
    // No item has this id: the valid request is a 404 (tests/e2e/admin-feedback.spec.ts changes real ones).
    valid: { note: () => ({ intent: "note", kind: "feedback", id: "no-such-feedback", text: "An internal note" }) },
    accepted: [404],
    optional: [],
  },
  "/admin/feedback-review": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/feedback-review",
    as: "admin",
    // No item has this id: the valid request is a 404 (tests/e2e/admin-feedback.spec.ts changes real ones).
    valid: { note: () => ({ intent: "note", kind: "feedback", id: "no-such-feedback", text: "An internal note" }) },
    accepted: [404],
    optional: [],
  },
  "/admin/bug-reports": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/bug-reports",
    as: "admin",
    // No error group has this key: the valid request is a 404 (the e2e flow changes a real one).
    valid: { "error status": () => ({ intent: "error-status", id: "0".repeat(64), status: "fixed" }) },
    accepted: [404],
    optional: [],
  },
  "/admin/stories": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/stories",
    as: "admin",
    // Stop featuring is always valid; feature and unpublish name real stories in tests/e2e/admin-content.spec.ts.
    valid: { "stop featuring": () => ({ intent: "unfeature" }) },
    accepted: [302],
  },
  "/admin/content": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content",
    as: "admin",
    // Stop featuring is always valid; feature and unpublish name real stories in tests/e2e/admin-content.spec.ts.
    valid: { "stop featuring": () => ({ intent: "unfeature" }) },
    accepted: [302],
  },
  "/admin/content-management": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/content-management",
    as: "admin",
    // Stop featuring is always valid; feature and unpublish name real stories in tests/e2e/admin-content.spec.ts.
    valid: { "stop featuring": () => ({ intent: "unfeature" }) },
    accepted: [302],
  },
  // Own posts (docs/decisions/018): the editor of a new post, and of an existing one.
  "/admin/posts/new": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/posts/new",
    as: "admin",
    valid: {
      "save draft": () => ({ intent: "save", title: `A draft by an admin ${unique()}` }),
      publish: () => ({
        intent: "publish",
        title: `Published by an admin ${unique()}`,
        markdown: "The house was quiet.",
        publishAt: "2030-01-01T00:00",
      }),
    },
    accepted: [302],
  },
  "/admin/posts/:postId": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/posts/new",
    as: "admin",
    // ":postId" names no post: the valid request is a 404 (tests/e2e/admin-posts.spec.ts edits and deletes real ones).
    valid: { "save draft": () => ({ intent: "save", title: "A draft in the dark" }) },
    accepted: [404],
  },
  "/admin/wordpress-sync": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/wordpress-sync",
    as: "admin",
    // Starts in the background (or says one runs): a redirect either way.
    valid: { "sync now": () => ({ intent: "sync" }) },
    accepted: [302],
  },
  // Site settings (docs/decisions/021): the valid submission is the defaults, so the shared site keeps them.
  "/admin/settings": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/settings",
    as: "admin",
    valid: {
      "save the defaults": () => ({
        communityContent: "on",
        registrationOpen: "on",
        maintenanceMode: "off",
        syncIntervalMinutes: "5",
        contactEmail: "hello@horrorstories.example",
      }),
    },
    accepted: [302],
  },
  // Theme management (docs/decisions/019): a new category, and a palette preview (nothing saved).
  "/admin/themes": {
    reads: "form",
    csrf: "token",
    formPage: "/admin/themes",
    as: "admin",
    valid: {
      "create category": () => ({
        intent: "category-create",
        name: `Hostile dread ${unique()}`,
        slug: `dread-${unique()}`,
      }),
      "preview palette": () => ({
        intent: "preview",
        ...Object.fromEntries(
          (["light", "dark"] as const).flatMap((theme) =>
            Object.entries(PALETTE.dark).map(([token]) => [
              `${theme}.${token}`,
              PALETTE[theme][token as keyof typeof PALETTE.dark],
            ]),
          ),
        ),
        "seasonal.name": "Halloween",
        "seasonal.light": "#8a3b00",
        "seasonal.dark": "#f0a050",
      }),
    },
    accepted: [200, 302],
    optional: ["slug"],
  },
};

/** Routes with an action but no row above, and rows whose route has no action: both must be empty. */
export function endpointTableGaps(actionPaths: string[]) {
  return {
    missing: actionPaths.filter((p) => !ENDPOINTS[p]),
    orphaned: Object.keys(ENDPOINTS).filter((p) => !actionPaths.includes(p)),
  };
}
