// gamedig 5 as the oracle for the games a vendor's API answers about (Factorio's
// matchmaking server): gamedig asks the vendor's real host name, so both run inside a
// network namespace where that name is 127.0.0.1 and our responder answers it over HTTPS,
// with a certificate of a CA made for this run (OpenSSL) that both trust through
// NODE_EXTRA_CA_CERTS. Nothing leaves the machine. Needs root (unshare); both engines run
// this file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { certificates, VENDOR_HOSTS as HOSTS } from '../vendors/vendors.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** gamedig's mistakes not copied, by game id: each field, ours then gamedig's, for the sample. */
const DIFFERENCES = {
  discord: { numplayers: [3, 0] }, // everyone online; gamedig never sets it
  tie: { password: [false, undefined] }, // the session's PASSWORD_b; gamedig never sets it
  renown: { map: ['', undefined] }, // a string, as gamedig's types say; its renown never sets it
};

test('gamedig 5 and gamequery/gamedig ask the vendor\'s API alike (its host name ours, in a namespace)', { skip: process.getuid?.() !== 0 && 'needs root for a network namespace', timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'gq-vendors-'));
  try {
    certificates(dir);
    writeFileSync(join(dir, 'hosts'), `127.0.0.1 localhost\n::1 localhost\n127.0.0.1 ${HOSTS.join(' ')}\n`);
    const script = `ip link set lo up && mount --bind ${dir}/hosts /etc/hosts && exec "$0" "$1" "$2"`;
    const r = spawnSync('unshare', ['--net', '--mount', '--fork', 'sh', '-c', script, process.execPath, join(root, 'tests/vendors/runner.mjs'), dir],
      { encoding: 'utf8', timeout: 100_000, env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') } });
    assert.equal(r.status, 0, `the runner failed: ${r.stderr}`);
    const results = JSON.parse(r.stdout.trim().split('\n').at(-1));
    assert.deepEqual(results.map((x) => x.id), ['factorio', 'beammp', 'minetest', 'vintagestory', 'renegade10', 'gta5am', 'gta5r', 'geneshift', 'mutantfactions', 'discord', 'ssl', 'brokeprotocol', 'asa', 'squad', 'tie', 'renown', 'hawakening']);
    for (const { id, ours, theirs } of results) {
      assert.ok(ours.ok, `${id}: ours failed: ${ours.error}`);
      assert.ok(theirs.ok, `${id}: gamedig failed: ${theirs.error}`);
      // Where gamedig is wrong on purpose not copied (npm/gamequery/README.md's migration
      // table): each field's two values, then the rest equal.
      for (const [field, [mineIs, itsIs]] of Object.entries(DIFFERENCES[id] ?? {})) {
        assert.deepEqual([ours.ok[field], theirs.ok[field]], [mineIs, itsIs], `${id}: ${field}, a documented difference`);
        delete ours.ok[field];
        delete theirs.ok[field];
      }
      const { ping: a, ...mine } = ours.ok;
      const { ping: b, ...its } = theirs.ok;
      assert.ok(Number.isInteger(a) && Number.isFinite(b));
      assert.deepEqual(mine, its, `${id}: field by field`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
