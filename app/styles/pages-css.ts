// The stylesheet of the pages off the reading path (docs/decisions/022): a
// route whose module or components app.css leaves out (`@source not`) links it.
import type { LinkDescriptor } from "react-router";
import pagesCss from "./pages.css?url";

/** The one URL of pages.css: every importer must use it (a second import style names a second copy). */
export const PAGES_CSS_URL: string = pagesCss;

export const PAGES_STYLESHEET: LinkDescriptor[] = [{ rel: "stylesheet", href: pagesCss }];
