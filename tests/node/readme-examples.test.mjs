// Every example in the READMEs runs as written: each ```js block as a file of its own (an
// ES module, or CommonJS when it only requires), and each `npx gamequery` line, against
// responders for every protocol on their default ports. The host names the examples use
// resolve to 127.0.0.1 inside a network namespace made for the run (its own loopback,
// /etc/hosts, and dnsmasq as its name server): nothing leaves the machine, and nothing in
// the examples is rewritten. Needs root (unshare); both engines run this file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeBlocks } from '../readme/blocks.mjs';
import { fromNpm } from '../platforms/runtimes.mjs';
import { certificates, VENDOR_HOSTS } from '../vendors/vendors.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HOSTS = ['play.example.org', 'mc.example.org', 'bedrock.example.org', 'cs.example.org', 'game.example.org',
  'a.example.org', 'b.example.org', 'old.example.org', 'ts.example.org'];

test('every README example runs as written against local servers', { skip: process.getuid?.() !== 0 && 'needs root for a network namespace', timeout: 600_000 }, () => {
  const blocks = readmeBlocks(root);
  assert.ok(blocks.filter((b) => b.kind !== 'cli').length >= 20, `${blocks.length} examples found`);
  // A host name an example uses that the namespace does not know would be looked up for real.
  for (const b of blocks) {
    for (const name of b.code.match(/[\w.-]+\.example\.org/g) ?? []) assert.ok(HOSTS.includes(name), `${b.where}: ${name} is not mapped`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'gq-readme-'));
  try {
    // The vendors' APIs (Factorio's matchmaking server) are ours too, over HTTPS with a
    // certificate of a CA made for the run, which Node and our engine trust through
    // NODE_EXTRA_CA_CERTS.
    certificates(dir);
    writeFileSync(join(dir, 'hosts'), `127.0.0.1 localhost\n::1 localhost\n127.0.0.1 ${[...HOSTS, ...VENDOR_HOSTS].join(' ')}\n`);
    // The name server: Debian's dnsmasq on the namespace's loopback, answering from that
    // hosts file, NXDOMAIN for the rest of example.org (the SRV lookups), nothing upstream.
    writeFileSync(join(dir, 'resolv.conf'), 'nameserver 127.0.0.1\n');
    const dns = '/usr/sbin/dnsmasq --no-resolv --local=/example.org/ --listen-address=127.0.0.1 --bind-interfaces --user=root --pid-file=';
    // A namespace of processes too: when the runner exits, dnsmasq goes with it.
    const script = `ip link set lo up && mount --bind ${dir}/hosts /etc/hosts && mount --bind ${dir}/resolv.conf /etc/resolv.conf && ${dns} && exec "$0" "$1" "$2"`;
    // The Worker example's runtime, fetched from npm here: the namespace has no network.
    const workerd = fromNpm('@cloudflare/workerd-linux-64@1.20261117.1', 'bin/workerd', 'workerd-linux-64-1.20261117.1');
    const r = spawnSync('unshare', ['--net', '--mount', '--pid', '--fork', 'sh', '-c', script, process.execPath, join(root, 'tests/readme/runner.mjs'), root],
      { encoding: 'utf8', timeout: 540_000, maxBuffer: 64 << 20, env: { ...process.env, GQ_WORKERD: workerd, GQ_VENDOR_CERTS: dir, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') } });
    assert.equal(r.status, 0, `the runner failed: ${r.stderr}`);
    const results = JSON.parse(r.stdout.trim().split('\n').at(-1));
    assert.equal(results.length, blocks.length);
    const failed = results.filter((x) => x.status !== 0);
    assert.deepEqual(failed.map((x) => `${x.where} (exit ${x.status ?? x.signal}): ${x.stderr.trim().split('\n').slice(-3).join(' | ')}`), []);
    // They ran for real: the servers' answers are in what they printed.
    const first = results.find((x) => x.where.startsWith('README.md:'));
    // The first example names a game: Rust's query port (the game port + 1) answered.
    assert.equal(first.stdout, 'Rust example 20/32 28016 play.example.org:28015\n');
    const package_ = results.find((x) => x.where.startsWith('npm/gamequery/README.md:'));
    assert.match(package_.stdout, /^Rust example: 20\/32 players, \d+ ms\nquery port 28016; join at play\.example\.org:28015\n$/, package_.stdout);
    assert.ok(results.some((x) => x.stdout.includes('gamequery demo — open.mp ✓')), 'the SA:MP server answered an example');
    const worker = results.find((x) => x.kind === 'worker');
    assert.match(JSON.parse(worker.stdout).name, /^gamequery demo server/, worker.stdout);
    const cli = results.filter((x) => x.kind === 'cli');
    assert.ok(cli.some((x) => /^players +20\/50$/m.test(x.stdout)), 'the CLI printed the SA:MP server');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
