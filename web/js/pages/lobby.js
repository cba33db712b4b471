// The lobby: the player's name, a new-game form built from /api/meta, open
// challenges, live games and finished games.
import { h, clear, fmtDate, busy } from '../dom.js';
import { t, getLang, colorName, nameOf, keyLabel, summaryOf, seatName } from '../i18n.js';
import { api, meta, session } from '../api.js';
import { toast, errorText, nameForm } from '../app.js';
import { keyFields, parseSpec, buildSpec } from '../spec.js';
import { pieceIcon } from '../board.js';

export function playersLine(g) {
  const p = g.players || {};
  const one = (c) => {
    const x = p[c] || {};
    // an AI seat's stored name is "AI (level)" in English: named here in the reader's language
    const label = seatName(x) || '—';
    const inner = [pieceIcon(g.kind, g.spec, c, 14), ' ', x.id ? h('a', { href: `#/player/${x.id}` }, label) : h('span', null, label)];
    return h('span', { class: 'pl' }, inner);
  };
  return h('span', { class: 'players' }, one('black'), h('span', { class: 'vs' }, ' ' + t('vs') + ' '), one('white'));
}

function gameRow(g, action) {
  const resultText = g.result ? (g.result.text || '') : '';
  return h('li', { class: 'game-row', dataset: { id: g.id } },
    h('div', { class: 'gr-main' },
      h('span', { class: 'spec' }, g.spec.replace(/,/g, ',\u200b')),
      playersLine(g)),
    h('div', { class: 'gr-side' },
      h('span', { class: 'muted' }, g.status === 'finished' ? resultText : t('moves_n', { n: g.ply || 0 })),
      action));
}

export async function render(main) {
  const me = session.player;
  const left = h('section', { class: 'card new-game', 'aria-labelledby': 'ng-h' });
  const right = h('div', { class: 'lists' });
  main.append(h('div', { class: 'lobby' }, left, right));

  const lists = {
    open: h('ul', { class: 'games', id: 'open-list' }),
    live: h('ul', { class: 'games', id: 'live-list' }),
    done: h('ul', { class: 'games', id: 'done-list' }),
  };
  right.append(
    h('section', { class: 'card' }, h('h2', null, t('open_challenges')), lists.open),
    h('section', { class: 'card' }, h('h2', null, t('live_games')), lists.live),
    h('section', { class: 'card' }, h('h2', null, t('recent_games')), lists.done));

  const fill = (ul, games, action) => {
    clear(ul);
    if (!games.length) ul.append(h('li', { class: 'empty muted' }, t('none_yet')));
    for (const g of games) ul.append(gameRow(g, action(g)));
  };
  const join = async (g, btn) => {
    if (!session.token) { document.getElementById('player-name')?.focus(); return; }
    await busy(btn, async () => {
      try {
        await api('POST', `/games/${g.id}/join`, {});
        location.hash = `#/game/${g.id}`;
      } catch (e) { toast(errorText(e)); }
    });
  };
  async function refresh(first) {
    try {
      const [lobby, done] = await Promise.all([first ? firstLobby : api('GET', '/lobby'), api('GET', '/games?status=finished&limit=10')]);
      const mine = (g) => me && ['black', 'white'].some((c) => g.players && g.players[c] && g.players[c].id === me.id);
      fill(lists.open, lobby.open || [], (g) => mine(g)
        ? h('a', { class: 'btn', href: `#/game/${g.id}` }, t('go_to_game'))
        : h('button', { class: 'btn primary', onclick: (e) => join(g, e.currentTarget) }, t('join')));
      fill(lists.live, lobby.live || [], (g) => h('a', { class: 'btn', href: `#/game/${g.id}` }, mine(g) ? t('go_to_game') : t('watch')));
      fill(lists.done, done.games || [], (g) => h('a', { class: 'btn', href: `#/review/${g.id}` }, t('review')));
    } catch (e) { toast(errorText(e)); }
  }

  // the lists and the game list are asked for at once
  const firstLobby = api('GET', '/lobby');
  const metaP = meta();
  const listsDone = refresh(true);
  // left: who am I + new game
  left.append(h('h1', { id: 'ng-h' }, t('new_game')));
  left.append(h('p', { class: 'muted' }, t('welcome')));
  if (!me) left.append(nameForm(() => { clear(main); render(main); }));
  try {
    const m = await metaP;
    left.append(newGameForm(m, !!me));
  } catch (e) { left.append(h('p', { class: 'form-error' }, errorText(e))); }

  await listsDone;
  performance.mark('gs:lobby');
  const timer = setInterval(() => refresh(false), 4000);
  return () => clearInterval(timer);
}

