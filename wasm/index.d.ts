// Type declarations for gridstone's WebAssembly build (index.mjs).

/** A colour: black always moves first (X in tic-tac-toe). */
export type Color = 'black' | 'white';

/** Cell values of `Game.board`. */
export const EMPTY: 0;
export const BLACK: 1;
export const WHITE: 2;

/**
 * A move as gridstone returns it: the point (x from the left, y from the top,
 * both from 0) and its text in the game's notation ("h8", "D4", "d3", "b2").
 * A pass is `{x: -1, y: -1, text: "pass", pass: true}`, a resignation likewise
 * with `resign: true`.
 */
export interface Move {
  x: number;
  y: number;
  text: string;
  pass?: true;
  resign?: true;
}

/** A move as gridstone accepts it: notation text ("h8", "D4", "pass", or
 *  "x,y"), a point `{x, y}`, `{pass: true}` or `{resign: true}`; a `Move` too. */
export type MoveInput = string | { x: number; y: number } | { pass: true } | { resign: true } | Move;

/** A move of the history, with the colour that played it. */
export interface PlayedMove extends Move {
  color: Color;
}

/** Message language: English or Korean. */
export type Lang = 'en' | 'ko';

/** The library's stable reason codes (gs_reason_code). */
export type ReasonCode =
  | 'ok' | 'out-of-bounds' | 'occupied' | 'not-your-turn' | 'suicide' | 'ko'
  | 'positional-superko' | 'situational-superko' | 'forbidden-double-three'
  | 'forbidden-double-four' | 'forbidden-overline' | 'no-flips' | 'pass-not-allowed'
  | 'game-over' | 'invalid-argument' | 'out-of-memory' | 'parse-error' | 'unknown-game'
  | 'unknown-key' | 'bad-value' | 'io-error' | 'no-undo' | 'unsupported' | 'bad-position'
  | 'limit';

/** What `game.check()` answers. */
export interface CheckResult {
  ok: boolean;
  /** 'ok' when legal. */
  reason: ReasonCode;
  /** The reason in the requested language. */
  message: string;
}

/** An illegal or forbidden empty point, with its reason. */
export interface PointReason extends Move, CheckResult {}

export interface Result {
  over: boolean;
  /** null while the game runs. */
  winner: Color | 'draw' | null;
  /** How it ended: five/k in a row, a full board, a count, a resignation. */
  how: 'line' | 'full' | 'score' | 'resign' | null;
  /** Black minus white where the end is counted (Go with komi, Reversi discs), else null. */
  score: number | null;
  /** The winning line's points (line wins). */
  line: Move[];
  /** As SGF writes results: "B+3.5", "W+R", "0", "B+"; "" while running. */
  text: string;
}

export interface SideCount {
  /** The colour's total (white's with komi). */
  points: number;
  /** Stones the colour captured during play (prisoners). */
  captures: number;
}

/** A count of the board (`game.score()`, games with a counting phase: Go). */
export interface Score {
  winner: Color | 'draw';
  /** Black minus white, komi included. */
  score: number;
  /** "B+3.5", "W+0.5", "0". */
  text: string;
  /** True when the dead stones are the engine's estimate (no `dead` given). */
  deadEstimated: boolean;
  black: SideCount;
  white: SideCount;
  /** Per cell (y * width + x): whose point it counts as (0 nobody, 1 black, 2 white). */
  owner: Uint8Array;
  /** Every stone taken off as dead. */
  dead: Move[];
}

export interface AiOptions {
  /** One of `game.levels`, optionally with options ("strong:exact=20"); default the second level. */
  level?: string;
  /** Thinking time cap in milliseconds, finite (0 = the level's default). */
  timeMs?: number;
  /** Same seed, same position, same limits: same move. */
  seed?: number;
}

export interface LoadOptions {
  /** Spec keys applied over the file's game ("komi=7.5"), or a whole spec. */
  spec?: string;
}

/** Thrown by every failing call. */
export class GridstoneError extends Error {
  name: 'GridstoneError';
  /** The library's reason code ("occupied", "unknown-game", "parse-error"...). */
  code: ReasonCode;
  /** The numeric gs_status. */
  status: number;
  /** 1-based line and column for parse errors in JSON/SGF text (0 otherwise). */
  line: number;
  column: number;
  /** The reason's short message in English and Korean. */
  messages: { en: string; ko: string };
  /** The whole detail (message) in English and Korean ("bad value for key 'komi': ..."). */
  details: { en: string; ko: string };
}

