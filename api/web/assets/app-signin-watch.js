// Whether this device is still signed in. A token revoked (a table given a
// new code) or unknown leads to one clear screen, "this device is no
// longer signed in", never to an empty form or an uncaught error: any
// answer 401 to a request sent with the device's token, and the end of the
// league's stream with `event: revoked` (status 401), which a league's
// token keeps open so the screen changes within a second of the revocation.
// A table's token also fills in what starting its match needs: the
// league's game, and the table's label.
import { Problem } from './app-api.js';
import { addWords } from './app-i18n.js';

export const TOKEN_KEY = 'motamed.token';

export function signinWatch() {
  return {
    watching: null,

    // guardSignIn wraps the API client: a 401 to a request that carried
    // the device's token means the device is signed out (a token being
    // typed in is answered on the sign-in form instead).
    guardSignIn(api) {
      const guard = (p) => p.catch((e) => {
        if (e instanceof Problem && e.status === 401 && this.token && this.tokenInput.trim() !== this.token) this.lostSignIn();
        throw e;
      });
      return {
        get: (path) => guard(api.get(path)),
        post: (path, body, headers) => guard(api.post(path, body, headers)),
        put: (path, body, headers) => guard(api.put(path, body, headers)),
        patch: (path, body) => guard(api.patch(path, body)),
        request: (...a) => guard(api.request(...a)),
      };
    },

    // watchSignIn follows the league of a league's token: the stream ends
    // with `event: revoked` the moment the token is revoked.
    watchSignIn() {
      this.stopWatching();
      if (!this.me || !this.me.league_id || !window.MotamedStream || !window.ReadableStream) return;
      const s = window.MotamedStream('/v1/leagues/' + encodeURIComponent(this.me.league_id) + '/stream', {
        token: this.token,
        on: { revoked: (d) => { if (d && d.status === 401) this.lostSignIn(); } },
        // <body data-watch="open"> says a revocation from now on reaches
        // this screen.
        state: (st) => { if (st === 'live') document.body.dataset.watch = 'open'; else delete document.body.dataset.watch; },
      });
      this.watching = { close: () => s.close() };
    },
    stopWatching() {
      delete document.body.dataset.watch;
      if (this.watching) this.watching.close();
      this.watching = null;
    },

    // lostSignIn forgets the token and shows the signed-out screen.
    lostSignIn() {
      if (this.is('signedout')) return;
      this.stopWatching();
      this.leaveMatch();
      this.match = null;
      this.nm = null;
      this.me = null;
      this.token = '';
      localStorage.removeItem(TOKEN_KEY);
      this.route = { name: 'signedout', id: '' };
      window.scrollTo(0, 0);
    },
    signInAgain() {
      this.signinError = '';
      location.hash = '#/';
      this.route = { name: 'home', id: '' };
      this.loadHome();
    },

    // tableDefaults fills a new match from a table's token: its label
    // ("Table 3") when the token is a scorer's, so the TV and the play log
    // name the table.
    tableDefaults(nm) {
      if (this.me && this.me.role === 'scorer' && this.me.label && !nm.table) nm.table = this.me.label;
    },
    // gamesOffered is the games a new match may be of: the league's game
    // only, for a league's token.
    gamesOffered() {
      if (this.me && this.me.league_id && this.nm && this.nm.game) {
        const only = this.games.filter((g) => g.id === this.nm.game);
        if (only.length) return only;
      }
      return this.games;
    },
    // canDesk: the owner's desk is for an admin and a league's owner.
    canDesk() { return !!this.me && (this.me.role === 'admin' || this.me.role === 'owner'); },
  };
}

addWords({
  en: {
    signed_out_title: 'This device is no longer signed in',
    signed_out_text: 'Its code was revoked or replaced. Ask the organiser for the table\'s new code, or sign in with a token.',
    sign_in_again: 'Sign in',
  },
  fa: {
    signed_out_title: 'این دستگاه دیگر وارد نیست',
    signed_out_text: 'کدِ آن باطل یا عوض شده است. کدِ تازه‌ی میز را از برگزارکننده بگیرید، یا با یک توکن وارد شوید.',
    sign_in_again: 'ورود',
  },
});
