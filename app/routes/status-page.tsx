import { data } from "react-router";
import { StatusPageView } from "~/components/status-page";
import { isStatusPageCode, STATUS_PAGES, statusDocumentTitle } from "~/utils/status-pages";
import type { Route } from "./+types/status-page";

/**
 * /errors/{code} for the product's six error pages, and the splat route for
 * any unknown path (404). Each answers with its own HTTP status.
 */
export function loader({ params }: Route.LoaderArgs) {
  const requested = Number(params.code);
  const code = params.code && isStatusPageCode(requested) ? requested : 404;
  return data({ code }, { status: code, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = STATUS_PAGES[loaderData?.code ?? 404];
  return [
    { title: statusDocumentTitle(page) },
    { name: "description", content: page.description },
    { name: "robots", content: "noindex" },
  ];
};

export default function StatusPageRoute({ loaderData }: Route.ComponentProps) {
  return <StatusPageView page={STATUS_PAGES[loaderData.code]} />;
}
