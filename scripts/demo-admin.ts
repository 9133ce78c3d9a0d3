// `npm run demo`'s administrator (app/auth/demo-admin.server.ts), through the production build
// like `npm run sync`: made once with a generated password printed that once; on a later run it
// says the account exists. `npm run demo:admin -- --reset` gives it a new password. Never in
// production.
import { loadServerBuild } from "./server-build.ts";

const build = await loadServerBuild();
const result = await build.ensureDemoAdmin({ reset: process.argv.includes("--reset") });
console.log(build.demoAdminMessage(result));
process.exit(0);
