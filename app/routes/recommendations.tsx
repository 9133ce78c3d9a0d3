import { data, Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { shelvesOf } from "~/library/library.server";
import { LibraryCard } from "~/library/library-card";
import { explain, recommendationsFor } from "~/library/recommendations.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/recommendations";

/** /recommendations: ranked on the server from the reader's shelves (app/library/recommendations.server.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { basis, items } = await recommendationsFor(user.id);
  const shelves = await shelvesOf(
    user.id,
    items.map((i) => i.slug),
  );
  return data(
    { basis, items: items.map((item) => ({ ...item, why: explain(item.reason) })), shelves },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Recommendations", description: "Stories picked for you from what you read." });

export default function Recommendations({ loaderData }: Route.ComponentProps) {
  const { basis, items, shelves } = loaderData;
  return (
    <div>
      <PageTitle>Recommendations</PageTitle>
      <p className="mt-2 text-muted">
        {basis === "shelves"
          ? "Picked from the stories on your shelves: the more recent, the more they count."
          : "Shelve or finish a few stories and this page learns your taste. Meanwhile, what other readers read this month:"}
      </p>
      {items.length ? (
        <ol className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4">
          {items.map((item) => (
            <LibraryCard
              key={item.slug}
              slug={item.slug}
              path={item.path}
              title={item.title}
              excerpt={item.excerpt}
              shelf={shelves[item.slug] ?? null}
              meta={
                <>
                  <p className="mt-1 text-sm font-semibold text-accent">{item.why}</p>
                  {item.author ? <p className="mt-1 text-sm text-muted">by {item.author}</p> : null}
                </>
              }
            />
          ))}
        </ol>
      ) : (
        <p className="mt-6">
          Nothing to recommend yet. Browse the <Link to="/stories">Story Index</Link>.
        </p>
      )}
    </div>
  );
}
