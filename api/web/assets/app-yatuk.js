// Yatuk at the table: the five lands with every player's column, the
// actions of a turn (a card played, a spell, a card burned, a battle
// declared), the battle due with its armies revealed and the referee's
// ruling before it is recorded, the gems, and an army builder that shows
// the referee's chain for any column (which cards count, each link, the
// strength). Whose turn it is and what is due come from the match's state;
// the server checks every event.
import { addWords, parseNumber } from './app-i18n.js';
import { answer, still, question } from './app-answer.js';

addWords({
  en: {
    yk_turn: 'Turn of {p}', yk_actions: { one: '{n} action left', other: '{n} actions left' }, yk_lands: 'Lands', yk_gem: 'gem',
    yk_closed: 'closed', yk_capacity: 'capacity {n}', yk_face_down: '{n} face down', yk_army: 'Army',
    yk_play: 'Play a card', yk_land: 'Land', yk_kind: 'Kind', yk_colors: 'Colours', yk_power: 'Power',
    yk_unknown: 'Face down, not shown', yk_record_play: 'Play the card', yk_burn: 'Burn a card',
    yk_declare: 'Declare battle', yk_end_turn: 'End the turn', yk_spell: 'A spell', yk_spell_kind: 'Spell',
    yk_target: 'Target', yk_extra: 'Extra plays', yk_record_spell: 'Play the spell', yk_battle: 'Battle at {l}',
    yk_battle_forced: 'forced', yk_battle_declared: 'declared', yk_reveal: 'Reveal every army in column order.',
    yk_record_battle: 'Record the battle', yk_reveal_armies: 'Reveal the armies', yk_builder: 'Army builder', yk_builder_of: 'The army of {p} at {l}',
    yk_add_card: 'Add a card', yk_remove_card: 'Remove card {k}', yk_chain: 'The referee\'s chain', yk_card_no: 'Card {k}',
    yk_kept: 'counts', yk_removed: 'does not count', yk_strength: 'Strength {s}', yk_gems: 'Gems', yk_held: 'Gems held now', yk_hand: 'hand {n}', yk_no_gems: 'none yet', yk_no_cards: 'no cards yet',
    yk_winner: 'Winner: {p}', yk_hand_no: 'Hand {n}', yk_white_color: 'Colour of the white gem',
    kind_wizard: 'Wizard', kind_tool: 'Tool', kind_monster: 'Monster', kind_demon: 'Demon', kind_weapon: 'Weapon',
    spell_night_raid: 'Night raid', spell_betrayal: 'Betrayal', spell_extra_plays: 'Extra plays', spell_other: 'Another spell',
    yk_extra_left: { one: '{n} extra play left', other: '{n} extra plays left' }, yk_betrayed: 'Face-up cards Betrayal removes', yk_moves_up: { one: '{n} face-down card moves up and is turned face up: give it', other: '{n} face-down cards move up and are turned face up: give them' },
    yk_revealed_no: 'Card turned face up {k}', yk_spell_name: 'Name of the spell', yk_white_best: 'The best colour (the referee picks)',
    yk_carriers: 'Carriers\' power', yk_battles: 'Battles', yk_tie_break: 'A tie on gems: the player whose carrying wizards have the lower total power wins; a tie on that too is a shared win.',
    yk_battle_row: '{h}Battle {n} at {l} ({t}): {p} takes the {g} gem', yk_hand_prefix: 'Hand {n} · ', yk_carried_by: 'carried by {c}', yk_taken_from: 'taken from {p}',
    yk_column_of: 'The column: {c}', yk_carrier: 'The wizard who carries the gem', yk_carrier_default: 'The weakest: {c}',
    yk_fix_battle: 'Fix battle {n}',
    white: 'White', land_vipas: 'Vipas', land_vitasta: 'Vitasta', land_parushni: 'Parushni', land_sutudri: 'Sutudri', land_gomati: 'Gomati',
  },
  fa: {
    yk_turn: 'نوبتِ {p}', yk_actions: '{n} کنش مانده', yk_lands: 'سرزمین‌ها', yk_gem: 'گوهر',
    yk_closed: 'بسته', yk_capacity: 'گنجایش {n}', yk_face_down: '{n} پشت‌ورو', yk_army: 'سپاه',
    yk_play: 'بازی کردنِ کارت', yk_land: 'سرزمین', yk_kind: 'نوع', yk_colors: 'رنگ‌ها', yk_power: 'قدرت',
    yk_unknown: 'پشت‌ورو، نشان داده نشده', yk_record_play: 'بازی کن', yk_burn: 'سوزاندنِ کارت',
    yk_declare: 'اعلامِ نبرد', yk_end_turn: 'پایانِ نوبت', yk_spell: 'طلسم', yk_spell_kind: 'طلسم',
    yk_target: 'هدف', yk_extra: 'بازیِ اضافه', yk_record_spell: 'طلسم را بازی کن', yk_battle: 'نبرد در {l}',
    yk_battle_forced: 'اجباری', yk_battle_declared: 'اعلام‌شده', yk_reveal: 'هر سپاه را به ترتیبِ ستون رو کنید.',
    yk_record_battle: 'ثبتِ نبرد', yk_reveal_armies: 'رو کردنِ سپاه‌ها', yk_builder: 'سپاه‌ساز', yk_builder_of: 'سپاهِ {p} در {l}',
    yk_add_card: 'افزودنِ کارت', yk_remove_card: 'حذفِ کارتِ {k}', yk_chain: 'زنجیره‌ی داور', yk_card_no: 'کارتِ {k}',
    yk_kept: 'حساب می‌شود', yk_removed: 'حساب نمی‌شود', yk_strength: 'قدرت {s}', yk_gems: 'گوهرها', yk_held: 'گوهرهایی که اکنون در دست است', yk_hand: 'دست {n}', yk_no_gems: 'هنوز هیچ', yk_no_cards: 'هنوز کارتی ندارد',
    yk_winner: 'برنده: {p}', yk_hand_no: 'دستِ {n}', yk_white_color: 'رنگِ گوهرِ سفید',
    kind_wizard: 'جادوگر', kind_tool: 'ابزار', kind_monster: 'هیولا', kind_demon: 'اهریمن', kind_weapon: 'سلاح',
    spell_night_raid: 'شبیخون', spell_betrayal: 'خیانت', spell_extra_plays: 'بازیِ اضافه', spell_other: 'طلسمِ دیگر',
    yk_extra_left: '{n} بازیِ اضافه مانده', yk_betrayed: 'کارت‌های رویی که خیانت برمی‌دارد', yk_moves_up: '{n} کارتِ پشت‌ورو بالا می‌آید و رو می‌شود: آن را وارد کنید',
    yk_revealed_no: 'کارتِ روشده‌ی {k}', yk_spell_name: 'نامِ طلسم', yk_white_best: 'بهترین رنگ (داور انتخاب می‌کند)',
    yk_carriers: 'قدرتِ حاملان', yk_battles: 'نبردها', yk_tie_break: 'تساوی در گوهرها: بازیکنی برنده است که جادوگرانِ حاملِ گوهرهایش قدرتِ کمتری دارند؛ اگر آن هم برابر باشد، برد مشترک است.',
    yk_battle_row: '{h}نبردِ {n} در {l} ({t}): {p} گوهرِ {g} را می‌برد', yk_hand_prefix: 'دستِ {n} · ', yk_carried_by: 'با {c}', yk_taken_from: 'گرفته از {p}',
    yk_column_of: 'ستون: {c}', yk_carrier: 'جادوگری که گوهر را می‌برد', yk_carrier_default: 'ضعیف‌ترین: {c}',
    yk_fix_battle: 'اصلاحِ نبردِ {n}',
    white: 'سفید', land_vipas: 'ویپاس', land_vitasta: 'ویتاستا', land_parushni: 'پاروشنی', land_sutudri: 'سوتودری', land_gomati: 'گوماتی',
  },
});

