// Compiled (never run) by types.test.mjs with tsc --strict: the whole API
// as a TypeScript user writes it, against the package's index.d.ts.
import { Game, GridstoneError, games, setLanguage, reasonCodes, version, memoryBytes, BLACK } from 'gridstone';
import type { Move, CheckResult, Result, Score, ReasonCode, PlayedMove } from 'gridstone';

const g: Game = Game.create('renju');
const m: Move = g.play('h8');
g.play({ x: 7, y: 6 });
const c: CheckResult = g.check({ x: 7, y: 7 }, { lang: 'ko' });
const reason: ReasonCode = c.reason;
const legal: Move[] = g.legalMoves();
const forb = g.forbiddenPoints();
const who: 'black' | 'white' = g.toMove;
const cells: Uint8Array = g.board;
const isBlack: boolean = cells[0] === BLACK;
const r: Result = g.result();
const ai: Move = g.aiMove({ level: 'medium', timeMs: 100, seed: 1 });
const back: PlayedMove = g.undo();
const copy = Game.fromJSON(g.toJSON());
const go = Game.fromSGF('(;GM[1]SZ[9];B[ee])', { spec: 'komi=7.5' });
const s: Score = go.score({ dead: ['E5', { x: 0, y: 0 }] });
const dead: Move[] = go.estimateDead();
const sgf: string = go.toSGF();
const n: number = g.perft(2);
try { g.play('h8'); } catch (e) { if (e instanceof GridstoneError) { const code: ReasonCode = e.code; console.log(code, e.line, e.messages.ko); } }
setLanguage('ko');
console.log(m, reason, legal, forb, who, isBlack, r.winner, ai, back.color, copy.spec, s.black.points, dead, sgf, n,
  games()[0].aliasOf, reasonCodes.length, version, memoryBytes(), g.levels, g.width, g.notation, go.counted, go.loadNote.length);
// @ts-expect-error: moves are text or points
g.play(42);
// @ts-expect-error: no such language
g.check('h8', { lang: 'fr' });
// @ts-expect-error: the constructor is private (use Game.create)
new Game();
// @ts-expect-error: board is read-only
g.board = new Uint8Array(1);
g.free();
go.free();
copy.free();
