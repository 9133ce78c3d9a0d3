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
        If you create an account, we store your email address, your username and a one-way hash of your password. A
        session cookie keeps you signed in and a security cookie protects your forms; signing out ends the session on
        our side too. You can ask us to delete all of it at any time.
      </p>
    </InfoPage>
  );
}
