// The JavaScript API: moves as notation and {x, y}, the board copy, legal
// moves against check(), undo, results, AI moves, clones, languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gs, rng } from './helpers.mjs';

const { Game } = gs;

test('registry, version, reason codes', () => {
  const names = gs.games().map((g) => g.name);
  for (const n of ['go', 'gomoku', 'reversi', 'mnk', 'renju', 'tictactoe', 'connect4']) assert.ok(names.includes(n), n);
  assert.match(gs.version, /^\d+\.\d+\.\d+$/);
  assert.ok(gs.reasonCodes.includes('forbidden-double-three') && gs.reasonCodes.includes('ko'));
});

test('game facts and moves in notation and {x, y}', () => {
  const g = Game.create('go:size=9');
  assert.equal(g.name, 'go');
  assert.match(g.spec, /^go:size=9,/);
  assert.equal(g.width, 9);
  assert.equal(g.notation, 'gtp');
  assert.equal(g.counted, true);
  assert.equal(g.toMove, 'black');
  const m = g.play('D4');
  assert.deepEqual(m, { x: 3, y: 5, text: 'D4' });
  assert.deepEqual(g.parseMove({ x: 3, y: 5 }), m);
  assert.deepEqual(g.parseMove('3,5'), m);             // x,y is always accepted
  assert.equal(g.at(3, 5), 'black');
  assert.equal(g.toMove, 'white');
  assert.deepEqual(g.play({ pass: true }), { x: -1, y: -1, text: 'pass', pass: true });
  assert.deepEqual(g.undo(), { x: -1, y: -1, text: 'pass', pass: true, color: 'white' });
  assert.deepEqual(g.history(), [{ x: 3, y: 5, text: 'D4', color: 'black' }]);
  g.free();
});

test('board is a copy: changing it changes nothing, and it does not follow later moves', () => {
  const g = Game.create('tictactoe');
  const b = g.board;
  assert.ok(b instanceof Uint8Array);
  assert.equal(b.length, 9);
  b[0] = gs.BLACK;
  assert.equal(g.at(0, 0), null);
  g.play('a3');
  assert.equal(b[0], gs.BLACK);   // our own write, not the game's
  assert.equal(g.board[0], gs.BLACK);
  assert.equal(g.board[4], gs.EMPTY);
  g.free();
});

test('legalMoves() is exactly the points check() accepts, over random games', () => {
  for (const spec of ['tictactoe', 'connect4', 'renju', 'go:size=5', 'reversi:size=6']) {
    const g = Game.create(spec), r = rng(99);
    for (let ply = 0; ply < 40 && !g.result().over; ply++) {
      const legal = new Set(g.legalMoves().map((m) => m.text));
      for (let y = 0; y < g.height; y++)
        for (let x = 0; x < g.width; x++) {
          const c = g.check({ x, y });
          const text = g.parseMove({ x, y }).text;
          assert.equal(c.ok, legal.has(text), `${spec} ply ${ply} ${text}: ${c.reason}`);
          if (!c.ok) assert.ok(gs.reasonCodes.includes(c.reason));
        }
      const ill = g.illegalPoints();
      for (const p of ill) assert.equal(g.at(p.x, p.y), null);
      const list = [...legal];
      g.play(list[r(list.length)]);
    }
    g.free();
  }
});

test('undo returns to exactly the earlier state', () => {
  const g = Game.create('go:size=7'), r = rng(5);
  const states = [];
  for (let i = 0; i < 60 && !g.result().over; i++) {
    states.push(JSON.stringify(g));
    const l = g.legalMoves();
    g.play(l[r(l.length)]);
  }
  while (states.length) {
    g.undo();
    assert.equal(JSON.stringify(g), states.pop());
  }
  g.free();
});

