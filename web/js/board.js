// The board as SVG, drawn from the server's GAME object (or one position of a
// finished game).  Nothing here decides a rule: the points that can be played,
// the forbidden points and their reasons, the captured/flipped cells and the
// winning line all come from the server.  What is chosen here is only how a
// family looks (stones on intersections or discs in cells), keyed by `kind`.
import { s, h } from './dom.js';
import { t, colorName } from './i18n.js';

const STYLES = {
  go:      { grid: 'lines', theme: 'wood', stars: true, piece: 'stone' },
  gomoku:  { grid: 'lines', theme: 'wood-light', stars: true, piece: 'stone' },
  reversi: { grid: 'cells', theme: 'felt', stars: false, piece: 'disc' },
  mnk:     { grid: 'cells', theme: 'slate', stars: false, piece: 'glyph' },
};
const DEFAULT_STYLE = { grid: 'cells', theme: 'slate', stars: false, piece: 'stone' };
const STEP = 40;
let boardSeq = 0;

export function specHas(spec, key, value) {
  const m = /:(.*)$/.exec(spec || '');
  if (!m) return false;
  return m[1].split(',').some((kv) => kv.trim().toLowerCase() === `${key}=${value}`);
}

export function styleFor(kind, spec) {
  const st = { ...(STYLES[kind] || DEFAULT_STYLE) };
  st.gravity = specHas(spec, 'gravity', '1');
  if (st.piece === 'glyph' && st.gravity) st.piece = 'disc4';
  return st;
}

// Column and row labels in the game's notation (docs/FORMATS.md).
export function coordLabels(notation, w, h) {
  const letters = (skipI) => {
    const out = [];
    for (let c = 0, i = 0; out.length < w; i++) {
      const ch = i < 26 ? String.fromCharCode(97 + i) : String.fromCharCode(65 + i - 26);
      if (skipI && ch === 'i') continue;
      out.push(ch); c++;
    }
    return out;
  };
  switch (notation) {
    case 'gtp': return { cols: letters(true).map((c) => c.toUpperCase()), rows: Array.from({ length: h }, (_, y) => String(h - y)) };
    case 'alpha': return { cols: letters(false), rows: Array.from({ length: h }, (_, y) => String(h - y)) };
    case 'othello': return { cols: letters(false), rows: Array.from({ length: h }, (_, y) => String(y + 1)) };
    case 'sgf': return { cols: letters(false), rows: letters(false).slice(0, h) };
    default: return { cols: Array.from({ length: w }, (_, x) => String(x)), rows: Array.from({ length: h }, (_, y) => String(y)) };
  }
}

function starPoints(w, h) {
  const axis = (n) => {
    if (n < 7) return [];
    const d = n >= 13 ? 3 : 2;
    const a = [d, n - 1 - d];
    if (n % 2 === 1 && (n >= 15 || n === 9 || n === 13)) a.push((n - 1) / 2);
    return a;
  };
  const xs = axis(w), ys = axis(h), out = [];
  for (const x of xs) for (const y of ys) {
    const midX = w % 2 === 1 && x === (w - 1) / 2, midY = h % 2 === 1 && y === (h - 1) / 2;
    // side middles only on large boards; the centre always
    if ((midX !== midY) && (w < 19 || h < 19)) continue;
    out.push([x, y]);
  }
  return out;
}

// A piece of colour c ('black'|'white') centred on (cx, cy) with radius r.
export function piece(style, c, cx, cy, r, ids) {
  if (style.piece === 'glyph') {
    const g = s('g', { class: 'glyph ' + c });
    if (c === 'black') {
      const d = r * 0.62;
      g.append(s('path', { d: `M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx + d},${cy - d}L${cx - d},${cy + d}`, class: 'glyph-x' }));
    } else g.append(s('circle', { cx, cy, r: r * 0.66, class: 'glyph-o' }));
    return g;
  }
  const fill = style.piece === 'disc4' ? `url(#${ids}-${c}4)` : `url(#${ids}-${c})`;
  return s('circle', { cx, cy, r, fill, class: 'pc ' + c });
}

export function pieceIcon(kind, spec, c, size = 18) {
  const style = styleFor(kind, spec);
  const ids = 'ic' + (++boardSeq);
  const svg = s('svg', { viewBox: '0 0 20 20', width: size, height: size, class: 'piece-icon', 'aria-hidden': 'true' });
  svg.append(defs(ids), piece(style, c, 10, 10, 8.5, ids));
  return svg;
}

