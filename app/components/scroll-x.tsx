import type { ReactNode } from "react";

/**
 * A box (a named section, so a region) that scrolls sideways when a wide table does not fit (a phone): a
 * named region a keyboard can reach and scroll (WCAG 2.1.1, axe's
 * scrollable-region-focusable), positioned so the sr-only labels inside the
 * table scroll with it instead of widening the page. A container: a list table inside stacks its
 * rows below its own width in the reader's text (a container variant on the table), so larger text
 * stacks it where the default size still has room.
 */
export function ScrollX({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
    <section aria-label={label} tabIndex={0} className={`@container relative overflow-x-auto ${className}`}>
      {children}
    </section>
  );
}
