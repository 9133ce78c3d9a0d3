import { data } from "react-router";
import { ContinueReading } from "~/components/continue-reading";
import { StoryList } from "~/components/story-card";
import { contentChain } from "~/content/content.server";
import { routeMeta } from "~/utils/meta";
import { publicPageHeaders } from "../../server/http-cache";
import type { Route } from "./+types/reader";

export async function loader({ request }: Route.LoaderArgs) {
  const { stories } = await contentChain.listStories({ perPage: 5 });
  return data({ stories }, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Reader", description: "Pick a story and settle in: the newest tales, ready to read." });

export default function Reader({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Reader</h1>
      <ContinueReading />
      <h2 className="mt-8 font-serif text-2xl font-bold">Newest stories</h2>
      <StoryList stories={loaderData.stories} headingLevel={3} />
    </div>
  );
}
