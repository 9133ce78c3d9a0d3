// Radix UI's tooltip (./tooltip.tsx). Its few rules arrive with the first tooltip that opens (a
// hoisted, deduplicated <style>), never as a stylesheet request on the reading path.
import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement, ReactNode } from "react";
import tooltipCss from "./tooltip.css?inline";

/** One provider for the page: the 300 ms skip delay holds across controls, not only within one. */
export function RadixTooltipProvider({
  delay,
  skipDelay,
  children,
}: {
  delay: number;
  skipDelay: number;
  children: ReactNode;
}) {
  return (
    <Tooltip.Provider delayDuration={delay} skipDelayDuration={skipDelay}>
      {children}
    </Tooltip.Provider>
  );
}

export function RadixTooltip({ label, delay, children }: { label: string; delay: number; children: ReactElement }) {
  return (
    <Tooltip.Root delayDuration={delay}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="hs-tooltip" side="bottom" sideOffset={6} collisionPadding={8}>
          <style href="hs-tooltip" precedence="low">
            {tooltipCss}
          </style>
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