const KINDS = ['wizard', 'tool', 'monster', 'demon', 'weapon'];
const COLORS = ['red', 'green', 'yellow', 'blue'];
// The gem each land's battles give (the land's own).
const GEM_LANDS = { green: 'vipas', yellow: 'vitasta', blue: 'parushni', red: 'sutudri', white: 'gomati' };

function blankCard() { return { kind: 'wizard', colors: ['red'], power: '' }; }
// unknownCard is a card the table has not shown yet: nothing is chosen for
// it, so no colour is recorded that nobody saw.
function unknownCard() { return { kind: 'wizard', colors: [], power: '' }; }
function draft(c) { return { kind: c.kind, colors: (c.colors || []).slice(), power: String(c.power) }; }
function blankSpell() {
  return { spell: 'extra_plays', target: '', land: '', extra_plays: '1', name: '', cards: [1, 2], revealed: [Object.assign(blankCard(), { id: 'yk-rv1' }), Object.assign(blankCard(), { id: 'yk-rv2' })] };
}
function cardOf(d) { return { kind: d.kind, colors: d.colors.slice(), power: parseNumber(d.power) ?? 0 }; }

// actionFields describe the action at hand (the card played, the spell,
// the land a battle is declared at): each action starts from them blank,
// so a card typed for one play is not played again in the next.
function actionFields() {
  return { play: Object.assign({ id: 'yk-play', land: '', unknown: false }, blankCard()), spell: blankSpell(), declareLand: '' };
}

