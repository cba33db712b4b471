// English and Korean UI texts.  The language follows the browser unless the
// user picks one (kept in localStorage).  Messages that come from the server
// (illegal-move reasons, results) arrive already in the requested language.
const T = {
  en: {
    app: 'gridstone', lobby: 'Lobby', stats: 'Statistics', language: 'Language',
    you: 'You', choose_name: 'Choose a player name', name: 'Name', create_player: 'Start playing',
    sign_out: 'Forget me', open_challenges: 'Open challenges', live_games: 'Live games',
    recent_games: 'Finished games', none_yet: 'None yet.', new_game: 'New game', game: 'Game',
    options: 'Options', spec: 'Spec', opponent: 'Opponent', opp_open: 'Anyone (lobby challenge)',
    opp_private: 'A friend (private link)', opp_ai: 'Computer', ai_level: 'AI level',
    your_color: 'Your colour', color_random: 'Random', black: 'Black', white: 'White',
    time_control: 'Time control', clock_none: 'No clock', clock_absolute: 'Absolute',
    clock_fischer: 'Fischer increment', clock_byoyomi: 'Byo-yomi', main_time: 'Main time (min)',
    increment: 'Increment (s)', periods: 'Periods', period_time: 'Period (s)', create: 'Create game',
    cancel_game: 'Cancel this challenge', game_cancelled: 'The challenge was cancelled',
    join: 'Join', watch: 'Watch', review: 'Review', vs: 'vs', moves_n: '{n} moves', waiting: 'waiting for an opponent',
    to_move: '{c} to move', your_turn: 'Your turn', their_turn: "Opponent's turn", pass: 'Pass', resign: 'Resign',
    offer_draw: 'Offer draw', request_undo: 'Request undo', accept: 'Accept', decline: 'Decline',
    offer_draw_from: '{c} offers a draw', offer_undo_from: '{c} asks to undo', offer_sent: 'Offer sent…',
    answer_declined: 'The offer was declined', answer_accepted: 'The offer was accepted',
    confirm_resign: 'Resign this game?', scoring: 'Scoring', scoring_help: 'Click a group to mark it dead or alive, then accept the score.',
    accept_score: 'Accept score', resume: 'Resume play', resume_help: 'Disagree with the marking: play on; your opponent moves first.', accepted: 'accepted', score: 'Score', result: 'Result', captures: 'Captures',
    captured: 'captured', online: 'online', offline: 'offline', spectators: '{n} watching', invite_link: 'Invite link (send it to your opponent):',
    copy: 'Copy', copied: 'Copied', connecting: 'Connecting…', reconnecting: 'Connection lost — reconnecting…',
    connected: 'Connected', not_found: 'Not found', loading: 'Loading…', move_list: 'Moves', first: 'First',
    prev: 'Previous', next: 'Next', last: 'Last', move_n: 'Move {n}', start: 'Start', download_sgf: 'Download SGF',
    download_json: 'Download JSON', player: 'Player', games: 'Games', wins: 'Wins', losses: 'Losses', won: 'Win', lost: 'Loss',
    draws: 'Draws', streak: 'Streak', best_streak: 'Best streak', rating: 'Rating', rating_history: 'Rating history',
    history: 'History', overall: 'All games', finished: 'Finished', wins_by_color: 'Wins by colour',
    length_dist: 'Game length (moves)', captures_by_color: 'Captures per game by colour', results_over_time: 'Results by day (games started that day)', not_finished: 'Not finished',
    rating_dist: 'Rating distribution', games_per_kind: 'Games per game kind', data_table: 'Data table', preset_default: '(rules default)', handicap: 'handicap', resignations: 'Resignations', timeouts: 'Timeouts', passes: 'Passes',
    avg_length: 'Average length', count: 'Count', no_charts: 'Charts are unavailable (the chart library was not installed: run npm ci, then make web).',
    board_label: '{game} board, {w} by {h}', cell_empty: 'empty', cell_black: 'black stone', cell_white: 'white stone',
    cell_legal: 'legal', cell_illegal: 'illegal: {r}', cell_last: 'last move', played_by: '{c} played {m}',
    kb_help: 'Arrow keys move the cursor, Enter or Space plays.', status_open: 'Open', status_playing: 'Playing',
    status_scoring: 'Scoring', status_finished: 'Finished', date: 'Date', opponent_col: 'Opponent', color: 'Colour',
    ai: 'AI', spec_custom: 'Spec (advanced)', error: 'Error', presets: 'Presets', go_to_game: 'Back to the game',
    game_over: 'Game over', draw: 'Draw', passed: 'pass', watching: 'You are watching', ai_thinking: 'thinking…',
    periods_left: '{n}×{s}s', share: 'Share', none: 'none', welcome: 'Play Go, Gomoku/Renju, Reversi and m,n,k-games against people or the computer.',
    name_taken: 'That name is taken', open: 'open', skip_link: 'Skip to content',
  },
  ko: {
    app: 'gridstone', lobby: '로비', stats: '통계', language: '언어',
    you: '나', choose_name: '플레이어 이름을 정하세요', name: '이름', create_player: '시작하기',
    sign_out: '이 브라우저에서 내 정보 지우기', open_challenges: '대국 신청', live_games: '진행 중인 대국',
    recent_games: '끝난 대국', none_yet: '아직 없습니다.', new_game: '새 대국', game: '게임',
    options: '설정', spec: '규칙 문자열', opponent: '상대', opp_open: '누구나 (로비에 대국 신청)',
    opp_private: '친구 (비공개 링크)', opp_ai: '컴퓨터', ai_level: 'AI 수준',
    your_color: '내 돌 색', color_random: '무작위', black: '흑', white: '백',
    time_control: '시간 규칙', clock_none: '시간 제한 없음', clock_absolute: '제한 시간 (추가 없음)',
    clock_fischer: '피셔 (한 수마다 시간 추가)', clock_byoyomi: '초읽기', main_time: '기본 시간 (분)',
    increment: '한 수당 추가 시간 (초)', periods: '초읽기 횟수', period_time: '초읽기 시간 (초)', create: '대국 만들기',
    cancel_game: '이 대국 신청 취소', game_cancelled: '대국 신청이 취소되었습니다',
    join: '참가', watch: '관전', review: '복기', vs: '대', moves_n: '{n}수', waiting: '상대를 기다리는 중',
    to_move: '{c} 차례', your_turn: '내 차례', their_turn: '상대 차례', pass: '패스', resign: '기권',
    offer_draw: '무승부 제안', request_undo: '무르기 요청', accept: '수락', decline: '거절',
    offer_draw_from: '{c}이 무승부를 제안합니다', offer_undo_from: '{c}이 무르기를 요청합니다', offer_sent: '제안을 보냈습니다…',
    answer_declined: '제안이 거절되었습니다', answer_accepted: '제안이 수락되었습니다',
    confirm_resign: '이 대국에서 기권하시겠습니까?', scoring: '계가', scoring_help: '돌 무리를 눌러 사석(죽은 돌)인지 산 돌인지 표시한 뒤 계가 결과를 수락하세요.',
    accept_score: '계가 결과 수락', resume: '대국 재개', resume_help: '사석 표시에 동의하지 않으면 대국을 이어서 둡니다. 상대가 먼저 둡니다.', accepted: '수락함', score: '점수', result: '결과', captures: '따낸 돌',
    captured: '따냄', online: '접속 중', offline: '미접속', spectators: '관전자 {n}명', invite_link: '초대 링크 (상대에게 보내세요):',
    copy: '복사', copied: '복사했습니다', connecting: '연결 중…', reconnecting: '연결이 끊겼습니다 — 다시 연결하는 중…',
    connected: '연결됨', not_found: '찾을 수 없습니다', loading: '불러오는 중…', move_list: '기보', first: '처음',
    prev: '이전', next: '다음', last: '마지막', move_n: '{n}수', start: '시작', download_sgf: 'SGF 내려받기',
    download_json: 'JSON 내려받기', player: '플레이어', games: '대국 수', wins: '승', losses: '패', won: '승', lost: '패',
    draws: '무', streak: '연승/연패', best_streak: '최다 연승', rating: '레이팅', rating_history: '레이팅 변화',
    history: '대국 기록', overall: '전체', finished: '끝난 대국', wins_by_color: '흑/백 승리 수',
    length_dist: '대국 길이 (수)', captures_by_color: '대국당 흑/백 따낸 돌', results_over_time: '날짜별 결과 (그날 시작한 대국)', not_finished: '끝나지 않음',
    rating_dist: '레이팅 분포', games_per_kind: '게임 종류별 대국 수', data_table: '표로 보기', preset_default: '(규칙 기본값)', handicap: '치석 수 (접바둑)', resignations: '기권', timeouts: '시간패', passes: '패스',
    avg_length: '평균 길이', count: '개수', no_charts: '차트를 표시할 수 없습니다 (차트 라이브러리가 없습니다: npm ci 후 make web).',
    board_label: '{game} 판, {w}×{h}', cell_empty: '빈 자리', cell_black: '흑돌', cell_white: '백돌',
    cell_legal: '둘 수 있음', cell_illegal: '둘 수 없음: {r}', cell_last: '마지막 수', played_by: '{c} {m}',
    kb_help: '화살표 키로 커서를 옮기고 Enter 또는 Space로 둡니다.', status_open: '대기 중', status_playing: '대국 중',
    status_scoring: '계가 중', status_finished: '종료', date: '날짜', opponent_col: '상대', color: '흑/백',
    ai: 'AI', spec_custom: '규칙 문자열 (고급)', error: '오류', presets: '미리 정해 둔 규칙', go_to_game: '대국으로 돌아가기',
    game_over: '대국 종료', draw: '무승부', passed: '패스', watching: '관전 중입니다', ai_thinking: '생각 중…',
    periods_left: '{n}×{s}초', share: '공유', none: '없음', welcome: '바둑, 오목·렌주, 리버시(오델로), m,n,k 게임을 사람이나 컴퓨터와 두세요.',
    name_taken: '이미 쓰고 있는 이름입니다', open: '대기', skip_link: '본문으로 건너뛰기',
  },
};

