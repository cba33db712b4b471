// Go counting through the WASM build reproduces GNU Go's results on the
// reference games with GNU Go's dead stones (none in the area games),
// read from their SGF.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { gs, dataDir, jsonLines } from './helpers.mjs';

const files = readdirSync(resolve(dataDir, 'go/scored')).filter((f) => f.endsWith('.jsonl')).sort();

test('every reference game is counted to GNU Go\'s result', () => {
  let n = 0;
  for (const f of files) {
    for (const [i, c] of jsonLines(`go/scored/${f}`).entries()) {
      const g = gs.Game.fromSGF(c.sgf);
      assert.equal(g.movesPlayed, c.moves.length, `${f}:${i + 1} replayed`);
      assert.ok(g.result().over, `${f}:${i + 1} ended by two passes`);
      const s = g.score({ dead: c.dead });
      assert.equal(s.text, c.result, `${f}:${i + 1}`);
      assert.equal(s.black.captures, c.captures.B, `${f}:${i + 1} black's prisoners`);
      assert.equal(s.white.captures, c.captures.W, `${f}:${i + 1} white's prisoners`);
      assert.equal(s.deadEstimated, false);
      assert.ok(s.dead.length >= c.dead.length, `${f}:${i + 1} dead stones taken off`);
      for (const d of c.dead) assert.ok(s.dead.some((m) => m.text === d), `${f}:${i + 1} ${d} taken off`);
      n++;
      g.free();
    }
  }
  assert.equal(n, 110);
});

test('score(): the engine estimate, owner map and errors', () => {
  const c = jsonLines('go/scored/gnugo-terr_9.jsonl')[0];
  const g = gs.Game.fromSGF(c.sgf);
  const est = g.estimateDead();
  const s = g.score();                       // no dead stones given: the engine's estimate
  assert.equal(s.deadEstimated, true);
  assert.deepEqual(s.dead.map((m) => m.text).sort(), est.map((m) => m.text).sort());
  const empty = g.board.findIndex((v) => v === gs.EMPTY);
  assert.throws(() => g.score({ dead: [{ x: empty % 9, y: Math.floor(empty / 9) }] }), (e) => e.code === 'bad-value');
  assert.equal(s.owner.length, 81);
  assert.equal(g.score({ dead: [] }).deadEstimated, false);
  assert.deepEqual(g.estimateDead({ seed: 5 }), g.estimateDead({ seed: 5 }));
  assert.throws(() => g.score({ dead: ['A1', 'Z99'] }), (e) => e.code === 'out-of-bounds' || e.code === 'parse-error');
  assert.throws(() => g.score({ dead: 'A1' }), (e) => e.code === 'invalid-argument');
  g.free();
  const r = gs.Game.create('renju');
  assert.throws(() => r.score(), (e) => e.code === 'unsupported');
  assert.throws(() => r.estimateDead(), (e) => e.code === 'unsupported');
  r.free();
});
