// Radix UI's tooltip, in a chunk of its own (./tooltip.tsx loads it when idle).
import "./tooltip.css";
import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";

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
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
