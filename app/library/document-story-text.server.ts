// The server's half of a story's text sent once (document-story-text.tsx, docs/decisions/043): the
// loader of a document leaves the blocks out of its data and puts them in the request's context,
// where entry.server.tsx takes them for the render. Here, not in the component's module: the
// browser's build would otherwise carry React Router's context API for nothing.
import { createContext, type RouterContextProvider } from "react-router";
import { documentRequestContext } from "~/utils/request-context";

/** The blocks of the story the document shows, for the server's render (set by the loader). */
export const documentStoryBlocks = createContext<string[] | null>(null);

/** What the loader returns as the blocks: null in a document (the render takes them from the context). */
export function blocksForData(blocks: string[], context: Readonly<RouterContextProvider> | undefined): string[] | null {
  if (!context?.get(documentRequestContext)) return blocks;
  context.set(documentStoryBlocks, blocks);
  return null;
}
