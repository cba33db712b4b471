// The single-page app: hash routes, the header, the connection banner, toasts.
import { h, clear, busy } from './dom.js';
import { t, getLang, setLang, onLang } from './i18n.js';
import { api, session, socket, ApiError } from './api.js';

const routes = [
  [/^\/?$/, () => import('./pages/lobby.js')],
  [/^\/game\/(\d+)$/, () => import('./pages/game.js')],
  [/^\/review\/(\d+)$/, () => import('./pages/review.js')],
  [/^\/player\/(\d+)$/, () => import('./pages/player.js')],
  [/^\/stats(?:\/([a-z0-9_-]+))?$/, () => import('./pages/stats.js')],
];

let cleanup = null;
let seq = 0;

export function toast(msg, kind = 'error') {
  const el = document.getElementById('toast');
  el.textContent = msg;
  el.className = 'toast show ' + kind;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.className = 'toast'; }, 4500);
}

export function errorText(e) {
  if (e instanceof ApiError) return e.message || e.code;
  return String((e && e.message) || e);
}

function parseHash() {
  const raw = location.hash.replace(/^#/, '') || '/';
  const [path, query] = raw.split('?');
  return { path, query: new URLSearchParams(query || '') };
}

async function route() {
  const my = ++seq;
  const { path, query } = parseHash();
  if (cleanup) { try { cleanup(); } catch { /* page gone */ } cleanup = null; }
  // Each page draws into an element of its own: a page left while it was
  // still loading (its first requests out) changes only that detached element.
  const main = h('div', { class: 'page' });
  clear(document.getElementById('main')).append(main);
  renderHeader();
  for (const [re, load] of routes) {
    const m = re.exec(path);
    if (!m) continue;
    const mod = await load();
    if (my !== seq) return;
    const done = (await mod.render(main, { match: m, query })) || null;
    if (my !== seq) { if (done) done(); return; }   // left while it loaded: stop it now
    cleanup = done;
    return;
  }
  main.append(h('section', { class: 'card' }, h('h1', null, t('not_found'))));
}

export function renderHeader() {
  const nav = clear(document.getElementById('nav'));
  const { path } = parseHash();
  const link = (href, label, active) => h('a', { href, 'aria-current': active ? 'page' : null }, label);
  nav.append(link('#/', t('lobby'), path === '/' || path === ''), link('#/stats', t('stats'), path.startsWith('/stats')));
  const who = clear(document.getElementById('who'));
  const p = session.player;
  if (p) {
    who.append(h('a', { href: `#/player/${p.id}`, class: 'me', title: t('you') }, h('span', { class: 'dot', 'aria-hidden': 'true' }), p.name));
  }
  document.getElementById('lang').value = getLang();
  document.getElementById('lang-label').textContent = t('language');
  document.querySelector('.skip').textContent = t('skip_link');
}

// Create a player (the name form) and keep the token.
export function nameForm(onDone) {
  const input = h('input', { id: 'player-name', name: 'name', required: true, maxlength: 32, autocomplete: 'nickname' });
  const err = h('p', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, t('create_player'));
  const form = h('form', { class: 'name-form', onsubmit: (e) => {
    e.preventDefault();
    // one request: a second one for the same name would be refused as taken
    return busy(submit, async () => {
      err.textContent = '';
      try {
        const r = await api('POST', '/players', { name: input.value.trim(), lang: getLang() });
        session.set(r.player, r.token);
        socket.restart();
        renderHeader();
        if (onDone) onDone(r.player);
      } catch (ex) { err.textContent = ex instanceof ApiError && ex.code === 'conflict' ? t('name_taken') : errorText(ex); }
    });
  } },
  h('label', { for: 'player-name' }, t('choose_name')),
  h('div', { class: 'row' }, input, submit),
  err);
  return form;
}

function connBanner(status) {
  const el = document.getElementById('conn');
  el.textContent = status === 'reconnecting' ? t('reconnecting') : '';
  el.className = 'conn ' + status;
}

document.getElementById('lang').addEventListener('change', (e) => setLang(e.target.value));
onLang(() => { socket.restart(); route(); });
document.documentElement.lang = getLang();
window.addEventListener('hashchange', route);
socket.onStatus(connBanner);
socket.connect();
// Check a stored token once; a server with a new database no longer knows it.
if (session.token) {
  api('GET', '/players/me').then((r) => { session.set(r.player); renderHeader(); })
    .catch((e) => { if (e.status === 401) { session.clear(); socket.restart(); renderHeader(); } });
}
route();
