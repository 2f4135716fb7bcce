// Munchkin at the table: each player's level, gear and Race/Class; level
// changes with their reason; a combat built and shown to the referee before
// it is recorded; run-away rolls; sales; death and the end of a turn.
// Levels, outcomes and the winner are the server's: the app only asks.

import { addWords } from './app-i18n.js';
import { answer, still, question } from './app-answer.js';
import { munchkinPad } from './app-munchkin-pad.js';
import { Problem } from './app-api.js';

addWords({
  en: { mk_fought_already: 'This turn\'s fight is already recorded; a player fights once a turn (phase 1, or Look for Trouble in phase 2).' },
  fa: { mk_fought_already: 'مبارزه‌ی این نوبت قبلاً ثبت شده؛ هر بازیکن تو هر نوبت یه بار مبارزه می‌کنه (مرحله‌ی ۱، یا «دنبال شر بگردین» تو مرحله‌ی ۲).' },
});

addWords({
  en: {
    mk_hand_needed: 'Type how many cards the player holds after Charity\'s voluntary plays, then end the turn.',
  },
  fa: {
    mk_hand_needed: 'بنویسید بازیکن پس از بازی‌های داوطلبانه‌ی خیرات چند کارت در دست دارد، سپس نوبت را تمام کنید.',
  },
});

const RACES = ['elf', 'dwarf', 'halfling'];
const CLASSES = ['warrior', 'wizard', 'thief', 'cleric'];

function emptyMonster() { return { name: '', level: '1', treasures: '1', modifier: '0' }; }

// turnFields are the fields that describe the turn at hand: each turn
// starts with them empty (or at their neutral value), so nothing typed for
// one player's turn is recorded in the next.
function turnFields() {
  return {
    lvPlayer: '', lvReason: 'card',
    fight: { player: '', helper: '', bonus: '', helper_bonus: '0', one_shot: '0', monsters: [emptyMonster()] },
    combatAnswer: null, runMod: '0', sale: { player: '', gold: '' }, saleAnswer: null,
    deathPlayer: '', handSize: '', charPlayer: '', charRace: '', charClass: '',
  };
}

