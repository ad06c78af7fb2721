// @ts-check
// The settings of `npm run bench`, read from the environment (see HELP), and small helpers.
/** @param {string} name @param {number} fallback */
const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
export const DURATION = num('BENCH_DURATION', 10);
export const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
export const TOOLS = num('BENCH_TOOLS', 100_000);
export const SMALL = Math.min(1_000, TOOLS);
export const LOGS = num('BENCH_LOGS', 2_000_000);
export const WARMUP = num('BENCH_WARMUP', 1);
export const SLICES = num('BENCH_SLICES', 5);
export const WEB = process.env.BENCH_WEB !== 'false';
export const LIGHTHOUSE = WEB && process.env.BENCH_LIGHTHOUSE !== 'false';
export const LIGHTHOUSE_RUNS = num('BENCH_LIGHTHOUSE_RUNS', 3);
export const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
/** Another API bundle (e.g. main's `dist/apps/api/main.js`) measured beside this one, interleaved, on every call. */
export const API_BEFORE_DIST = process.env.BENCH_API_BEFORE_DIST || null;
/** Another API image's Dockerfile: its Node options and allocator settings for the API before (#R896); alone, this build runs with them. */
export const API_BEFORE_DOCKERFILE = process.env.BENCH_API_BEFORE_DOCKERFILE || null;
/** A directory: the APIs and the Nest replay run under Node's CPU profiler, their profiles written there at the end. */
export const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR ?? null;
export const MEMBERS = 100;
export const TARGET_P99_MS = 50;

export const HELP = `npm run bench — the catalogue's speed as measured facts (written to docs/performance.md)

Settings (environment):
  BENCH_DURATION=10         seconds per call and target
  BENCH_CONNECTIONS=50      concurrent connections
  BENCH_TOOLS=100000        tools in the large catalogue (the small one has min(1000, BENCH_TOOLS))
  BENCH_LOGS=2000000        download logs
  BENCH_WARMUP=1            warm-up seconds per target
  BENCH_SLICES=5            interleaved slices per call
  BENCH_ONLY=<regexp>       only the calls (and parts: scaling, admin, file, what-if, zip) it matches
  BENCH_ZIP_TOOLS=50        part zip: tools in the folder; BENCH_ZIP_FILE_MB=50 their file size; BENCH_ZIP_RUNS=3
  BENCH_WEB=false           skip the web part; BENCH_LIGHTHOUSE=false skips Lighthouse only
  BENCH_LIGHTHOUSE_RUNS=3   Lighthouse runs per page and form factor
  BENCH_DIST=<dir>          measure bundles built elsewhere; BENCH_BUILD=true rebuilds them
  BENCH_API_BEFORE_DIST=<file>  another API bundle (main.js of another build, e.g. main's) run beside
                            this one on the same database and measured in the same interleaved runs
  BENCH_API_BEFORE_DOCKERFILE=<file>  the API before runs with that Dockerfile's Node options and
                            allocator settings (e.g. main's docker/Dockerfile.api); alone, with this build
  BENCH_CPU_PROF_DIR=<dir>  run the APIs and the Nest replay under \`node --cpu-prof\` (profiles there;
                            the profiler slows them: no figure of such a run is a measure)
  BENCH_WRITE_DOCS=false    print only, do not rewrite docs/performance.md
  BENCH_DATABASE_ADMIN_URL  the PostgreSQL server for the scratch databases (else DATABASE_URL,
                            else postgres://postgres@127.0.0.1:5432/postgres)
  REDIS_URL                 the Redis the API uses (its keys under a prefix of the run, deleted after)
Every process listens on a free port; the scratch databases are dropped at the end, even on failure.
Quick run: BENCH_TOOLS=2000 BENCH_LOGS=10000 BENCH_DURATION=2 BENCH_WEB=false BENCH_WRITE_DOCS=false npm run bench`;

/** A number for a table, or '—'. @param {number | null | undefined} n @param {number} [d] */
export const round = (n, d = 0) => (n === null || n === undefined || Number.isNaN(n) ? '—' : Number(n).toFixed(d));
/** @template T @param {T[]} list @returns {T} */
export const pick = (list) => list[Math.floor(Math.random() * list.length)];
export const randomToolId = () => 1 + Math.floor(Math.random() * TOOLS);
/** The deepest listing page measured; the API serves pages up to 1 000 (MAX_PAGE of the tools query). @param {number} tools */
export const deepPageOf = (tools) => Math.max(1, Math.min(1000, Math.floor(tools / 12 * 0.48)));
