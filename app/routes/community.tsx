import { Link } from "react-router";
import { InfoPage } from "~/components/info-page";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/community";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Community", description: "Readers and writers of dark fiction, gathering soon." });

export default function Community() {
  return (
    <InfoPage title="Community">
      <p>
        The community room is being built: a place for readers to talk about the stories and for writers to share their
        own. Until the doors open, the <Link to="/stories">stories</Link> are waiting.
      </p>
    </InfoPage>
  );
}
