import { Children, type CSSProperties, type ReactNode } from "react";
import { titleFitFrom } from "~/preferences/preferences";
import { usePreferences } from "~/preferences/use-preferences";

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
 * than its line (WCAG 1.4.10). A title shrinks only as far as its longest word needs, in the
 * reader's size, typeface and letter spacing (docs/decisions/047, 049).
 */
export function PageTitle({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  // Only a title whose word may not fit a phone in the reader's text is fitted, so a default
  // reader's story sends the fit's rule in its first kilobytes only for a word of 14 letters.
  const letters = longestWord(children);
  const fit = letters >= titleFitFrom(usePreferences());
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
