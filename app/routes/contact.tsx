import { InfoPage } from "~/components/info-page";
import { env } from "~/env.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/contact";

export function loader() {
  return { contactEmail: env.CONTACT_EMAIL };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Contact", description: "How to reach the people behind Horror Stories." });

export default function Contact({ loaderData }: Route.ComponentProps) {
  const email = loaderData.contactEmail;
  return (
    <InfoPage title="Contact">
      <p>
        Questions, copyright claims or a story you want us to read: write to <a href={`mailto:${email}`}>{email}</a>. We
        answer within a few days.
      </p>
    </InfoPage>
  );
}
