// Yatuk's land capacities on the new-match screen: a row of buttons per
// land (1 to 12), one tap each, no JSON typed. Gomati starts at the 6 the
// rulebook prints; the rulebook prints no other land's, so those are
// chosen at the table (YATUK-SETUP-3).
import { addWords } from './app-i18n.js';

addWords({
  en: { cap_of: 'Capacity of {l}', cap_unset: 'not chosen', cap_printed: 'printed in the rulebook' },
  fa: { cap_of: 'ظرفیتِ {l}', cap_unset: 'انتخاب نشده', cap_printed: 'چاپ‌شده در دفترچه‌ی قوانین' },
});

const LANDS = ['vipas', 'vitasta', 'parushni', 'sutudri', 'gomati'];

/** capacityPicker is the new-match form's part that picks capacities. */
export function capacityPicker() {
  return {
    isCapacities(opt) { return opt.name === 'capacities' && !!this.nm && this.nm.game === 'yatuk'; },
    lands() { return LANDS; },
    capacityChoices() { return Array.from({ length: 12 }, (_, i) => i + 1); },
    // capacityValue reads an option value (an object or its JSON) as the
    // capacities the form holds.
    capacityValue(v) {
      let o = v;
      if (typeof v === 'string') { try { o = JSON.parse(v || '{}'); } catch { o = {}; } }
      const out = {};
      for (const l of LANDS) if (o && Number.isInteger(o[l])) out[l] = o[l];
      return out;
    },
    capacities() { return this.capacityValue(this.nm.options.capacities); },
    setCapacity(land, v) { this.nm.options.capacities = Object.assign(this.capacities(), { [land]: v }); },
    capacityIs(land, v) { return this.capacities()[land] === v; },
    capacityLabel(land) { return this.t('land_' + land); },
    capacityNote(land) {
      const v = this.capacities()[land];
      if (v === undefined) return this.t('cap_unset');
      return this.n(v) + (land === 'gomati' && v === 6 ? this.sep() + this.t('cap_printed') : '');
    },
  };
}
