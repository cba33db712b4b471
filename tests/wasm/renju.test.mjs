// Renju forbidden points through the WASM build agree with the reference
// data (labelled by Rapfi): every hand-made case and every random position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gs, jsonLines, positionJSON } from './helpers.mjs';

function load(c) {
  return gs.Game.fromJSON(positionJSON('renju', c.size, c.size, c.black, c.white, c.to_move));
}

test('renju-cases.jsonl: each query point forbidden or not, as labelled', () => {
  const cases = jsonLines('gomoku/renju-cases.jsonl');
  assert.equal(cases.length, 59);
  for (const c of cases) {
    const g = load(c);
    const [x, y] = c.query;
    const r = g.check({ x, y });
    const forbidden = r.reason.startsWith('forbidden-');
    assert.equal(forbidden, c.forbidden, `${c.test} at ${x},${y}: ${r.reason}`);
    assert.equal(r.ok, !c.forbidden, `${c.test} at ${x},${y}`);
    const listed = g.forbiddenPoints().some((p) => p.x === x && p.y === y);
    assert.equal(listed, c.forbidden, `${c.test}: forbiddenPoints() agrees with check()`);
    if (c.forbidden) assert.throws(() => g.play({ x, y }), (e) => e.code === r.reason);
    g.free();
  }
});

test('renju-random-2000.jsonl: forbiddenPoints() lists exactly the labelled points', () => {
  const cases = jsonLines('gomoku/renju-random-2000.jsonl');
  assert.equal(cases.length, 2000);
  for (const [i, c] of cases.entries()) {
    const g = load(c);
    const got = g.forbiddenPoints().map((p) => `${p.x},${p.y}`).sort();
    const want = c.forbidden.map(([x, y]) => `${x},${y}`).sort();
    assert.deepEqual(got, want, `position ${i + 1}`);
    g.free();
  }
});

test('forbidden points carry the reason code and a message in en and ko', () => {
  // black stones at h8 i8 / h9 h10 ... a 3-3 at a point: build one by the data
  const c = jsonLines('gomoku/renju-cases.jsonl').find((k) => k.forbidden);
  const g = load(c);
  const [p] = g.forbiddenPoints({ lang: 'ko' });
  assert.match(p.reason, /^forbidden-(double-three|double-four|overline)$/);
  assert.equal(p.message, g.check(p, { lang: 'ko' }).message);
  assert.notEqual(p.message, g.check(p, { lang: 'en' }).message);
  g.free();
});
