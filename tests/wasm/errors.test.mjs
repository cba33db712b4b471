// Every error path throws a GridstoneError carrying the library's reason
// code, and a rejected call leaves the game exactly as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gs, throwsCode } from './helpers.mjs';

const { Game } = gs;

test('bad specs', () => {
  throwsCode(assert, () => Game.create('chess'), 'unknown-game');
  throwsCode(assert, () => Game.create('go:size=9,colour=red'), 'unknown-key');
  throwsCode(assert, () => Game.create('go:size=99'), 'bad-value');
  throwsCode(assert, () => Game.create('mnk:k=40'), 'bad-value');
  throwsCode(assert, () => Game.create('go:size='), 'bad-value');
  throwsCode(assert, () => Game.create(''), 'parse-error');
  throwsCode(assert, () => Game.create('Go Game!'), 'parse-error');
  throwsCode(assert, () => Game.create(42), 'invalid-argument');
  throwsCode(assert, () => Game.create('x'.repeat(100000)), 'parse-error');
  assert.throws(() => new Game(1), TypeError);
});

test('the detail in Korean too', () => {
  assert.throws(() => Game.create('go:komi=x'), (e) => {
    assert.equal(e.details.en, e.message);
    assert.equal(e.details.ko, "키 'komi'의 값 'x'이(가) 잘못되었습니다 (-1000..1000 사이의 0.5의 배수여야 합니다)");
    return true;
  });
  assert.throws(() => Game.fromJSON('{"format":'), (e) => e.line === 1 && /^입력이 예상보다 일찍 끝났습니다/.test(e.details.ko));
});

test('illegal moves: the reason code, and nothing changes', () => {
  const cases = [
    ['tictactoe', ['b2'], 'b2', 'occupied'],
    ['tictactoe', [], 'z9', 'out-of-bounds'],
    ['tictactoe', [], { x: 3, y: 0 }, 'out-of-bounds'],
    ['tictactoe', [], { x: -1, y: 0 }, 'out-of-bounds'],
    ['tictactoe', [], 'pass', 'pass-not-allowed'],
    ['tictactoe', [], 'hello', 'parse-error'],
    ['tictactoe', [], { x: 1.5, y: 0 }, 'invalid-argument'],
    ['tictactoe', [], null, 'invalid-argument'],
    ['tictactoe', ['a1', 'b1', 'a2', 'b2', 'a3'], 'c3', 'game-over'],
    ['reversi', [], 'a1', 'no-flips'],
    ['connect4', [], 'a2', 'out-of-bounds'],
    ['go:size=5', ['B1', 'C1', 'A2', 'D2', 'B3', 'C3', 'pass', 'B2', 'C2'], 'B2', 'ko'],
    ['go:size=5', ['B1', 'pass', 'A2'], 'A1', 'suicide'],
    ['renju', ['h8', 'a1', 'i8', 'a2', 'h9', 'a3', 'h10', 'a4', 'j8', 'a15'], null, null],
  ];
  for (const [spec, moves, move, code] of cases) {
    const g = Game.create(spec);
    for (const m of moves) g.play(m);
    if (code === null) { g.free(); continue; }
    const before = JSON.stringify(g), board = g.board, toMove = g.toMove;
    const c = g.check(move);
    assert.equal(c.ok, false, `${spec} ${JSON.stringify(move)}`);
    assert.equal(c.reason, code, `${spec} ${JSON.stringify(move)} check`);
    throwsCode(assert, () => g.play(move), code);
    assert.equal(JSON.stringify(g), before, `${spec}: a rejected move changes nothing`);
    assert.deepEqual(g.board, board);
    assert.equal(g.toMove, toMove);
    g.free();
  }
});

test('renju: a forbidden move throws its reason and changes nothing', () => {
  const g = Game.create('renju');
  // black h8 i9 j10 (diagonal) and h10 i10 ... make a 3-3 at j10? use a plain one:
  // black stones h8, h9 and j10, k11 with white far away: i10? build a known 3-3
  for (const m of ['h8', 'a1', 'h9', 'a3', 'i10', 'a5', 'j10', 'a7']) g.play(m);
  // h10: vertical h8 h9 h10 (open three) + horizontal h10 i10 j10 (open three)
  const c = g.check('h10');
  assert.equal(c.reason, 'forbidden-double-three');
  const before = JSON.stringify(g);
  throwsCode(assert, () => g.play('h10'), 'forbidden-double-three');
  assert.equal(JSON.stringify(g), before);
  assert.deepEqual(g.forbiddenPoints().map((p) => p.text), ['h10']);
  g.free();
});

