// The match's story: one sentence for each event, in the reader's language,
// with the players' names and the game's own words ("Reza bid 2", "Sara's
// turn · Level up (kill) · 4 → 5", "Reza played Red Wizard 6 to Vipas"), and the
// Events list built from the whole log: events grouped by round or turn,
// each shown as it counts now (a correction in its place, with its time),
// undone and voided ones marked. The offline queue, the undo button and the
// fix editor use the same sentences.
import { addWords, digits, word, hasWord, FA_SEP, listSep } from './app-i18n.js';

addWords({
  en: {
    st_round: 'Round {n}', st_turn: 'Turn {n} · {p}', st_turn_of: '{p}\'s turn', st_setup: 'Before play',
    st_round_dealt: 'Round {n} dealt · trump {t}', st_bid: '{p} bid {n}', st_tricks: 'Tricks won: {list}',
    st_trick: 'A trick: {list}', st_trick_won: 'A trick won by {p}: {list}',
    st_level: '{p} · {what} ({why}) · {d}', st_level_to: '{p}\'s turn · {what} ({why}) · {a} → {b}', st_level_up: 'Level up', st_level_down: 'Level down',
    st_combat: '{p} fought {list}', st_combat_helped: '{p} fought {list}, helped by {h}', st_run_away: '{p} ran away',
    st_sold: '{p} sold items for {n} gold', st_died: '{p} died', st_turn_ended: '{p} ended the turn',
    st_turn_ended_hand: '{p} ended the turn holding {n} card(s)', st_character: '{p} changed race or class', st_gear: '{p} changed gear ({n} items)', st_hand_dealt: '{p} was dealt {n} cards',
    st_round_started: 'Round {n} began', st_took_turn: '{p}: {a}', st_census_of: 'census of a village of {n}',
    st_round_ended: 'Round {n} ended ({why}) · villages: {list}', st_round_ended_plain: 'Round ended ({why}) · villages: {list}',
    st_played_to: '{p} played {c} to {l}', st_played_down: '{p} played a face-down card to {l}',
    st_burned: '{p} burned a card', st_declared: '{p} declared a battle at {l}', st_battle: 'The battle at {l} was resolved',
    st_spell: '{p} cast {s}', st_opening: 'Opening roll: {list}', st_rolled: '{p} rolled {w} W, {c} card, {g} give',
    st_drew: '{p} drew {n} card(s)', st_gave: '{p} gave dice to {list}', st_wz_played: '{p} played {c}',
    st_wz_played_on: '{p} played {c} on {t}', st_wz_played_dir: '{p} played {c} to the {d}', st_left: 'left', st_right: 'right',
    st_scores: '{r}: {list}', st_sheet_done: 'The sheet was closed', st_match_updated: 'The match details changed',
    st_add: '{p} added {n}', st_other: 'An event of the game', st_and: ' and ',
    st_undone: 'Undone', st_voided: 'Voided', st_corrected: 'Corrected at {t}', st_was: 'was: {s}', st_undone_at: 'Undone at {t}', st_voided_at: 'Voided at {t}',
    st_did_undo: 'Undone: {s}', st_did_redo: 'Redone: {s}', st_undo_what: 'Undo: {s}', st_redo_what: 'Redo: {s}',
    st_waiting: 'Recorded on this phone · waiting to be sent', st_fixed_waiting: 'Fixed on this phone · waiting to be sent',
    st_undone_waiting: 'Undone on this phone · waiting to be sent', st_voided_waiting: 'Voided on this phone · waiting to be sent',
    st_back_waiting: 'Brought back on this phone · waiting to be sent', st_unchecked: 'Waiting to be sent · the server checks it',
    st_waiting_group: 'Waiting to be sent',
    st_face_down: 'a face-down card', st_W: 'W', reason_kill: 'kill', reason_sell: 'sale', reason_death: 'death',
  },
  fa: {
    st_round: 'دورِ {n}', st_turn: 'نوبتِ {n} · {p}', st_turn_of: 'نوبتِ {p}', st_setup: 'پیش از بازی',
    st_round_dealt: 'دورِ {n} پخش شد · حکم {t}', st_bid: '{p} {n} پیش‌بینی کرد', st_tricks: 'تریک‌های بُرده: {list}',
    st_trick: 'یک تریک: {list}', st_trick_won: 'تریکی که {p} بُرد: {list}',
    st_level: '{p}، {what} ({why})، {d}', st_level_to: 'نوبتِ {p}، {what} ({why})، {a} → {b}', st_level_up: 'سطح بالا', st_level_down: 'سطح پایین',
    st_combat: '{p} با {list} جنگید', st_combat_helped: '{p} با کمکِ {h} با {list} جنگید', st_run_away: '{p} فرار کرد',
    st_sold: '{p} وسایلی به ارزشِ {n} سکه فروخت', st_died: '{p} مُرد', st_turn_ended: '{p} نوبتش را تمام کرد',
    st_turn_ended_hand: '{p} نوبتش را با {n} کارت در دست تمام کرد', st_character: '{p} نژاد یا طبقه‌اش را عوض کرد', st_gear: '{p} ساز و برگش را عوض کرد ({n} آیتم)', st_hand_dealt: 'به {p} {n} کارت داده شد',
    st_round_started: 'دورِ {n} شروع شد', st_took_turn: '{p}: {a}', st_census_of: 'سرشماریِ دهکده‌ای با {n} کارت',
    st_round_ended: 'دورِ {n} تمام شد ({why}) · دهکده‌ها: {list}', st_round_ended_plain: 'دور تمام شد ({why}) · دهکده‌ها: {list}',
    st_played_to: '{p} {c} را در {l} بازی کرد', st_played_down: '{p} کارتی به پشت در {l} بازی کرد',
    st_burned: '{p} کارتی سوزاند', st_declared: '{p} در {l} اعلامِ نبرد کرد', st_battle: 'نبردِ {l} داوری شد',
    st_spell: '{p} طلسمِ {s} را بازی کرد', st_opening: 'تاس‌ریزیِ آغاز: {list}', st_rolled: '{p} ریخت: {w} W، {c} کارت، {g} دادنِ تاس',
    st_drew: '{p} {n} کارت کشید', st_gave: '{p} تاس داد به {list}', st_wz_played: '{p} کارتِ {c} را بازی کرد',
    st_wz_played_on: '{p} کارتِ {c} را روی {t} بازی کرد', st_wz_played_dir: '{p} کارتِ {c} را به {d} بازی کرد', st_left: 'چپ', st_right: 'راست',
    st_scores: '{r}: {list}', st_sheet_done: 'برگه بسته شد', st_match_updated: 'مشخصاتِ بازی تغییر کرد',
    st_add: '{p} {n} افزود', st_other: 'رویدادی از بازی', st_and: ' و ',
    st_undone: 'برگردانده شد', st_voided: 'باطل شد', st_corrected: 'اصلاح شد در {t}', st_was: 'پیش‌تر: {s}', st_undone_at: 'برگردانده شد در {t}', st_voided_at: 'باطل شد در {t}',
    st_did_undo: 'برگردانده شد: {s}', st_did_redo: 'دوباره ثبت شد: {s}', st_undo_what: 'برگرداندن: {s}', st_redo_what: 'دوباره: {s}',
    st_waiting: 'روی همین گوشی ثبت شد، منتظرِ فرستادن', st_fixed_waiting: 'روی همین گوشی اصلاح شد، منتظرِ فرستادن',
    st_undone_waiting: 'روی همین گوشی برگردانده شد، منتظرِ فرستادن', st_voided_waiting: 'روی همین گوشی باطل شد، منتظرِ فرستادن',
    st_back_waiting: 'روی همین گوشی دوباره ثبت شد، منتظرِ فرستادن', st_unchecked: 'منتظرِ فرستادن، سرور بررسی‌اش می‌کند',
    st_waiting_group: 'منتظرِ فرستادن',
    st_face_down: 'کارتی به پشت', st_W: 'W', reason_kill: 'کشتنِ هیولا', reason_sell: 'فروش', reason_death: 'مرگ',
  },
});