export function yatukScreen() {
  return {
    ...actionFields(),
    actionSeen: '',
    // syncAction blanks the action's fields once an action is recorded
    // (here or on another phone) or another match opens.
    syncAction() {
      const key = (this.match && this.match.id) + ':' + (this.match && this.match.version);
      if (key === this.actionSeen) return;
      Object.assign(this, actionFields(), { actionSeen: key });
    },
    // builder is one column being revealed: its cards as drafts.
    builder: { open: false, land: '', player: '', cards: [] },
    playedAt: {},
    chainAnswer: null,
    // battle holds each participant's revealed column for the battle due.
    battle: { land: '', armies: {}, white: '', carrier: '' },
    battleAnswer: null,

    // The referee's verdicts hold for the cards they were asked about, in
    // the turn they were asked in: a card edited, added or taken out, or an
    // event recorded, and the verdict is gone.
    get chain() { return still(this.chainAnswer, this.chainQuestion()); },
    get battleVerdict() { return still(this.battleAnswer, this.battleQuestion()); },
    chainQuestion() {
      const b = this.builder;
      return question(b.land, b.player, b.cards.map(cardOf), this.ownerGems(b.player), this.match && this.match.id, this.match && this.match.version);
    },
    battleQuestion() {
      const armies = {};
      for (const [p, cards] of Object.entries(this.battle.armies || {})) armies[p] = cards.map(cardOf);
      return question(this.battle.land, armies, this.battle.white, this.match && this.match.id, this.match && this.match.version);
    },

    yk() { return this.st(); },
    kinds() { return KINDS; },
    colors() { return COLORS; },
    landName(l) { return this.t('land_' + l); },
    gemName(g) { return this.t(g); },
    // gemLand is the land whose battles give a gem: each land has its own.
    gemLand(g) { return GEM_LANDS[g] || ''; },
    // gemWords is "green gem", in Persian «گوهرِ سبز» (the noun first).
    gemWords(g) { return this.lang === 'fa' ? this.t('yk_gem') + 'ِ ' + this.gemName(g) : this.gemName(g) + ' ' + this.t('yk_gem'); },
    currentName() { return this.nameOf(this.yk().current_player); },
    turnText() {
      if (this.isFinished()) return this.t('yk_winner', { p: ((this.match.result || {}).winners || []).map((id) => this.nameOf(id)).join(this.sep()) });
      return this.t('yk_turn', { p: this.currentName() });
    },
    actionsText() {
      if (this.isFinished()) return '';
      const extra = this.yk().extra_plays_left || 0;
      return this.t('yk_actions', { n: this.yk().actions_left || 0 }) + (extra ? this.sep() + this.t('yk_extra_left', { n: extra }) : '');
    },
    lands() { return this.yk().lands || []; },
    activeLands() { return this.lands().filter((l) => l.active).map((l) => l.land); },
    ykPlayers() { return this.yk().players || []; },
    gemsOf(p) { return (p.gems || []).map((g) => this.gemName(g)).join(' '); },
    cardLabel(c) {
      if (!c) return '';
      const colours = (c.colors || []).map((x) => this.t(x)).join('/');
      // Persian puts the adjective after its noun: «جادوگر زرد ۶»
      const named = this.lang === 'fa' ? this.t('kind_' + c.kind) + ' ' + colours : colours + ' ' + this.t('kind_' + c.kind);
      return named + ' ' + this.n(c.power);
    },
    columnText(a) {
      const up = (a.face_up || []).map((c) => this.cardLabel(c)).join(this.sep());
      const down = a.face_down ? this.t('yk_face_down', { n: a.face_down }) : '';
      return [up, down].filter(Boolean).join(this.sep()) || this.t('yk_no_cards');
    },
    landLine(l) {
      return this.t('yk_capacity', { n: l.capacity }) + this.sep() + this.gemWords(l.gem) + (l.active ? '' : this.sep() + this.t('yk_closed'));
    },

    // A card's colours are toggled one by one (one or two colours).
    hasColor(d, c) { return d.colors.includes(c); },
    toggleColor(d, c) {
      if (d.colors.includes(c)) d.colors = d.colors.filter((x) => x !== c);
      else d.colors = d.colors.concat([c]);
    },

    // ---- the actions of a turn
    playDrafts() { return [this.play]; },
    playLand() { return this.play.land || this.activeLands()[0] || ''; },
    // playPosition is the place the card takes in the player's column:
    // from the third on it lies face down and may stay unshown (YATUK-ARMY-6).
    playPosition() { return (this.columnOf(this.playLand(), this.yk().current_player).size || 0) + 1; },
    async playCard() {
      const data = { player: this.yk().current_player, land: this.playLand() };
      const hidden = this.play.unknown && this.playPosition() > 2;
      if (!hidden) data.card = cardOf(this.play);
      const ok = await this.send('card_played', data);
      if (ok === true) this.play.unknown = false;
    },
    async burnCard() { await this.send('card_burned', { player: this.yk().current_player }); },
    async declareBattle() {
      await this.send('battle_declared', { player: this.yk().current_player, land: this.declareLand || this.activeLands()[0] || '' });
    },
    async endTurn() { await this.send('turn_ended', { player: this.yk().current_player }); },
    spells() { return ['night_raid', 'betrayal', 'extra_plays', 'other']; },
    spellNeeds(k) {
      const s = this.spell.spell;
      switch (k) {
        case 'extra': return s === 'extra_plays';
        case 'cards': return s === 'betrayal';
        case 'name': return s === 'other';
        default: return s === 'night_raid' || s === 'betrayal';
      }
    },
    setSpell(k, v) { this.spell[k] = v; },
    opponents() { return this.players().filter((p) => p.id !== this.yk().current_player); },
    spellTarget() {
      const ids = this.opponents().map((p) => p.id);
      return ids.includes(this.spell.target) ? this.spell.target : (ids[0] || '');
    },
    spellLand() { return this.activeLands().includes(this.spell.land) ? this.spell.land : (this.activeLands()[0] || ''); },
    spellColumnText() { return this.t('yk_column_of', { c: this.columnText(this.columnOf(this.spellLand(), this.spellTarget())) }); },
    togglePosition(k) {
      const c = this.spell.cards;
      this.spell.cards = c.includes(k) ? c.filter((x) => x !== k) : c.concat([k]).sort();
    },
    // spellRemoves is the positions (from 0) the spell takes out of the
    // target's column: Night Raid its face-up cards, Betrayal those named.
    spellRemoves() {
      const size = this.columnOf(this.spellLand(), this.spellTarget()).size || 0;
      const at = this.spell.spell === 'night_raid' ? [0, 1] : this.spell.cards.map((k) => k - 1);
      return at.filter((i) => i < size);
    },
    // revealCount is how many face-down cards close up into positions 1-2
    // and are turned face up at once (YATUK-ARMY-7): they must be given.
    revealCount() {
      if (!this.spellNeeds('target')) return 0;
      const size = this.columnOf(this.spellLand(), this.spellTarget()).size || 0;
      const gone = this.spellRemoves();
      let place = 0, moving = 0;
      for (let i = 0; i < size; i++) {
        if (gone.includes(i)) continue;
        if (place < 2 && i >= 2) moving++;
        place++;
      }
      return moving;
    },
    revealedTitle(d) { return this.t('yk_revealed_no', { k: Number(d.id.slice(-1)) }); },
    async playSpell() {
      const s = this.spell;
      const data = { player: this.yk().current_player, spell: s.spell };
      if (this.spellNeeds('target')) {
        data.target = this.spellTarget();
        data.land = this.spellLand();
        const k = this.revealCount();
        if (k > 0) data.revealed = s.revealed.slice(0, k).map(cardOf);
      }
      if (this.spellNeeds('cards')) data.cards = s.cards.slice();
      if (this.spellNeeds('extra')) data.extra_plays = parseNumber(s.extra_plays) ?? 1;
      if (this.spellNeeds('name') && s.name.trim()) data.name = s.name.trim();
      const ok = await this.send('spell_played', data);
      if (ok === true) this.spell = Object.assign(blankSpell(), { spell: s.spell });
    },

    // ---- the army builder: one column and the referee's chain for it
    columnOf(land, player) {
      const l = this.lands().find((x) => x.land === land) || { armies: [] };
      return l.armies.find((a) => a.player === player) || { face_up: [], face_down: 0 };
    },
    // revealed is the column as drafts: the face-up cards as they lie, a
    // blank card for each face-down one, to be filled as it is shown.
    // A face-down card is shown as the card recorded when it was played
    // (played cards since the land's last battle), or with nothing chosen
    // when the table recorded it unknown.
    revealed(land, player) {
      const a = this.columnOf(land, player);
      const out = (a.face_up || []).map(draft);
      const down = a.face_down || 0;
      const played = (this.playedAt || {})[land + ':' + player] || [];
      const known = played.slice(Math.max(0, played.length - down));
      for (let i = 0; i < down; i++) {
        const c = known[i - (down - known.length)];
        out.push(c ? draft(c) : unknownCard());
      }
      return out;
    },
    // loadPlayed reads the cards each column was given, from the events in
    // force: a battle at a land empties its columns.
    async loadPlayed() {
      const at = {};
      try {
        for (const e of await this.eventsInForce()) {
          const d = e.data || {};
          if (e.type === 'card_played') (at[d.land + ':' + d.player] = at[d.land + ':' + d.player] || []).push(d.card || null);
          if (e.type === 'battle_resolved') for (const k of Object.keys(at)) if (k.startsWith(d.land + ':')) delete at[k];
        }
      } catch { /* the placeholders stay to be filled */ }
      this.playedAt = at;
    },
    async openBuilder(land, player) {
      await this.loadPlayed();
      const inBattle = this.battle.land === land && this.battle.armies[player];
      this.builder = { open: true, land, player, cards: inBattle ? this.battle.armies[player] : this.revealed(land, player) };
      this.numberCards();
      this.chainAnswer = null;
      this.$nextTick(() => { const e = document.getElementById('yk-builder'); if (e) e.scrollIntoView(); });
    },
    closeBuilder() { this.builder = { open: false, land: '', player: '', cards: [] }; this.chainAnswer = null; },
    builderTitle() { return this.builder.open ? this.t('yk_builder_of', { p: this.nameOf(this.builder.player), l: this.landName(this.builder.land) }) : ''; },
    addCard() { this.builder.cards.push(unknownCard()); this.numberCards(); },
    removeCard(i) { this.builder.cards.splice(i, 1); this.numberCards(); },
    // numberCards names each card's fields by its place in the column.
    numberCards() { this.builder.cards.forEach((d, i) => { d.id = 'yk-b' + (i + 1); }); },
    ownerGems(player) { return ((this.ykPlayers().find((p) => p.id === player) || {}).gems) || []; },
    async askChain() {
      const q = { cards: this.builder.cards.map(cardOf), gems: this.ownerGems(this.builder.player) };
      const asked = this.chainQuestion();
      try {
        this.chainAnswer = answer(await this.askReferee('yatuk', 'army', q), asked);
      } catch (e) {
        this.chainAnswer = null;
        this.showRefusal(e);
      }
    },
    chainCards() { return (this.chain && this.chain.cards) || []; },
    chainLine(c) { return this.t('yk_card_no', { k: c.position }) + ': ' + this.cardLabel(c) + ' — ' + (c.kept ? this.t('yk_kept') : this.t('yk_removed')); },
    chainStrength() { return this.chain ? this.t('yk_strength', { s: this.chain.total }) : ''; },
    chainBonuses() { return (this.chain && this.chain.gem_bonuses) || []; },

    // ---- the battle due: every army revealed, ruled, then recorded
    due() { return this.yk().pending_battle || null; },
    dueTitle() {
      const d = this.due();
      return d ? this.t('yk_battle', { l: this.landName(d.land) }) + this.sep() + this.t('yk_battle_' + d.type) : '';
    },
    participants() {
      const d = this.due();
      if (!d) return [];
      const l = this.lands().find((x) => x.land === d.land) || { armies: [] };
      return l.armies.filter((a) => a.size > 0).map((a) => a.player);
    },
    // revealing makes the drafts of the battle due, one column per army.
    revealing() { const d = this.due(); return !!d && this.battle.land === d.land; },
    async reveal() {
      await this.loadPlayed();
      const d = this.due();
      const armies = {};
      for (const p of this.participants()) armies[p] = this.revealed(d.land, p);
      this.battle = { land: d.land, armies, white: '', carrier: '' };
      this.battleAnswer = null;
    },
    // whiteHolder is the battle's participant holding the white gem, who
    // names its colour (YATUK-GEM-3, -7).
    whiteHolder() {
      const g = (this.yk().gems || []).find((x) => x.gem === 'white');
      return g && g.holder && this.participants().includes(g.holder) ? g.holder : '';
    },
    setWhite(c) { this.battle.white = c; this.battle.carrier = ''; },
    // carrierChoices are the wizards of the winner's army as the referee
    // ruled it: the table picks the one who carries the gem (YATUK-BATTLE-12).
    carrierChoices() {
      const v = this.battleVerdict;
      if (!v || !v.winner) return [];
      return (this.battleArmies()[v.winner] || []).map((d, i) => ({ position: i + 1, card: cardOf(d) }))
        .filter((w) => w.card.kind === 'wizard')
        .map((w) => ({ position: w.position, label: this.t('yk_card_no', { k: w.position }) + ': ' + this.cardLabel(w.card) }));
    },
    carrierIs(position) { return this.battle.carrier !== '' && Number(this.battle.carrier) === position; },
    defaultCarrier() { const c = this.battleVerdict && this.battleVerdict.carrier; return c ? this.cardLabel(c.card) : ''; },
    battleArmies() { return this.revealing() ? this.battle.armies : {}; },
    armyText(p) { return (this.battleArmies()[p] || []).map((c) => this.cardLabel(cardOf(c))).join(this.sep()); },
    battleData() {
      const armies = {};
      for (const [p, cards] of Object.entries(this.battleArmies())) armies[p] = cards.map(cardOf);
      const out = { land: this.due().land, armies };
      if (this.battle.white && this.whiteHolder()) out.white_gem_color = this.battle.white;
      if (this.battle.carrier && this.carrierChoices().length > 1) out.carrier = Number(this.battle.carrier);
      return out;
    },
    // askBattle asks the referee about the battle as it will be recorded:
    // its type, the current player, the land's capacity and each army's gems.
    async askBattle() {
      const d = this.due();
      const land = this.lands().find((x) => x.land === d.land) || {};
      const q = Object.assign(this.battleData(), { players: this.players().map((p) => p.id), current_player: d.current_player || this.yk().current_player, capacity: land.capacity });
      delete q.carrier; // the table's pick, once the referee has named the winner
      if (d.type === 'declared') q.declared_by = d.declared_by || q.current_player;
      const gems = {};
      for (const p of this.participants()) { const g = this.ownerGems(p); if (g.length) gems[p] = g; }
      if (Object.keys(gems).length) q.gems = gems;
      const asked = this.battleQuestion();
      try {
        this.battleAnswer = answer(await this.askReferee('yatuk', 'battle', q), asked);
      } catch (e) {
        this.battleAnswer = null;
        this.showRefusal(e);
      }
    },
    battleLine() {
      const v = this.battleVerdict;
      return v ? this.t('yk_winner', { p: this.nameOf(v.winner) }) + this.sep() + this.t('yk_strength', { s: v.top_strength }) : '';
    },
    battleArmyLines() {
      const v = this.battleVerdict;
      return ((v && v.armies) || []).map((a) => ({ player: a.player, text: this.t('yk_strength', { s: a.strength }) }));
    },
    async recordBattle() {
      const ok = await this.send('battle_resolved', this.battleData());
      if (ok === true) { this.battle = { land: '', armies: {}, white: '', carrier: '' }; this.battleAnswer = null; this.closeBuilder(); }
    },

    // ---- the sheet: every battle, and the tie-break on gems
    battleRows() { return this.rounds(); },
    battleRowLine(r) {
      const hands = (this.yk().options || {}).hands > 1;
      const strengths = Object.entries(r.strengths || {}).map(([id, v]) => this.nameOf(id) + ' ' + this.n(v)).join(this.sep());
      const parts = [this.t('yk_battle_row', {
        h: hands ? this.t('yk_hand_prefix', { n: r.hand }) : '', n: r.number, l: this.landName(r.land),
        t: this.t('yk_battle_' + r.type), p: this.nameOf(r.winner), g: this.gemName(r.gem),
      }), strengths];
      if (r.carrier) parts.push(this.t('yk_carried_by', { c: this.cardLabel(r.carrier.card) }));
      if (r.taken_from) parts.push(this.t('yk_taken_from', { p: this.nameOf(r.taken_from) }));
      return parts.join(this.sep());
    },
    // fixBattle opens the i-th battle in force (as the sheet lists them) in
    // the event editor: its white gem's colour or its carrier, say.
    async fixBattle(i) {
      const evs = await this.eventsInForce();
      const ev = evs.filter((e) => e.type === 'battle_resolved')[i];
      if (!ev) return;
      this.openEvents();
      this.editEvent(ev);
    },
    // tieOnGems: two or more players share the most gems, so the carriers'
    // power decides (YATUK-END-3).
    tieOnGems() {
      const ps = this.ykPlayers();
      const most = Math.max(0, ...ps.map((p) => (p.gems || []).length));
      return most > 0 && ps.filter((p) => (p.gems || []).length === most).length > 1;
    },

    // ---- the sheet: gems and each hand's result
    handResults() { return this.yk().hand_results || []; },
    handLine(h) {
      const gems = Object.entries(h.gems || {}).map(([id, g]) => this.nameOf(id) + ' ' + this.n(g)).join(this.sep());
      return this.t('yk_hand_no', { n: h.hand }) + ': ' + this.t('yk_winner', { p: (h.winners || []).map((id) => this.nameOf(id)).join(this.sep()) }) + this.sep() + gems;
    },
  };
}