test('bad JSON', () => {
  throwsCode(assert, () => Game.fromJSON('{'), 'parse-error');
  throwsCode(assert, () => Game.fromJSON('{"format":"gridstone","version":1,"game":"chess"}'), 'unknown-game');
  throwsCode(assert, () => Game.fromJSON('{"format":"gridstone","version":1,"game":"tictactoe","moves":["b2","b2"]}'), 'occupied');
  throwsCode(assert, () => Game.fromJSON('{"format":"gridstone","version":1,"game":"tictactoe","moves":["b2"],"to_move":"black"}'), 'bad-position');
  throwsCode(assert, () => Game.fromJSON('[1,2'), 'parse-error');
  throwsCode(assert, () => Game.fromJSON(''), 'parse-error');
  try {
    Game.fromJSON('{\n  "format": "gridstone",\n  "version": 1,\n  oops\n}');
    assert.fail('accepted');
  } catch (e) {
    assert.equal(e.code, 'parse-error');
    assert.equal(e.line, 4, `line of the error: ${e.message}`);
    assert.ok(e.column > 0);
  }
});

test('bad SGF', () => {
  throwsCode(assert, () => Game.fromSGF('(;GM[1]SZ[9];B[ee'), 'parse-error');
  throwsCode(assert, () => Game.fromSGF('not sgf'), 'parse-error');
  throwsCode(assert, () => Game.fromSGF('(;GM[1]SZ[9];B[ee];W[ee])'), 'occupied');
  throwsCode(assert, () => Game.fromSGF('(;GM[1]SZ[99])'), 'bad-value');
  throwsCode(assert, () => Game.fromSGF(17), 'invalid-argument');
});

test('other errors: undo at the start, files, AI levels, a freed game', () => {
  const g = Game.create('tictactoe');
  throwsCode(assert, () => g.undo(), 'no-undo');
  throwsCode(assert, () => g.aiMove({ level: 'grandmaster' }), 'bad-value');
  throwsCode(assert, () => g.aiMove({ level: 'perfect:depth=3' }), 'unknown-key');
  throwsCode(assert, () => g.aiMove({ timeMs: -1 }), 'invalid-argument');
  throwsCode(assert, () => g.perft(-1), 'invalid-argument');
  throwsCode(assert, () => g.at(3, 3), 'out-of-bounds');
  for (const m of ['a1', 'b1', 'a2', 'b2', 'a3']) g.play(m);
  throwsCode(assert, () => g.aiMove({ level: 'perfect' }), 'game-over');
  g.free();
  g.free();   // twice is harmless
  assert.equal(g.freed, true);
  throwsCode(assert, () => g.play('c3'), 'invalid-argument');
  throwsCode(assert, () => g.toMove, 'invalid-argument');
  throwsCode(assert, () => g.toJSON(), 'invalid-argument');
});

// C reads strings up to their first NUL: text after a U+0000 must not be
// silently dropped ("go\0:size=9" is not "go", "h8\0x" is not "h8").
test('strings with a NUL character are refused, not cut short', () => {
  throwsCode(assert, () => Game.create('go\0:size=9'), 'invalid-argument');
  const g = Game.create('renju');
  assert.deepEqual(g.check('h8\0x'), { ok: false, reason: 'invalid-argument', message: 'invalid argument' });
  throwsCode(assert, () => g.play('h8\0x'), 'invalid-argument');
  assert.equal(g.movesPlayed, 0);
  throwsCode(assert, () => g.aiMove({ level: 'beginner\0:x' }), 'invalid-argument');
  g.play('h8');
  throwsCode(assert, () => Game.fromJSON(JSON.stringify(g) + '\0garbage'), 'invalid-argument');
  throwsCode(assert, () => Game.fromSGF(g.toSGF() + '\0(;GM[99])'), 'invalid-argument');
  throwsCode(assert, () => Game.fromSGF(g.toSGF(), { spec: 'size=19\0x' }), 'invalid-argument');
  g.free();
});

// A lone surrogate is not a character: it reaches C as U+FFFD (as the web's
// TextEncoder does), and never swallows the character after it.
test('a lone surrogate becomes U+FFFD and keeps the next character', () => {
  for (const [bad, seen] of [['\uD800x', '\uFFFDx'], ['\uDC00x', '\uFFFDx'], ['x\uD800', 'x\uFFFD'],
                             ['\uD800\uD800x', '\uFFFD\uFFFDx']]) {
    assert.throws(() => Game.create(`go:size=${bad}`),
                  (e) => e.details.en.includes(`'${seen}'`) && e.details.ko.includes(`'${seen}'`), JSON.stringify(bad));
  }
  // a real pair is one character and stays one
  assert.throws(() => Game.create('go:size=\uD83D\uDE00x'), (e) => e.details.en.includes("'\u{1F600}x'"));
});

