// A sanitiser bug, for the test of the CSP as the backstop it exists to be
// (tests/reliability/stored-scripts.spec.ts, docs/decisions/031). Loaded into a test
// site's server with `--import` (NODE_OPTIONS): the story sanitiser
// (sanitize-html with an allow-list, app/content/html.server.ts) hands back what
// it was given, so a <script> stored in a story reaches the page as written.
// Nothing of the app changes: only which module `sanitize-html` names in that one
// process. Sanitising to plain text (an empty allow-list) still works, so
// excerpts and search stay as they are.
import { registerHooks } from "node:module";

const BROKEN = new URL("./sanitiser-bug-module.ts", import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    // The broken module itself imports the real one.
    if (specifier === "sanitize-html" && context.parentURL !== BROKEN) return { url: BROKEN, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
