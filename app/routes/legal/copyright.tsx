import { InfoPage } from "~/components/info-page";
import { env } from "~/env.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/copyright";

export function loader() {
  return { contactEmail: env.CONTACT_EMAIL };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Copyright Policy", description: "Authors own their stories. How to report copying." });

export default function Copyright({ loaderData }: Route.ComponentProps) {
  const email = loaderData.contactEmail;
  return (
    <InfoPage title="Copyright Policy">
      <p>
        Every story on Horror Stories belongs to its author. Publishing here gives us permission to show the story on
        this site; it gives nobody else any right to it.
      </p>
      <p>
        Copying a story, in whole or in part, reposting it elsewhere, translating it for sale or passing it off as your
        own is not allowed without the author's written permission.
      </p>
      <h2 className="font-serif text-2xl font-bold">Reporting a copyright problem</h2>
      <p>
        If you believe your work has been copied here, or a story here has been copied elsewhere, write to{" "}
        <a href={`mailto:${email}`}>{email}</a>. A claim must include:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>a description of the work you say was copied;</li>
        <li>where the copy is (its address on this site or elsewhere);</li>
        <li>your contact information;</li>
        <li>a statement that you believe in good faith the use is not authorised;</li>
        <li>a statement that the information in your claim is accurate.</li>
      </ul>
      <p>We answer every complete claim and remove copied work while we look into it.</p>
    </InfoPage>
  );
}
