import type { NavItem } from "~/components/navigation";

/**
 * The pages the admin's Insights & Reports entry stands for (spec §2: analytics, site statistics,
 * feedback and bug reports): the admin shell (routes/admin/layout.tsx) links them to each other,
 * under its own navigation; not beside ADMIN_NAV, which every page's sidebar loads.
 */
export const INSIGHTS_NAV: NavItem[] = [
  { to: "/admin/analytics", label: "Analytics", covers: ["/admin/analytics-dashboard"] },
  { to: "/admin/site-statistics", label: "Site statistics" },
  { to: "/admin/feedback", label: "Feedback", covers: ["/admin/feedback-management", "/admin/feedback-review"] },
  { to: "/admin/bug-reports", label: "Bug reports" },
];
