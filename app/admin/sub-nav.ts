import type { NavItem } from "~/components/navigation";

// The admin entries that stand for several pages get a navigation of their own under the admin
// shell's (routes/admin/layout.tsx), so each page is one click from the others; not beside
// ADMIN_NAV, which every page's sidebar loads.

/** Insights & Reports (spec §2: analytics, site statistics, feedback and bug reports). */
export const INSIGHTS_NAV: NavItem[] = [
  { to: "/admin/analytics", label: "Analytics", covers: ["/admin/analytics-dashboard"] },
  { to: "/admin/site-statistics", label: "Site statistics" },
  { to: "/admin/feedback", label: "Feedback", covers: ["/admin/feedback-management", "/admin/feedback-review"] },
  { to: "/admin/bug-reports", label: "Bug reports" },
];

/**
 * User Management (spec §2: it also covers /admin/content-moderation). The moderation queue was
 * reached only from the Dashboard's card (an audit's defect 15).
 */
export const USER_MANAGEMENT_NAV: NavItem[] = [
  { to: "/admin/users", label: "Users" },
  { to: "/admin/content-moderation", label: "Content moderation" },
];

/** Each sub-navigation with its name (the Administration entry it belongs to). */
export const ADMIN_SUB_NAVS: { label: string; items: NavItem[] }[] = [
  { label: "User Management", items: USER_MANAGEMENT_NAV },
  { label: "Insights & Reports", items: INSIGHTS_NAV },
];
