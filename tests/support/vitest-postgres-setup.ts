// The postgresql project's global set-up (vitest.config.ts): one PostgreSQL for
// the run (TEST_DATABASE_URL, or a temporary cluster) with a migrated template
// that each worker copies (tests/support/vitest-setup.ts). Vitest calls it only
// when the project has files to run, so a run of other files starts no server.
import { startPostgresForRun } from "./postgres.ts";

export default function setup() {
  return startPostgresForRun("migrated");
}
