// Wizard at the table: the deal and its trump, the bids in turn, the tricks
// won (or each trick with the referee naming its winner), and the score
// sheet with a fix for any earlier bid. What is allowed comes from the
// match's state (phase, turn, bid_range) and the referee; the server checks
// every event.

import { addWords } from './app-i18n.js';
import { answer, still, question } from './app-answer.js';

const COLOURS = ['blue', 'green', 'red', 'yellow'];

/** cards is the Wizard deck as the API names its cards. */
function cards() {
  const out = [];
  for (const c of COLOURS) for (let i = 1; i <= 13; i++) out.push(c + '-' + i);
  return out.concat(['wizard', 'jester']);
}

// stepFields describe the step at hand (the deal's trump, a bid typed,
// the cards of a trick, the tricks won): each step starts with them empty,
// so nothing typed for one is recorded in the next.
function stepFields() { return { trump: '', trumpCard: '', won: {}, plays: {}, suitPicked: '', trickAnswer: null, bidTyped: '' }; }

addWords({
  en: {
    wz_deal_with: 'Tap the trump to deal', wz_won_by: 'Tricks won by {p}', wz_suit_of: 'Colour of the card {p} played',
    wz_rank_of: 'Number of the {c} card', wz_tricks_so_far: 'Tricks so far', wz_card_seen: 'already played',
    wz_change_card: 'Change the card of {p}', wz_card_of: '{p} plays',
  },
  fa: {
    wz_deal_with: 'برای پخش، حکم را بزنید', wz_won_by: 'تریک‌های بُرده‌ی {p}', wz_suit_of: 'رنگِ کارتی که {p} بازی کرد',
    wz_rank_of: 'شماره‌ی کارتِ {c}', wz_tricks_so_far: 'تریک‌ها تا اینجا', wz_card_seen: 'پیش‌تر بازی شده',
    wz_change_card: 'عوض کردنِ کارتِ {p}', wz_card_of: '{p} بازی می‌کند',
  },
});

