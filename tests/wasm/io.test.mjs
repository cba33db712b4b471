// JSON and SGF round trips of random games of every game family.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gs, rng } from './helpers.mjs';

const { Game } = gs;
const SPECS = ['tictactoe', 'connect4', 'mnk:m=5,n=4,k=4', 'renju', 'omok', 'gomoku:size=9', 'caro',
  'go:size=9', 'go:size=13,rules=chinese', 'go:size=7,rules=japanese,komi=0.5', 'reversi', 'reversi:size=6'];

function randomGame(spec, seed, maxMoves) {
  const g = Game.create(spec), r = rng(seed);
  for (let i = 0; i < maxMoves && !g.result().over; i++) {
    const legal = g.legalMoves();
    g.play(legal[r(legal.length)]);
  }
  return g;
}

function same(a, b, what) {
  assert.equal(b.spec, a.spec, `${what}: spec`);
  assert.deepEqual(b.board, a.board, `${what}: board`);
  assert.equal(b.toMove, a.toMove, `${what}: side to move`);
  assert.deepEqual(b.history(), a.history(), `${what}: history`);
  assert.deepEqual(b.result(), a.result(), `${what}: result`);
  assert.deepEqual(b.legalMoves(), a.legalMoves(), `${what}: legal moves`);
}

test('JSON round trip: toJSON -> Game.fromJSON gives the same game (object and string)', () => {
  for (const spec of SPECS)
    for (let seed = 1; seed <= 6; seed++) {
      const a = randomGame(spec, seed * 7919, seed * 12);
      const obj = a.toJSON();
      assert.equal(obj.format, 'gridstone');
      const b = Game.fromJSON(obj), c = Game.fromJSON(JSON.stringify(a));
      same(a, b, `${spec} seed ${seed}`);
      same(a, c, `${spec} seed ${seed} (string)`);
      assert.deepEqual(c.toJSON(), obj);
      // undo works on the loaded game back to the start
      while (b.movesPlayed) b.undo();
      assert.deepEqual(b.board, Game.create(spec).board);
      a.free(); b.free(); c.free();
    }
});

test('SGF round trip: toSGF -> Game.fromSGF gives the same game', () => {
  let n = 0;
  for (const spec of SPECS) {
    const probe = Game.create(spec);
    if (!probe.hasSGF) {
      assert.throws(() => probe.toSGF(), (e) => e.code === 'unsupported');
      probe.free();
      continue;
    }
    probe.free();
    for (let seed = 1; seed <= 6; seed++) {
      const a = randomGame(spec, seed * 104729, seed * 15);
      const sgf = a.toSGF();
      assert.match(sgf, /^\(;/);
      const b = Game.fromSGF(sgf);
      same(a, b, `${spec} seed ${seed}`);
      assert.equal(b.toSGF(), sgf, `${spec}: writing again gives the same text`);
      a.free(); b.free();
      n++;
    }
  }
  assert.ok(n >= 36, `${n} SGF games`);
});

test('a setup position survives both formats', () => {
  const pos = { format: 'gridstone', version: 1, game: 'go:size=9',
    setup: { to_move: 'white', board: ['.........', '..X......', '...O.....', '.........', '.........', '.........', '.........', '.........', '.........'] },
    moves: ['E5'] };
  const a = Game.fromJSON(pos);
  assert.equal(a.at(2, 1), 'black');
  assert.equal(a.at(4, 4), 'white');
  const b = Game.fromSGF(a.toSGF());
  same(a, b, 'setup');
  a.free(); b.free();
});

test('an SGF collection: the first game, independent of the rest', () => {
  const g = Game.fromSGF('(;GM[1]SZ[9];B[ee];W[cc])(;GM[1]SZ[9];B[gg])\n(;GM[4]SZ[15];B[hh])');
  assert.equal(g.movesPlayed, 2);
  assert.equal(g.at(4, 4), 'black');
  assert.equal(g.at(2, 2), 'white');
  g.play('G3');
  const h = g.clone();
  g.free();
  assert.equal(h.movesPlayed, 3);
  h.free();
});

test('the spec option of fromSGF/fromJSON takes keys alone, as documented ({ spec: "komi=7.5" })', () => {
  const g = Game.create('go:size=9');
  g.play('E5');
  for (const copy of [Game.fromSGF(g.toSGF(), { spec: 'komi=7.5' }), Game.fromJSON(JSON.stringify(g), { spec: 'komi=7.5' })]) {
    assert.equal(copy.spec, 'go:size=9,rules=korean,komi=7.5,ko=simple,suicide=0,scoring=territory');
    assert.equal(copy.movesPlayed, 1);
    copy.free();
  }
  assert.throws(() => Game.fromSGF(g.toSGF(), { spec: 'rule=renju' }), { code: 'unknown-key' });
  g.free();
});

// What a file said that was not used (the CLI prints it as a note) reaches
// the app: an unknown RU[] must not silently become the default rules.
test('fromSGF: loadNote says what the file said that was not used', () => {
  const g = Game.fromSGF('(;GM[1]SZ[9]RU[Ing-ish];B[ee])');
  assert.match(g.loadNote, /RU\[Ing-ish\]: rules not understood/);
  assert.equal(g.clone().loadNote, g.loadNote);
  assert.equal(Game.fromSGF('(;GM[1]SZ[9]RU[Chinese];B[ee])').loadNote, '');
  assert.equal(Game.create('go').loadNote, '');
  assert.equal(Game.fromJSON(JSON.stringify(g)).loadNote, '');
  g.free();
});

// The C loader skips a UTF-8 byte order mark before an SGF (a file saved by
// some editors starts with one, and readFileSync(f, 'utf8') keeps it as
// U+FEFF): fromSGF reads such text as the library does.
test('fromSGF: a byte order mark before the collection is skipped', () => {
  const sgf = '(;GM[1]SZ[9];B[ee];W[cc])';
  for (const text of ['\uFEFF' + sgf, '\uFEFF\n ' + sgf]) {
    const g = Game.fromSGF(text);
    assert.deepEqual(g.history().map((m) => m.text), ['E5', 'C7']);
    g.free();
  }
  assert.throws(() => Game.fromSGF('\uFEFFnot sgf'), (e) => e.code === 'parse-error');
});

// "The first game of an SGF collection": the games after it are not
// replayed, so one the library cannot play (an unknown GM[], an illegal move,
// a bad SZ[]) does not make the first fail with an error about another game.
// The whole text must still be SGF.
test('fromSGF: the games after the first are not replayed', () => {
  const first = '(;GM[1]SZ[9]C[a \\] ( b];B[ee](;W[cc])(;W[dd]))';
  for (const rest of ['(;GM[99])', '(;GM[1]SZ[9];B[ee];W[ee])', '(;GM[1]SZ[99])']) {
    const g = Game.fromSGF(first + '\n' + rest);
    assert.deepEqual(g.history().map((m) => m.text), ['E5', 'C7']);
    g.free();
  }
  // an error in the first game keeps its place in the text
  assert.throws(() => Game.fromSGF('(;GM[1]SZ[9];B[ee];W[ee])\n(;GM[99])'), (e) => e.code === 'occupied' && e.line === 1 && e.column === 20);
  assert.throws(() => Game.fromSGF('(;GM[1]SZ[9];B[ee]'), (e) => e.code === 'parse-error');
  assert.throws(() => Game.fromSGF(first + '(;GM[1]SZ[9];B[ee]'), (e) => e.code === 'parse-error' && e.line === 1);
  assert.throws(() => Game.fromSGF(first + ' junk'), (e) => e.code === 'parse-error');
});
