// Shared by the WASM tests: the built package and the reference data.
// GS_WASM names the package's index.mjs (tests/cli/wasm.sh sets it from the
// build directory); GS_TESTDATA the reference data (default tests/data).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkg = resolve(process.env.GS_WASM || 'build/wasm/index.mjs');
export const gs = await import(pathToFileURL(pkg).href);
export const dataDir = resolve(process.env.GS_TESTDATA || 'tests/data');
export const readData = (rel) => readFileSync(resolve(dataDir, rel), 'utf8');
export const jsonLines = (rel) =>
  readData(rel).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

// A position as the JSON state's bare setup form.
export function positionJSON(spec, width, height, black, white, toMove) {
  const rows = Array.from({ length: height }, () => Array(width).fill('.'));
  for (const [x, y] of black) rows[y][x] = 'X';
  for (const [x, y] of white) rows[y][x] = 'O';
  return { format: 'gridstone', version: 1, game: spec,
           setup: { to_move: toMove, board: rows.map((r) => r.join('')) }, moves: [] };
}

// Expect fn to throw a GridstoneError with the given reason code.
export function throwsCode(assert, fn, code) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof gs.GridstoneError, `not a GridstoneError: ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.code, code, `code ${e.code} (${e.message}), expected ${code}`);
    return true;
  });
}

// A small deterministic PRNG for random games.
export function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return Math.floor((s / 4294967296) * n);
  };
}
