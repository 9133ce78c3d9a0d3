import { data } from "react-router";
import { InfoPage } from "~/components/info-page";
import { clearConsentCookie } from "~/consent/consent.server";
import { ConsentBanner } from "~/consent/consent-banner";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/cookie-test";

/** /cookie-test: clears the stored consent and always shows the banner (spec §2). */
export async function loader() {
  return data(null, { headers: { "Set-Cookie": await clearConsentCookie(), "Cache-Control": "no-store" } });
}

// A choice made here must not be undone by this loader running again.
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Cookie test",
    description: "Shows the cookie banner again, for checking the consent flow.",
  });

export default function CookieTest() {
  return (
    <InfoPage title="Cookie test">
      <p>Your stored cookie choice has been cleared, so the banner shows again. Choose to see it applied.</p>
      <ConsentBanner redirectTo="/" />
    </InfoPage>
  );
}
