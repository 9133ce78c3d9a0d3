import type { Config } from "@react-router/dev/config";

export default {
  // Server-rendered: every page is complete HTML before any script runs.
  ssr: true,
} satisfies Config;