export function munchkinScreen() {
  return {
    ...munchkinPad(),
    ...turnFields(),
    turnSeen: '',

    // syncTurn empties the turn's fields when the turn moves on (here or
    // on another phone) or another match opens.
    syncTurn() {
      const t = this.mk().turn || {};
      const key = (this.match && this.match.id) + ':' + (t.number || 0) + ':' + (t.player || '');
      if (key === this.turnSeen) return;
      Object.assign(this, turnFields(), { turnSeen: key });
    },

    // The referee's verdicts hold for the fight, or the sale, they were
    // asked about, at the levels of the moment they were asked.
    get combatVerdict() { return still(this.combatAnswer, this.combatQuestion()); },
    get saleVerdict() { return still(this.saleAnswer, this.saleQuestion()); },
    combatQuestion() { return question(this.combatData(), this.match && this.match.id, this.match && this.match.version); },
    saleQuestion() { return question(this.playerOrDefault(this.sale.player), this.saleGold(), this.match && this.match.id, this.match && this.match.version); },

    mk() { return this.st(); },
    mkPlayers() { return this.mk().players || []; },
    mkPlayer(id) { return this.mkPlayers().find((p) => p.id === id) || {}; },
    turnPlayer() { return (this.mk().turn || {}).player || ''; },
    maxLevel() { return ((this.match && this.match.options) || {}).max_level || 10; },
    raceText(p) {
      const rs = (p.races || []).map((r) => this.t('race_' + r, null));
      const cs = (p.classes || []).map((c) => this.t('class_' + c, null));
      return (rs.length ? rs : [this.t('human')]).concat(cs).join(this.sep());
    },
    races() { return RACES; },
    classes() { return CLASSES; },
    reasons() { return ['card', 'curse', 'bad_stuff', 'help', 'correction']; },
    playerOrDefault(id) { return id || this.turnPlayer(); },

    // Levels.
    async level(delta) {
      const player = this.playerOrDefault(this.lvPlayer);
      await this.send('level_changed', { player, delta, reason: this.lvReason });
    },

    // Combat: built here, asked of the referee, then recorded as built.
    addMonster() { this.fight.monsters.push(emptyMonster()); },
    removeMonster(i) { this.fight.monsters.splice(i, 1); },
    // stepMonster moves a monster's level or treasures by d (steppers: no typing).
    stepMonster(i, k, d) {
      const m = this.fight.monsters[i];
      const low = k === 'level' ? 1 : 0;
      m[k] = String(Math.max(low, Math.min(k === 'level' ? 30 : 10, this.num(m[k], low) + d)));
    },
    num(s, d) { const v = this.parse(s); return v === null ? d : v; },
    parse(s) {
      const t = String(s ?? '').replace(/\u200e/g, '').trim().replace(/[۰-۹]/g, (x) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(x))).replace(/[−–]/g, '-');
      return /^-?[0-9]+$/.test(t) ? Number(t) : null;
    },
    fighterId() { return this.playerOrDefault(this.fight.player); },
    fightBonus() {
      // the fighter's gear as the state counts it, unless the table typed another
      return this.fight.bonus === '' ? (this.mkPlayer(this.fighterId()).equipped_bonus || 0) : this.num(this.fight.bonus, 0);
    },
    monstersData() {
      // a monster left unnamed is named by its place in the fight
      return this.fight.monsters.map((m, i) => {
        const o = { name: m.name.trim() || this.t('monster') + ' ' + this.n(i + 1), level: this.num(m.level, 1), treasures: this.num(m.treasures, 0) };
        const mod = this.num(m.modifier, 0);
        if (mod) o.modifiers = [{ strength: mod }];
        return o;
      });
    },
    combatData() {
      const d = { player: this.fighterId(), bonus: this.fightBonus(), monsters: this.monstersData() };
      if (this.fight.helper) { d.helper = this.fight.helper; d.helper_bonus = this.num(this.fight.helper_bonus, 0); }
      const os = this.num(this.fight.one_shot, 0);
      if (os) d.one_shot_bonus = os;
      return d;
    },
    hasClass(id, c) { return (this.mkPlayer(id).classes || []).includes(c); },
    hasRace(id, r) { return (this.mkPlayer(id).races || []).includes(r); },
    async askCombat() {
      // the referee's combat question knows no match: a second fight in one
      // turn, which this match would refuse, is answered here by its rule
      if ((this.st().turn || {}).fought) {
        this.combatAnswer = null;
        this.showRefusal(new Problem(422, { title: this.t('refused_title'), violations: [{ rule: 'MUNCHKIN-TURN-7', title: '', message: this.t('mk_fought_already') }] }));
        return;
      }
      const d = this.combatData();
      const q = {
        player_level: this.mkPlayer(d.player).level || 1, bonus: d.bonus, player_is_warrior: this.hasClass(d.player, 'warrior'),
        one_shot_bonus: d.one_shot_bonus || 0, monsters: d.monsters, max_level: this.maxLevel(),
        elf_helper_can_win: !!this.match.options.elf_helper_can_win, shared_victory: !!this.match.options.shared_victory,
      };
      if (d.helper) {
        Object.assign(q, { helper_level: this.mkPlayer(d.helper).level || 1, helper_bonus: d.helper_bonus, helper_is_warrior: this.hasClass(d.helper, 'warrior'), helper_is_elf: this.hasRace(d.helper, 'elf') });
      }
      const asked = this.combatQuestion();
      try {
        this.combatAnswer = answer(await this.askReferee('munchkin', 'combat', q), asked);
        this.refusal = null;
      } catch (e) {
        this.combatAnswer = null;
        this.showRefusal(e);
      }
    },
    verdictWon() { return !!this.combatVerdict && this.combatVerdict.outcome === 'won'; },
    verdictHeadline() {
      const v = this.combatVerdict;
      if (!v) return '';
      return this.t(v.outcome === 'won' ? 'outcome_won' : 'outcome_lost') + ' — ' + this.t('strength', { a: v.player_side, b: v.monster_side });
    },
    verdictLevels() {
      const v = this.combatVerdict;
      if (!v || !v.fighter) return '';
      let s = this.nameOf(this.fighterId()) + ': ' + this.t('levels_gained', { a: v.fighter.level_before, b: v.fighter.level_after });
      if (v.helper && this.fight.helper) s += this.sep() + this.nameOf(this.fight.helper) + ': ' + this.t('levels_gained', { a: v.helper.level_before, b: v.helper.level_after });
      return s;
    },
    async recordCombat() {
      const ok = await this.send('combat', this.combatData());
      if (ok) {
        this.fight = { player: '', helper: '', bonus: '', helper_bonus: '0', one_shot: '0', monsters: [emptyMonster()] };
        this.combatAnswer = null;
      }
    },

    // Run away: one roll per runner and monster the lost fight left due.
    runsDue() {
      const c = this.mk().combat;
      if (!c || !c.open) return [];
      return (c.run_away || []).filter((r) => !r.rolled);
    },
    runsDone() {
      const c = this.mk().combat;
      return c ? (c.run_away || []).filter((r) => r.rolled) : [];
    },
    runText(r) { return this.nameOf(r.runner) + ' ← ' + r.monster; },
    runResult(r) { return this.nameOf(r.runner) + this.sep() + r.monster + this.sep() + this.n(r.total) + this.sep() + this.t(r.escaped ? 'escaped' : 'caught'); },
    dice() { return [1, 2, 3, 4, 5, 6]; },
    async roll(r, value) {
      const d = { player: r.runner, monster: r.monster, roll: value };
      const mod = this.num(this.runMod, 0);
      if (mod) d.modifier = mod;
      await this.send('run_away', d);
    },

    // Selling Items.
    saleGold() {
      return String(this.sale.gold).split(/[\s,،]+/).map((x) => this.parse(x)).filter((x) => x !== null);
    },
    async askSale() {
      const p = this.playerOrDefault(this.sale.player);
      const asked = this.saleQuestion();
      try {
        this.saleAnswer = answer((await this.askReferee('munchkin', 'sell', {
          level: this.mkPlayer(p).level || 1, gold: this.saleGold(), max_level: this.maxLevel(), sell_overflow: this.match.options.sell_overflow || 'cap',
        })), asked);
      } catch (e) { this.saleAnswer = null; this.showRefusal(e); }
    },
    saleText() {
      const v = this.saleVerdict;
      if (!v) return '';
      return this.text(v.explanation || v.message || '') || this.t('levels_gained', { a: v.level_before, b: v.level_after });
    },
    async recordSale() {
      const ok = await this.send('items_sold', { player: this.playerOrDefault(this.sale.player), gold: this.saleGold() });
      if (ok) { this.sale = { player: '', gold: '' }; this.saleAnswer = null; }
    },

    // Death, Race/Class and the end of a turn.
    async die() { await this.send('died', { player: this.playerOrDefault(this.deathPlayer) }); },
    // endTurn records the hand size as typed: with none typed the turn
    // does not end, so no number nobody gave is recorded.
    async endTurn() {
      const hand = this.parse(this.handSize);
      if (hand === null) {
        this.refusal = { title: this.t('hand_size') + ' (' + this.t('charity') + ')', detail: this.t('mk_hand_needed'), violations: [] };
        return;
      }
      await this.send('turn_ended', { player: this.turnPlayer(), hand_size: hand });
    },
    async recordCharacter() {
      const d = { player: this.playerOrDefault(this.charPlayer) };
      if (this.charRace !== '') d.races = this.charRace === 'human' ? [] : [this.charRace];
      if (this.charClass !== '') d.classes = this.charClass === 'none' ? [] : [this.charClass];
      await this.send('character_updated', d);
    },
    winnersText() {
      const w = (this.match && this.match.result && this.match.result.winners) || this.mk().winners || [];
      return w.map((id) => this.nameOf(id)).join(this.lang === 'fa' ? '، ' : ', ');
    },
    reasonLabel(r) { const k = 'reason_' + r; const s = this.t(k); return s === k ? r : s; },
  };
}
