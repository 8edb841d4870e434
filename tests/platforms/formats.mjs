// What a built addon is, read from the file: its format, CPU, the napi entry point it
// exports, and what it needs from the system that loads it. ELF through binutils'
// readelf, PE through objdump, Mach-O read here (no tool for it on Linux).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });

export function elf(path) {
  const b = readFileSync(path);
  if (b.readUInt32BE(0) !== 0x7f454c46) return { format: 'not ELF' };
  const machine = { 0x3e: 'x64', 0xb7: 'arm64' }[b.readUInt16LE(18)] ?? `machine ${b.readUInt16LE(18)}`;
  const type = b.readUInt16LE(16) === 3 ? 'shared object' : `type ${b.readUInt16LE(16)}`;
  const syms = run('readelf', ['-W', '--dyn-syms', path]).split('\n');
  const exported = syms.filter((l) => / napi_register_module_v1$/.test(l) && !/ UND /.test(l)).length > 0;
  const glibc = [...new Set(syms.flatMap((l) => [...l.matchAll(/@GLIBC_(\d+)\.(\d+)/g)].map((m) => Number(m[1]) * 1000 + Number(m[2]))))];
  const needed = [...run('readelf', ['-d', path]).matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)].map((m) => m[1]);
  const newest = glibc.length ? Math.max(...glibc) : null;
  return {
    format: `ELF 64 ${type}`,
    cpu: machine,
    exported,
    needed,
    glibc: newest === null ? null : `${Math.floor(newest / 1000)}.${newest % 1000}`,
  };
}

export function pe(path) {
  const b = readFileSync(path);
  if (b.toString('latin1', 0, 2) !== 'MZ') return { format: 'not PE' };
  const at = b.readUInt32LE(0x3c);
  if (b.toString('latin1', at, at + 4) !== 'PE\0\0') return { format: 'not PE' };
  const machine = { 0x8664: 'x64', 0xaa64: 'arm64' }[b.readUInt16LE(at + 4)] ?? 'other';
  const dll = (b.readUInt16LE(at + 22) & 0x2000) !== 0;
  const dump = run('objdump', ['-p', path]);
  return {
    format: dll ? 'PE32+ DLL' : 'PE32+ executable',
    cpu: machine,
    exported: /\]\s+napi_register_module_v1\s*$/m.test(dump),
    needed: [...dump.matchAll(/DLL Name: (\S+)/g)].map((m) => m[1].toLowerCase()),
  };
}

/** Mach-O 64: the header, then the load commands; LC_SYMTAB gives the symbol table. */
export function macho(path) {
  const b = readFileSync(path);
  if (b.readUInt32LE(0) !== 0xfeedfacf) return { format: 'not Mach-O 64' };
  const cpu = { 0x01000007: 'x64', 0x0100000c: 'arm64' }[b.readUInt32LE(4)] ?? 'other';
  const filetype = { 6: 'dylib', 8: 'bundle' }[b.readUInt32LE(12)] ?? `filetype ${b.readUInt32LE(12)}`;
  const ncmds = b.readUInt32LE(16);
  let off = 32;
  const needed = [];
  let exported = false;
  for (let i = 0; i < ncmds; i++) {
    const cmd = b.readUInt32LE(off);
    const size = b.readUInt32LE(off + 4);
    if (cmd === 0x2) {
      // LC_SYMTAB: symoff, nsyms, stroff, strsize; nlist_64 is 16 bytes.
      const [symoff, nsyms, stroff] = [b.readUInt32LE(off + 8), b.readUInt32LE(off + 12), b.readUInt32LE(off + 16)];
      for (let s = 0; s < nsyms; s++) {
        const e = symoff + s * 16;
        const strx = b.readUInt32LE(e);
        const type = b[e + 4];
        const end = b.indexOf(0, stroff + strx);
        const name = b.toString('latin1', stroff + strx, end);
        // N_EXT, and N_SECT (defined in a section).
        if (name === '_napi_register_module_v1' && (type & 0x01) && (type & 0x0e) === 0x0e) exported = true;
      }
    } else if (cmd === 0xc || cmd === 0x80000018) {
      // LC_LOAD_DYLIB / LC_LOAD_WEAK_DYLIB: the name's offset is at +8.
      const name = off + b.readUInt32LE(off + 8);
      needed.push(b.toString('latin1', name, b.indexOf(0, name)));
    }
    off += size;
  }
  return { format: `Mach-O 64 ${filetype}`, cpu, exported, needed };
}

export function inspect(path, os) {
  return os === 'win32' ? pe(path) : os === 'darwin' ? macho(path) : elf(path);
}
