import { Link } from "react-router";
import { InfoPage } from "~/components/info-page";
import { SectionTitle } from "~/components/page-title";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/guidelines";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Guidelines", description: "How we read, write and talk together on Horror Stories." });

export default function Guidelines() {
  return (
    <InfoPage title="Guidelines">
      <SectionTitle>In the community</SectionTitle>
      <ul className="list-disc space-y-1 pl-6">
        <li>Be kind to people, however cruel the stories are.</li>
        <li>Mark spoilers, and warn before very disturbing themes.</li>
        <li>No harassment, hate, or real people's private details.</li>
      </ul>
      <SectionTitle>Submitting a story</SectionTitle>
      <ul className="list-disc space-y-1 pl-6">
        <li>Only your own, original work: no copies, no translations of other people's stories.</li>
        <li>Dread over gore; nothing sexual involving minors, nothing that promotes real violence.</li>
        <li>
          Give it a title and a short summary, up to 20,000 words of story, and mark its content warnings and mature
          content; a moderator reads every story (and every edit of a published one) before it is published.
        </li>
      </ul>
      <p>
        The <Link to="/legal/terms">Terms of Use</Link> and the <Link to="/legal/copyright">Copyright Policy</Link>{" "}
        apply to everything posted here.
      </p>
    </InfoPage>
  );
}
