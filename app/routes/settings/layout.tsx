import { NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { SETTINGS_GROUPS } from "~/components/navigation";
import { useFocusAfterRefusal } from "~/components/refusal-focus";
import type { loader as rootLoader } from "~/root";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import type { Route } from "./+types/layout";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

/**
 * The settings shell: the Reading & Accessibility and Account Settings groups
 * beside the page, as plain links, so every settings page is one click from
 * every other with or without JavaScript. Beside it only where the shell's own
 * column has room for both (42rem, a container query): at 768 px the sidebar
 * leaves it 480 px, and the groups beside the page cut the notification table's
 * "By email" column to "By ema". Narrower (a phone), the groups fold into one
 * disclosure above the page that names the page, as the list filters do
 * (~/components/filter-groups): open, they took 380 px of a 390x844 screen
 * before the page's heading (docs/decisions/047). A <details>, so it opens
 * without JavaScript; with room, it stands open and its summary goes, where the
 * browser can show a closed <details>'s content (::details-content), and stays
 * a disclosure where it cannot.
 */
export default function SettingsLayout() {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const { pathname } = useLocation();
  // After a refused form, focus goes to its first invalid field or its message, on every settings page.
  useFocusAfterRefusal();
  const groups = SETTINGS_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => signedIn || !item.signedInOnly),
  }));
  const here = groups.flatMap((g) => g.items).find((item) => item.to === pathname)?.label;
  return (
    <div className="@container">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 @2xl:grid-cols-[12rem_minmax(0,1fr)] @2xl:gap-8">
        <nav aria-label="Settings" className="text-sm">
          {/* Keyed by the page: with JavaScript too, the next page shows it folded again, as its load does. */}
          <details
            key={pathname}
            className="supports-[selector(::details-content)]:@2xl:[&::details-content]:[content-visibility:visible]"
          >
            <summary className="btn cursor-pointer flex-wrap gap-x-1 text-sm supports-[selector(::details-content)]:@2xl:hidden">
              Settings{here ? ": " : ""}
              <span className="font-normal">{here}</span>
              <span aria-hidden="true">▾</span>
            </summary>
            <div className="mt-3 space-y-4 supports-[selector(::details-content)]:@2xl:mt-0">
              {groups.map((group) => (
                <div key={group.id}>
                  {/* A label, not a heading: the menu comes before the page, whose h1 is the first heading. */}
                  <p
                    id={`settings-group-${group.id}`}
                    className="px-3 pb-1 font-semibold uppercase tracking-wide text-muted"
                  >
                    {group.label}
                  </p>
                  <ul aria-labelledby={`settings-group-${group.id}`}>
                    {group.items.map((item) => (
                      <li key={item.to}>
                        <NavLink
                          to={item.to}
                          className="block rounded px-3 py-2 text-ink no-underline hover:bg-surface aria-[current=page]:bg-surface aria-[current=page]:font-semibold"
                        >
                          {item.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </details>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
