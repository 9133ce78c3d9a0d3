import { InfoPage } from "~/components/info-page";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/eden-hollow";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Eden Hollow", description: "Eden Hollow, an interactive horror game: coming soon." });

export default function EdenHollow() {
  return (
    <InfoPage title="Eden Hollow">
      <p>
        <strong>Coming soon.</strong> An interactive story set in a village that keeps forgetting its own name.
      </p>
    </InfoPage>
  );
}
