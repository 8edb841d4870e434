// The vendors' APIs as tests stand them up (vendors.test.mjs, the README runner): their host
// names, a CA made for the run with a certificate for those names (OpenSSL), and HTTPS on
// 127.0.0.1:443 in front of one of our plain responders. Inside a network namespace only.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tlsProxy } from '../tls-proxy.mjs';

/** The APIs' host names: each is 127.0.0.1 in the namespace. */
export const VENDOR_HOSTS = ['multiplayer.factorio.com', 'backend.beammp.com', 'servers.minetest.net', 'masterserver.vintagestory.at',
  'serverlist-rx.totemarts.services', 'api.alt-mp.com', 'cdn.rage.mp', 'geneshift.net',
  'discord.com', 'discordapp.com', 'api.scpslgame.com',
  'api.epicgames.dev', 'bp.userr00t.com', 'brokeprotocol.com', 'hawakening.com', 'cdn2.arkdedicated.com'];

/** A CA (`ca.pem`) and a certificate it signs for `hosts` (`cert.pem`, `key.pem`) in `dir`: P-256, two days. */
export function certificates(dir, hosts = VENDOR_HOSTS) {
  const ssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  ssl('req', '-x509', ...ec, '-keyout', 'ca-key.pem', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=gamequery vendors test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign');
  ssl('req', ...ec, '-keyout', 'key.pem', '-out', 'req.csr', '-subj', `/CN=${hosts[0]}`);
  writeFileSync(join(dir, 'ext.cnf'), `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`);
  ssl('x509', '-req', '-in', 'req.csr', '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-out', 'cert.pem', '-days', '2', '-extfile', 'ext.cnf');
}

/**
 * HTTPS on 127.0.0.1:443 with `dir`'s certificate, each connection piped to the responder
 * of the name it asked for: `routes`, `{ 'backend.beammp.com': port, … }`.
 */
export function httpsFront(routes, dir) {
  const read = (name) => readFileSync(join(dir, name), 'utf8');
  return tlsProxy({ to: (name) => routes[name] ?? 1, port: 443, key: read('key.pem'), cert: read('cert.pem') });
}
