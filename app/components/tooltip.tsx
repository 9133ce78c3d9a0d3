import type { ReactElement, ReactNode } from "react";
import { RadixTooltip, RadixTooltipProvider } from "./tooltip-radix";

/** Spec §9 Tooltip: 700 ms delay (0 in the sidebar), 300 ms skip delay. */
export const TOOLTIP_DELAY_MS = 700;
export const SIDEBAR_TOOLTIP_DELAY_MS = 0;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * A tooltip on a control that already has its accessible name (Radix UI's
 * tooltip: closed, delayed-open, instant-open). Rendered with the control from
 * the first paint: swapping it in later, when idle, wrapped the control anew,
 * so React re-created it; a phone reader who had opened the menu sheet by then
 * saw it close by itself. On slow links no script runs before the reader's
 * first interaction anyway (docs/decisions/028), so it costs the text nothing.
 */
export function Tooltip({
  label,
  delay = TOOLTIP_DELAY_MS,
  children,
}: {
  label: string;
  delay?: number;
  children: ReactElement;
}) {
  return (
    <RadixTooltip label={label} delay={delay}>
      {children}
    </RadixTooltip>
  );
}

/** Around the site's layout: every tooltip shares the skip delay (moving from one to the next opens it at once). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltipProvider delay={TOOLTIP_DELAY_MS} skipDelay={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltipProvider>
  );
}
