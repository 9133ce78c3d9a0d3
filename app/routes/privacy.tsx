import { InfoPage } from "~/components/info-page";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Privacy", description: "What Horror Stories stores about you, and why." });

export default function Privacy() {
  return (
    <InfoPage title="Privacy">
      <p>
        We keep as little as we can. Reading needs no account. Two small cookies remember your display choices: the
        theme (light, dark or system) and whether the sidebar is collapsed. They hold nothing else and are never shared.
      </p>
      <p>
        When accounts arrive, we will store your email address, username and a one-way hash of your password, and a
        session cookie that keeps you signed in. You can ask us to delete all of it at any time.
      </p>
    </InfoPage>
  );
}