test('results: a line win, a draw, a resignation', () => {
  const g = Game.create('tictactoe');
  for (const m of ['a1', 'b1', 'a2', 'b2', 'a3']) g.play(m);
  const r = g.result();
  assert.equal(r.over, true);
  assert.equal(r.winner, 'black');
  assert.equal(r.how, 'line');
  assert.deepEqual(r.line.map((m) => m.text).sort(), ['a1', 'a2', 'a3']);
  assert.deepEqual(g.legalMoves(), []);
  g.free();
  const d = Game.create('tictactoe');
  for (const m of ['b2', 'a1', 'c1', 'a3', 'a2', 'c2', 'b1', 'b3', 'c3']) d.play(m);
  assert.equal(d.result().winner, 'draw');
  d.free();
  const s = Game.create('renju');
  s.play('h8');
  assert.deepEqual(s.play({ resign: true }), { x: -1, y: -1, text: 'resign', resign: true });
  assert.deepEqual([s.result().over, s.result().winner, s.result().how], [true, 'black', 'resign']);
  s.free();
  const fresh = Game.create('reversi');
  assert.deepEqual(fresh.result(), { over: false, winner: null, how: null, score: null, line: [], text: '' });
  fresh.free();
});

test('aiMove returns a legal move for every game and level (not played)', () => {
  for (const spec of ['tictactoe', 'connect4', 'renju', 'go:size=9', 'reversi']) {
    const g = Game.create(spec);
    g.play(g.legalMoves()[0]);
    for (const level of g.levels) {
      const before = JSON.stringify(g);
      const m = g.aiMove({ level, timeMs: 200, seed: 7 });
      assert.equal(g.check(m).ok, true, `${spec} ${level} ${m.text}`);
      assert.equal(JSON.stringify(g), before);
    }
    g.free();
  }
  const t = Game.create('tictactoe');
  t.play('a1');
  assert.equal(t.aiMove({ level: 'perfect' }).text, 'b2');   // the only move that holds the draw
  t.free();
});

test('clone is independent, languages, toString', () => {
  const g = Game.create('renju');
  g.play('h8');
  const c = g.clone();
  c.play('h9');
  assert.equal(g.movesPlayed, 1);
  assert.equal(c.movesPlayed, 2);
  g.free();
  assert.equal(c.at(7, 6), 'white');
  assert.match(c.toString(), /h/);
  // the board's own lines in either language; toString follows setLanguage
  assert.match(c.render(), /^X \(black\) to move$/m);
  assert.match(c.render({ lang: 'ko' }), /^흑\(X\) 차례입니다$/m);
  assert.match(c.render({ lang: 'ko' }), /^규칙 renju$/m);
  gs.setLanguage('ko');
  assert.equal(c.toString(), c.render({ lang: 'ko' }));
  gs.setLanguage('en');
  assert.throws(() => c.render('ko'), (e) => e.code === 'invalid-argument');
  c.free();
  const t = Game.create('tictactoe');
  t.play('b2');
  assert.equal(t.check('b2', { lang: 'ko' }).message, '이미 돌이 놓인 자리입니다');
  gs.setLanguage('ko');
  assert.equal(t.check('b2').message, '이미 돌이 놓인 자리입니다');
  gs.setLanguage('en');
  assert.equal(t.check('b2').message, 'the point is already occupied');
  try { t.play('b2'); } catch (e) {
    assert.equal(e.messages.ko, '이미 돌이 놓인 자리입니다');
    assert.equal(e.name, 'GridstoneError');
  }
  t.free();
});

test('games never freed are released by the FinalizationRegistry (memory stops growing)', () => {
  // A child Node with --expose-gc: batches of unreachable games, a GC and a
  // turn of the event loop after each; WASM memory must stop growing.
  const script = `
    const gs = await import(${JSON.stringify(pathToFileURL(resolve(process.env.GS_WASM || 'build/wasm/index.mjs')).href)});
    const sizes = [];
    for (let b = 0; b < 12; b++) {
      for (let i = 0; i < 400; i++) gs.Game.create('go:size=19').play('D4');
      global.gc();
      await new Promise((r) => setTimeout(r, 20));
      sizes.push(gs.memoryBytes());
    }
    console.log(JSON.stringify(sizes));`;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const sizes = JSON.parse(r.stdout);
  assert.equal(sizes[11], sizes[3], `memory kept growing: ${sizes}`);
});