// Korean names of the AI levels (the same words in every game).  What a
// game is called, its summary and its keys' labels are the game modules'
// own: the server sends them in both languages in /api/meta, and
// learnGames keeps them (api.js's meta() calls it).  English shows the
// identifiers and the server's English text.
const NAMES = {
  ko: {
    level: { random: '무작위', beginner: '초급', medium: '중급', strong: '고급', perfect: '완벽' },
  },
};
// name -> { ko: the Korean name, summary: { en, ko } }, from /api/meta's games and aliases
const games = new Map();

let lang = pickLang();
const listeners = new Set();

function pickLang() {
  const saved = localStorage.getItem('gs.lang');
  if (saved === 'en' || saved === 'ko') return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return nav.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

// For tests/web/i18n.test.mjs: every text in both languages.
export { T as texts, NAMES as names };
export function getLang() { return lang; }
export function setLang(l) {
  if (l !== 'en' && l !== 'ko' || l === lang) return;
  lang = l;
  localStorage.setItem('gs.lang', l);
  document.documentElement.lang = l;
  for (const f of listeners) f(l);
}
export function onLang(f) { listeners.add(f); }

export function t(key, vars) {
  let s = T[lang][key] ?? T.en[key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}
export function colorName(c) { return c === 'black' ? t('black') : c === 'white' ? t('white') : c; }
// Keeps what /api/meta says about each game and alias in both languages.
export function learnGames(m) {
  for (const g of [...((m && m.games) || []), ...((m && m.aliases) || [])])
    if (g && g.name) games.set(g.name, { ko: g.name_ko, summary: { en: g.summary, ko: g.summary_ko } });
}
const withName = (n, id, withId) => (n && n !== id ? (withId ? `${n} (${id})` : n) : id);
// The name of an identifier of kind 'game' (a game or alias, as learnt
// from /api/meta) or 'level' in the current language: "바둑 (go)" in
// Korean ("바둑" without withId), the identifier itself in English.
export function nameOf(kind, id, withId = true) {
  if (lang !== 'ko') return id;
  return withName(kind === 'game' ? games.get(id)?.ko : NAMES.ko[kind]?.[id], id, withId);
}
// A spec key's label: its Korean label from /api/meta (label_ko) with the
// key in brackets in Korean, the key itself in English.
export function keyLabel(key, labelKo) {
  return lang === 'ko' ? withName(labelKo, key, true) : key;
}
// A seat's name: an AI seat by its level in the current language (its
// stored name is "AI (level)" in English), else the player's name; null if neither.
export function seatName(p) {
  return (p.ai ? `${t('ai')} (${nameOf('level', p.ai, false)})` : p.name) || null;
}
// A game's one-line summary in the current language (as learnt from
// /api/meta); fallback: the text the caller has.
export function summaryOf(game, fallback) {
  return games.get(game)?.summary[lang] || fallback || '';
}
