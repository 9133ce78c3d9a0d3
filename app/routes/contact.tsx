import { InfoPage } from "~/components/info-page";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Contact", description: "How to reach the people behind Horror Stories." });

export default function Contact() {
  return (
    <InfoPage title="Contact">
      <p>
        Questions, copyright claims or a story you want us to read: write to{" "}
        <a href="mailto:hello@horrorstories.example">hello@horrorstories.example</a>. We answer within a few days.
      </p>
    </InfoPage>
  );
}