function defs(ids) {
  const grad = (id, stops) => s('radialGradient', { id, cx: '35%', cy: '30%', r: '70%' },
    ...stops.map(([o, col]) => s('stop', { offset: o, 'stop-color': col })));
  return s('defs', null,
    grad(ids + '-black', [['0%', '#6b6b6b'], ['45%', '#1d1d1d'], ['100%', '#000']]),
    grad(ids + '-white', [['0%', '#ffffff'], ['70%', '#e6e6e2'], ['100%', '#b9b9b2']]),
    grad(ids + '-black4', [['0%', '#ff8a80'], ['60%', '#d32f2f'], ['100%', '#9a1b1b']]),
    grad(ids + '-white4', [['0%', '#fff59d'], ['60%', '#fbc02d'], ['100%', '#c79100']]));
}

export class Board {
  constructor({ onPlay, onMark, onHover } = {}) {
    this.ids = 'b' + (++boardSeq);
    this.onPlay = onPlay; this.onMark = onMark; this.onHover = onHover;
    this.view = null; this.opts = {};
    this.cursor = null; this.hover = null;
    this.svg = s('svg', { class: 'board', tabindex: '0', role: 'application', 'aria-roledescription': 'board', focusable: 'true' });
    this.live = h('div', { class: 'sr-only', 'aria-live': 'polite' });
    this.el = h('div', { class: 'board-wrap' }, this.svg, this.live);
    this.kb = false;   // the cursor shows once the keyboard is used
    this.svg.addEventListener('pointermove', (e) => { if (this.kb) { this.kb = false; this.drawHover(); } this.pointer(e, false); });
    this.svg.addEventListener('pointerleave', () => { this.hover = null; this.drawHover(); if (this.onHover) this.onHover(null); });
    this.svg.addEventListener('click', (e) => this.pointer(e, true));
    this.svg.addEventListener('keydown', (e) => this.key(e));
    this.svg.addEventListener('focus', () => { if (!this.cursor && this.view) this.cursor = this.initialCursor(); this.drawHover(); });
    this.svg.addEventListener('blur', () => this.drawHover());
  }

  geom() {
    const v = this.view, st = this.style;
    if (st.grid === 'lines') {
      const m = STEP * 1.1;
      return { ox: m, oy: m, vw: (v.width - 1) * STEP + 2 * m, vh: (v.height - 1) * STEP + 2 * m, lines: true };
    }
    const m = STEP * 0.95;
    return { ox: m + STEP / 2, oy: m + STEP / 2, vw: v.width * STEP + 2 * m, vh: v.height * STEP + 2 * m, lines: false };
  }
  px(x) { return this.g.ox + x * STEP; }
  py(y) { return this.g.oy + y * STEP; }

  update(view, opts = {}) {
    const prev = this.view;
    this.view = view; this.opts = opts;
    this.style = styleFor(view.kind, view.spec);
    this.g = this.geom();
    // small boards do not need the whole screen
    this.el.style.maxWidth = `min(100%, calc(100vh - 6rem), ${Math.max(view.width, view.height) * 72 + 140}px)`;
    this.cells = view.board.map((row) => Array.from(row));
    this.legalSet = new Set((view.legal || []).map(([x, y]) => x + ',' + y));
    this.illegalMap = new Map((view.illegal || []).map((p) => [p.x + ',' + p.y, p]));
    this.draw(prev);
  }

  cellAt(x, y) { const c = this.cells[y] && this.cells[y][x]; return c === 'X' ? 'black' : c === 'O' ? 'white' : null; }

