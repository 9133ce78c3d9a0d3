import { expect, test } from "vitest";
import { buildWarnings } from "./build-log";

// Lines of the build's output before issue 40, as a newcomer saw them.
const BEFORE = `
(!) Your Vite config uses features that are unsupported by \`configLoader: 'native'\`, which is planned to become the default in a future major version of Vite:
  - import "./scripts/layer-chunks" without a file extension (vite.config.ts:4:29). Add the file extension
Set \`VITE_CONFIG_NATIVE_IGNORE_WARNING=true\` to suppress this warning.
\u001b[33m[INEFFECTIVE_DYNAMIC_IMPORT] \u001b[0mapp/notifications/notification-schemas.ts is dynamically imported by app/notifications/browser-store.ts
\u001b[33m[PLUGIN_TIMINGS] \u001b[0mJavaScript callbacks ran for 2.8s of this 3.3s build (83%).
.env not found. Continuing without it.
npm warn EBADENGINE Unsupported engine {
`;

// The build's summary now.
const NOW = `
> build
> react-router build --logLevel warn && node scripts/compile-start.ts && node scripts/compress-assets.ts && node scripts/js-bytes.ts

build/start.js: server/index.ts without its types
compressed 82 client files: 947 KB, 261 KB brotli
JavaScript per page on a fast link (slow-2g and Save-Data: none before the load event and an interaction):
  /community-story/:slug              16 files   626.1 KB  171.6 KB brotli
  /errors/:code                        7 files   370.4 KB  103.0 KB brotli
`;

test("finds each kind of warning the build printed before issue 40", () => {
  expect(buildWarnings(BEFORE)).toEqual([
    expect.stringMatching(/^\(!\) Your Vite config/),
    expect.stringMatching(/VITE_CONFIG_NATIVE_IGNORE_WARNING/),
    expect.stringMatching(/^\[INEFFECTIVE_DYNAMIC_IMPORT\] app\/notifications/),
    expect.stringMatching(/^\[PLUGIN_TIMINGS\]/),
    ".env not found. Continuing without it.",
    "npm warn EBADENGINE Unsupported engine {",
  ]);
});

test("lets the build's summary through", () => {
  expect(buildWarnings(NOW)).toEqual([]);
});
