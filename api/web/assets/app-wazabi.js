// Wazabi at the table: the dice and cards each player holds, always in
// view; the opening roll that decides who starts; each turn's roll by its
// faces, the cards drawn, the dice given (to a neighbour, or anyone without
// neighbours_only), the card played from the game's card list (with each
// card's cost and effect, from GET /v1/games/wazabi), and the end of the
// turn. What a roll obliges and which cards may be played come from the
// referee's turn question; the server checks every event.
import { addWords, parseNumber } from './app-i18n.js';
import { wazabiSteps } from './app-wazabi-steps.js';

addWords({
  en: {
    wz_dice: 'dice', wz_held: 'Dice and cards held now', wz_cards: 'cards', wz_dice_n: { one: '{n} die', other: '{n} dice' }, wz_cards_n: { one: '{n} card', other: '{n} cards' }, wz_skips: { one: 'misses {n} turn', other: 'misses {n} turns' }, wz_out: 'out', wz_turn: 'Turn of {p}',
    wz_direction_clockwise: 'clockwise', wz_direction_counterclockwise: 'counter-clockwise',
    wz_opening: 'Opening roll: who starts', wz_opening_w: 'W rolled by {p}', wz_record_opening: 'Record the opening roll',
    wz_roll: 'The roll of {n} dice', wz_face_w: 'W', wz_face_card: 'Card', wz_face_give: 'Give',
    wz_record_roll: 'Record the roll', wz_draw: { one: 'Draw {n} card', other: 'Draw {n} cards' }, wz_give: { one: 'Give {n} die', other: 'Give {n} dice' }, wz_die_to: 'Die {k} to',
    wz_record_give: 'Give the dice', wz_play: 'Play a card', wz_choose_card: 'Choose a card', wz_card: 'Card', wz_target: 'Target', wz_direction: 'Direction',
    wz_left: 'left', wz_right: 'right', wz_record_play: 'Play the card', wz_end_turn: 'End the turn',
    wz_card_list: 'The cards', wz_cost: 'cost {n} W', wz_not_playable: 'not playable now', wz_points: { one: '{n} point', other: '{n} points' },
    wz_hand_no: 'Hand {n}', wz_team: 'team {n}',
    wz_hand_of: 'Hand {h} of {n}', wz_standing: 'Standing', wz_team_of: 'Team {n}', wz_place: 'place {n}',
    wz_still_in: 'still playing', wz_to_last: 'Played to the last player: who is out leaves the turn order.',
    wz_team_play: 'Teams: the first player with no dice wins for the team.', wz_tournament: 'Tournament: the hand\'s winner scores a point per die the others still hold.',
    wz_hands: 'Hands', wz_winner: 'Winner', wz_dice_left: 'Dice left', wz_neighbours: 'Dice go to a neighbour only',
    wz_anyone: 'Dice go to any other player', wz_piles: 'Draw pile {d} · played pile {p} · dice out of play {o}',
    wz_from_empty: 'Both piles are empty: each card comes from an opponent\'s hand, at random.', wz_card_from: 'Card {k} from',
  },
  fa: {
    wz_dice: 'تاس', wz_held: 'تاس‌ها و کارت‌هایی که اکنون در دست است', wz_cards: 'کارت', wz_dice_n: '{n} تاس', wz_cards_n: '{n} کارت', wz_skips: '{n} نوبت از دست می‌دهد', wz_out: 'بیرون', wz_turn: 'نوبتِ {p}',
    wz_direction_clockwise: 'در جهتِ عقربه‌ها', wz_direction_counterclockwise: 'خلافِ جهتِ عقربه‌ها',
    wz_opening: 'تاس‌اندازیِ آغاز: چه کسی شروع می‌کند', wz_opening_w: 'W‌های {p}', wz_record_opening: 'ثبتِ تاس‌اندازیِ آغاز',
    wz_roll: 'ریختنِ {n} تاس', wz_face_w: 'W', wz_face_card: 'کارت', wz_face_give: 'دادن',
    wz_record_roll: 'ثبتِ تاس‌ها', wz_draw: 'کشیدنِ {n} کارت', wz_give: 'دادنِ {n} تاس', wz_die_to: 'تاسِ {k} به',
    wz_record_give: 'تاس‌ها را بده', wz_play: 'بازی کردنِ کارت', wz_choose_card: 'یک کارت انتخاب کنید', wz_card: 'کارت', wz_target: 'هدف', wz_direction: 'جهت',
    wz_left: 'چپ', wz_right: 'راست', wz_record_play: 'کارت را بازی کن', wz_end_turn: 'پایانِ نوبت',
    wz_card_list: 'کارت‌ها', wz_cost: 'هزینه {n} W', wz_not_playable: 'اکنون بازی نمی‌شود', wz_points: '{n} امتیاز',
    wz_hand_no: 'دستِ {n}', wz_team: 'تیمِ {n}',
    wz_hand_of: 'دستِ {h} از {n}', wz_standing: 'جدولِ امتیاز', wz_team_of: 'تیمِ {n}', wz_place: 'نفرِ {n}',
    wz_still_in: 'هنوز بازی می‌کند', wz_to_last: 'بازی تا نفرِ آخر: هر کس بیرون برود از نوبت‌ها کنار می‌رود.',
    wz_team_play: 'بازیِ تیمی: اولین کسی که تاسی ندارد، برای تیمش می‌برد.', wz_tournament: 'مسابقه: برنده‌ی هر دست به ازای هر تاسِ باقی‌مانده‌ی دیگران یک امتیاز می‌گیرد.',
    wz_hands: 'دست‌ها', wz_winner: 'برنده', wz_dice_left: 'تاس‌های باقی‌مانده', wz_neighbours: 'تاس فقط به همسایه داده می‌شود',
    wz_anyone: 'تاس به هر بازیکنِ دیگری داده می‌شود', wz_piles: 'کارت‌های کشیدنی {d} · کارت‌های بازی‌شده {p} · تاس‌های بیرون از بازی {o}',
    wz_from_empty: 'هر دو ستون خالی است: هر کارت به‌طورِ اتفاقی از دستِ یک حریف کشیده می‌شود.', wz_card_from: 'کارتِ {k} از',
  },
});

