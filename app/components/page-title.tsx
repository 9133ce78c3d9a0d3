import { Children, type ComponentPropsWithoutRef, type CSSProperties, isValidElement, type ReactNode } from "react";
import { titleFitFrom } from "~/preferences/preferences";
import { usePreferences } from "~/preferences/use-preferences";

/**
 * The letters of the longest word in a title's text: its strings and numbers, and theirs of the
 * elements in it (a card's title is its link's text); a component's own text counts as none.
 */
export function longestWord(children: ReactNode): number {
  let longest = 0;
  for (const child of Children.toArray(children)) {
    if (isValidElement(child))
      longest = Math.max(longest, longestWord((child.props as { children?: ReactNode }).children));
    else if (typeof child === "string" || typeof child === "number")
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
export function PageTitle({
  children,
  className,
  id,
  dir,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
  /** "auto" for a title a writer gave (a story in Arabic or Hebrew reads from the right). */
  dir?: "auto";
}) {
  // Only a title whose word may not fit a phone in the reader's text is fitted, so a default
  // reader's story sends the fit's rule in its first kilobytes only for a word of 14 letters.
  const letters = longestWord(children);
  const fit = letters >= titleFitFrom(usePreferences());
  return (
    <h1
      id={id}
      dir={dir}
      className={`font-serif font-bold ${fit ? "title-fit" : "text-4xl"}${className ? ` ${className}` : ""}`}
      style={fit ? ({ "--title-letters": letters } as CSSProperties) : undefined}
    >
      {children}
    </h1>
  );
}

/** What a card (`p-card`: 24 px a side on a phone, and its borders) takes of the column. */
const CARD_INSET_PX = 50;

/**
 * A section's title in a page, its h2 (or h3): the site's one copy of that type (serif, bold,
 * 1.5rem), fitted as a page title is where its longest word may not fit a phone in the reader's text
 * ("Registrations", "performance" broke in two at 320 px in the largest text in Lexend;
 * docs/decisions/050). At the default size no section title is fitted (it would take 21 letters).
 * In a card (`inCard`) its room is the column less the card's padding. A story card's title is
 * `small` (1.25rem): "Lamplighter's" broke in Lexend in the largest text.
 */
export function SectionTitle({
  as: Heading = "h2",
  inCard = false,
  small = false,
  className,
  style,
  children,
  ...rest
}: ComponentPropsWithoutRef<"h2"> & { as?: "h2" | "h3"; inCard?: boolean; small?: boolean }) {
  const letters = longestWord(children);
  const inset = inCard ? CARD_INSET_PX : 0;
  const size = small ? 1.25 : 1.5;
  const fit = letters >= titleFitFrom(usePreferences(), size, inset);
  return (
    <Heading
      {...rest}
      className={`font-serif font-bold ${fit ? "title-fit" : small ? "text-xl" : "text-2xl"}${className ? ` ${className}` : ""}`}
      style={
        fit
          ? ({
              ...style,
              "--title-letters": letters,
              "--title-size": `${size}rem`,
              // text-xl's and text-2xl's leading.
              "--title-leading": small ? 1.4 : 4 / 3,
              "--title-inset": `${inset}px`,
            } as CSSProperties)
          : style
      }
    >
      {children}
    </Heading>
  );
}
