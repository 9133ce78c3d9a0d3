// What the browser tests need from the system: Debian's chromium-headless-shell
// (Playwright's own browser download cannot run where only the npm registry and
// Debian's packages are reachable) and a Java runtime for the W3C Nu Html
// Checker that every browser run ends with (tests/support/html-pages.ts); with
// `bench`, what the bench needs instead: Debian's full Chromium. Installs what
// is missing when this is a Debian machine we may change.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { aptInstall, canInstallPackages } from "../tests/support/apt.ts";
import { CHROMIUM_EXECUTABLE, CHROMIUM_PACKAGES, FULL_CHROMIUM_EXECUTABLE } from "../tests/support/chromium.ts";

const forBench = process.argv.includes("bench");
// The tests run on the headless shell, and on the full browser where it differs (the slow-2g
// test: only the full browser's network quality estimator can be forced); the bench on the full one.
const browsers = [...new Set(forBench ? [FULL_CHROMIUM_EXECUTABLE] : [CHROMIUM_EXECUTABLE, FULL_CHROMIUM_EXECUTABLE])];
const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java";

const missing: { what: string; packages: string[] }[] = [];
for (const chrome of browsers) {
  if (!chrome || existsSync(chrome)) continue;
  const known = CHROMIUM_PACKAGES[chrome as keyof typeof CHROMIUM_PACKAGES];
  if (!known) {
    console.error(`CHROME_PATH names ${chrome}, which does not exist.`);
    process.exit(1);
  }
  // The headless shell and the full browser share chromium-common: one apt call keeps them one version.
  missing.push({ what: `Chromium at ${chrome}`, packages: [known, "fonts-liberation"] });
}
if (!forBench && spawnSync(java, ["-version"], { stdio: "ignore" }).status !== 0) {
  missing.push({ what: "a Java runtime", packages: ["default-jre-headless"] });
}

if (missing.length) {
  if (!canInstallPackages()) {
    console.error(
      `Missing ${missing.map((m) => m.what).join(" and ")}. Debian: apt-get install ${missing.flatMap((m) => m.packages).join(" ")}; elsewhere set CHROME_PATH to a Chromium or Chrome binary (or empty for Playwright's own) and JAVA_HOME to a Java runtime.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.map((m) => m.what).join(" and ")} for the browser tests...`);
  await aptInstall(missing.flatMap((m) => m.packages));
}
