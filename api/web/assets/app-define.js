// Defining a score-sheet game from the table app (an admin or a league
// owner): its name in English and/or Persian, the player range, numbered
// rounds or named categories each with an optional range, whether the
// lowest total wins, negative scores and a tie-break category. The server
// checks the definition; once defined it is offered among the games.
import { addWords, parseNumber } from './app-i18n.js';

addWords({
  en: {
    df_title: 'Define a score sheet', df_name: 'Name', df_name_fa: 'Persian name', df_min: 'Fewest players', df_max: 'Most players',
    df_rows: 'Rows', df_rounds: 'Numbered rounds', df_categories: 'Named categories', df_count: 'Rounds (0: open, ended by the table)',
    df_min_value: 'Lowest value', df_max_value: 'Highest value', df_add_category: 'Add a category', df_category: 'Category {n}',
    df_lowest_wins: 'The lowest total wins', df_negative: 'Scores may be negative', df_tie_break: 'Tie-break category', df_define: 'Define the sheet',
  },
  fa: {
    df_title: 'تعریفِ برگه‌ی امتیاز', df_name: 'نام (انگلیسی)', df_name_fa: 'نامِ فارسی', df_min: 'کمترین تعدادِ بازیکن', df_max: 'بیشترین تعدادِ بازیکن',
    df_rows: 'سطرها', df_rounds: 'دورهای شماره‌دار', df_categories: 'دسته‌های نام‌دار', df_count: 'تعدادِ دورها (۰: باز، تا اعلامِ پایان)',
    df_min_value: 'کمترین امتیاز', df_max_value: 'بیشترین امتیاز', df_add_category: 'افزودنِ دسته', df_category: 'دسته‌ی {n}',
    df_lowest_wins: 'کمترین مجموع می‌بَرد', df_negative: 'امتیازِ منفی مجاز است', df_tie_break: 'دسته‌ی شکستنِ تساوی', df_define: 'تعریفِ برگه',
  },
});

const newCategory = (k) => ({ key: k, name: '', name_fa: '', min: '', max: '' });

export function defineScreen() {
  return {
    df: { name: '', name_fa: '', min: '2', max: '5', kind: 'rounds', count: '9', rmin: '', rmax: '', categories: [newCategory(1)], next: 2, lowest: 'false', negative: 'false', tie: '' },

    addCategory() { this.df.categories.push(newCategory(this.df.next++)); },
    isRounds() { return this.df.kind === 'rounds'; },
    // definition is the request body: empty fields left out.
    definition() {
      const d = this.df, num = (v) => parseNumber(v);
      const range = (o, lo, hi) => { if (num(lo) !== null) o.min = num(lo); if (num(hi) !== null) o.max = num(hi); return o; };
      const body = { name: d.name.trim(), name_fa: d.name_fa.trim(), min_players: num(d.min) ?? 0, max_players: num(d.max) ?? 0,
        lowest_wins: d.lowest === 'true', negative: d.negative === 'true' };
      if (this.isRounds()) body.rounds = range({ count: num(d.count) ?? 0 }, d.rmin, d.rmax);
      else {
        body.categories = d.categories.filter((c) => c.name.trim() || c.name_fa.trim()).map((c, i) => range({ id: 'c' + (i + 1), name: c.name.trim(), name_fa: c.name_fa.trim() }, c.min, c.max));
        const tie = d.categories.filter((c) => c.name.trim() || c.name_fa.trim()).findIndex((c) => String(c.key) === d.tie);
        if (tie >= 0) body.tie_break = 'c' + (tie + 1);
      }
      return body;
    },
    tieChoices() { return this.df.categories.filter((c) => c.name.trim() || c.name_fa.trim()); },
    tieKey(c) { return String(c.key); },
    tieLabel(c) { return (this.lang === 'fa' ? c.name_fa || c.name : c.name || c.name_fa); },
    async defineSheet() {
      try {
        const r = await this.api.post('/v1/games', this.definition());
        await this.loadGames(true);
        this.nextGame = r.data.id;
        location.hash = '#/new';
      } catch (e) {
        this.showRefusal(e);
      }
    },
  };
}