export function wazabiScreen() {
  return {
    ...wazabiSteps(),
    opening: {},
    roll: { w: '0', card: '0', give: '0' },
    giveTo: [],
    drawFrom: [],
    cardChoice: '',
    target: '',
    direction: 'left',
    referee: null,
    refereeKey: '',
    turnKey: '',

    wb() { return this.st(); },
    seats() { return this.wb().seats || []; },
    seat(id) { return this.seats().find((s) => s.player_id === id) || {}; },
    turn() { return this.wb().turn || {}; },
    current() { return this.wb().current || ''; },
    turnText() {
      if (this.isFinished()) return this.t('winner_is', { p: ((this.match.result || {}).winners || []).map((id) => this.nameOf(id)).join(this.sep()) });
      const hand = this.handText() ? this.handText() + this.sep() : '';
      return hand + this.t('wz_turn', { p: this.nameOf(this.current()) }) + this.sep() + this.t('wz_direction_' + (this.wb().direction || 'clockwise')); },
    seatLine(s) {
      const out = [this.t('wz_dice_n', { n: s.dice }), this.t('wz_cards_n', { n: s.cards })];
      if (s.skips) out.push(this.t('wz_skips', { n: s.skips }));
      if (s.out) out.push(this.t('wz_out'));
      const place = this.placeOf(s.player_id);
      if (place) out.push(this.t('wz_place', { n: place }));
      else if (this.opt().play_to_last && !this.isFinished()) out.push(this.t('wz_still_in'));
      if (s.team) out.push(this.t('wz_team', { n: s.team }));
      if (this.tournament()) out.push(this.t('wz_points', { n: s.points }));
      return out.join(this.sep());
    },

    // ---- the match's options, as the table plays them
    opt() { return this.wb().options || {}; },
    tournament() { return (this.opt().hands || 1) > 1; },
    hasTeams() { return (this.opt().teams || []).length > 0; },
    handText() { return this.tournament() ? this.t('wz_hand_of', { h: this.wb().hand || 1, n: this.opt().hands }) : ''; },
    // modeLines say what the options change at this table.
    modeLines() {
      const out = [this.t(this.opt().neighbours_only ? 'wz_neighbours' : 'wz_anyone')];
      if (this.hasTeams()) out.push(this.t('wz_team_play'));
      if (this.opt().play_to_last) out.push(this.t('wz_to_last'));
      if (this.tournament()) out.push(this.t('wz_tournament'));
      return out;
    },
    // placeOf is a player's place in the hand played to the last player:
    // the finishing order of this hand, or of the last hand once over.
    placeOf(id) {
      if (!this.opt().play_to_last) return 0;
      const last = this.handRows()[this.handRows().length - 1];
      const order = this.isFinished() && last ? (last.finish_order || []) : (this.wb().finish_order || []);
      return order.indexOf(id) + 1;
    },
    // sides are the teams (or, without teams, the players) with the dice
    // they hold together and their tournament points.
    sides() {
      if (!this.hasTeams()) return this.seats().map((s) => ({ key: s.player_id, label: s.name, dice: s.dice, points: s.points }));
      return this.opt().teams.map((pair, i) => {
        const ss = pair.map((id) => this.seat(id));
        return { key: 'team-' + (i + 1), label: this.t('wz_team_of', { n: i + 1 }) + ': ' + pair.map((id) => this.nameOf(id)).join(' & '),
          dice: ss.reduce((a, x) => a + (x.dice || 0), 0), points: (ss[0] || {}).points || 0 };
      });
    },
    showStanding() { return this.hasTeams() || this.tournament(); },
    sideLine(x) {
      const out = [this.t('wz_dice_n', { n: x.dice })];
      if (this.tournament()) out.push(this.t('wz_points', { n: x.points }));
      return out.join(this.sep());
    },
    // hand rows of the score sheet: who won each hand, the points, and the
    // dice everyone still held.
    rowWinner(r) { return (r.winning_team && r.winning_team.length ? r.winning_team : [r.winner]).map((id) => this.nameOf(id)).join(' & '); },
    rowDice(r) { return this.seats().map((s) => s.name + ' ' + this.n((r.dice_left || {})[s.player_id] ?? 0)).join(this.sep()); },

    // ---- the opening roll: the most W starts; a tie rolls again
    openingDue() { return this.wb().opening_roll_open && !this.turn().rolled && !this.isFinished(); },
    openingPlayers() {
      const again = this.wb().reroll || [];
      return again.length ? again : this.seats().filter((s) => !s.out).map((s) => s.player_id);
    },
    openingOf(id) { return this.opening[id] ?? '0'; },
    setOpening(id, v) { this.opening = Object.assign({}, this.opening, { [id]: v }); },
    async recordOpening() {
      const w = {};
      for (const id of this.openingPlayers()) w[id] = parseNumber(this.openingOf(id)) ?? 0;
      if (await this.send('opening_roll', { w }) === true) this.opening = {};
    },

    // ---- a turn: roll, draw, give, play, end
    phaseIs(p) { return this.wb().phase === p; },
    needsRoll() { return !this.turn().rolled; },
    diceNow() { return this.seat(this.current()).dice || 0; },
    faces() { return ['w', 'card', 'give']; },
    async recordRoll() {
      const data = { player: this.current() };
      for (const f of this.faces()) data[f] = parseNumber(this.roll[f]) ?? 0;
      if (await this.send('rolled', data) === true) this.roll = { w: '0', card: '0', give: '0' };
    },
    // drawsDue are the cards to draw now: the roll's card symbols, or 3
    // more after Draw 3, but no more than are left anywhere (WAZABI-PILE-3).
    drawsDue() {
      const t = this.turn();
      if (!t.rolled || !(t.draws_due > 0)) return 0;
      const held = this.drawOpponents().reduce((a, id) => a + (this.seat(id).cards || 0), 0);
      return Math.min(t.draws_due, this.piles() + held);
    },
    piles() { return (this.wb().draw_pile || 0) + (this.wb().played_pile || 0); },
    drawOpponents() { return this.seats().filter((x) => !x.out && x.player_id !== this.current() && x.cards > 0).map((x) => x.player_id); },
    // fromSlots are the cards taken from opponents' hands once both piles
    // are empty, one opponent named for each.
    fromSlots() { const out = []; for (let k = 1; k <= this.drawsDue() - this.piles(); k++) out.push(k); return out; },
    fromOf(k) { return this.drawFrom[k - 1] || this.drawOpponents()[0] || ''; },
    setFrom(k, v) { const a = this.drawFrom.slice(); a[k - 1] = v; this.drawFrom = a; },
    async drawCards() {
      const data = { player: this.current(), count: this.drawsDue() };
      if (this.fromSlots().length) data.from = this.fromSlots().map((k) => this.fromOf(k));
      if (await this.send('cards_drawn', data) === true) this.drawFrom = [];
    },
    pileLine() { const w = this.wb(); return this.t('wz_piles', { d: w.draw_pile || 0, p: w.played_pile || 0, o: w.dice_out_of_play || 0 }); },
    givesDue() { const t = this.turn(); return t.rolled && !t.gave && t.gives_due > 0 ? t.gives_due : 0; },
    dieSlots() { const out = []; for (let k = 1; k <= this.givesDue(); k++) out.push(k); return out; },
    // receivers are the players a die may go to: with the match's
    // neighbours_only, the nearest player still in on either side.
    receivers() {
      const me = this.current();
      const ids = this.seats().filter((x) => !x.out || x.player_id === me).map((x) => x.player_id);
      const others = ids.filter((id) => id !== me);
      if (!(this.wb().options || {}).neighbours_only) return others;
      const i = ids.indexOf(me);
      const near = [ids[(i + 1) % ids.length], ids[(i - 1 + ids.length) % ids.length]];
      return others.filter((id) => near.includes(id));
    },
    giveOf(k) { return this.giveTo[k - 1] || this.receivers()[0] || ''; },
    setGive(k, v) { const a = this.giveTo.slice(); a[k - 1] = v; this.giveTo = a; },
    async giveDice() {
      const to = this.dieSlots().map((k) => this.giveOf(k));
      if (await this.send('dice_given', { player: this.current(), to }) === true) this.giveTo = [];
    },
    canPlay() { const t = this.turn(); return t.rolled && !t.card_played; },
    // cardList is the game's card list (GET /v1/games/wazabi), each card's
    // name and effect in English and Persian; said picks the app's language.
    cardList() { const g = this.games.find((x) => x.id === 'wazabi'); return (g && g.cards) || []; },
    said(s) { return this.text(s ? (s[this.lang] || s.en) : ''); },
    chosen() { return this.cardList().find((c) => c.card === this.cardChoice) || null; },
    // playable is the referee's verdict on a card for the roll recorded.
    playable(c) {
      const r = ((this.referee && this.referee.cards) || []).find((x) => x.card === c.card);
      return !r || r.playable !== false;
    },
    cardText(c) { return this.said(c.name) + this.sep() + this.t('wz_cost', { n: c.cost }) + (!this.playable(c) && this.turn().rolled ? this.sep() + this.t('wz_not_playable') : ''); },
    others() { return this.seats().filter((s) => !s.out && s.player_id !== this.current()).map((s) => s.player_id); },
    async playCard() {
      const c = this.chosen();
      if (!c) return;
      const data = { player: this.current(), card: c.card };
      if (c.target) data.target = this.target || this.others()[0];
      if (c.direction) data.direction = this.direction;
      if (await this.send('card_played', data) === true) this.cardChoice = '';
    },
    async endTurn() { await this.send('turn_ended', { player: this.current() }); },

    // syncReferee asks the referee's turn question whenever the match or
    // the language changes: the card list in the app's language, and what
    // the recorded roll obliges.
    syncReferee() {
      if (!this.match) return;
      this.syncTurn();
      const t = this.turn();
      const key = this.match.id + ':' + this.match.version + ':' + this.lang;
      if (key === this.refereeKey) return;
      this.refereeKey = key;
      const s = this.seat(this.current());
      // The referee is asked about the roll as rolled: the dice the player
      // held then (the roll's dice, not what is left after a gift).
      const rolled = t.rolled ? t.roll || {} : null;
      const held = rolled ? (rolled.w || 0) + (rolled.card || 0) + (rolled.give || 0) : s.dice || 0;
      const q = { dice: Math.min(24, Math.max(1, held)), cards: s.cards || 0, rolled: t.rolled ? t.roll : { w: Math.max(1, s.dice || 0), card: 0, give: 0 }, players: Math.max(2, this.seats().filter((x) => !x.out).length) };
      this.askReferee('wazabi', 'turn', q).then((r) => { if (this.refereeKey === key) this.referee = r; }).catch(() => { this.referee = null; });
    },
    // syncTurn empties what was typed for a step of the turn (the roll, the
    // dice to give, the cards to draw, the card to play) once the table has
    // moved past it, however it moved (recorded here, on another phone, an
    // undo): nothing typed for one step or turn is sent for the next.
    syncTurn() {
      const t = this.turn();
      const key = [this.match.id, this.wb().hand, this.current(), this.wb().opening_roll_open, t.rolled, t.drew, t.gave, t.card_played || ''].join('|');
      if (key === this.turnKey) return;
      this.turnKey = key;
      this.stepTaken();
      this.opening = {};
      this.roll = { w: '0', card: '0', give: '0' };
      this.giveTo = [];
      this.drawFrom = [];
      this.cardChoice = '';
      this.target = '';
      this.direction = 'left';
    },
    steps() { return ['draw', 'give', 'win']; },
    obligation(k) {
      const v = this.referee && this.referee[k];
      return v && this.turn().rolled ? v : null;
    },

    handRows() { return this.rounds(); },
  };
}
