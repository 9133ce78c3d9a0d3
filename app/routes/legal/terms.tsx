import { Link } from "react-router";
import { InfoPage } from "~/components/info-page";
import { SectionTitle } from "~/components/page-title";
import { contactEmail } from "~/site/site-settings.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/terms";

export async function loader() {
  return { contactEmail: await contactEmail() };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Terms of Use",
    description: "The terms for reading, writing and taking part on Horror Stories.",
  });

export default function Terms({ loaderData }: Route.ComponentProps) {
  const email = loaderData.contactEmail;
  return (
    <InfoPage title="Terms of Use">
      <SectionTitle>Acceptance</SectionTitle>
      <p>
        By reading, creating an account or posting on Horror Stories you accept these terms. If you do not, please do
        not use the site.
      </p>
      <SectionTitle>Original content</SectionTitle>
      <p>
        All content on this site is original and protected. Copying, plagiarism or commercial translation of any story
        is prohibited without the author's permission. See the <Link to="/legal/copyright">Copyright Policy</Link>.
      </p>
      <SectionTitle>Your content</SectionTitle>
      <p>
        You may only post work that is your own. Horror is welcome; content that harasses real people, sexualises
        minors, incites violence or breaks the law is not, and will be removed. The{" "}
        <Link to="/support/guidelines">guidelines</Link> say more.
      </p>
      <SectionTitle>Your account</SectionTitle>
      <p>
        Keep your password to yourself and tell us at once if you think someone else has used your account. You are
        responsible for what is posted from it.
      </p>
      <SectionTitle>Data security</SectionTitle>
      <p>
        We store passwords only as one-way hashes, keep sessions on our servers and use as few cookies as we can. No
        system is perfectly safe; we will tell you if your data is affected by a breach.
      </p>
      <SectionTitle>Changes to the service</SectionTitle>
      <p>
        We may change, pause or end parts of the site. When these terms change, we will say so on this page with the
        date of the change.
      </p>
      <SectionTitle>Contact</SectionTitle>
      <p>
        Questions about these terms: <a href={`mailto:${email}`}>{email}</a>.
      </p>
    </InfoPage>
  );
}
