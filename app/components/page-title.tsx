import { Children, type CSSProperties, type ReactNode } from "react";

/** A title whose longest word has at least this many letters is fitted to the page's width. */
const FIT_FROM_LETTERS = 10;

/** The letters of the longest word in a title's text (its strings and numbers; other nodes count as none). */
export function longestWord(children: ReactNode): number {
  let longest = 0;
  for (const child of Children.toArray(children)) {
    if (typeof child !== "string" && typeof child !== "number") continue;
    for (const word of String(child).split(/\s+/)) longest = Math.max(longest, [...word].length);
  }
  return longest;
}

/**
 * A page's title, its h1: one copy of its type. A long word in it ("Notifications",
 * "Recommendations", a story's title) is fitted to the page's width (`title-fit`, theme.css): in
 * larger text a phone split it mid-word, "Notificati / ons", since the body breaks any word longer
 * than its line (WCAG 1.4.10). Only such titles shrink, and only as far as their longest word
 * needs (docs/decisions/047).
 */
export function PageTitle({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  const letters = longestWord(children);
  const fit = letters >= FIT_FROM_LETTERS;
  return (
    <h1
      id={id}
      className={`font-serif font-bold ${fit ? "title-fit" : "text-4xl"}${className ? ` ${className}` : ""}`}
      style={fit ? ({ "--title-letters": letters } as CSSProperties) : undefined}
    >
      {children}
    </h1>
  );
}
