import { Link, Outlet, useLocation } from "react-router";
import { postIdParam } from "~/admin/post-form";
import { userIdParam } from "~/admin/users";
import { requireAdmin } from "~/auth/auth.server";
import { ADMIN_NAV, isCurrent, type NavItem } from "~/components/navigation";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import type { Route } from "./+types/layout";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

/** Every admin page is behind this guard: anonymous -> /auth, reader -> 403, admin -> the page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  // An address that can name no user is a 404 for anyone, before the role check (the user's
  // page does the same; this loader's redirect would otherwise answer first).
  if (params.userId !== undefined) userIdParam(params.userId);
  postIdParam(params.postId);
  await requireAdmin(request);
  return null;
}

/**
 * The pages the Insights & Reports entry stands for (spec §2: analytics, site statistics,
 * feedback and bug reports): the entry itself opens the first, so the others are one click
 * away on each of them, a phone's too (they wrap as the entries above do).
 */
const INSIGHTS_PAGES: NavItem[] = [
  { to: "/admin/analytics", label: "Analytics", covers: ["/admin/analytics-dashboard"] },
  { to: "/admin/site-statistics", label: "Site statistics" },
  { to: "/admin/feedback", label: "Feedback", covers: ["/admin/feedback-management", "/admin/feedback-review"] },
  { to: "/admin/bug-reports", label: "Bug reports" },
];

/**
 * The admin shell: the spec's five entries as plain links (phones and no
 * JavaScript too), the one whose group holds this page marked current.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <div>
      <nav aria-label="Administration" className="mb-6 border-b border-line pb-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Administration</p>
        <NavLinks items={ADMIN_NAV} pathname={pathname} className="mt-2" />
      </nav>
      {INSIGHTS_PAGES.some((page) => isCurrent(page.to, pathname, page.covers)) ? (
        <nav aria-label="Insights & Reports" className="-mt-3 mb-6 border-b border-line pb-3">
          <NavLinks items={INSIGHTS_PAGES} pathname={pathname} />
        </nav>
      ) : null}
      <Outlet />
    </div>
  );
}

function NavLinks({ items, pathname, className = "" }: { items: NavItem[]; pathname: string; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-x-1 gap-y-1 text-sm ${className}`}>
      {items.map((item) => {
        const current = isCurrent(item.to, pathname, item.covers);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={current ? "page" : undefined}
              className={`block rounded px-3 py-2 no-underline hover:bg-surface ${current ? "bg-surface font-semibold text-accent" : "text-ink"}`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
