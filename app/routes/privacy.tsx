import { data, Link } from "react-router";
import { StoredDataList } from "~/account/privacy-sections";
import { InfoPage } from "~/components/info-page";
import { SectionTitle } from "~/components/page-title";
import { env } from "~/env.server";
import { publicPageHeaders } from "~/site/cache-policy";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/privacy";

/** The one figure of the policy that the operator sets: how long raw analytics events are kept. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ retentionDays: env.ANALYTICS_RETENTION_DAYS }, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Privacy", description: "What Horror Stories stores about you, and why." });

/**
 * The privacy policy: what the site keeps, for how long, and what stays after an account is deleted.
 * The account's list is the one /settings/privacy shows (StoredDataList); the deletion rules are the
 * ones the deletion form states (decision 057).
 */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { retentionDays } = loaderData;
  return (
    <InfoPage title="Privacy">
      <p>We keep as little as we can, and nothing is sold or shared with advertisers. Reading needs no account.</p>

      <SectionTitle id="reading">Reading without an account</SectionTitle>
      <p>
        Small cookies remember your display and reading choices (theme, sidebar, text size) and the cookie choice you
        made. The <Link to="/cookie-policy">cookie policy</Link> lists every cookie, what it holds and how long it
        lasts. Whatever you accept or decline there can be changed at any time.
      </p>

      <SectionTitle id="account">With an account</SectionTitle>
      <StoredDataList />
      <p>
        A session cookie keeps you signed in (for a day, or 30 days with &ldquo;Remember me&rdquo;) and a security
        cookie protects your forms; signing out ends the session on our side too. A form you were sending when your
        session ended is kept for that browser for an hour, so that you do not lose it, and never its passwords.
      </p>

      <SectionTitle id="analytics">Analytics, only if you accept them</SectionTitle>
      <p>
        If you accept analytics cookies, we count the pages you read, how long you read, and how fast pages loaded for
        you. We never store your network address: each day, a one-way code made from it and your browser stands for you,
        and nothing links two days. A browser that asks not to be tracked (Do Not Track, Global Privacy Control) is
        never counted. The single events are deleted after {retentionDays} days; only daily totals stay.
      </p>

      <SectionTitle id="protection">Keeping the site safe</SectionTitle>
      <p>
        To stop repeated sign-in guesses and spam, we count requests per network address for an hour at most. When a
        page fails, an error report (the page, the browser, and your account if you were signed in) helps us fix it; the
        error log keeps the latest 1,000 reports.
      </p>

      <SectionTitle id="mail">Mail</SectionTitle>
      <p>
        We send mail only for your account (confirming an address, resetting a password) and for the notifications you
        chose in your <Link to="/settings/notifications">notification settings</Link>.
      </p>

      <SectionTitle id="your-data">Your data, and deleting it</SectionTitle>
      <p>
        In <Link to="/settings/privacy">your privacy settings</Link> you can download everything we hold about you, end
        your sessions, and delete your account yourself. Deleting it removes your account, sessions, library, reading
        positions, notifications, feedback, bug reports and messages to us at once. For what you published, you choose:
      </p>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <strong>Keep them:</strong> your published stories stay, credited to &ldquo;Anonymous&rdquo;, and your posts
          and comments to &ldquo;A former reader&rdquo;.
        </li>
        <li>
          <strong>Remove them:</strong> your stories are taken down, with their comments (their addresses then say so,
          and only those addresses are kept); each post and comment says &ldquo;deleted by its author&rdquo;, and the
          titles of threads you started go with them. Other readers&rsquo; replies stay.
        </li>
      </ul>
      <p>
        Stories that were never published are deleted either way. A copyright claim you sent is kept, without its link
        to your account. For anything else, <Link to="/contact">write to us</Link>.
      </p>
    </InfoPage>
  );
}
