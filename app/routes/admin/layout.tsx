import { Link, Outlet, useLocation } from "react-router";
import { postIdParam } from "~/admin/post-form";
import { ADMIN_SUB_NAVS } from "~/admin/sub-nav";
import { userIdParam } from "~/admin/users";
import { requireAdmin } from "~/auth/auth.server";
import { ADMIN_NAV, isCurrent, type NavItem } from "~/components/navigation";
import { useFocusAfterRefusal } from "~/components/refusal-focus";
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
 * The admin shell: the spec's five entries as plain links (phones and no
 * JavaScript too), the one whose group holds this page marked current.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  // After a refused form, focus goes to its first invalid field or its message, on every admin page.
  useFocusAfterRefusal();
  return (
    <div>
      <nav aria-label="Administration" className="mb-6 border-b border-line pb-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Administration</p>
        <NavLinks items={ADMIN_NAV} pathname={pathname} className="mt-2" />
      </nav>
      {ADMIN_SUB_NAVS.filter(({ items }) => items.some((page) => isCurrent(page.to, pathname, page.covers))).map(
        ({ label, items }) => (
          <nav key={label} aria-label={label} className="-mt-3 mb-6 border-b border-line pb-3">
            <NavLinks items={items} pathname={pathname} />
          </nav>
        ),
      )}
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