// Options and inputs of the wrong type are GridstoneErrors that say what was
// expected, not TypeErrors from inside the glue or a misleading parse.
test('fromJSON/fromSGF: a spec option that is not a string, and bytes instead of text', () => {
  const g = Game.create('go:size=9');
  g.play('E5');
  const json = JSON.stringify(g), sgf = g.toSGF();
  for (const spec of [5, {}, ['komi=7.5']]) {
    throwsCode(assert, () => Game.fromJSON(json, { spec }), 'invalid-argument');
    throwsCode(assert, () => Game.fromSGF(sgf, { spec }), 'invalid-argument');
  }
  assert.equal(Game.fromJSON(json, { spec: null }).spec, g.spec);   // null: no override
  assert.equal(Game.fromSGF(sgf, { spec: null }).spec, g.spec);
  assert.throws(() => Game.fromJSON(new TextEncoder().encode(json)), (e) => e.code === 'invalid-argument' && /decode/.test(e.message));
  assert.throws(() => Game.fromJSON(Buffer.from(json)), (e) => e.code === 'invalid-argument');
  g.free();
});

// "Every failing call throws a GridstoneError": options that are null mean
// none (as undefined does); options that are not an object ('ko' for
// { lang: 'ko' }) are an invalid-argument, not a TypeError or ignored.
test('options: null is none, a non-object is invalid-argument', () => {
  const g = Game.create('go:size=9');
  assert.equal(g.check('E5', null).ok, true);
  assert.ok(Array.isArray(g.illegalPoints(null)));
  assert.ok(Array.isArray(g.forbiddenPoints(null)));
  assert.equal(typeof g.aiMove(null).text, 'string');
  assert.equal(typeof g.score(null).text, 'string');
  assert.ok(Array.isArray(g.estimateDead(null)));
  assert.equal(Game.fromJSON(JSON.stringify(g), null).spec, g.spec);
  assert.equal(Game.fromSGF(g.toSGF(), null).spec, g.spec);
  throwsCode(assert, () => g.check('E5', 'ko'), 'invalid-argument');
  throwsCode(assert, () => g.illegalPoints('ko'), 'invalid-argument');
  throwsCode(assert, () => g.aiMove('strong'), 'invalid-argument');
  throwsCode(assert, () => g.score(['E5']), 'invalid-argument');
  throwsCode(assert, () => g.estimateDead(7), 'invalid-argument');
  throwsCode(assert, () => Game.fromSGF(g.toSGF(), 'komi=7.5'), 'invalid-argument');
  throwsCode(assert, () => Game.fromJSON(JSON.stringify(g), 'komi=7.5'), 'invalid-argument');
  g.free();
});

// line and column are a position in JSON/SGF text, 0 otherwise (index.d.ts)
test('a spec error has no line and column', () => {
  for (const f of [() => Game.create('go:size=99'), () => Game.create('go:size'), () => Game.create('Go Game!')])
    assert.throws(f, (e) => e.line === 0 && e.column === 0);
  assert.throws(() => Game.fromJSON('{"format":\n x'), (e) => e.line === 2 && e.column === 2);
});

// JSON.stringify throws TypeErrors of its own for an object it cannot write
// (a cycle, a BigInt): fromJSON answers them as invalid-argument.
test('fromJSON: an object JSON cannot write is invalid-argument, not a TypeError', () => {
  const cyclic = { format: 'gridstone' };
  cyclic.self = cyclic;
  throwsCode(assert, () => Game.fromJSON(cyclic), 'invalid-argument');
  throwsCode(assert, () => Game.fromJSON({ format: 'gridstone', version: 1n }), 'invalid-argument');
});

// timeMs caps the thinking time: Infinity is no cap at all, and the searches
// that run until their time is up (Reversi's and Go's strong levels) would
// never return.  It is refused like a negative time.
test('aiMove: a timeMs that is not finite is invalid-argument', () => {
  for (const spec of ['tictactoe', 'reversi', 'go:size=9']) {
    const g = Game.create(spec);
    for (const timeMs of [Infinity, -Infinity, NaN])
      throwsCode(assert, () => g.aiMove({ level: g.levels[g.levels.length - 1], timeMs }), 'invalid-argument');
    g.free();
  }
});

// Reading an argument can run the caller's code (a getter, a toString) that
// frees the game: the call must then stop as for a freed game, not go on with
// the handle it had (memory no longer the game's: garbage or a trap).
test('an argument that frees the game while it is read: the call throws, nothing else is harmed', () => {
  const go = () => { const g = Game.create('go:size=9'); g.play('E5'); return g; };
  const freeing = (g) => ({ get x() { g.free(); for (let i = 0; i < 4; i++) Game.create('renju'); return 4; }, y: 4 });
  const calls = [
    (g) => g.play(freeing(g)),
    (g) => g.check(freeing(g)),
    (g) => g.parseMove(freeing(g)),
    (g) => g.score({ dead: [freeing(g)] }),
    (g) => g.render({ lang: { toString() { g.free(); return 'ko'; } } }),
  ];
  for (const call of calls) {
    const g = go();
    throwsCode(assert, () => call(g), 'invalid-argument');
    assert.equal(g.freed, true);
  }
  const g = Game.create('renju');
  g.play('h8');
  assert.equal(g.legalMoves().length, 224);
  g.free();
});
