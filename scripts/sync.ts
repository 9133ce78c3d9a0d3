// `npm run sync`: one content sync now, through the production build (so it
// runs the same code as the server, also in the Docker image).
import { loadServerBuild } from "./server-build.ts";

const build = await loadServerBuild();
const result = await build.syncContent({ force: process.argv.includes("--force") });
console.log(`${result.status}: ${result.message}`);
if (result.errorDetails) console.log(result.errorDetails);
process.exit(result.status === "error" ? 1 : 0);
