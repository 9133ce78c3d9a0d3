// Radix UI's tooltip (./tooltip.tsx). Its few rules arrive with the first tooltip that opens (a
// hoisted, deduplicated <style>), never as a stylesheet request on the reading path.
import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";
import tooltipCss from "./tooltip.css?inline";

export function RadixTooltip({
  label,
  delay,
  skipDelay,
  children,
}: {
  label: string;
  delay: number;
  skipDelay: number;
  children: ReactElement;
}) {
  return (
    <Tooltip.Provider delayDuration={delay} skipDelayDuration={skipDelay}>
      <Tooltip.Root>
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
    </Tooltip.Provider>
  );
}