export function wizardScreen() {
  return {
    ...stepFields(),
    mode: 'total',
    stepSeen: '',
    // syncStep empties the step's fields once an event is recorded (here or
    // on another phone) or another match opens.
    syncStep() {
      const key = (this.match && this.match.id) + ':' + (this.match && this.match.version);
      if (key === this.stepSeen) return;
      Object.assign(this, stepFields(), { stepSeen: key });
    },

    // The referee's verdict on a trick holds for the cards it was asked
    // about, in the trick they were played in.
    get verdict() { return still(this.trickAnswer, this.trickQuestion()); },
    trickQuestion() { return question(this.plays, this.wz().trump || 'none', this.match && this.match.id, this.match && this.match.version); },

    wz() { return this.st(); },
    phase() { return this.wz().phase || ''; },
    inPhase(p) { return this.phase() === p; },
    roundNo() { return this.wz().round || 0; },
    nextRoundNo() { return (this.wz().rounds_scored || 0) + 1; },
    roundsTotal() { return ((this.match && this.match.options) || {}).rounds || 0; },
    dealerName() { return this.nameOf(this.wz().dealer || this.wz().turn); },
    // A round that deals all 60 cards turns none up: it has no trump.
    allDealt() { return this.nextRoundNo() * this.players().length >= 60; },
    trumps() { return this.allDealt() ? ['none'] : COLOURS.concat(['none']); },
    trumpLabel(c) { return c ? this.t(c) : ''; },
    // A tap on the trump deals the round: nothing is chosen before it, or
    // the turned-up card's colour when that card is picked.
    pickTrump(c) { this.trump = c; return this.startRound(); },
    trumpIs(c) {
      if (this.trump) return this.trump === c;
      const col = (this.trumpCard || '').split('-')[0];
      return COLOURS.includes(col) && col === c;
    },
    deck() { return cards(); },
    cardLabel(c) {
      if (!c) return '';
      if (c === 'wizard') return this.t('wizard_card');
      if (c === 'jester') return this.t('jester');
      const [col, num] = c.split('-');
      return this.t(col) + ' ' + this.n(num);
    },
    async startRound() {
      if (!this.trump) return false;
      const data = { trump: this.trump };
      if (this.trumpCard) data.trump_card = this.trumpCard;
      const ok = await this.send('round_started', data);
      if (ok) { this.trumpCard = ''; this.won = {}; this.plays = {}; this.trickAnswer = null; }
      if (ok !== true) this.trump = '';
      return ok;
    },

    // The bids: in seat order from the dealer's left; the next bidder is
    // the first without a recorded or waiting bid.
    bidOrder() {
      const ps = this.players();
      const d = ps.findIndex((p) => p.id === this.wz().dealer);
      const out = [];
      for (let k = 1; k <= ps.length; k++) out.push(ps[(d + k) % ps.length]);
      return out;
    },
    // waitingBid is a bid of this round waiting in the queue unchecked: one
    // the phone's referee checked is in the state already, and one queued
    // before a later round's start belongs to an earlier round.
    waitingBid(id) {
      const here = this.waitingHere().filter((x) => x.status !== 'refused' && !x.local);
      const start = here.map((x) => x.type).lastIndexOf('round_started');
      const q = here.slice(start + 1).find((x) => x.type === 'bid' && x.data.player === id);
      return q ? q.data.bid : null;
    },
    hasBid(id) { return (this.wz().bids || {})[id] !== undefined || this.waitingBid(id) !== null; },
    bidOf(id) {
      const b = (this.wz().bids || {})[id];
      if (b !== undefined) return this.n(b);
      const w = this.waitingBid(id);
      return w === null ? '' : this.n(w) + ' …';
    },
    bidder() {
      if (!this.inPhase('bidding')) return null;
      return this.bidOrder().find((p) => !this.hasBid(p.id)) || null;
    },
    bidderName() { const b = this.bidder(); return b ? b.name : ''; },
    isBidder(id) { const b = this.bidder(); return !!b && b.id === id; },
    range() { return this.wz().bid_range || { min: 0, max: this.roundNo() }; },
    // forbidden is the dealer's one forbidden bid, known only when the
    // server's state is at that bid (nothing is waiting).
    forbidden() {
      const r = this.wz().bid_range;
      const b = this.bidder();
      if (!r || r.forbidden === undefined || !b || b.id !== this.wz().turn) return null;
      return r.forbidden;
    },
    bidChoices() {
      const r = this.range();
      if (r.max - r.min > 20) return [];
      const out = [];
      for (let i = r.min; i <= r.max; i++) out.push(i);
      return out;
    },
    manyBids() { return this.range().max - this.range().min > 20; },
    isForbidden(b) { return this.forbidden() === b; },
    bidButtonLabel(b) { return this.n(b) + (this.isForbidden(b) ? ' ⊘' : ''); },
    async bid(b) {
      const p = this.bidder();
      if (!p) return;
      await this.send('bid', { player: p.id, bid: b });
    },
    async bidFromInput() {
      const v = this.parse(this.bidTyped);
      if (v === null) return;
      const ok = await this.bid(v);
      this.bidTyped = '';
      return ok;
    },
    parse(s) {
      const t = String(s ?? '').trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
      return /^[0-9]+$/.test(t) ? Number(t) : null;
    },

    // Tricks won: counted per player, the sum shown as it is typed.
    wonOf(id) { return this.won[id] || 0; },
    // wonChoices are the pad's buttons: 0 to the round's tricks, one tap
    // per player.
    wonChoices() { const out = []; for (let i = 0; i <= this.roundNo(); i++) out.push(i); return out; },
    setWon(id, v) { this.won = Object.assign({}, this.won, { [id]: v }); },
    wonIs(id, v) { return this.won[id] !== undefined && this.won[id] === v; },
    wonLabel(p, v) { return this.t('wz_won_by', { p: p.name }) + ' ' + this.n(v); },
    stepWon(id, d) {
      const v = Math.max(0, (this.won[id] || 0) + d);
      this.won = Object.assign({}, this.won, { [id]: v });
    },
    wonSum() { return this.players().reduce((s, p) => s + (this.won[p.id] || 0), 0); },
    sumMatches() { return this.wonSum() === this.roundNo(); },
    sumText() {
      return this.t('sum', { s: this.wonSum(), r: this.roundNo() }) + this.sep() +
        (this.sumMatches() ? this.t('sum_ok') : this.t('sum_bad', { r: this.roundNo() }));
    },
    async recordTricks() {
      const won = {};
      for (const p of this.players()) won[p.id] = this.won[p.id] || 0;
      const ok = await this.send('tricks', { won });
      if (ok) this.won = {};
    },

    // Trick by trick: the cards in play order from the leader; the referee
    // names the winner before the trick is recorded.
    setMode(m) { this.mode = m; },
    modeIs(m) { return this.mode === m; },
    trickNo() { return ((this.wz().tricks || []).length) + 1; },
    playOrder() {
      const ps = this.players();
      const l = Math.max(0, ps.findIndex((p) => p.id === this.wz().turn));
      const out = [];
      for (let k = 0; k < ps.length; k++) out.push(ps[(l + k) % ps.length]);
      return out;
    },
    cardOf(id) { return this.plays[id] || ''; },
    // The card being picked is the first player's in play order without
    // one: its colour (or a Wizard or Jester), then its number.
    picking() { return this.playOrder().find((p) => !this.plays[p.id]) || null; },
    pickingName() { const p = this.picking(); return p ? p.name : ''; },
    isPicking(id) { const p = this.picking(); return !!p && p.id === id; },
    suits() { return COLOURS.concat(['wizard', 'jester']); },
    suitLabel(s) { return s === 'wizard' ? this.t('wizard_card') : this.t(s); },
    ranks() { return Array.from({ length: 13 }, (_, i) => i + 1); },
    // seen counts the cards already out this round: the turned-up card,
    // the recorded tricks' and this trick's. A deck holds one of each
    // coloured card and four Wizards and four Jesters.
    seenCount(card) {
      let k = this.wz().trump_card === card ? 1 : 0;
      for (const tr of this.wz().tricks || []) for (const pl of tr.plays || []) if (pl.card === card) k++;
      for (const c of Object.values(this.plays)) if (c === card) k++;
      return k;
    },
    isSeen(card) { return this.seenCount(card) >= (card === 'wizard' || card === 'jester' ? 4 : 1); },
    suitSpent(s) {
      if (s === 'wizard' || s === 'jester') return this.isSeen(s);
      return this.ranks().every((r) => this.isSeen(s + '-' + r));
    },
    async pickSuit(s) {
      const p = this.picking();
      if (!p) return;
      if (s === 'wizard' || s === 'jester') { this.suitPicked = ''; await this.setCard(p.id, s); return; }
      this.suitPicked = s;
    },
    suitIs(s) { return this.suitPicked === s; },
    async pickRank(r) {
      const p = this.picking();
      if (!p || !this.suitPicked) return;
      const c = this.suitPicked + '-' + r;
      this.suitPicked = '';
      await this.setCard(p.id, c);
    },
    // unplay takes back a player's card of this trick, to pick it again.
    unplay(id) {
      const plays = Object.assign({}, this.plays);
      delete plays[id];
      this.plays = plays;
      this.trickAnswer = null;
      this.suitPicked = '';
    },
    // tricksSoFar is each player's count of tricks won this round.
    tricksSoFar(id) { return (this.wz().tricks || []).filter((tr) => tr.winner === id).length; },
    async setCard(id, card) {
      this.plays = Object.assign({}, this.plays, { [id]: card });
      if (this.playOrder().every((p) => this.plays[p.id])) await this.askWinner();
    },
    async askWinner() {
      const order = this.playOrder();
      const asked = this.trickQuestion();
      try {
        const w = await this.askReferee('wizard', 'trick', { trump: this.wz().trump || 'none', plays: order.map((p) => this.plays[p.id]) });
        this.trickAnswer = answer({ player: order[w.winner_index !== undefined ? w.winner_index : w.winner].id, rule: w.rule, title: w.title || '', explanation: w.reason || '' }, asked);
      } catch (e) {
        this.trickAnswer = null;
        this.showRefusal(e);
      }
    },
    verdictText() { return this.verdict ? this.nameOf(this.verdict.player) : ''; },
    async recordTrick() {
      const order = this.playOrder();
      const data = { plays: order.map((p) => ({ player: p.id, card: this.plays[p.id] })) };
      if (this.verdict) data.winner = this.verdict.player;
      const ok = await this.send('trick', data);
      if (ok) { this.plays = {}; this.trickAnswer = null; this.suitPicked = ''; }
    },
  };
}
