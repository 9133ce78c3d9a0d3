// The production server: Express serving the React Router build. It exists
// (instead of react-router-serve) to hand the client's socket address to the
// app, for rate limits, to answer anonymous readers from the page cache, and to
// stop cleanly on SIGTERM.

import { createServer } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";

const buildPath = process.env.SERVER_BUILD_PATH ?? "./build/server/index.js";
const build = await import(buildPath);
const { socketAddressContext, createPageCache, precompressedFiles } = build.entry.module;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", false);
app.use(compression());
// No form of this site needs more than a few hundred KB; refuse bigger bodies before reading them.
const MAX_BODY_BYTES = 2 * 1024 * 1024;
app.use((req, res, next) => {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    res.status(413).type("text/plain").send("The request is too large.");
    return;
  }
  next();
});
// Fingerprinted assets never change; everything else in build/client briefly.
// The assets' brotli and gzip copies are made at build time (scripts/compress-assets.ts).
app.use(
  "/assets",
  precompressedFiles("build/client/assets"),
  express.static("build/client/assets", { immutable: true, maxAge: "1y" }),
);
app.use(express.static("build/client", { maxAge: "1h" }));
app.use(
  createRequestHandler({
    build,
    getLoadContext(req) {
      const context = new RouterContextProvider();
      context.set(socketAddressContext, req.socket.remoteAddress ?? null);
      return context;
    },
  }),
);

// Anonymous pages that say `Cache-Control: public` are answered from memory for
// up to a second, before Express runs (app/utils/page-cache.server.ts).
const pageCache = createPageCache();
const port = Number(process.env.PORT ?? 3000);
const server = createServer((req, res) => pageCache.handle(req, res, app));
server.listen(port, () => console.log(`Horror Stories on http://localhost:${port}`));

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
