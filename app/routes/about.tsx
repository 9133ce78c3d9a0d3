import { Link } from "react-router";
import { InfoPage } from "~/components/info-page";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "About", description: "What Horror Stories is and who writes for it." });

export default function About() {
  return (
    <InfoPage title="About">
      <p>
        Horror Stories is a small reading room for dark fiction: gothic tales, psychological unease and the old, quiet
        dread of folk horror. Every story here is original and belongs to its author.
      </p>
      <p>
        The site is built to be read anywhere, on a cheap phone on a slow connection or with JavaScript switched off.
        The story text comes first.
      </p>
      <p>
        Start with the <Link to="/stories">Story Index</Link>, or open the <Link to="/reader">Reader</Link>.
      </p>
    </InfoPage>
  );
}