function newGameForm(m, enabled) {
  const games = m.games || [];
  const aliases = m.aliases || [];
  const gameSel = h('select', { id: 'ng-game', name: 'game' },
    h('optgroup', { label: t('game') }, games.map((g) => h('option', { value: 'g:' + g.name, title: summaryOf(g.name, g.summary) }, nameOf('game', g.name)))),
    aliases.length ? h('optgroup', { label: t('presets') }, aliases.map((a) => h('option', { value: 'a:' + a.name, title: a.spec }, nameOf('game', a.name)))) : null);
  const optBox = h('div', { class: 'opts' });
  const specIn = h('input', { id: 'ng-spec', name: 'spec', spellcheck: 'false', autocomplete: 'off' });
  const summary = h('p', { class: 'muted small', id: 'ng-summary' });
  const levelSel = h('select', { id: 'ng-level', name: 'level' });
  let current = null;
  let fields = [];

  const family = () => {
    const v = gameSel.value;
    if (v.startsWith('g:')) { const g = games.find((x) => x.name === v.slice(2)); return { game: g, keysFrom: g, preset: [] }; }
    const a = aliases.find((x) => x.name === v.slice(2));
    const ps = parseSpec(a.spec);
    const g = games.find((x) => x.name === ps.name);
    // an alias with its own key list carries its preset defaults already
    return Array.isArray(a.keys) ? { game: g, keysFrom: a, preset: [] } : { game: g, keysFrom: g, preset: ps.keys };
  };
  const compose = () => {
    const vals = {};
    for (const f of fields) {
      const el = f.el;
      vals[f.key] = f.type === 'bool' ? (el.checked ? '1' : '0') : el.value.trim();
    }
    specIn.value = buildSpec(current.name, vals);
  };
  const build = () => {
    const { game, keysFrom, preset } = family();
    if (!game) return;
    current = game;
    summary.textContent = summaryOf(game.name, game.summary);
    clear(optBox);
    fields = keyFields(keysFrom);
    const presetMap = new Map(preset);
    for (const f of fields) {
      const id = 'ng-k-' + f.key;
      const def = presetMap.has(f.key) ? presetMap.get(f.key) : f.def;
      let el;
      if (f.type === 'enum') el = h('select', { id, name: f.key }, f.optional ? h('option', { value: '', selected: def === '' }, t('preset_default')) : null, f.choices.map((c) => h('option', { value: c, selected: c === def }, c)));
      else if (f.type === 'bool') el = h('input', { id, name: f.key, type: 'checkbox', checked: def === '1' });
      else if (f.type === 'number') el = h('input', { id, name: f.key, type: 'number', min: f.min, max: f.max, step: f.step, value: def, inputmode: 'numeric' });
      else if (f.type === 'decimal') el = h('input', { id, name: f.key, type: 'number', min: f.min, max: f.max, step: f.step || '0.5', value: def, placeholder: f.optional ? t('preset_default') : null });
      else el = h('input', { id, name: f.key, value: def, size: 6 });
      el.addEventListener('input', compose);
      el.addEventListener('change', compose);
      f.el = el;
      if (f.help) el.title = f.help;
      optBox.append(h('div', { class: 'field' + (f.type === 'bool' ? ' check' : '') }, h('label', { for: id }, keyLabel(f.key, f.label_ko)), el));
    }
    // handicap stones, for the games whose meta entry says they take them
    if (game.handicap) {
      const max = typeof game.handicap === 'object' ? game.handicap.max : 9;
      optBox.append(h('div', { class: 'field' }, h('label', { for: 'ng-handicap' }, t('handicap')),
        h('input', { id: 'ng-handicap', name: 'handicap', type: 'number', min: 0, max, value: 0 })));
    }
    clear(levelSel);
    for (const l of game.levels || []) levelSel.append(h('option', { value: l }, nameOf('level', l)));
    compose();
  };
  gameSel.addEventListener('change', build);

  const radio = (name, value, label, checked) => h('label', { class: 'radio' }, h('input', { type: 'radio', name, value, checked }), ' ', label);
  const colorSet = h('fieldset', null, h('legend', null, t('your_color')),
    radio('color', 'random', t('color_random'), true), radio('color', 'black', t('black')), radio('color', 'white', t('white')));
  const oppSet = h('fieldset', null, h('legend', null, t('opponent')),
    radio('opp', 'ai', t('opp_ai'), true), radio('opp', 'open', t('opp_open')), radio('opp', 'private', t('opp_private')),
    h('div', { class: 'field', id: 'ng-level-f' }, h('label', { for: 'ng-level' }, t('ai_level')), levelSel));
  const clockSel = h('select', { id: 'ng-clock', name: 'clock' }, (m.clocks || ['none']).map((c) => h('option', { value: c }, t('clock_' + c))));
  const num = (id, label, value, step = 1) => h('div', { class: 'field', dataset: { clock: id } }, h('label', { for: 'ng-' + id }, label), h('input', { id: 'ng-' + id, type: 'number', min: 0, step, value }));
  const clockFields = h('div', { class: 'clock-fields' },
    num('main', t('main_time'), 10, 0.5), num('inc', t('increment'), 5), num('periods', t('periods'), 3), num('period', t('period_time'), 30));
  const showClock = () => {
    const c = clockSel.value;
    const need = { none: [], absolute: ['main'], fischer: ['main', 'inc'], byoyomi: ['main', 'periods', 'period'] }[c] || [];
    for (const f of clockFields.children) f.hidden = !need.includes(f.dataset.clock);
  };
  clockSel.addEventListener('change', showClock);
  const timeSet = h('fieldset', null, h('legend', null, t('time_control')), h('div', { class: 'field' }, h('label', { for: 'ng-clock' }, t('time_control')), clockSel), clockFields);

  const form = h('form', { id: 'new-game', onsubmit: async (e) => {
    e.preventDefault();
    const fd = new FormData(form);
    const opp = fd.get('opp');
    const c = clockSel.value;
    const val = (id) => Number(document.getElementById('ng-' + id).value || 0);
    const clock = { type: c };
    if (c !== 'none') clock.main_ms = Math.round(val('main') * 60000);
    if (c === 'fischer') clock.increment_ms = Math.round(val('inc') * 1000);
    if (c === 'byoyomi') { clock.periods = val('periods'); clock.period_ms = Math.round(val('period') * 1000); }
    const body = { spec: specIn.value.trim(), color: fd.get('color'), opponent: opp === 'ai' ? { type: 'ai', level: levelSel.value } : { type: opp }, clock };
    const hc = document.getElementById('ng-handicap');
    if (hc && Number(hc.value) > 0) body.handicap = Number(hc.value);
    await busy(document.getElementById('ng-create'), async () => {
      try {
        const r = await api('POST', '/games', body);
        const g = r.game;
        location.hash = `#/game/${g.id}` + (g.invite ? `?invite=${encodeURIComponent(g.invite)}` : '');
      } catch (ex) { toast(errorText(ex)); }
    });
  } },
  h('div', { class: 'field' }, h('label', { for: 'ng-game' }, t('game')), gameSel),
  summary,
  h('fieldset', null, h('legend', null, t('options')), optBox,
    h('div', { class: 'field wide' }, h('label', { for: 'ng-spec' }, t('spec_custom')), specIn)),
  colorSet, oppSet, timeSet,
  h('button', { type: 'submit', class: 'primary big', disabled: !enabled, id: 'ng-create' }, t('create')));
  oppSet.addEventListener('change', () => { document.getElementById('ng-level-f').hidden = new FormData(form).get('opp') !== 'ai'; });
  build();
  showClock();
  return form;
}