/**
 * One game: its rules (from the spec) and a position with its history.
 * Each Game holds WASM memory: call `free()` when done (a FinalizationRegistry
 * frees forgotten games eventually, but not promptly).
 */
export class Game {
  private constructor();
  /** A new game from a spec string: "renju", "go:size=9,rules=chinese", "connect4", "reversi". */
  static create(spec: string): Game;
  /** A game from its JSON state (docs/FORMATS.md), as an object or text. */
  static fromJSON(json: string | object, options?: LoadOptions): Game;
  /** The first game of an SGF collection; an illegal move in it throws with its reason code. */
  static fromSGF(sgf: string, options?: LoadOptions): Game;

  /** The canonical spec ("mnk:m=3,n=3,k=3,gravity=0"). */
  readonly spec: string;
  /** The rule module ("go", "gomoku", "mnk", "reversi"). */
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** The game's notation: "gtp", "alpha", "othello", "sgf" or "xy". */
  readonly notation: string;
  /** The AI levels, weakest first. */
  readonly levels: string[];
  /** Whether toSGF() is available. */
  readonly hasSGF: boolean;
  /** Whether the game has a counting phase: score()/estimateDead() (Go). */
  readonly counted: boolean;
  /** What the SGF file said that was not used ("RU[foo]: rules not understood; ..."), '' if nothing. */
  readonly loadNote: string;
  readonly toMove: Color;
  readonly movesPlayed: number;
  /** A COPY of the cells, row-major (index y * width + x): 0 empty, 1 black, 2 white. */
  readonly board: Uint8Array;
  readonly isOver: boolean;
  readonly freed: boolean;

  at(x: number, y: number): Color | null;
  parseMove(move: MoveInput): Move;
  check(move: MoveInput, options?: { lang?: Lang }): CheckResult;
  /** Plays for the side to move; throws GridstoneError (code = reason) when illegal, changing nothing. */
  play(move: MoveInput): Move;
  /** Takes back the last move and returns it; throws 'no-undo' at the start. */
  undo(): PlayedMove;
  history(): PlayedMove[];
  legalMoves(): Move[];
  /** Every empty point the side to move may not play, with the reason. */
  illegalPoints(options?: { lang?: Lang }): PointReason[];
  /** The side to move's forbidden points (renju/omok: 3-3, 4-4, overline). */
  forbiddenPoints(options?: { lang?: Lang }): PointReason[];
  result(): Result;
  /** Count the board under the game's rules with these dead stones (each marks its chain;
   *  default: the engine's estimate).  Throws 'unsupported' where there is no counting phase. */
  score(options?: { dead?: MoveInput[]; seed?: number }): Score;
  /** The engine's dead-stone estimate (deterministic for a seed). */
  estimateDead(options?: { seed?: number }): Move[];
  /** The AI's move for the side to move (not played). */
  aiMove(options?: AiOptions): Move;
  /** The JSON state as an object (JSON.stringify(game) writes it). */
  toJSON(): object;
  toSGF(): string;
  /** The board as text with coordinates, then who is to move (or the result) and the
   *  game's own line ("captures B 3 W 1"), in options.lang (default: setLanguage's). */
  render(options?: { lang?: Lang }): string;
  /** render() in the default language. */
  toString(): string;
  /** Leaf count of the move tree to depth plies. */
  perft(depth: number): number;
  clone(): Game;
  free(): void;
}

export interface GameInfo {
  name: string;
  /** For aliases ("renju"): the spec it stands for. */
  aliasOf: string | null;
  summary: string | null;
}

/** The registered games and aliases. */
export function games(): GameInfo[];
/** Default language of check() messages. */
export function setLanguage(lang: Lang | string): void;
export const reasonCodes: readonly ReasonCode[];
export const version: string;
/** Bytes of WASM memory the module holds (grows, never shrinks). */
export function memoryBytes(): number;

declare const api: {
  Game: typeof Game;
  GridstoneError: typeof GridstoneError;
  games: typeof games;
  setLanguage: typeof setLanguage;
  reasonCodes: typeof reasonCodes;
  version: string;
  memoryBytes: typeof memoryBytes;
  EMPTY: 0;
  BLACK: 1;
  WHITE: 2;
};
export default api;
