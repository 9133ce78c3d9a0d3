// What the header and the sidebar link to (spec §2 Header, Sidebar). Only
// routes that exist are listed; later issues add their entries here.
export type NavItem = { to: string; label: string; note?: string; signedInOnly?: boolean };
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
    items: [
      { to: "/admin/dashboard", label: "Dashboard" },
      { to: "/admin/wordpress-sync", label: "Content Sync" },
      // Spec §2: User Management also covers /admin/content-moderation (the admin area issue adds /admin/users).
      { to: "/admin/content-moderation", label: "User Management", note: "Moderation" },
    ],
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

/** Whether a link is the current page (the home link only on / and /home). */
export function isCurrent(to: string, pathname: string): boolean {
  if (to === "/") return pathname === "/" || pathname === "/home";
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The settings shell's own navigation: the sidebar's two settings groups (spec §2 Settings routes). */
export const SETTINGS_GROUPS: NavGroup[] = SIDEBAR_GROUPS.filter((g) => g.id === "reading" || g.id === "account");
