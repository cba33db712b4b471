// The server's protocol (docs/PROTOCOL.md): HTTP under /api and one WebSocket
// (/ws, subprotocol gridstone.v1) that reconnects by itself and re-watches the
// games it watched, saying which move it has (watch.since / watch.undos).
import { getLang, learnGames } from './i18n.js';

export class ApiError extends Error {
  constructor(code, message, status) { super(message || code); this.code = code; this.status = status; }
}

export const session = {
  get token() { return localStorage.getItem('gs.token'); },
  get player() { try { return JSON.parse(localStorage.getItem('gs.player')); } catch { return null; } },
  set(player, token) {
    if (token) localStorage.setItem('gs.token', token);
    localStorage.setItem('gs.player', JSON.stringify(player));
  },
  clear() { localStorage.removeItem('gs.token'); localStorage.removeItem('gs.player'); },
};

export async function api(method, path, body) {
  const headers = { 'Accept': 'application/json', 'Accept-Language': getLang() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session.token) headers['Authorization'] = 'Bearer ' + session.token;
  const sep = path.includes('?') ? '&' : '?';
  let res;
  try {
    res = await fetch('/api' + path + sep + 'lang=' + getLang(), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError('network', String(e.message || e), 0);
  }
  let data = null;
  try { data = await res.json(); } catch { /* empty or not JSON */ }
  if (!res.ok) {
    const err = data && data.error;
    throw new ApiError(err ? err.code : 'http-' + res.status, err ? err.message : res.statusText, res.status);
  }
  return data;
}

let metaPromise = null;
export function meta() {
  // the games' names and summaries in both languages are learnt once here
  if (!metaPromise) metaPromise = api('GET', '/meta').then((m) => { learnGames(m); return m; }).catch((e) => { metaPromise = null; throw e; });
  return metaPromise;
}

// ---- WebSocket -----------------------------------------------------------
class Socket {
  constructor() {
    this.ws = null;
    this.handlers = new Set();
    this.statusHandlers = new Set();
    this.watched = new Map();   // game id -> {since, undos, invite}
    this.queue = [];
    this.ready = false;
    this.retry = 0;
    this.reqSeq = 0;
    this.pending = new Map();   // req -> {resolve, reject}
    this.timer = null;
    this.status = 'connecting';
    window.addEventListener('online', () => { if (!this.ws) this.connect(); });
  }
  on(f) { this.handlers.add(f); return () => this.handlers.delete(f); }
  onStatus(f) { this.statusHandlers.add(f); f(this.status); return () => this.statusHandlers.delete(f); }
  setStatus(s) { this.status = s; for (const f of this.statusHandlers) f(s); }

  connect() {
    if (this.ws) return;
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
    let ws;
    try { ws = new WebSocket(url, 'gridstone.v1'); } catch { this.reconnectLater(); return; }
    this.ws = ws;
    this.ready = false;
    ws.onopen = () => {
      this.retry = 0;
      this.rawSend({ type: 'hello', token: session.token || undefined, lang: getLang() });
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === 'welcome') {
        this.ready = true;
        this.setStatus('connected');
        for (const [id, w] of this.watched) this.rawSend({ type: 'watch', game: id, since: w.since, undos: w.undos, invite: w.invite || undefined });
        const q = this.queue; this.queue = [];
        for (const m of q) this.rawSend(m);
      }
      if (msg.req !== undefined && this.pending.has(msg.req)) {
        const p = this.pending.get(msg.req); this.pending.delete(msg.req);
        if (msg.type === 'error') p.reject(new ApiError(msg.error.code, msg.error.message)); else p.resolve(msg);
      }
      for (const f of this.handlers) f(msg);
    };
    ws.onclose = () => {
      this.ws = null; this.ready = false;
      for (const [, p] of this.pending) p.reject(new ApiError('network', 'connection closed'));
      this.pending.clear();
      this.reconnectLater();
    };
    ws.onerror = () => { /* onclose follows */ };
    clearInterval(this.timer);
    this.timer = setInterval(() => { if (this.ready) this.rawSend({ type: 'ping' }); }, 20000);
  }
  reconnectLater() {
    this.setStatus('reconnecting');
    const delay = Math.min(5000, 250 * 2 ** this.retry++);
    setTimeout(() => this.connect(), delay);
  }
  restart() {   // after a change of language or identity: hello again
    if (this.ws) { const ws = this.ws; this.ws = null; ws.onclose = null; ws.close(); }
    this.connect();
  }
  rawSend(m) { if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(m)); }
  send(m) {
    if (this.ready) this.rawSend(m); else { this.queue.push(m); this.connect(); }
  }
  request(m) {
    const req = 'r' + (++this.reqSeq);
    return new Promise((resolve, reject) => {
      this.pending.set(req, { resolve, reject });
      this.send({ ...m, req });
    });
  }
  watch(id, since, undos, invite) {
    this.watched.set(id, { since, undos, invite });
    this.send({ type: 'watch', game: id, since, undos, invite: invite || undefined });
  }
  progress(id, since, undos) {
    const w = this.watched.get(id);
    if (w) { w.since = since; w.undos = undos; }
  }
  unwatch(id) {
    if (this.watched.delete(id)) this.send({ type: 'unwatch', game: id });
  }
}

export const socket = new Socket();
