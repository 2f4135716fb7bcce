package wazabi

import "github.com/motamed/motamed/rules"

// Card is one card type of the catalogue (DECISIONS.md: the 12-type list of the
// current edition). The seed gives no values and no copy counts, so only the
// type, its cost in W and its effect are known; copy counts are not enforced.
type Card rules.Card

// The card IDs (stable, snake_case): events and referee requests name cards by
// these.
const (
	cardMissATurn     = "miss_a_turn"
	cardReverse       = "reverse"
	cardDraw3         = "draw_3"
	cardHandLimit1    = "hand_limit_1"
	cardLoseADie      = "lose_a_die"
	cardStealACard    = "steal_a_card"
	cardExchangeHands = "exchange_hands"
	cardHandLimit2    = "hand_limit_2"
	cardPassCards     = "pass_cards"
	cardPassDice      = "pass_dice"
	cardExchangeDice  = "exchange_dice"
	cardLose2Dice     = "lose_2_dice"
)

// catalogue lists the card types in DECISIONS.md order. It is read only.
var catalogue = [...]Card{
	{cardMissATurn, rules.T("Miss a turn", "از دست دادن یک نوبت"), 0, "WAZABI-SKIP-1", true, false,
		rules.T("The player you choose misses their next turn; the card waits face up in front of them.",
			"بازیکنی که انتخاب می کنید نوبت بعدی اش را از دست می دهد؛ کارت به رو جلوی او می ماند.")},
	{cardReverse, rules.T("Reverse and play again", "تغییر جهت و بازی دوباره"), 0, "WAZABI-REVERSE-1", false, false,
		rules.T("The direction of play turns round and you take another turn at once.",
			"جهت بازی برعکس می شود و شما بلافاصله یک نوبت دیگر بازی می کنید.")},
	{cardDraw3, rules.T("Draw 3 cards", "کشیدن 3 کارت"), 1, "WAZABI-DRAW3-1", false, false,
		rules.T("Draw 3 more cards from the draw pile.",
			"3 کارت اضافی از ستون کارت های کشیدنی بکشید.")},
	{cardHandLimit1, rules.T("Hand limit 1", "فقط 1 کارت برای یک حریف"), 1, "WAZABI-KEEP1-1", true, false,
		rules.T("The player you choose keeps only 1 card; the rest go face up onto the played pile.",
			"بازیکنی که انتخاب می کنید فقط 1 کارت نگه می دارد و بقیه به رو روی ستون کارت های بازی شده می روند.")},
	{cardLoseADie, rules.T("Lose a die", "از دست دادن یک تاس"), 1, "WAZABI-LOSE1-1", false, false,
		rules.T("You put one of your dice out of the game; not playable after rolling 2 or more give symbols.",
			"یکی از تاس هایتان از بازی بیرون می رود؛ اگر 2 علامت دادن تاس یا بیش تر آورده باشید، نمی شود این کارت را بازی کرد.")},
	{cardStealACard, rules.T("Steal a card", "برداشتن یک کارت از حریف"), 1, "WAZABI-STEAL-1", true, false,
		rules.T("Take one card at random from the hand of the player you choose.",
			"از دست بازیکنی که انتخاب می کنید، به طور اتفاقی یک کارت بردارید.")},
	{cardExchangeHands, rules.T("Exchange hands", "عوض کردن کارت ها"), 2, "WAZABI-SWAPCARDS-1", true, false,
		rules.T("Exchange all your cards with all the cards of the player you choose.",
			"همه ی کارت هایتان را با همه ی کارت های بازیکنی که انتخاب می کنید عوض کنید.")},
	{cardHandLimit2, rules.T("Hand limit 2", "فقط 2 کارت برای دیگران"), 2, "WAZABI-KEEP2-1", false, false,
		rules.T("Every other player keeps only 2 cards; the rest go face up onto the played pile.",
			"همه ی بازیکنان به جز شما فقط 2 کارت نگه می دارند و بقیه به رو روی ستون کارت های بازی شده می روند.")},
	{cardPassCards, rules.T("Pass cards", "دادن کارت ها به چپ یا راست"), 2, "WAZABI-PASSCARDS-1", false, true,
		rules.T("Every player, you included, gives all their cards to the left or to the right neighbour; you choose the direction.",
			"همه ی بازیکنان، از جمله شما، همه ی کارت هایشان را به نفر سمت چپ یا سمت راست می دهند؛ جهت را شما انتخاب می کنید.")},
	{cardPassDice, rules.T("Pass dice", "دادن تاس ها به چپ یا راست"), 2, "WAZABI-PASSDICE-1", false, true,
		rules.T("Every player, you included, gives all their dice to the left or to the right neighbour; you choose the direction.",
			"همه ی بازیکنان، از جمله شما، همه ی تاس هایشان را به نفر سمت چپ یا سمت راست می دهند؛ جهت را شما انتخاب می کنید.")},
	{cardExchangeDice, rules.T("Exchange dice", "عوض کردن تاس ها"), 3, "WAZABI-SWAPDICE-1", true, false,
		rules.T("Exchange all your dice with all the dice of the player you choose.",
			"همه ی تاس هایتان را با همه ی تاس های بازیکنی که انتخاب می کنید عوض کنید.")},
	{cardLose2Dice, rules.T("Lose 2 dice", "از دست دادن 2 تاس"), 3, "WAZABI-LOSE2-1", false, false,
		rules.T("You put 2 of your dice out of the game.",
			"2 تا از تاس هایتان از بازی بیرون می روند.")},
}

// cardByID returns the catalogue card with the given ID.
func cardByID(id string) (Card, bool) {
	for _, c := range catalogue {
		if c.ID == id {
			return c, true
		}
	}
	return Card{}, false
}

// Catalogue returns a copy of the card catalogue, in DECISIONS.md order.
func Catalogue() []Card {
	out := make([]Card, len(catalogue))
	copy(out, catalogue[:])
	return out
}

// cardIDs lists the catalogue's card IDs, for messages that say what is allowed.
func cardIDs() string {
	s := ""
	for i, c := range catalogue {
		if i > 0 {
			s += ", "
		}
		s += c.ID
	}
	return s
}