const GAME_RECORDS = new Set(['undo', 'redo', 'void', 'match_updated']);

// A story is told of one match: its players' names and its game's words.
export function storyOf(match, game, lang) {
  const players = (match && match.players) || [];
  const sep = listSep(lang);
  // dot joins the parts of one line: the Persian separator on a Persian screen
  const dot = lang === 'fa' ? FA_SEP : ' · ';
  const t = (key, vars) => {
    const v = {};
    for (const [k, x] of Object.entries(vars || {})) v[k] = typeof x === 'number' ? digits(lang, x) : x;
    return word(lang, key, v);
  };
  const n = (x) => digits(lang, x);
  const name = (id) => { const p = players.find((x) => x.id === id); return p ? p.name : t('player'); };
  const names = (ids) => (ids || []).map(name).join(sep);
  // words reads a game word when there is one, else the value in words
  // ("bad_stuff" → "bad stuff"): never a snake_case name.
  const w = (key, raw) => (hasWord(key) ? t(key) : String(raw ?? '').replace(/_/g, ' '));
  const perPlayer = (m) => Object.entries(m || {}).map(([id, x]) => name(id) + ' ' + n(x)).join(sep);
  const land = (l) => w('land_' + l, l ? l.charAt(0).toUpperCase() + l.slice(1) : '');
  const yatukCard = (c) => {
    if (!c) return t('st_face_down');
    const colors = (c.colors || []).map((x) => w(x, x)).join(' ');
    const kind = w('kind_' + c.kind, c.kind);
    // Persian puts the adjective after its noun: «جادوگر زرد ۶»
    const named = lang === 'fa' ? [kind, colors] : [colors, kind];
    return [...named, c.power !== undefined ? n(c.power) : ''].filter(Boolean).join(' ');
  };
  const wazabiCard = (id) => {
    const c = ((game && game.cards) || []).find((x) => x.card === id);
    return c && c.name ? n(c.name[lang] || c.name.en) : w('wz_card_' + id, id);
  };
  const wizardCard = (c) => {
    if (!c || typeof c !== 'string') return '';
    if (c === 'wizard' || /^w\d*$/.test(c)) return t('wizard_card');
    if (c === 'jester' || /^j\d*$/.test(c)) return t('jester');
    const m = c.match(/^([a-z]+)[-_ ]?(\d+)$/);
    return m ? w(m[1], m[1]) + ' ' + n(m[2]) : w(c, c);
  };
  const sheetRow = (d) => {
    if (d.round !== undefined) return t('st_round', { n: d.round });
    const cats = ((game && game.sheet && game.sheet.categories) || []);
    const c = cats.find((x) => x.id === d.category);
    return c ? (lang === 'fa' && c.name_fa ? c.name_fa : c.name || w(d.category, d.category)) : w(d.category, d.category);
  };

  /** describe is one event as a sentence (a record of the log's own: what it did). */
  function describe(type, data) {
    const d = data || {};
    const p = name(d.player);
    switch (type) {
      case 'round_started':
        return d.trump !== undefined ? t('st_round_dealt', { n: d.round || '', t: w(d.trump, d.trump) }) : t('st_round_started', { n: d.round || '' });
      case 'bid': return t('st_bid', { p, n: d.bid });
      case 'tricks': return t('st_tricks', { list: perPlayer(d.won) });
      case 'trick': {
        const list = (d.plays || []).map((x) => name(x.player) + ' ' + wizardCard(x.card)).join(sep);
        return d.winner ? t('st_trick_won', { p: name(d.winner), list }) : t('st_trick', { list });
      }
      case 'level_changed':
        if (d.from !== undefined && d.to !== undefined) return t('st_level_to', { p, what: t(d.delta >= 0 ? 'st_level_up' : 'st_level_down'), why: w('reason_' + d.reason, d.reason), a: d.from, b: d.to });
        return t('st_level', { p, what: t(d.delta >= 0 ? 'st_level_up' : 'st_level_down'), why: w('reason_' + d.reason, d.reason), d: n((d.delta > 0 ? '+' : '') + d.delta) });
      case 'combat': {
        const list = (d.monsters || []).map((m) => (m.name ? m.name : t('monster')) + (m.level !== undefined ? ' ' + n(m.level) : '')).join(sep) || t('monster');
        return d.helper ? t('st_combat_helped', { p, list, h: name(d.helper) }) : t('st_combat', { p, list });
      }
      case 'run_away': return t('st_run_away', { p });
      case 'items_sold': return t('st_sold', { p, n: (d.gold || []).reduce((a, b) => a + (Number(b) || 0), 0) });
      case 'died': return t('st_died', { p });
      case 'character_updated': return t('st_character', { p });
      case 'loadout_declared': return t('st_gear', { p, n: (d.items || []).length });
      case 'hand_dealt': return t('st_hand_dealt', { p, n: (d.cards || []).length });
      case 'turn_taken': {
        const a = d.action === 'census' && d.village_size !== undefined ? t('st_census_of', { n: d.village_size }) : w('sv_' + d.action, d.action);
        return t('st_took_turn', { p, a });
      }
      case 'census_called':
        return t('st_took_turn', { p, a: d.village_size !== undefined ? t('st_census_of', { n: d.village_size }) : w('sv_census', 'census') });
      case 'round_ended':
        return t(d.round ? 'st_round_ended' : 'st_round_ended_plain', { n: d.round || '', why: w('sv_reason_' + d.reason, d.reason), list: perPlayer(d.villages) });
      case 'card_played':
        if (d.land !== undefined) return d.card ? t('st_played_to', { p, c: yatukCard(d.card), l: land(d.land) }) : t('st_played_down', { p, l: land(d.land) });
        if (d.target) return t('st_wz_played_on', { p, c: wazabiCard(d.card), t: name(d.target) });
        if (d.direction) return t('st_wz_played_dir', { p, c: wazabiCard(d.card), d: t('st_' + d.direction) });
        return t('st_wz_played', { p, c: wazabiCard(d.card) });
      case 'card_burned': return t('st_burned', { p });
      case 'battle_declared': return t('st_declared', { p, l: land(d.land) });
      case 'battle_resolved': return t('st_battle', { l: land(d.land) });
      case 'spell_played': return t('st_spell', { p, s: d.name || w('spell_' + d.spell, d.spell) });
      case 'opening_roll': return t('st_opening', { list: Object.entries(d.w || {}).map(([id, x]) => name(id) + ' ' + n(x) + ' W').join(sep) });
      case 'rolled': return t('st_rolled', { p, w: d.w, c: d.card, g: d.give });
      case 'cards_drawn': return t('st_drew', { p, n: d.count });
      case 'dice_given': return t('st_gave', { p, list: (d.to || []).map(name).join(t('st_and')) });
      case 'turn_ended': return d.hand_size !== undefined ? t('st_turn_ended_hand', { p, n: d.hand_size }) : t('st_turn_ended', { p });
      case 'scores_recorded': return t('st_scores', { r: sheetRow(d), list: perPlayer(d.scores) });
      case 'sheet_finished': return t('st_sheet_done');
      case 'match_updated': return t('st_match_updated');
      case 'add': return t('st_add', { p, n: d.n });
    }
    return t('st_other');
  }

  // groupKey says which round or turn an event opens or belongs to.
  function grouper() {
    let round = 0, turn = 0, open = true, actor = '';
    const g = match && match.game;
    return (e) => {
      const d = e.data || {};
      if (e.type === 'round_started') { round = d.round || round + 1; return t('st_round', { n: round }); }
      if (e.type === 'scores_recorded') return sheetRow(d);
      if (g === 'wizard' || g === 'silver') return round ? t('st_round', { n: round }) : t('st_setup');
      if (e.type === 'opening_roll') return t('st_setup');
      if (d.player && (open || (g !== 'munchkin' && d.player !== actor && e.type === 'rolled'))) { turn++; actor = d.player; open = false; }
      if (e.type === 'turn_ended') open = true;
      return turn ? t('st_turn', { n: turn, p: name(actor) }) : t('st_setup');
    };
  }

  // levels follows each Munchkin level from the effective log, in order:
  // a level change says the level before and after it ({from, to}). A
  // combat or a sale may change levels by what the referee worked out, which
  // the log's data does not carry; from then on a change says only its
  // delta, never a level that may be false.
  function levels() {
    const at = {};
    let blind = false;
    const top = Number(((match && match.options) || {}).max_level) || 10;
    return (e) => {
      const d = e.data || {};
      if (e.type === 'combat' || e.type === 'items_sold') blind = true;
      if (blind || e.type !== 'level_changed' || !d.player || typeof d.delta !== 'number') return null;
      const from = at[d.player] || 1;
      let to = from + d.delta;
      if (d.reason === 'kill' || d.reason === 'help') to = Math.min(to, top);
      to = Math.max(1, to);
      at[d.player] = to;
      return { from, to };
    };
  }

  /**
   * chapters builds the Events list from the whole log (GET .../events):
   * each event of the game once, in the order it was played, as it counts
   * now ({seq to fix, line, struck, note}), grouped by round or turn.
   * An entry this phone added or changed and has not sent yet carries
   * waiting (an event or a fix), out ('undone' or 'voided') or back (a
   * redo), and its line says that it waits to be sent.
   */
  function chapters(log, time) {
    const bySeq = new Map(log.map((e) => [e.seq, e]));
    const groups = [];
    const groupOf = grouper();
    const stepOf = levels();
    let round = 0;
    for (const e of log) {
      if (GAME_RECORDS.has(e.type) || e.replaces) continue;
      let now = e;
      for (let hops = 0; now.replaced_by && bySeq.has(now.replaced_by) && hops < log.length; hops++) now = bySeq.get(now.replaced_by);
      const struck = !!now.voided;
      const notes = [];
      // a change this phone checked and still holds (out, back, waiting)
      // says so, instead of the time the server recorded it at
      if (now !== e) notes.push(t(now.waiting ? 'st_fixed_waiting' : 'st_corrected', { t: time(now.created_at) }) + dot + t('st_was', { s: describe(e.type, e.data) }));
      else if (now.waiting && !now.out) notes.push(t('st_waiting'));
      if (struck && now.out) notes.push(t(now.out === 'undone' ? 'st_undone_waiting' : 'st_voided_waiting'));
      else if (struck) {
        const by = bySeq.get(now.voided_by);
        notes.push(t(by && by.type === 'undo' ? 'st_undone_at' : 'st_voided_at', { t: time(by ? by.created_at : now.created_at) }));
      }
      if (!struck && now.back) notes.push(t('st_back_waiting'));
      const title = groupOf(now);
      // a round's number, when the event does not carry it, is its place
      let told = now.data;
      const step = struck ? null : stepOf(now);
      if (step) told = Object.assign({}, now.data, step);
      if (now.type === 'round_started') {
        round = (now.data || {}).round || round + 1;
        told = Object.assign({ round }, now.data);
      }
      let g = groups[groups.length - 1];
      if (!g || g.title !== title) { g = { title, key: 'g' + e.seq, lines: [] }; groups.push(g); }
      g.lines.push({ seq: now.seq, first: e.seq, type: now.type, data: now.data, line: describe(now.type, told), struck, note: notes.join(dot), fixable: !struck, waiting: !!(now.waiting || now.out || now.back) });
    }
    return groups;
  }

  return { describe, chapters };
}

/** describe is one event as a sentence: MotamedStory.describe(event, match, lang). */
export function describe(event, match, lang, game) {
  return storyOf(match, game, lang).describe(event.type, event.data);
}

window.MotamedStory = { describe, storyOf };
