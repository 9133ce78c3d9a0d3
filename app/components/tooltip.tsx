// Radix UI's tooltip. Its few rules arrive with the first tooltip that opens (a hoisted,
// deduplicated <style>), never as a stylesheet request on the reading path.
import * as RadixTooltip from "@radix-ui/react-tooltip";
import { type ReactElement, type ReactNode, Suspense } from "react";
import tooltipCss from "./tooltip.css?inline";

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
 *
 * In a Suspense boundary of its own, so React hydrates it after the page, in a task of its own:
 * Radix's trigger and popper set state as they attach (ref callbacks, layout effects), and in
 * hydration's commit those synchronous updates pulled every passive effect of the page into the
 * same task, the page's longest (Lighthouse's total blocking time). Nothing suspends in it, so
 * the server's HTML is the same but for the boundary's two comments.
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
    <Suspense>
      <RadixTooltip.Root delayDuration={delay}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="hs-tooltip" side="bottom" sideOffset={6} collisionPadding={8}>
            <style href="hs-tooltip" precedence="low">
              {tooltipCss}
            </style>
            {label}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </Suspense>
  );
}

/** Around the site's layout: every tooltip shares the skip delay (moving from one to the next opens it at once). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}
