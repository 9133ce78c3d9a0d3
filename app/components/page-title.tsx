import { Children, type CSSProperties, type ReactNode } from "react";

/**
 * From this many letters a title is fitted. A shorter word's fit (142vw over its letters, theme.css)
 * is never below the largest text's 63 px on a 320 px screen, so fitting it would change nothing
 * but send the rule in the story's first kilobytes. 8 letters fit 57 px there ("Inventory", 9,
 * split at 63 px before; the threshold was 10 until 2026-11-30).
 */
const FIT_FROM_LETTERS = 8;

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
 * than its line (WCAG 1.4.10). A title shrinks only as far as its longest word needs: below about 13
 * letters, never at the default size on a 320 px phone (docs/decisions/047).
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
