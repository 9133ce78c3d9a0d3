import { NavLink, Outlet, useRouteLoaderData } from "react-router";
import { SETTINGS_GROUPS } from "~/components/navigation";
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
 * "By email" column to "By ema". Narrower, the groups come first, as on a phone.
 */
export default function SettingsLayout() {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  return (
    <div className="@container">
      <div className="grid gap-8 @2xl:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label="Settings" className="space-y-4 text-sm">
          {SETTINGS_GROUPS.map((group) => (
            <div key={group.id}>
              <h2 className="px-3 pb-1 font-semibold uppercase tracking-wide text-muted">{group.label}</h2>
              <ul>
                {group.items
                  .filter((item) => signedIn || !item.signedInOnly)
                  .map((item) => (
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
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
