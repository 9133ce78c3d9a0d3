import { Outlet } from "react-router";
import { errorMeta, GeneralErrorBoundary } from "~/components/error-boundary";
import type { Route } from "./+types/bare";

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args.error) : []);

/** The bare error shell: no navbar, sidebar or footer (spec §2 Error pages). */
export default function BareLayout() {
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
