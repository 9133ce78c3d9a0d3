import { Fragment } from "react";
import { breakLongWords, type Inline, type TextBlock, UGC_REL } from "./text";

function Words({ text }: { text: string }) {
  return (
    <>
      {breakLongWords(text).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never reorder
        part === null ? <wbr key={i} /> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}

function Line({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((inline, i) =>
        "href" in inline ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <a key={i} href={inline.href} rel={UGC_REL} className="underline">
            <Words text={inline.text} />
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Words key={i} text={inline.text} />
        ),
      )}
    </>
  );
}

/** A reader's text as formatText() shaped it on the server: every character escaped by React. */
export function DiscussionText({ blocks }: { blocks: TextBlock[] }) {
  return (
    <div className="space-y-3 [overflow-wrap:anywhere]">
      {blocks.map((block, b) => {
        const lines = block.lines.map((inlines, l) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={l}>
            {l > 0 ? <br /> : null}
            <Line inlines={inlines} />
          </Fragment>
        ));
        return block.kind === "quote" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <blockquote key={b} className="border-l-4 border-line pl-3 text-muted">
            <p>{lines}</p>
          </blockquote>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={b}>{lines}</p>
        );
      })}
    </div>
  );
}
