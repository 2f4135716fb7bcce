// Wazabi's next step where the finger is: after each step of a turn (the
// roll, the draw, the gift of dice, a card played, the end of the turn),
// recorded on this phone or another, the control of the step that follows
// is brought into view, so the table never scrolls to find it.

// STEP_CONTROLS name the control of each phase of a turn (the state's
// phase), the one the table taps next.
const STEP_CONTROLS = {
  reroll: '#wb-record-opening', roll: '#wb-record-roll', draw: '#wb-draw',
  give: '#wb-record-give', play: '#wb-card', end: '#wb-end-turn',
};

/** wazabiSteps is the Wazabi screen's part that shows the next step. */
export function wazabiSteps() {
  return {
    // stepMatch is the match whose steps were seen: the first sight of a
    // match (opening it) moves nothing.
    stepMatch: '',

    // stepTaken is called when the turn moves on a step; it brings the
    // next step's control into view once the screen shows it.
    stepTaken() {
      const id = this.match && this.match.id;
      const seen = this.stepMatch === id;
      this.stepMatch = id;
      if (!seen || !this.tabIs('play')) return;
      this.$nextTick(() => this.revealStep());
    },
    // cardChosen brings the chosen card's effect and its Play button into
    // view under the list it was chosen from.
    cardChosen() { this.$nextTick(() => this.revealStep('#wb-play-card')); },
    revealStep(control) {
      const sel = control || STEP_CONTROLS[this.wb().phase];
      const el = sel && document.querySelector(sel);
      if (!el || !el.getClientRects().length) return;
      const r = el.getBoundingClientRect();
      if (r.top >= 0 && r.bottom <= innerHeight) return;
      el.scrollIntoView({ block: 'center' });
    },
  };
}
