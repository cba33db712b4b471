// index.d.ts types the whole API: a TypeScript program using every call
// (tests/wasm/types-check.ts) compiles with tsc --strict against the built
// package, and its deliberate mistakes are rejected.  Skipped without tsc
// (Debian package node-typescript).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, symlinkSync, copyFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';

const tsc = spawnSync('tsc', ['--version'], { encoding: 'utf8' });
const pkgDir = dirname(resolve(process.env.GS_WASM || 'build/wasm/index.mjs'));

test('index.d.ts: a strict TypeScript program using the whole API compiles', { skip: tsc.status === 0 ? false : 'tsc is not installed (Debian package node-typescript)' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'gs-types-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(pkgDir, join(dir, 'node_modules', 'gridstone'));
    copyFileSync(resolve('tests/wasm/types-check.ts'), join(dir, 'check.ts'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const r = spawnSync('tsc', ['--strict', '--noEmit', '--target', 'es2022', '--module', 'node16',
      '--moduleResolution', 'node16', 'check.ts'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc:\n${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
