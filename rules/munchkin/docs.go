package munchkin

import (
	"encoding/json"

	"github.com/motamed/motamed/rules"
)

// Examples of every event, valid in this order from Setup with players p1,
// p2, p3 (a test applies them so they cannot rot).
var eventExamples = []struct{ typ, data string }{
	{evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`},
	{evCharacterUpdated, `{"player":"p1","gender":"male","races":["dwarf"],"classes":["warrior"]}`},
	{evLoadoutDeclared, `{"player":"p1","items":[{"name":"Bloody Limb-Chopping Chainsaw","slot":"two_hands","big":true,"bonus":3,"gold":600},{"name":"Butt-Kicking Boots","slot":"footgear","bonus":2,"gold":400},{"name":"Pointy Mace","slot":"one_hand","bonus":2,"gold":400,"class_only":"cleric","equipped":false}],"hirelings":0}`},
	{evItemsSold, `{"player":"p1","gold":[400,600,300]}`},
	{evCombat, `{"player":"p1","helper":"p2","bonus":3,"helper_bonus":2,"one_shot_bonus":0,"monsters":[{"name":"Stupid Troll","level":10,"treasures":3,"levels":1,"modifiers":[{"name":"Savage","strength":5,"treasures":1}]}]}`},
	{evRunAway, `{"player":"p1","monster":"Stupid Troll","roll":4,"modifier":1}`},
	{evDied, `{"player":"p2","body_cards":3}`},
	{evTurnEnded, `{"player":"p1","hand_size":7}`},
}

var eventDescriptions = map[string]string{
	evLevelChanged: `A pawn moves on the level track: {player, delta, reason}. reason is kill, help, sell, card (Go Up a Level when positive: never in combat, never the winning level; ` +
		`another card when negative), curse, bad_stuff (after a failed run-away roll this turn), death (delta 0) or correction (a table fix; never the winning level). ` +
		`A gain for kill (the fighter) or help (an Elf helper) is only the part of what this turn's won combat earned that is not yet moved; the combat event moves those levels itself, ` +
		`so a kill is recorded with combat, and the winning level comes only from it. ` +
		`Levels never go below 1: a larger loss stops at 1 with a note. The combat and items_sold events move pawns themselves; do not record their levels again.`,
	evCharacterUpdated: `Race and Class cards, gender, Super Munchkin and Half-Breed: {player, gender?: male|female, races?: [elf|dwarf|halfling], classes?: [warrior|wizard|thief|cleric], super_munchkin?, half_breed?}. ` +
		`Omitted fields keep their value; an empty races list means Human. At most one race and one class, two with Half-Breed / Super Munchkin, which need a Race / Class card.`,
	evLoadoutDeclared: `Every Item a player carries: {player, items: [{name, slot: headgear|armor|footgear|one_hand|two_hands|other, big?, bonus?, gold?, class_only?, race_only?: elf|dwarf|halfling|human, equipped? (default true)}], hirelings?, cheat? (the name of the Item a Cheat card is attached to)}. ` +
		`Checks every slot limit, the one-Big-Item limit (any number for a Dwarf, one more per Hireling) and class/race-only Items, citing each broken rule. Not while running away.`,
	evCombat: `A fight as it stood when resolved, after every card was played: {player, helper?, bonus, helper_bonus?, one_shot_bonus?, monsters: [{name, level, treasures, levels? (default 1), modifiers?: [{name?, strength, treasures?}], undead?}], ` +
		`player_is_warrior?, helper_is_warrior?, helper_is_elf?, helper_compelled?, outcome?: won|lost}. Levels come from the state; Warrior and Elf default to the Race/Class cards in play. ` +
		`The referee computes both sides, the outcome (strictly greater wins; a Warrior on the players' side wins ties), levels and Treasures, applies the levels on a win, and on a loss leaves one run_away roll due per monster per runner.`,
	evRunAway: `One Run Away roll after a lost fight: {player, monster (its name), roll: 1..6, modifier?}. 5 or more after modifiers escapes; otherwise that monster's Bad Stuff applies now. ` +
		`Every runner rolls once against every monster, in any order; until then the turn cannot end and no other fight, sale or equipment change is accepted.`,
	evItemsSold: `A sale on the seller's own turn, out of combat: {player, gold: [value of each Item, 0 for No Value]}. One level per full 1000 gold, the rest lost; never the winning level ` +
		`(sell_overflow cap: stops one level below with a warning; reject: refused). The pawn moves; do not record the level again.`,
	evDied: `A character dies: {player, body_cards? (cards laid out to loot)}. Keeps level, Race/Class cards and Curses, loses every Item; the referee gives the looting order (highest level first, ties roll). ` +
		`A runner who dies rolls no more. The character returns to life when the next turn begins.`,
	evTurnEnded: `The turn ends: {player, hand_size (cards in hand after Charity's voluntary plays)}. Over 5 cards, the referee says who gets the extra cards (the lowest-level living players, split evenly) ` +
		`or that the giver, being the lowest, discards them. Dead characters return to life; the turn passes to the left.`,
}

func eventDocs() []rules.EventDoc {
	docs := make([]rules.EventDoc, len(eventExamples))
	for i, e := range eventExamples {
		docs[i] = rules.EventDoc{Type: e.typ, Description: eventDescriptions[e.typ], Example: json.RawMessage(e.data)}
	}
	return docs
}
