// Munchkin's counters, as the level counters people know: a big − and +
// per player, all of them on the first screen with the turn's fight and
// its end. + records a Go Up a Level card in one tap; − asks in one more
// tap why (a Curse, Bad Stuff, or a correction). A kill only comes from a
// won combat, recorded there. Each player's gear (the loadout_declared
// event) and Race and Class are set once in the player's own form, opened
// by tapping the player's name, and every combat preview counts that gear.
import { addWords } from './app-i18n.js';

addWords({
  en: {
    mk_up: 'Level up: {p}', mk_down: 'Level down: {p}', mk_down_why: 'Why does {p} go down a level?',
    mk_strength: 'Strength {s}', mk_edit_gear: 'Gear, Race and Class', mk_edit_gear_of: 'Gear, Race and Class: {p}',
    mk_item: 'Item', mk_item_name: 'Item name', mk_slot: 'Where it is worn', mk_item_bonus: 'Bonus', mk_add_item: 'Add an Item',
    mk_save_gear: 'Save', mk_no_items: 'No Items yet.', mk_item_n: 'Item {k}',
    slot_headgear: 'Headgear', slot_armor: 'Armor', slot_footgear: 'Footgear', slot_one_hand: 'One hand', slot_two_hands: 'Two hands', slot_other: 'Other',
    mk_monster_level: 'Monster\'s level', reason_sell: 'Sale', reason_death: 'Death', mk_fight_more: 'The fight: who fights, helper, bonuses, more monsters',
  },
  fa: {
    mk_up: 'سطح بالا: {p}', mk_down: 'سطح پایین: {p}', mk_down_why: 'چرا {p} یک سطح پایین می‌رود؟',
    mk_strength: 'قدرت {s}', mk_edit_gear: 'تجهیزات، نژاد و طبقه', mk_edit_gear_of: 'تجهیزات، نژاد و طبقه: {p}',
    mk_item: 'آیتم', mk_item_name: 'نامِ آیتم', mk_slot: 'جای استفاده', mk_item_bonus: 'امتیاز', mk_add_item: 'افزودنِ آیتم',
    mk_save_gear: 'ذخیره', mk_no_items: 'هنوز آیتمی نیست.', mk_item_n: 'آیتمِ {k}',
    slot_headgear: 'کلاه', slot_armor: 'زره', slot_footgear: 'کفش', slot_one_hand: 'یک دست', slot_two_hands: 'دو دست', slot_other: 'سایر',
    mk_monster_level: 'سطحِ هیولا', reason_sell: 'فروش', reason_death: 'مرگ', mk_fight_more: 'نبرد: مبارز، کمک‌کننده، امتیازها، هیولاهای دیگر',
  },
});

const SLOTS = ['headgear', 'armor', 'footgear', 'one_hand', 'two_hands', 'other'];

const closedGear = () => ({ open: false, player: '', items: [], race: '', klass: '' });

/** munchkinPad is the Munchkin screen's counters and gear forms. */
export function munchkinPad() {
  return {
    downFor: '',
    gear: closedGear(),

    strengthOf(p) { return (p.level || 1) + (p.equipped_bonus || 0); },
    async levelUp(id) {
      this.downFor = '';
      await this.send('level_changed', { player: id, delta: 1, reason: 'card' });
    },
    // askDown opens the reasons beside the player's counter; a second tap
    // on − closes them.
    askDown(id) { this.downFor = this.downFor === id ? '' : id; },
    downOpen(id) { return this.downFor === id; },
    downReasons() { return ['curse', 'bad_stuff', 'card', 'correction']; },
    async levelDown(id, reason) {
      this.downFor = '';
      await this.send('level_changed', { player: id, delta: -1, reason });
    },

    // reveal brings a part just opened (selling, a death, the rest of a
    // fight) into view under the finger that opened it.
    reveal(e) { if (e.target.open) e.target.scrollIntoView({ block: 'nearest' }); },

    // ---- a player's gear, Race and Class
    slots() { return SLOTS; },
    openGear(id) {
      const p = this.mkPlayer(id);
      const items = (p.items || []).map((it) => ({ name: it.name, slot: it.slot, bonus: it.bonus || 0, big: !!it.big, gold: it.gold || 0, equipped: it.equipped !== false, class_only: it.class_only || '', race_only: it.race_only || '' }));
      const race = (p.races || [])[0] || 'human';
      const klass = (p.classes || [])[0] || 'none';
      this.gear = { open: true, player: id, items, race, klass };
    },
    gearOpen(id) { return this.gear.open && this.gear.player === id; },
    // toggleGear opens a player's form beside their name, or closes it.
    toggleGear(id) { if (this.gearOpen(id)) this.closeGear(); else this.openGear(id); },
    closeGear() { this.gear = closedGear(); },
    addItem() { this.gear.items.push({ name: '', slot: 'headgear', bonus: 1, big: false, gold: 0, equipped: true, class_only: '', race_only: '' }); },
    removeItem(i) { this.gear.items.splice(i, 1); },
    stepBonus(i, d) { const it = this.gear.items[i]; it.bonus = Math.max(-10, Math.min(10, (it.bonus || 0) + d)); },
    async saveGear() {
      const id = this.gear.player;
      const p = this.mkPlayer(id);
      const items = this.itemsData(this.gear.items);
      const race = this.gear.race === 'human' ? [] : [this.gear.race];
      const klass = this.gear.klass === 'none' ? [] : [this.gear.klass];
      const same = (a, b) => JSON.stringify(a || []) === JSON.stringify(b || []);
      if (!same(race, p.races) || !same(klass, p.classes)) {
        if (await this.send('character_updated', { player: id, races: race, classes: klass }) !== true) return;
      }
      const before = this.itemsData((p.items || []).map((it) => Object.assign({ class_only: '', race_only: '' }, it, { equipped: it.equipped !== false })));
      if (same(items, before) || await this.send('loadout_declared', { player: id, items }) === true) this.closeGear();
    },
    // itemsData is the Items as the loadout_declared event carries them.
    itemsData(list) {
      return list.map((it, k) => {
        const o = { name: String(it.name || '').trim() || this.t('mk_item_n', { k: k + 1 }), slot: it.slot, bonus: it.bonus, equipped: it.equipped };
        if (it.big) o.big = true;
        if (it.gold) o.gold = it.gold;
        if (it.class_only) o.class_only = it.class_only;
        if (it.race_only) o.race_only = it.race_only;
        return o;
      });
    },
  };
}
