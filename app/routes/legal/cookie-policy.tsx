import { Link } from "react-router";
import { KEPT_FORM_COOKIE } from "~/auth/kept-form-cookie-name";
import { SIGNED_OUT_COOKIE } from "~/auth/signed-out-cookie-name";
import { InfoPage } from "~/components/info-page";
import { SectionTitle } from "~/components/page-title";
import { ScrollX } from "~/components/scroll-x";
import { SESSION_MARK_COOKIE } from "~/offline/offline";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { SITE_CSS_COOKIE } from "~/styles/site-css-cookie-name";
import { routeMeta } from "~/utils/meta";
import { COOKIE_NAMES } from "~/utils/site";
import type { Route } from "./+types/cookie-policy";

// Off the reading path: its table's classes come with pages.css, not with every reader's inlined stylesheet.
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Cookie Policy", description: "The cookies Horror Stories sets, and why." });

const COOKIES = [
  [
    "Essential",
    COOKIE_NAMES.session,
    "Keeps you signed in (only a session id; 30 days with “remember me”, else until the browser closes).",
  ],
  [
    "Essential",
    SESSION_MARK_COOKIE,
    "Goes with the session cookie and as long: a one-way mark of it, so that pages kept for reading offline are shown only to the reader who saved them.",
  ],
  [
    "Essential",
    SIGNED_OUT_COOKIE,
    "Set when you sign out, for a day: if a page still open in another tab then sends a form, the sign-in page tells you it was not saved. It holds nothing but “1”.",
  ],
  [
    "Essential",
    KEPT_FORM_COOKIE,
    "Set only when you send a form after you were signed out: a random key to what you wrote, kept on our server for an hour so that the form has it again once you sign in. Gone once the form has it back.",
  ],
  ["Essential", COOKIE_NAMES.csrf, "Protects your forms from being sent by other sites."],
  ["Essential", COOKIE_NAMES.consent, "Remembers your cookie choice (3 months if you accept, 1 week if you decline)."],
  [
    "Essential",
    COOKIE_NAMES.toast,
    "Carries a one-time message (such as “Message sent”) to the next page; gone once shown.",
  ],
  [
    "Essential",
    `${COOKIE_NAMES.oauthState}:…, ${COOKIE_NAMES.oauthFlow}`,
    "Only while you sign in with another account (such as Keycloak): check that the answer belongs to the sign-in you started (at most 10 minutes).",
  ],
  [
    "Essential",
    COOKIE_NAMES.preferences,
    "Keeps the reading preferences you saved (font, size, spacing, contrast, motion) when you are not signed in (1 year). Set only when you save them.",
  ],
  [
    "Essential",
    SITE_CSS_COOKIE,
    "Set with the site’s stylesheet: names the version this browser has already downloaded, so the next page uses it instead of sending its styles again (1 year, as long as the stylesheet is kept). The same value for everyone: it holds no identifier.",
  ],
  ["Functionality", COOKIE_NAMES.theme, "Remembers light, dark or system theme (1 year)."],
  ["Functionality", COOKIE_NAMES.sidebar, "Remembers whether the sidebar is collapsed (1 year)."],
  [
    "Analytics",
    COOKIE_NAMES.seen,
    "Only if you accept analytics: the day this browser was first counted, so returning readers can be told from new ones (3 months). It holds no identifier.",
  ],
] as const;

export default function CookiePolicy() {
  return (
    <InfoPage title="Cookie Policy">
      <p>These are every cookie the site sets. None of them is shared with anyone else.</p>
      {/* In a region of its own: in the largest text its unbreakable names are wider than a phone. */}
      <ScrollX label="Cookies set by Horror Stories">
        <table className="w-full text-left text-base">
          <caption className="sr-only">Cookies set by Horror Stories</caption>
          <thead>
            <tr>
              {/* Three columns of unbreakable words need about 350 px: on a phone the kind goes under the name. */}
              <th scope="col" className="hidden sm:table-cell">
                Kind
              </th>
              <th scope="col">Name</th>
              <th scope="col">What it does</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map(([kind, name, purpose]) => (
              <tr key={name} className="border-t border-line align-top">
                <td className="hidden py-2 pr-3 sm:table-cell">{kind}</td>
                <td className="py-2 pr-3">
                  <span className="font-mono text-sm">{name}</span>
                  <span className="block text-sm text-muted sm:hidden">{kind}</span>
                </td>
                <td className="py-2">{purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      <SectionTitle>Kept in your browser only</SectionTitle>
      <p>With JavaScript on, a few things are kept in your browser's local storage. They never leave it as cookies:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>vite-ui-theme</code>: your theme, so the page does not flash the wrong one.
        </li>
        <li>
          <code>hs_last_story</code>: the story you read last, for “continue reading”.
        </li>
        <li>
          <code>hs_consent_sync</code>: tells your other tabs that your cookie choice changed.
        </li>
        <li>
          <code>hs_notifications</code>: your notifications while you are not signed in (new stories, and the
          notification panel's state). When you sign in they move to your account and this key is removed.
        </li>
        <li>
          <code>hs_newest_story</code>: the newest story the site has told you about, so each new story is announced
          once.
        </li>
        <li>
          <code>app_errors</code>: the last 10 errors the page ran into; each is also reported to us with the page
          address and your browser's name, so we can fix it.
        </li>
      </ul>
      <SectionTitle>Analytics and performance cookies</SectionTitle>
      <p>
        Only when you accept analytics does the site count the pages you read, and only when you accept performance does
        your browser report how fast they loaded. Nothing is counted when your browser sends Do Not Track or Global
        Privacy Control. No address is stored: readers are counted with a code that changes every day, and the details
        are deleted after 30 days, leaving only daily totals.
      </p>
      <p>
        Change your choice at any time in <Link to="/settings/cookie-management">cookie management</Link>.
      </p>
    </InfoPage>
  );
}
