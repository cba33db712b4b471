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

const skip = tsc.status === 0 ? false : 'tsc is not installed (Debian package node-typescript)';

// Compile check.ts, written into a fresh directory by setup(dir), with tsc --strict.
function compiles(setup) {
  const dir = mkdtempSync(join(tmpdir(), 'gs-types-'));
  try {
    setup(dir);
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const r = spawnSync('tsc', ['--strict', '--noEmit', '--target', 'es2022', '--module', 'node16',
      '--moduleResolution', 'node16', 'check.ts'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc:\n${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('index.d.ts: a strict TypeScript program using the whole API compiles', { skip }, () => {
  compiles((dir) => {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(pkgDir, join(dir, 'node_modules', 'gridstone'));
    copyFileSync(resolve('tests/wasm/types-check.ts'), join(dir, 'check.ts'));
  });
});

// The README imports the built file by path ('./build/wasm/index.mjs');
// TypeScript looks for the types of a .mjs file in the .d.mts next to it.
test('index.d.ts: the package imported by path (index.mjs) is typed too', { skip }, () => {
  compiles((dir) => {
    symlinkSync(pkgDir, join(dir, 'pkg'));
    writeFileSync(join(dir, 'check.ts'), `import { Game, GridstoneError } from './pkg/index.mjs';
const g: Game = Game.create('renju');
const m: number = g.play('h8').x;
try { g.play('h8'); } catch (e) { if (e instanceof GridstoneError) console.log(e.code, m); }
// @ts-expect-error: a spec is a string
Game.create(42);
`);
  });
});
