// The story's text travels once in a document (issue 45, docs/decisions/043): in its HTML, not a
// second time in the hydration data. For a document request the story's loader leaves the blocks
// out of its data and hands them to the server's render through the request's context
// (entry.server.tsx); the browser's first render, the one that hydrates, reads them back from the
// blocks the document has (React has not touched them yet). A client navigation's data request
// carries the blocks as before.
// The server's half is document-story-text.server.ts.
import { createContext, use, useState } from "react";

/** The blocks in the server's render of a document (entry.server.tsx). */
export const DocumentStoryTextContext = createContext<string[] | null>(null);

/** The selector of each block's sanitised HTML (app/library/story-text.tsx renders it as the block's first child). */
const BLOCK_HTML = "article .story-block > :first-child";

/** The document's story blocks as the browser holds them (empty on a page without a story). */
function storyBlocksInDocument(): string[] {
  return [...document.querySelectorAll(BLOCK_HTML)].map((element) => element.innerHTML);
}

/**
 * The blocks to render: the data's, or, in the document that carried them, those of its HTML (the
 * server's from the context; the browser's read once, by the render that hydrates them).
 */
export function useStoryBlocks(blocks: string[] | null): string[] {
  const onServer = use(DocumentStoryTextContext);
  const [inDocument] = useState(() =>
    blocks === null && typeof document !== "undefined" ? storyBlocksInDocument() : null,
  );
  return blocks ?? onServer ?? inDocument ?? [];
}
