// Perft through the WASM build equals the reference counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gs, readData } from './helpers.mjs';

test('tic-tac-toe perft 1..9 equals tests/data/mnk/tictactoe.csv', () => {
  const line = readData('mnk/tictactoe.csv').split('\n').find((l) => l.startsWith('perft_nodes_ply_1..9'));
  const want = line.split(',')[1].split(';').map(Number);
  assert.equal(want.length, 9);
  const g = Game();
  for (let d = 1; d <= 9; d++) assert.equal(g.perft(d), want[d - 1], `depth ${d}`);
  assert.equal(g.movesPlayed, 0, 'perft leaves the game as it was');
  g.free();
  function Game() { return gs.Game.create('tictactoe'); }
});

test('Reversi perft 1..9 equals tests/data/reversi/perft.csv', () => {
  const rows = readData('reversi/perft.csv').trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
  const g = gs.Game.create('reversi');
  for (const [d, nodes] of rows.filter(([d]) => d <= 9)) assert.equal(g.perft(d), nodes, `depth ${d}`);
  assert.deepEqual(Array.from(g.board), Array.from(gs.Game.create('othello').board));
  g.free();
});

test('perft of the generic path (connect4, a small Go board) counts legal moves at depth 1', () => {
  for (const spec of ['connect4', 'go:size=5', 'renju', 'reversi:size=6']) {
    const g = gs.Game.create(spec);
    assert.equal(g.perft(1), g.legalMoves().length, spec);
    g.free();
  }
});
