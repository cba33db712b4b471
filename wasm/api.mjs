// gridstone for JavaScript: the idiomatic layer over the WASM glue
// (wasm/gs_wasm.c).  `gridstoneApi(core)` takes an instantiated Emscripten
// module and returns the public API; index.mjs (ES module) and the
// single-file browser script both call it.  Nothing here names a game:
// everything is the library's generic API.

export function gridstoneApi(core) {
  const C = {};
  for (const k of Object.keys(core)) if (k.startsWith('_gsw_')) C[k.slice(5)] = core[k];
  const str = (p) => core.UTF8ToString(p);
  const out = () => str(C.out());
  const outJSON = () => JSON.parse(out());

  const EMPTY = 0, BLACK = 1, WHITE = 2;
  const colourName = (c) => (c === BLACK ? 'black' : c === WHITE ? 'white' : null);
  const PASS = -1, RESIGN = -2, NOMOVE = -3;
  const ESTIMATE_SEED = 0x60d5c0ae;   // the seed `gridstone score` estimates with

  // Reason codes and messages, read once from the library.
  const nStatus = C.status_count();
  const codes = [], messages = { en: [], ko: [] };
  for (let i = 0; i < nStatus; i++) {
    codes.push(str(C.reason_code(i)));
    messages.en.push(str(C.strerror(i, 0)));
    messages.ko.push(str(C.strerror(i, 1)));
  }
  const statusOf = Object.fromEntries(codes.map((c, i) => [c, i]));
  let defaultLang = 'en';
  const langOf = (lang) => {
    const l = lang === undefined ? defaultLang : String(lang).toLowerCase();
    return l.startsWith('ko') ? 'ko' : 'en';
  };

  class GridstoneError extends Error {
    constructor(status, detail, line = 0, column = 0, detailKo = '') {
      super(detail || messages.en[status] || 'unknown error');
      this.name = 'GridstoneError';
      this.code = codes[status] || 'unknown';   // the library's reason code
      this.status = status;
      this.line = line;
      this.column = column;
      this.messages = { en: messages.en[status], ko: messages.ko[status] };
      // the whole detail in both languages (the library's Korean catalogue)
      this.details = { en: this.message, ko: detailKo || this.message };
    }
  }
  // The glue's last error as an exception (a column only with a line: a
  // position in JSON/SGF text, not in a spec).
  const lastError = () => {
    const line = C.err_line();
    return new GridstoneError(C.err_code(), str(C.err_msg()), line, line ? C.err_col() : 0, str(C.err_msg_ko()));
  };
  const argError = (detail) => new GridstoneError(statusOf['invalid-argument'], detail);

  // A JS string in WASM memory for the length of fn (malloc: no stack limit).
  // C reads up to the first NUL, so a string holding one is refused rather
  // than silently cut short.
  const hasNul = (s) => s.includes('\0');
  // A lone surrogate is no character: Emscripten's encoder would pair it with
  // whatever follows ("\uD800x" as one 4-byte character), so it becomes U+FFFD
  // first, as the web's TextEncoder does.
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  const wellFormed = (s) => s.replace(loneSurrogate, '\uFFFD');
  function withString(s, fn) {
    if (hasNul(s)) throw argError('a string passed to gridstone contains a NUL character (U+0000)');
    s = wellFormed(s);
    const n = core.lengthBytesUTF8(s) + 1;
    const p = core._malloc(n);
    if (!p) throw new GridstoneError(statusOf['out-of-memory'], 'out of memory');
    try {
      core.stringToUTF8(s, p, n);
      return fn(p);
    } finally {
      core._free(p);
    }
  }
  const ints = () => C.ints() >> 2;   // index of gsw_ints in HEAP32

  // An options argument: an object, or none (undefined, null).
  const optionsOf = (fn, o) => {
    if (o === undefined || o === null) return {};
    if (typeof o !== 'object' || Array.isArray(o)) throw argError(`${fn}: options must be an object`);
    return o;
  };
  // The `spec` option of the loaders: a string, or none (undefined, null).
  const specOption = (fn, spec) => {
    if (spec === undefined || spec === null) return '';
    if (typeof spec !== 'string') throw argError(`${fn}: the spec option must be a string`);
    return spec;
  };

  const registry = new FinalizationRegistry((h) => C.free(h));

  class Game {
    #h = 0;
    #info;
    // Use Game.create / Game.fromJSON / Game.fromSGF.
    constructor(handle, token) {
      if (token !== Game.#token) throw new TypeError('use Game.create(spec)');
      this.#h = handle;
      C.info(handle);
      this.#info = outJSON();
      registry.register(this, handle, this);
    }
    static #token = Symbol('game');
    static #adopt(h) {
      if (!h) throw lastError();
      return new Game(h, Game.#token);
    }
    /** A new game from a spec string ("renju", "go:size=9,rules=chinese"). */
    static create(spec) {
      if (typeof spec !== 'string') throw argError('Game.create: the spec must be a string');
      return Game.#adopt(withString(spec, (p) => C.new(p)));
    }
    /** A game from its JSON state (an object or a string); `spec` overrides the file's game keys. */
    static fromJSON(json, options) {
      const { spec } = optionsOf('Game.fromJSON', options);
      if (ArrayBuffer.isView(json) || json instanceof ArrayBuffer)
        throw argError('Game.fromJSON: takes text or an object, not bytes: decode them first (TextDecoder)');
      let text = json;
      if (typeof json !== 'string') {
        try {
          text = JSON.stringify(json);
        } catch (e) {   // a cycle, a BigInt: JSON has no text for it
          throw argError(`Game.fromJSON: the object cannot be written as JSON (${e.message})`);
        }
      }
      if (typeof text !== 'string') throw argError('Game.fromJSON: nothing to read');
      const sp = specOption('Game.fromJSON', spec);
      return Game.#adopt(withString(text, (t) => withString(sp, (s) => C.from_json(t, s))));
    }
    /** The first game of an SGF collection; an illegal move in it throws with its reason code. */
    static fromSGF(sgf, options) {
      const { spec } = optionsOf('Game.fromSGF', options);
      if (typeof sgf !== 'string') throw argError('Game.fromSGF: the SGF must be a string');
      const sp = specOption('Game.fromSGF', spec);
      return Game.#adopt(withString(sgf, (t) => withString(sp, (s) => C.from_sgf(t, s))));
    }

    #live() {
      if (!this.#h) throw argError('this game was freed');
      return this.#h;
    }
    /** Release the WASM memory now (a FinalizationRegistry does it eventually otherwise). */
    free() {
      if (!this.#h) return;
      registry.unregister(this);
      C.free(this.#h);
      this.#h = 0;
    }
    get freed() { return this.#h === 0; }
    /** An independent copy (history included). */
    clone() { return Game.#adopt(C.clone(this.#live())); }

    get spec() { return this.#info.spec; }
    get name() { return this.#info.game; }
    get width() { return this.#info.width; }
    get height() { return this.#info.height; }
    get notation() { return this.#info.notation; }
    get levels() { return [...this.#info.levels]; }
    get hasSGF() { return this.#info.sgf; }
    get counted() { return this.#info.counted; }
    /** What the loaded file said that was not used (an unknown RU[]...), '' if nothing. */
    get loadNote() { return this.#info.note; }
    get toMove() { return colourName(C.to_move(this.#live())); }
    get movesPlayed() { return C.moves_played(this.#live()); }
    /** A copy of the cells (row-major, index y * width + x): 0 empty, 1 black, 2 white. */
    get board() {
      const p = C.cells(this.#live());
      return core.HEAPU8.slice(p, p + this.width * this.height);
    }
    /** The stone at x, y: 'black', 'white' or null. */
    at(x, y) {
      if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height)
        throw new GridstoneError(statusOf['out-of-bounds'], `no point ${x},${y} on a ${this.width}x${this.height} board`);
      return colourName(core.HEAPU8[C.cells(this.#live()) + y * this.width + x]);
    }

    // ---- moves ----
    #moveObj(m) {
      C.format_move(this.#h, m);
      const text = out();
      if (m === PASS) return { x: -1, y: -1, text, pass: true };
      if (m === RESIGN) return { x: -1, y: -1, text, resign: true };
      return { x: m % this.width, y: Math.floor(m / this.width), text };
    }
    // A move from notation text, {x, y}, {pass: true} or {resign: true};
    // returns [status, move or NOMOVE, detail].
    #parse(move) {
      const h = this.#live();
      if (typeof move === 'string') {
        if (hasNul(move)) return [statusOf['invalid-argument'], NOMOVE, 'a move contains a NUL character (U+0000)'];
        const st = withString(move, (p) => C.parse_move(h, p));
        return st ? [st, NOMOVE, str(C.err_msg())] : [0, C.move()];
      }
      if (move && typeof move === 'object') {
        // (reading the object may run the caller's getters: the game is
        // looked at again after them, in case they freed it)
        const { pass, resign, x, y } = move;
        this.#live();
        if (pass) return [0, PASS];
        if (resign) return [0, RESIGN];
        if (!Number.isInteger(x) || !Number.isInteger(y))
          return [statusOf['invalid-argument'], NOMOVE, 'a move is notation text or {x, y} with integers'];
        if (x < 0 || y < 0 || x >= this.width || y >= this.height)
          return [statusOf['out-of-bounds'], NOMOVE, `the point ${x},${y} is off the ${this.width}x${this.height} board`];
        return [0, y * this.width + x];
      }
      return [statusOf['invalid-argument'], NOMOVE, 'a move is notation text or {x, y}'];
    }
    /** The move as {x, y, text} (text in the game's notation); throws if it is malformed. */
    parseMove(move) {
      const [st, m, detail] = this.#parse(move);
      if (st) throw new GridstoneError(st, detail);
      return this.#moveObj(m);
    }
    /** Whether the side to move may play `move`: {ok, reason, message} (message in en or ko). */
    check(move, options) {
      const { lang } = optionsOf('check', options);
      const l = langOf(lang);
      let [st, m] = this.#parse(move);
      if (!st) st = C.check(this.#h, m);
      return { ok: st === 0, reason: codes[st], message: messages[l][st] };
    }
    /** Play a move for the side to move; returns it as {x, y, text}.  Throws (code = reason) if illegal. */
    play(move) {
      const [st, m, detail] = this.#parse(move);
      if (st) throw new GridstoneError(st, detail);
      if (C.play(this.#h, m)) throw lastError();
      return this.#moveObj(m);
    }
    /** Take back the last move; returns it.  Throws 'no-undo' at the start. */
    undo() {
      const h = this.#live();
      const hist = this.history();
      if (C.undo(h)) throw lastError();
      return hist[hist.length - 1];
    }
    /** The moves so far: [{x, y, text, color}, ...]. */
    history() {
      C.history(this.#live());
      return outJSON().map(([m, c]) => ({ ...this.#moveObj(m), color: colourName(c) }));
    }
    /** The legal moves of the side to move (pass included where legal; none when the game is over). */
    legalMoves() {
      const n = C.legal(this.#live());
      const base = ints();
      const res = [];
      for (let i = 0; i < n; i++) res.push(this.#moveObj(core.HEAP32[base + i]));
      return res;
    }
    /** Every empty point the side to move may not play, with the reason. */
    illegalPoints(options) {
      const { lang } = optionsOf('illegalPoints', options);
      const l = langOf(lang);
      const h = this.#live();
      const n = C.check_all(h);
      const base = ints(), cells = C.cells(h);
      const res = [];
      for (let i = 0; i < n; i++) {
        const st = core.HEAP32[base + i];
        if (st && core.HEAPU8[cells + i] === EMPTY) res.push({ ...this.#moveObj(i), reason: codes[st], message: messages[l][st] });
      }
      return res;
    }
    /** The forbidden points of the side to move (reason codes "forbidden-*": renju/omok 3-3, 4-4, overline). */
    forbiddenPoints(opts) {
      return this.illegalPoints(opts).filter((p) => p.reason.startsWith('forbidden-'));
    }
    /** How the game stands: {over, winner, how, score, line, text}. */
    result() {
      C.result(this.#live());
      const r = outJSON();
      return {
        over: r.over,
        winner: r.over ? (r.winner === EMPTY ? 'draw' : colourName(r.winner)) : null,
        how: r.over ? r.how : null,
        score: r.score,
        line: r.line.map((m) => this.#moveObj(m)),
        text: r.text,
      };
    }
    get isOver() { return this.result().over; }

    // ---- counting ----
    /**
     * Count the finished position (games with a counting phase: Go) under the
     * game's rules.  dead: the dead stones (each marks its whole chain; [] = none);
     * without it the engine's estimate (deterministic for a seed).  Throws
     * 'unsupported' for games without a counting phase.
     */
    score(options) {
      const { dead, seed = ESTIMATE_SEED } = optionsOf('score', options);
      this.#live();
      if (!Number.isSafeInteger(seed) || seed < 0) throw argError('score: seed must be a non-negative integer');
      let nd = -1;
      if (dead !== undefined && dead !== null) {
        if (!Array.isArray(dead)) throw argError('score: dead must be an array of moves');
        if (dead.length > this.width * this.height) throw argError('score: too many dead stones');
        const cells = dead.map((d) => {
          const [st, m, detail] = this.#parse(d);
          if (st) throw new GridstoneError(st, detail);
          if (m < 0) throw new GridstoneError(statusOf['bad-value'], 'a dead stone is a point');
          return m;
        });
        const base = ints();
        cells.forEach((m, i) => { core.HEAP32[base + i] = m; });
        nd = cells.length;
      }
      if (C.score(this.#live(), nd, seed)) throw lastError();   // (the moves' getters have run)
      const s = outJSON();
      return {
        winner: s.winner === EMPTY ? 'draw' : colourName(s.winner),
        score: s.score,
        text: s.text,
        deadEstimated: s.deadEstimated,
        black: s.black,
        white: s.white,
        owner: Uint8Array.from(s.owner),
        dead: s.dead.map((m) => this.#moveObj(m)),
      };
    }
    /** The engine's dead-stone estimate (deterministic for a seed).  Throws 'unsupported' where there is no counting phase. */
    estimateDead(options) {
      const { seed = ESTIMATE_SEED } = optionsOf('estimateDead', options);
      if (!Number.isSafeInteger(seed) || seed < 0) throw argError('estimateDead: seed must be a non-negative integer');
      const n = C.estimate_dead(this.#live(), seed);
      if (n < 0) throw lastError();
      const base = ints(), res = [];
      for (let i = 0; i < n; i++) res.push(this.#moveObj(core.HEAP32[base + i]));
      return res;
    }

    // ---- AI ----
    /**
     * A move chosen by the AI for the side to move (not played): level is one of
     * game.levels (options as "strong:exact=20" where the game takes them); timeMs
     * caps the thinking time (0 = the level's default); seed makes it repeatable.
     */
    aiMove(options) {
      const { level = this.#info.levels[Math.min(1, this.#info.levels.length - 1)], timeMs = 0, seed = 0 } =
        optionsOf('aiMove', options);
      const h = this.#live();
      if (typeof level !== 'string') throw argError('aiMove: level must be a string');
      if (!Number.isFinite(timeMs) || timeMs < 0) throw argError('aiMove: timeMs must be a finite number >= 0');
      if (!Number.isSafeInteger(seed) || seed < 0) throw argError('aiMove: seed must be a non-negative integer');
      if (withString(level, (p) => C.ai_move(h, p, timeMs / 1000, seed))) throw lastError();
      return this.#moveObj(C.move());
    }

    // ---- files ----
    /** The JSON state (docs/FORMATS.md) as an object: JSON.stringify(game) writes it. */
    toJSON() {
      if (C.to_json(this.#live(), 1)) throw lastError();
      return outJSON();
    }
    /** An SGF FF[4] record (setup stones, then the moves).  Throws 'unsupported' for games without SGF. */
    toSGF() {
      if (C.to_sgf(this.#live())) throw lastError();
      return out();
    }
    /** The board as text with coordinates, then who is to move (or the result)
     *  and the game's own line, in the language of options.lang (default: setLanguage's). */
    render(options) {
      const { lang } = optionsOf('render', options);
      const ko = langOf(lang) === 'ko';   // (before the game is looked at: String(lang) runs the caller's code)
      if (C.render(this.#live(), ko ? 1 : 0)) throw lastError();
      return out();
    }
    /** The same as render() in the default language. */
    toString() {
      return this.render();
    }
    /** Leaf count of the move tree to `depth` plies (a finished game is a leaf). */
    perft(depth) {
      if (!Number.isInteger(depth) || depth < 0 || depth > 64) throw argError('perft: depth must be an integer 0..64');
      return C.perft(this.#live(), depth);
    }
  }

  function games() {
    C.games();
    return outJSON();
  }
  function setLanguage(lang) {
    defaultLang = langOf(lang);
  }
  // Bytes of WASM memory in use by the module (it grows, never shrinks).
  const memoryBytes = () => core.HEAPU8.length;
  const reasonCodes = Object.freeze([...codes]);
  const version = str(C.version());
  return { Game, GridstoneError, games, setLanguage, reasonCodes, version, memoryBytes, EMPTY, BLACK, WHITE };
}
