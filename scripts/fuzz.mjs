// `npm run fuzz [target|all] [seconds per target]`: the cargo-fuzz targets (fuzz/, libFuzzer
// on nightly Rust, built with AddressSanitizer), each started from the committed corpus
// and the inputs made from the fixtures (core/tests/fuzz_corpus.rs writes those to
// fuzz/seeds/). New inputs that reach new code land in fuzz/corpus/<target>/ (commit them:
// `npm test` replays them on stable); a crash, leak, timeout or allocation over the cap
// stops that target with its input in fuzz/artifacts/<target>/. Prints per target: runs,
// executions, coverage (edges), corpus size. Installs cargo-fuzz when missing.
//   npm run fuzz                 every target, 60 s each
//   npm run fuzz query 600       one target, 10 minutes
//   npm run fuzz query FILE      one input, replayed under the sanitizer
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fuzzDir = `${root}fuzz`;
const TARGETS = ['codec', 'frames', 'responder', 'query'];
const [which = 'all', arg = '60'] = process.argv.slice(2);
const targets = which === 'all' ? TARGETS : [which];
if (targets.some((t) => !TARGETS.includes(t))) {
  console.error(`unknown target ${which}: one of ${TARGETS.join(', ')}, or all`);
  process.exit(2);
}

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.error) throw r.error;
  return r;
}

if (spawnSync('cargo', ['fuzz', '--version'], { stdio: 'ignore' }).status !== 0) {
  console.log('[fuzz] $ cargo install cargo-fuzz --locked');
  if (run('cargo', ['install', 'cargo-fuzz', '--locked']).status !== 0) process.exit(1);
}
if (spawnSync('rustup', ['run', 'nightly', 'rustc', '--version'], { stdio: 'ignore' }).status !== 0) {
  console.log('[fuzz] $ rustup toolchain install nightly --profile minimal');
  if (run('rustup', ['toolchain', 'install', 'nightly', '--profile', 'minimal']).status !== 0) process.exit(1);
}

// The fixtures' bytes as inputs, written where the runs start from.
const seeded = run('cargo', ['test', '-q', '-p', 'gamequery-core', '--test', 'fuzz_corpus'], {
  cwd: root,
  env: { ...process.env, GQ_WRITE_SEEDS: '1' },
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const replay = existsSync(arg);
const seconds = Number(arg);
if (!replay && !(seconds > 0)) {
  console.error(`seconds must be a positive number, or a file to replay; got ${arg}`);
  process.exit(2);
}
const env = { ...process.env, CARGO_TARGET_DIR: `${fuzzDir}/target` };
const summary = [];
let failed = false;
for (const target of targets) {
  const corpus = `${fuzzDir}/corpus/${target}`;
  mkdirSync(corpus, { recursive: true });
  const libfuzzer = replay
    ? [arg]
    : [corpus, `${fuzzDir}/seeds/${target}`, `-max_total_time=${seconds}`, '-timeout=10', '-rss_limit_mb=2048', '-malloc_limit_mb=256', '-print_final_stats=1'];
  console.log(`[fuzz] $ cargo +nightly fuzz run -O ${target} ${libfuzzer.join(' ')}`);
  const r = spawnSync('cargo', ['+nightly', 'fuzz', 'run', '-O', target, '--', ...libfuzzer], {
    cwd: fuzzDir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    maxBuffer: 1 << 28,
  });
  const log = r.stderr ?? '';
  process.stderr.write(log.split('\n').filter((l) => !/^#\d+\s+(NEW|REDUCE|pulse)/.test(l)).join('\n'));
  const stat = (name) => log.match(new RegExp(`^stat::${name}:\\s+(\\d+)`, 'm'))?.[1];
  const done = [...log.matchAll(/^#(\d+)\s+DONE\s+cov: (\d+) ft: (\d+) corp: (\d+)/gm)].pop();
  summary.push({
    target,
    ok: r.status === 0,
    executions: Number(stat('number_of_executed_units') ?? done?.[1] ?? 0),
    perSecond: Number(stat('average_exec_per_sec') ?? 0),
    coverage: Number(done?.[2] ?? 0),
    features: Number(done?.[3] ?? 0),
    corpus: Number(done?.[4] ?? 0),
    peakRssMb: Number(stat('peak_rss_mb') ?? 0),
  });
  failed ||= r.status !== 0;
  if (!replay) minimise(target);
}
/**
 * What is committed: the fewest inputs that, beside the seeds (made again from the
 * fixtures), reach everything the corpus reaches (libFuzzer's set-cover merge).
 */
function minimise(target) {
  const host = spawnSync('rustc', ['-vV'], { encoding: 'utf8' }).stdout.match(/^host: (.+)$/m)[1];
  const binary = `${fuzzDir}/target/${host}/release/${target}`;
  const corpus = `${fuzzDir}/corpus/${target}`;
  const seeds = `${fuzzDir}/seeds/${target}`;
  const merged = mkdtempSync(join(tmpdir(), `gq-fuzz-${target}-`));
  try {
    cpSync(seeds, merged, { recursive: true });
    const seedNames = new Set(readdirSync(seeds));
    const r = spawnSync(binary, ['-set_cover_merge=1', '-timeout=10', '-rss_limit_mb=2048', merged, corpus], { stdio: 'ignore' });
    if (r.status !== 0) return console.log(`[fuzz] ${target}: the merge failed (${r.status}); corpus left as it is`);
    rmSync(corpus, { recursive: true, force: true });
    mkdirSync(corpus);
    let kept = 0;
    for (const name of readdirSync(merged)) {
      if (seedNames.has(name)) continue;
      cpSync(join(merged, name), join(corpus, name));
      kept++;
    }
    console.log(`[fuzz] ${target}: ${kept} inputs kept beside the seeds`);
  } finally {
    rmSync(merged, { recursive: true, force: true });
  }
}

console.log('\n[fuzz] target      ok  executions  exec/s  coverage  features  corpus  peak RSS');
for (const s of summary) {
  console.log(`[fuzz] ${s.target.padEnd(10)}  ${s.ok ? 'yes' : 'NO '} ${String(s.executions).padStart(11)} ${String(s.perSecond).padStart(7)} ${String(s.coverage).padStart(9)} ${String(s.features).padStart(9)} ${String(s.corpus).padStart(7)}  ${s.peakRssMb} MB`);
}
process.exit(failed ? 1 : 0);
