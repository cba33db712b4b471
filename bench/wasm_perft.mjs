// Perft through the WebAssembly build, printed like `gridstone perft SPEC DEPTH`
// (one line "d NODES" per depth 1..DEPTH), then "seconds S" (the perft calls
// only, the module load excluded).  Usage:
//   node bench/wasm_perft.mjs SPEC DEPTH [build/wasm/index.mjs]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [spec, depthText, pkg = 'build/wasm/index.mjs'] = process.argv.slice(2);
const depth = Number(depthText);
if (!spec || !Number.isInteger(depth) || depth < 1) {
  console.error('usage: node bench/wasm_perft.mjs SPEC DEPTH [path/to/index.mjs]');
  process.exit(2);
}
const { Game } = await import(pathToFileURL(resolve(pkg)).href);
const t0 = performance.now();
const g = Game.create(spec);
for (let d = 1; d <= depth; d++) console.log(`${d} ${g.perft(d)}`);
const seconds = (performance.now() - t0) / 1000;
g.free();
console.log(`seconds ${seconds.toFixed(3)}`);
