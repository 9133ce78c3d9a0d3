// What the header and the sidebar link to (spec §2 Header, Sidebar). Only
// routes that exist are listed; later issues add their entries here.
export type NavItem = {
  to: string;
  label: string;
  note?: string;
  signedInOnly?: boolean;
  /** Other pages this entry stands for (spec §2: an admin entry "also covers" routes): it is current on them too. */
  covers?: string[];
};
export type NavGroup = {
  id: "navigation" | "games" | "admin" | "reading" | "account" | "support";
  label: string;
  items: NavItem[];
  adminOnly?: boolean;
};

export const HEADER_LINKS: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/stories", label: "Stories" },
  { to: "/reader", label: "Reader" },
  { to: "/community", label: "Community" },
  { to: "/about", label: "About" },
];

/**
 * The admin navigation (spec §2, §6): five entries, each also current on the
 * routes its group covers. /admin and /admin/settings sit with the Dashboard,
 * the own posts with Content Management (the spec does not group them).
 */
function adminItems(): NavItem[] {
  return [
    { to: "/admin/dashboard", label: "Dashboard", covers: ["/admin", "/admin/settings"] },
    {
      to: "/admin/content-management",
      label: "Content Management",
      covers: ["/admin/stories", "/admin/content", "/admin/wordpress-sync", "/admin/posts", "/admin/manage-posts"],
    },
    { to: "/admin/themes", label: "Theme Management" },
    { to: "/admin/users", label: "User Management", covers: ["/admin/content-moderation"] },
    {
      to: "/admin/analytics",
      label: "Insights & Reports",
      covers: [
        "/admin/analytics-dashboard",
        "/admin/site-statistics",
        "/admin/feedback",
        "/admin/feedback-management",
        "/admin/feedback-review",
        "/admin/bug-reports",
      ],
    },
  ];
}

export const SIDEBAR_GROUPS: NavGroup[] = [
  {
    id: "navigation",
    label: "Navigation",
    items: [
      { to: "/", label: "Home" },
      { to: "/stories", label: "Story Index" },
      { to: "/reader", label: "Reader" },
      { to: "/community", label: "Community" },
      { to: "/bookmarks", label: "Bookmarks", signedInOnly: true },
    ],
  },
  {
    id: "games",
    label: "Games & Interactive",
    items: [{ to: "/eden-hollow", label: "Eden Hollow", note: "Coming soon" }],
  },
  {
    id: "admin",
    label: "Administration",
    adminOnly: true,
    // Exactly the spec's entries (§2 Admin routes, §6); each is current on the pages its group holds.
    items: adminItems(),
  },
  {
    id: "reading",
    label: "Reading & Accessibility",
    items: [
      { to: "/settings/fonts", label: "Fonts" },
      { to: "/settings/accessibility", label: "Reading Preferences" },
      { to: "/settings/quick-settings", label: "Quick Settings" },
      { to: "/settings/preview", label: "Preview" },
    ],
  },
  {
    id: "account",
    label: "Account Settings",
    items: [
      { to: "/settings/profile", label: "Profile", signedInOnly: true },
      { to: "/settings/connected-accounts", label: "Connected Accounts", signedInOnly: true },
      { to: "/settings/notifications", label: "Notifications", signedInOnly: true },
      { to: "/settings/privacy", label: "Privacy", signedInOnly: true },
      { to: "/settings/cookie-management", label: "Cookie Management" },
    ],
  },
  {
    id: "support",
    label: "Support & Legal",
    items: [
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
      { to: "/privacy", label: "Privacy" },
      { to: "/support/guidelines", label: "Guidelines" },
      { to: "/legal/terms", label: "Terms of Use" },
      { to: "/legal/copyright", label: "Copyright Policy" },
      { to: "/legal/cookie-policy", label: "Cookie Policy" },
    ],
  },
];

const isAtOrBelow = (path: string, pathname: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * Whether a link is the current page: the home link only on / and /home;
 * /admin (the dashboard's alias) only itself; any other link on its page, the
 * pages below it and the pages it covers.
 */
export function isCurrent(to: string, pathname: string, covers: string[] = []): boolean {
  if (to === "/") return pathname === "/" || pathname === "/home";
  return isAtOrBelow(to, pathname) || covers.some((c) => (c === "/admin" ? pathname === c : isAtOrBelow(c, pathname)));
}

/** The admin navigation's entries (the sidebar's Administration group and the admin pages' own navigation). */
export const ADMIN_NAV: NavItem[] = adminItems();

/** The settings shell's own navigation: the sidebar's two settings groups (spec §2 Settings routes). */
export const SETTINGS_GROUPS: NavGroup[] = SIDEBAR_GROUPS.filter((g) => g.id === "reading" || g.id === "account");