  draw(prev) {
    const v = this.view, st = this.style, g = this.g, svg = this.svg, ids = this.ids;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('viewBox', `0 0 ${g.vw} ${g.vh}`);
    svg.setAttribute('class', `board theme-${st.theme}` + (this.opts.interactive ? ' interactive' : '') + (this.opts.mode === 'score' ? ' scoring' : ''));
    svg.setAttribute('aria-label', t('board_label', { game: v.spec, w: v.width, h: v.height }) + '. ' + t('kb_help'));
    svg.dataset.geom = [g.ox, g.oy, STEP, g.vw, g.vh].join(',');
    svg.dataset.width = v.width; svg.dataset.height = v.height;
    svg.append(defs(ids));
    svg.append(s('rect', { x: 0, y: 0, width: g.vw, height: g.vh, rx: 10, class: 'bg' }));

    const lab = coordLabels(v.notation, v.width, v.height);
    const grid = s('g', { class: 'grid' });
    if (g.lines) {
      let d = '';
      for (let x = 0; x < v.width; x++) d += `M${this.px(x)},${this.py(0)}V${this.py(v.height - 1)}`;
      for (let y = 0; y < v.height; y++) d += `M${this.px(0)},${this.py(y)}H${this.px(v.width - 1)}`;
      grid.append(s('path', { d, class: 'lines' }));
      grid.append(s('rect', { x: this.px(0), y: this.py(0), width: (v.width - 1) * STEP, height: (v.height - 1) * STEP, class: 'edge' }));
      if (st.stars) for (const [x, y] of starPoints(v.width, v.height)) grid.append(s('circle', { cx: this.px(x), cy: this.py(y), r: 4.2, class: 'star' }));
    } else {
      grid.append(s('rect', { x: this.px(0) - STEP / 2, y: this.py(0) - STEP / 2, width: v.width * STEP, height: v.height * STEP, class: 'cells' }));
      let d = '';
      for (let x = 1; x < v.width; x++) d += `M${this.px(x) - STEP / 2},${this.py(0) - STEP / 2}v${v.height * STEP}`;
      for (let y = 1; y < v.height; y++) d += `M${this.px(0) - STEP / 2},${this.py(y) - STEP / 2}h${v.width * STEP}`;
      grid.append(s('path', { d, class: 'lines' }));
    }
    const coords = s('g', { class: 'coords', 'aria-hidden': 'true' });
    const lo = g.lines ? STEP * 0.72 : STEP * 0.5 + STEP * 0.42;
    for (let x = 0; x < v.width; x++) {
      coords.append(s('text', { x: this.px(x), y: this.py(0) - lo, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lab.cols[x]));
      coords.append(s('text', { x: this.px(x), y: this.py(v.height - 1) + lo, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lab.cols[x]));
    }
    for (let y = 0; y < v.height; y++) {
      coords.append(s('text', { x: this.px(0) - lo, y: this.py(y), 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lab.rows[y]));
      coords.append(s('text', { x: this.px(v.width - 1) + lo, y: this.py(y), 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lab.rows[y]));
    }
    svg.append(grid, coords);

    // scoring: territory and dead stones
    const dead = new Set(((v.scoring && v.scoring.dead) || []).map(([x, y]) => x + ',' + y));
    if (v.scoring && v.scoring.owner) {
      const terr = s('g', { class: 'territory' });
      v.scoring.owner.forEach((row, y) => Array.from(row).forEach((ch, x) => {
        if (ch !== 'X' && ch !== 'O') return;
        const here = this.cellAt(x, y);
        if (here && !dead.has(x + ',' + y)) return;
        const c = ch === 'X' ? 'black' : 'white';
        terr.append(s('rect', { x: this.px(x) - 7, y: this.py(y) - 7, width: 14, height: 14, class: 'terr ' + c, 'data-x': x, 'data-y': y }));
      }));
      svg.append(terr);
    }

    const playing = v.status === 'playing';
    // Legal-move hints where fewer points are legal than not (Reversi, gravity
    // games); otherwise the few illegal points are marked with their reason
    // (renju's forbidden points, ko, suicide).
    const showHints = this.legalSet.size > 0 && this.legalSet.size <= this.illegalMap.size;
    if (playing && showHints) {
      const hints = s('g', { class: 'hints ' + v.to_move });
      for (const [x, y] of v.legal) hints.append(s('circle', { cx: this.px(x), cy: this.py(y), r: STEP * 0.13, class: 'hint', 'data-x': x, 'data-y': y }));
      svg.append(hints);
    }
    // forbidden points (renju), ko, suicide: marked with their reason
    if (playing && !showHints && this.illegalMap.size > 0) {
      const ill = s('g', { class: 'illegal-marks' });
      for (const p of v.illegal) {
        const cx = this.px(p.x), cy = this.py(p.y), r = STEP * 0.2;
        const grp = s('g', { class: 'illegal ' + p.code, 'data-x': p.x, 'data-y': p.y, 'data-code': p.code },
          s('title', null, p.message || p.code));
        if (p.code === 'ko') grp.append(s('rect', { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r }));
        else grp.append(s('path', { d: `M${cx - r},${cy - r}L${cx + r},${cy + r}M${cx + r},${cy - r}L${cx - r},${cy + r}` }));
        ill.append(grp);
      }
      svg.append(ill);
    }

    // pieces
    const stones = s('g', { class: 'stones' });
    const changed = new Set((v.changed || []).map(([x, y]) => x + ',' + y));
    const last = v.last;
    const animate = this.opts.animate && prev && prev.ply !== v.ply;
    const r = st.piece === 'stone' ? STEP * 0.47 : STEP * 0.41;
    for (let y = 0; y < v.height; y++) for (let x = 0; x < v.width; x++) {
      const c = this.cellAt(x, y);
      if (!c) continue;
      const key = x + ',' + y;
      const cls = ['stone', c];
      if (dead.has(key)) cls.push('dead');
      if (changed.has(key)) cls.push('changed');
      const grp = s('g', { class: cls.join(' '), 'data-x': x, 'data-y': y });
      grp.append(piece(st, c, this.px(x), this.py(y), r, ids));
      if (animate && last && last.x === x && last.y === y) {
        if (st.gravity) { grp.classList.add('drop'); grp.style.setProperty('--drop', `${-(this.py(y) - this.py(0) + STEP)}px`); }
        else grp.classList.add('placed');
      }
      if (animate && changed.has(key)) grp.classList.add('flip');
      if (dead.has(key)) {
        const d = STEP * 0.16, cx = this.px(x), cy = this.py(y);
        grp.append(s('path', { d: `M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx + d},${cy - d}L${cx - d},${cy + d}`, class: 'dead-x' }));
      }
      stones.append(grp);
    }
    svg.append(stones);

    // captured stones: the changed cells that are empty now
    const lastColor = v.moves && v.moves.length ? v.moves[v.moves.length - 1].color : null;
    const caps = s('g', { class: 'captures' });
    for (const [x, y] of v.changed || []) {
      if (this.cellAt(x, y)) continue;
      const c = lastColor === 'black' ? 'white' : lastColor === 'white' ? 'black' : 'white';
      const grp = s('g', { class: 'captured ' + c, 'data-x': x, 'data-y': y }, s('title', null, t('captured')));
      grp.append(s('circle', { cx: this.px(x), cy: this.py(y), r: r * 0.9 }));
      caps.append(grp);
    }
    svg.append(caps);

    if (last && last.x !== null && last.x !== undefined && this.cellAt(last.x, last.y) && st.piece === 'glyph') {
      grid.append(s('rect', { x: this.px(last.x) - STEP / 2 + 1.5, y: this.py(last.y) - STEP / 2 + 1.5, width: STEP - 3, height: STEP - 3, class: 'svg-last-cell last', 'data-x': last.x, 'data-y': last.y }));
    } else if (last && last.x !== null && last.x !== undefined && this.cellAt(last.x, last.y)) {
      const c = this.cellAt(last.x, last.y);
      svg.append(s('circle', { cx: this.px(last.x), cy: this.py(last.y), r: STEP * 0.16, class: 'last ' + c, 'data-x': last.x, 'data-y': last.y }));
    }
    if (v.line && v.line.length) {
      const wl = s('g', { class: 'winline' });
      const pts = v.line.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const [a, b] = [pts[0], pts[pts.length - 1]];
      wl.append(s('line', { x1: this.px(a[0]), y1: this.py(a[1]), x2: this.px(b[0]), y2: this.py(b[1]) }));
      for (const [x, y] of v.line) wl.append(s('circle', { cx: this.px(x), cy: this.py(y), r: r * 1.02, class: 'win', 'data-x': x, 'data-y': y }));
      svg.append(wl);
    }
    this.overlay = s('g', { class: 'overlay' });
    svg.append(this.overlay);
    svg.append(s('rect', { x: 0, y: 0, width: g.vw, height: g.vh, class: 'hit', fill: 'transparent' }));
    this.drawHover();
    // the point under the mouse may have changed (a stone arrived, a point became forbidden)
    if (this.hover && this.onHover && this.hover.x < v.width && this.hover.y < v.height) this.onHover(this.describe(this.target(this.hover.x, this.hover.y)));
  }

  // The point a click or key at (x, y) means: in gravity games the legal cell
  // of that column (the one the server lists), elsewhere the point itself.
  target(x, y) {
    if (this.style.gravity && !this.legalSet.has(x + ',' + y)) {
      const l = (this.view.legal || []).find(([lx]) => lx === x);
      if (l) return { x: l[0], y: l[1] };
    }
    return { x, y };
  }

  fromEvent(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = pt.matrixTransform(ctm.inverse());
    const x = Math.round((p.x - this.g.ox) / STEP), y = Math.round((p.y - this.g.oy) / STEP);
    if (x < 0 || y < 0 || x >= this.view.width || y >= this.view.height) return null;
    return { x, y };
  }

  pointer(e, click) {
    if (!this.view) return;
    const p = this.fromEvent(e);
    if (!click) {
      const k = p ? p.x + ',' + p.y : null, old = this.hover ? this.hover.x + ',' + this.hover.y : null;
      if (k === old) return;
      this.hover = p; this.drawHover();
      if (this.onHover) this.onHover(p ? this.describe(this.target(p.x, p.y)) : null);
      return;
    }
    if (!p) return;
    this.cursor = p;
    this.act(p.x, p.y);
  }

  act(x, y) {
    if (this.opts.mode === 'score') { if (this.cellAt(x, y) && this.onMark) this.onMark(x, y); return; }
    if (!this.opts.interactive || !this.onPlay) return;
    const tp = this.target(x, y);
    this.onPlay(tp.x, tp.y);
  }

  initialCursor() {
    const l = this.view.legal && this.view.legal[0];
    if (this.view.last && this.view.last.x !== null && this.view.last.x !== undefined) return { x: this.view.last.x, y: this.view.last.y };
    if (l && this.legalSet.size < 10) return { x: l[0], y: l[1] };
    return { x: Math.floor(this.view.width / 2), y: Math.floor(this.view.height / 2) };
  }

  key(e) {
    if (!this.view) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (!this.cursor) this.cursor = this.initialCursor();
    if (moves[e.key] || e.key === 'Enter' || e.key === ' ') this.kb = true;
    if (moves[e.key]) {
      const [dx, dy] = moves[e.key];
      this.cursor = { x: Math.max(0, Math.min(this.view.width - 1, this.cursor.x + dx)), y: Math.max(0, Math.min(this.view.height - 1, this.cursor.y + dy)) };
      this.drawHover();
      const d = this.describe(this.cursor);
      this.live.textContent = d.text;
      if (this.onHover) this.onHover(d);
      e.preventDefault();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.act(this.cursor.x, this.cursor.y);
      e.preventDefault();
    }
  }

  describe(p) {
    const lab = coordLabels(this.view.notation, this.view.width, this.view.height);
    const name = lab.cols[p.x] + lab.rows[p.y];
    const c = this.cellAt(p.x, p.y);
    const parts = [name];
    let reason = null;
    if (c) parts.push(t(c === 'black' ? 'cell_black' : 'cell_white'));
    else {
      parts.push(t('cell_empty'));
      const ill = this.illegalMap.get(p.x + ',' + p.y);
      if (this.legalSet.has(p.x + ',' + p.y)) parts.push(t('cell_legal'));
      else if (ill && this.view.status === 'playing') { reason = ill.message || ill.code; parts.push(t('cell_illegal', { r: reason })); }
    }
    if (this.view.last && this.view.last.x === p.x && this.view.last.y === p.y) parts.push(t('cell_last'));
    return { x: p.x, y: p.y, name, reason, text: parts.join(', ') };
  }

  drawHover() {
    if (!this.overlay) return;
    const o = this.overlay;
    while (o.firstChild) o.removeChild(o.firstChild);
    const v = this.view;
    const focused = document.activeElement === this.svg;
    if (this.hover && this.opts.interactive && this.opts.mode !== 'score') {
      const tp = this.target(this.hover.x, this.hover.y);
      const k = tp.x + ',' + tp.y;
      if (this.legalSet.has(k)) {
        const g = s('g', { class: 'ghost' });
        g.append(piece(this.style, v.to_move, this.px(tp.x), this.py(tp.y), this.style.piece === 'stone' ? STEP * 0.47 : STEP * 0.41, this.ids));
        o.append(g);
      } else if (this.illegalMap.has(k) && !this.cellAt(tp.x, tp.y)) {
        o.append(s('circle', { cx: this.px(tp.x), cy: this.py(tp.y), r: STEP * 0.4, class: 'ghost-bad' }));
      }
    }
    if (this.cursor && focused && this.kb) {
      const c = this.cursor, r = STEP * 0.5;
      o.append(s('rect', { x: this.px(c.x) - r, y: this.py(c.y) - r, width: 2 * r, height: 2 * r, rx: 6, class: 'cursor', 'data-x': c.x, 'data-y': c.y }));
      if (this.opts.interactive && this.opts.mode !== 'score') {
        const tp = this.target(c.x, c.y);
        if (this.legalSet.has(tp.x + ',' + tp.y)) {
          const g = s('g', { class: 'ghost' });
          g.append(piece(this.style, v.to_move, this.px(tp.x), this.py(tp.y), this.style.piece === 'stone' ? STEP * 0.47 : STEP * 0.41, this.ids));
          o.append(g);
        }
      }
    }
  }
}
