// What the browser tests need from the system: Debian's Chromium (Playwright's
// own browser download cannot run where only the npm registry and Debian's
// packages are reachable) and a Java runtime for the W3C Nu Html Checker that
// every browser run ends with (tests/support/html-pages.ts). Installs what is
// missing when this is a Debian machine we may change.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java";

const missing: { what: string; packages: string[] }[] = [];
if (!existsSync(chrome)) missing.push({ what: `Chromium at ${chrome}`, packages: ["chromium", "fonts-liberation"] });
if (spawnSync(java, ["-version"], { stdio: "ignore" }).status !== 0) {
  missing.push({ what: "a Java runtime", packages: ["default-jre-headless"] });
}

if (missing.length) {
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Missing ${missing.map((m) => m.what).join(" and ")}. Debian: apt-get install ${missing.flatMap((m) => m.packages).join(" ")}; elsewhere set CHROME_PATH to a Chromium or Chrome binary and JAVA_HOME to a Java runtime.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.map((m) => m.what).join(" and ")} for the browser tests...`);
  // The system may hold dpkg's lock (unattended upgrades at boot): apt waits
  // for it up to 5 minutes, and a failed attempt is tried once more, as .ci/run does.
  const lockWait = ["-o", "DPkg::Lock::Timeout=300"];
  const apt = (args: string[]) =>
    execFileSync("apt-get", [...lockWait, ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  for (let attempt = 1; ; attempt++) {
    try {
      apt(["update", "-qq"]);
      apt(["install", "-y", "-qq", "--no-install-recommends", ...missing.flatMap((m) => m.packages)]);
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
      console.log("apt-get failed; trying once more in 10 s...");
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  }
}
