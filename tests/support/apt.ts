// Installs Debian packages the tests need from the system (Chromium, a Java
// runtime, PostgreSQL) when this is a Debian machine we may change: as root,
// with apt-get. The system may hold dpkg's lock (unattended upgrades at boot):
// apt waits for it up to 5 minutes, and a failed attempt is tried once more,
// as .ci/run does.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export function canInstallPackages(): boolean {
  return process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

export async function aptInstall(packages: string[]): Promise<void> {
  const lockWait = ["-o", "DPkg::Lock::Timeout=300"];
  const apt = (args: string[]) =>
    execFileSync("apt-get", [...lockWait, ...args], {
      // stdout would end up in a test reporter's output or a webServer's pipe: apt's progress goes to stderr.
      stdio: ["ignore", process.stderr, "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  for (let attempt = 1; ; attempt++) {
    try {
      apt(["update", "-qq"]);
      apt(["install", "-y", "-qq", "--no-install-recommends", ...packages]);
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      console.error("apt-get failed; trying once more in 10 s...");
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  }
}
