// Browser tests drive Debian's Chromium (Playwright's own browser download
// cannot run where only the npm registry and Debian's packages are reachable).
// Installs it when it is missing and this is a Debian machine we may change.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";

if (!existsSync(chrome)) {
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `No Chromium at ${chrome}. Install it (Debian: apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests...");
  // The system may hold dpkg's lock (unattended upgrades at boot): wait for it, then retry once.
  const lockWait = ["-o", "DPkg::Lock::Timeout=300"];
  const apt = (args: string[]) =>
    execFileSync("apt-get", [...lockWait, ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  for (let attempt = 1; ; attempt++) {
    try {
      apt(["update", "-qq"]);
      apt(["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-liberation"]);
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
      console.log("apt-get failed; trying once more...");
    }
  }
}
