package wazabi

import "github.com/motamed/motamed/rules"

// Section headings exactly as printed in the seed (without the trailing colon).
const (
	secTitle      = "قوانین بازی"
	secExample    = "مثال"
	secFourToSix  = "برای ۴، ۵ یا ۶ بازیکن"
	secTeams      = "روش تیمی برای ۴ یا ۶ بازیکن"
	secLength     = "زمان بازی"
	secTournament = "تور نمنت"
	secDice       = "۲۴ تاس حکاکی شدہ"
	secCards      = "۳۶ کارت تصویری"
	secBadge      = "نشان کم ترین"
)

// Where the spec cites a passage without a heading, Section is the sheet's
// title (the heading the passage is printed under) and SectionEN says which
// passage it is.
const (
	enSetup   = "Setup (paragraph without a heading)"
	enTurn    = "Turn (bullets without a heading)"
	enPiles   = "Draw and played piles (paragraphs without a heading)"
	enCards   = "Card effects (card texts on the back page, no heading)"
	enWinning = "Winning (paragraph after the Example, no heading)"
	enCatalog = "Card catalogue (DECISIONS.md; not in the seed)"
)

func entry(id, titleEN, titleFA, textEN, textFA, section, sectionEN, kind string, check rules.Checkability) rules.RuleEntry {
	return rules.RuleEntry{
		ID:     id,
		Title:  rules.T(titleEN, titleFA),
		Text:   rules.T(textEN, textFA),
		Source: rules.Source{Seed: seedFile, Section: section, SectionEN: sectionEN, Kind: kind},
		Check:  check,
	}
}

// catalog lists every rule of the spec (shared/rules/wazabi.md) in its order,
// plus the three card effects of the DECISIONS.md catalogue that the seed
// lacks (REVERSE, KEEP1, STEAL: new areas, as the spec's AMB-4 says).
func catalog() []rules.RuleEntry {
	const (
		seed    = "seed"
		derived = "seed-derived"
		def     = "default"
	)
	return []rules.RuleEntry{
		entry("WAZABI-COMP-1", "24 dice", "24 تاس",
			"The game has 24 engraved dice.",
			"بازی 24 تاس حکاکی شده دارد.",
			secDice, "Component list: 24 engraved dice", seed, rules.Computed),
		entry("WAZABI-COMP-2", "36 cards", "36 کارت",
			"The game has 36 picture (action) cards.",
			"بازی 36 کارت تصویری (کارت عمل) دارد.",
			secCards, "Component list: 36 picture cards", seed, rules.Computed),
		entry("WAZABI-COMP-3", "Three die symbols", "سه علامت تاس",
			"Each die face shows one of three symbols: card (draw one card), give (give this die away) or W (counts toward a card's value). The seed does not say how many faces of each symbol a die has.",
			"روی هر وجه تاس یکی از سه علامت هست: کارت (یک کارت بکش)، دادن (این تاس را به دیگری بده) یا W (برای ارزش کارت حساب می شود). متن نمی گوید هر تاس چند وجه از هر علامت دارد.",
			secTitle, enTurn, derived, rules.Unchecked),
		entry("WAZABI-COMP-4", "A card's value", "ارزش کارت",
			"Each card has an effect area and a minimum badge in its top-left corner. The badge shows a number of W symbols; that number is the card's value.",
			"هر کارت یک بخش تأثیر دارد و در گوشه ی سمت چپ بالایش نشان کم ترین. این نشان تعدادی علامت W را نشان می دهد و همین تعداد، ارزش کارت است.",
			secBadge, "Minimum badge (card anatomy)", seed, rules.Computed),
		entry("WAZABI-COMP-5", "The card catalogue", "فهرست کارت ها",
			"The seed's card list is partial and gives no values or copy counts, so the card catalogue (card, value, effect) is configuration. The referee uses the 12-type catalogue of the current edition (DECISIONS.md); copy counts are unknown and not enforced.",
			"فهرست کارت ها در متن ناقص است و ارزش و تعداد نسخه ی هیچ کارتی را نمی گوید، پس فهرست کارت ها (کارت، ارزش، تأثیر) از تنظیمات می آید. داور فهرست 12 نوع کارت نسخه ی فعلی بازی را به کار می برد؛ تعداد نسخه ها معلوم نیست و بررسی نمی شود.",
			secTitle, enCards, seed, rules.Computed),

		entry("WAZABI-SETUP-1", "2 to 6 players", "2 تا 6 بازیکن",
			"Wazabi is played by 2 to 6 players. Six players use all 24 dice at 4 dice each; the seed's special rule for 4, 5 or 6 players implies 2 and 3 players are also allowed.",
			"وازابی را 2 تا 6 نفر بازی می کنند. 6 بازیکن با 4 تاس هر کدام، همه ی 24 تاس را به کار می برند؛ قانون ویژه ی 4، 5 یا 6 بازیکن نشان می دهد که با 2 و 3 بازیکن هم می شود بازی کرد.",
			secDice, "Component list; For 4, 5 or 6 players", derived, rules.Checked),
		entry("WAZABI-SETUP-2", "4 dice each", "هر نفر 4 تاس",
			"Every player starts with 4 dice; the starting dice may be changed (WAZABI-LENGTH-1).",
			"همه ی بازیکنان بازی را با 4 تاس شروع می کنند؛ تعداد تاس های آغاز را می شود تغییر داد (WAZABI-LENGTH-1).",
			secTitle, enSetup, seed, rules.Computed),
		entry("WAZABI-SETUP-3", "3 cards each", "هر نفر 3 کارت",
			"Every player starts with 3 cards.",
			"همه ی بازیکنان بازی را با 3 کارت شروع می کنند.",
			secTitle, enSetup, seed, rules.Computed),
		entry("WAZABI-SETUP-4", "The draw pile", "ستون کارت های کشیدنی",
			"The remaining cards are stacked face down in the middle of the table as the draw pile. The played pile starts empty.",
			"بقیه ی کارت ها به پشت وسط میز روی هم چیده می شوند و ستون کارت های کشیدنی را می سازند. ستون کارت های بازی شده در آغاز خالی است.",
			secTitle, enSetup, seed, rules.Computed),
		entry("WAZABI-SETUP-5", "Who starts", "چه کسی شروع می کند",
			"Every player rolls all of their dice; the player who shows the most of the start symbol starts. The spec reads the seed's glyph as the give symbol; the product counts W (DECISIONS.md). The referee only compares the counts recorded.",
			"هر بازیکن همه ی تاس هایش را می ریزد و کسی که بیش ترین علامت شروع را بیاورد بازی را آغاز می کند. مشخصات، علامت متن را علامت دادن خوانده است؛ این نرم افزار بنا به تصمیم پروژه W را می شمارد. داور فقط عددهای ثبت شده را مقایسه می کند.",
			secTitle, enSetup, seed, rules.Checked),
		entry("WAZABI-SETUP-6", "Opening roll ties", "مساوی در پرتاب آغازین",
			"If several players tie for the most, only those players roll again until one has the most. The opening roll has no other effect: no cards are drawn, no dice are given and no card is played. The start player rolls again on their first turn.",
			"اگر چند بازیکن در بیش ترین تعداد مساوی شوند، فقط همان ها دوباره تاس می ریزند تا یک نفر بیش ترین را بیاورد. پرتاب آغازین اثر دیگری ندارد: نه کارتی کشیده می شود، نه تاسی داده می شود و نه کارتی بازی می شود. شروع کننده در اولین نوبتش دوباره تاس می ریزد.",
			secTitle, enSetup, def, rules.Checked),

		entry("WAZABI-TURN-1", "Taking turns", "نوبت ها",
			"Players take turns one after another, beginning with the start player. Play goes clockwise (default). Skipped players and, when playing to the last, players who have finished are passed over.",
			"بازیکنان یکی پس از دیگری بازی می کنند و شروع کننده اول است. بازی در جهت عقربه های ساعت پیش می رود (پیش فرض). بازیکنانی که نوبتشان را از دست داده اند و، وقتی بازی تا نفر آخر ادامه دارد، کسانی که تمام کرده اند، رد می شوند.",
			secTitle, enTurn, seed, rules.Checked),
		entry("WAZABI-TURN-2", "Roll all your dice", "همه ی تاس ها را بریزید",
			"At the start of their turn the active player rolls all of their dice.",
			"بازیکنی که نوبتش است در آغاز نوبت همه ی تاس هایش را می ریزد.",
			secTitle, enTurn, seed, rules.Checked),
		entry("WAZABI-TURN-3", "Draw step", "کشیدن کارت",
			"The player draws one card for each card symbol rolled. This is mandatory.",
			"بازیکن به ازای هر علامت کارت که تاس هایش آورده اند یک کارت می کشد. این کار اجباری است.",
			secTitle, enTurn, seed, rules.Checked),
		entry("WAZABI-TURN-4", "Give step", "دادن تاس",
			"Every die showing the give symbol is handed to another player of the roller's choice. This is mandatory. Each die is given separately, so different dice may go to different players.",
			"هر تاسی که علامت دادن آورده باشد به بازیکن دیگری، به انتخاب خود بازیکن، داده می شود. این کار اجباری است. هر تاس جداگانه داده می شود، پس تاس های مختلف می توانند به بازیکنان مختلف برسند.",
			secTitle, enTurn, seed, rules.Checked),
		entry("WAZABI-TURN-5", "Play step", "بازی کردن کارت",
			"The player may play one card from their hand.",
			"بازیکن می تواند یکی از کارت های دستش را بازی کند.",
			secTitle, enTurn, seed, rules.Checked),
		entry("WAZABI-TURN-6", "Order of the steps", "ترتیب کارها",
			"The steps happen in this order: draw, then give, then play. A card drawn this turn may be played in the same turn.",
			"کارها به همان ترتیبی انجام می شوند که در متن آمده است: اول کشیدن کارت، بعد دادن تاس، بعد بازی کردن کارت. کارتی که در همین نوبت کشیده شده را می شود در همین نوبت بازی کرد.",
			secTitle, enTurn, def, rules.Checked),
		entry("WAZABI-TURN-7", "Received dice", "تاس های دریافتی",
			"A die given to a player joins that player's dice and is first rolled on their next turn.",
			"تاسی که به بازیکنی داده می شود به تاس های او اضافه می شود و اولین بار در نوبت بعدی اش ریخته می شود.",
			secTitle, enTurn, derived, rules.Computed),

		entry("WAZABI-PLAY-1", "One card a turn", "یک کارت در هر نوبت",
			"A player may play at most one card per turn.",
			"در هر نوبت فقط می توانید یک کارت بازی کنید.",
			secTitle, enTurn, seed, rules.Checked),
		entry("WAZABI-PLAY-2", "Paying for a card", "ارزش کارت و علامت W",
			"A card may be played only if the number of W symbols in this turn's roll is greater than or equal to the card's value.",
			"فقط وقتی می توانید کارتی را بازی کنید که تعداد علامت های W تاس های شما در این نوبت به اندازه ی ارزش آن کارت یا بیش تر باشد.",
			secTitle, enTurn, seed, rules.Checked),
		entry("WAZABI-PLAY-3", "Playing is optional", "بازی کردن کارت اختیاری است",
			"Playing a card is optional.",
			"بازیکن مجبور نیست در هر نوبت حتما یکی از کارت هایش را بازی کند.",
			secTitle, enTurn, seed, rules.Computed),
		entry("WAZABI-PLAY-4", "The effect is immediate", "اثر فوری کارت",
			"The card's effect happens immediately. The card is then placed face up on the played pile, except Miss a turn (WAZABI-SKIP-2).",
			"کارت بازی شده بلافاصله روی بازی اثر می گذارد و سپس به رو روی ستون کارت های بازی شده قرار می گیرد، به جز کارت از دست دادن نوبت (WAZABI-SKIP-2).",
			secTitle, enTurn, seed, rules.Computed),

		entry("WAZABI-NEIGHBOUR-1", "Neighbours only", "فقط به همسایه",
			"With 4, 5 or 6 players, a die showing the give symbol may not be given to just any player: it must go to the roller's left or right neighbour. The choice is made die by die.",
			"با 4، 5 یا 6 بازیکن، تاسی را که علامت دادن آورده نمی توانید به هر بازیکنی که خواستید بدهید؛ باید آن را به بازیکن سمت چپ یا سمت راست خود بدهید. برای هر تاس جداگانه انتخاب می کنید.",
			secFourToSix, "For 4, 5 or 6 players", seed, rules.Checked),

		entry("WAZABI-PILE-1", "The played pile", "ستون کارت های بازی شده",
			"Played cards are placed face up beside the draw pile, forming the played pile.",
			"کارت های بازی شده به رو کنار ستون کارت های کشیدنی گذاشته می شوند و ستون کارت های بازی شده را می سازند.",
			secTitle, enPiles, seed, rules.Computed),
		entry("WAZABI-PILE-2", "Reshuffle", "بُر زدن دوباره",
			"When the draw pile is empty, shuffle the played pile to make a new draw pile.",
			"وقتی ستون کارت های کشیدنی خالی شد، ستون کارت های بازی شده را بُر بزنید تا ستون کشیدنی تازه ای ساخته شود.",
			secTitle, enPiles, seed, rules.Computed),
		entry("WAZABI-PILE-3", "Drawing from an opponent", "کشیدن از دست حریف",
			"If there is still no card to draw, the player who has to draw chooses an opponent, who holds out their hand, and draws one card from it at random. Default: this applies only when the draw pile and the played pile are both empty; the chosen opponent must have a card; if no opponent has any, the draw does not happen.",
			"اگر باز هم کارتی برای کشیدن نباشد، بازیکنی که باید کارت بکشد یکی از حریفان را انتخاب می کند تا کارت هایش را در اختیار او بگذارد و به طور اتفاقی یکی را می کشد. پیش فرض: این فقط وقتی است که هر دو ستون کشیدنی و بازی شده خالی باشند؛ حریف انتخاب شده باید کارت داشته باشد و اگر هیچ حریفی کارت نداشته باشد، کشیدن انجام نمی شود.",
			secTitle, enPiles, seed, rules.Checked),

		entry("WAZABI-LOSE1-1", "Lose a die", "از دست دادن یک تاس",
			"The player who plays this card removes one of their own dice from the game. Removed dice never come back.",
			"بازیکنی که این کارت را بازی می کند یکی از تاس هایش را از دست می دهد؛ این تاس از بازی بیرون گذاشته می شود و دیگر برنمی گردد.",
			secTitle, enCards, seed, rules.Computed),
		entry("WAZABI-LOSE1-2", "Lose a die: not after 2 give symbols", "از دست دادن یک تاس: نه با 2 علامت دادن",
			"Lose a die cannot be played if the player's roll this turn shows 2 or more give symbols.",
			"اگر تاس های بازیکن در این نوبت 2 علامت دادن (یا بیش تر) آورده باشند، بازیکن نمی تواند کارت از دست دادن یک تاس را بازی کند.",
			secTitle, enCards, seed, rules.Checked),
		entry("WAZABI-LOSE2-1", "Lose 2 dice", "از دست دادن 2 تاس",
			"The player who plays this card removes 2 of their own dice from the game.",
			"بازیکنی که این کارت را بازی می کند 2 تا از تاس هایش را از دست می دهد و آن ها از بازی بیرون گذاشته می شوند.",
			secTitle, enCards, seed, rules.Computed),
		entry("WAZABI-DRAW3-1", "Draw 3 cards", "کشیدن 3 کارت",
			"The player draws 3 more cards from the draw pile, on top of the cards drawn for card symbols. WAZABI-PILE-2 and WAZABI-PILE-3 apply if the pile runs out.",
			"بازیکن علاوه بر کارت هایی که برای علامت کارت کشیده، 3 کارت اضافی از ستون کارت های کشیدنی می کشد. اگر ستون تمام شود، WAZABI-PILE-2 و WAZABI-PILE-3 به کار می روند.",
			secTitle, enCards, seed, rules.Checked),
		entry("WAZABI-KEEP2-1", "Hand limit 2", "فقط 2 کارت برای دیگران",
			"Every player except the one who played the card is left with at most 2 cards. Each player holding more chooses which 2 to keep and gives up the rest. Default: the discarded cards go face up onto the played pile (the seed's sentence is cut off).",
			"در دست همه ی بازیکنان به جز کسی که کارت را بازی کرده، حداکثر 2 کارت باقی می ماند. هر کس بیش تر از 2 کارت دارد خودش تصمیم می گیرد کدام 2 کارت را نگه دارد و بقیه را کنار می گذارد. پیش فرض: کارت های کنار گذاشته به رو روی ستون کارت های بازی شده می روند (جمله ی متن ناتمام مانده است).",
			secTitle, enCards, seed, rules.Computed),
		entry("WAZABI-SKIP-1", "Miss a turn", "از دست دادن یک نوبت",
			"The chosen player loses their next turn. Default: the chosen player cannot be the one who played the card; two such cards on one player skip two turns, one after the other.",
			"بازیکنی که انتخاب می کنید یک نوبت بازی را از دست می دهد. پیش فرض: بازیکن نمی تواند خودش را انتخاب کند؛ اگر دو کارت از این نوع جلوی یک نفر باشد، دو نوبت پشت سر هم را از دست می دهد.",
			secTitle, enCards, seed, rules.Checked),
		entry("WAZABI-SKIP-2", "Miss a turn: where the card waits", "جای کارت از دست دادن نوبت",
			"The card is laid face up in front of the chosen player. It stays there until that player's turn has been skipped, and then goes to the played pile.",
			"این کارت به رو جلوی بازیکن انتخاب شده گذاشته می شود و همان جا می ماند تا نوبت بازی اش از دست برود؛ سپس به ستون کارت های بازی شده می رود.",
			secTitle, enCards, seed, rules.Computed),
		entry("WAZABI-PASSDICE-1", "Pass dice", "دادن تاس ها به چپ یا راست",
			"Every player, the card's player included, gives all of their dice to their left neighbour, or all of them to their right neighbour. The card's player chooses the direction, and everyone uses the same direction.",
			"هر بازیکن، از جمله کسی که کارت را بازی کرده، همه ی تاس هایش را به نفر سمت چپ یا همه را به نفر سمت راست خود می دهد. بازیکن کارت جهت را تعیین می کند و همه در همان جهت می دهند.",
			secTitle, enCards, seed, rules.Computed),
		entry("WAZABI-PASSCARDS-1", "Pass cards", "دادن کارت ها به چپ یا راست",
			"Every player, the card's player included, gives all of the cards in their hand to their left neighbour, or all of them to their right neighbour. The card's player chooses the direction, and everyone uses the same direction.",
			"هر بازیکن، از جمله کسی که کارت را بازی کرده، همه ی کارت های دستش را به نفر سمت چپ یا همه را به نفر سمت راست خود می دهد. بازیکن کارت جهت را تعیین می کند و همه در همان جهت می دهند.",
			secTitle, enCards, seed, rules.Computed),
		entry("WAZABI-SWAPDICE-1", "Exchange dice", "عوض کردن تاس ها",
			"The card's player exchanges all of their dice for all of the dice of one player of their choice.",
			"بازیکن کارت همه ی تاس هایش را با همه ی تاس های یکی از بازیکنان، به انتخاب خودش، عوض می کند.",
			secTitle, enCards, seed, rules.Checked),
		entry("WAZABI-SWAPCARDS-1", "Exchange hands", "عوض کردن کارت ها",
			"The card's player exchanges all of the cards in their hand for all of the cards of one player of their choice. The played card has already left their hand.",
			"بازیکن کارت همه ی کارت های دستش را با همه ی کارت های یکی از بازیکنان، به انتخاب خودش، عوض می کند. کارت بازی شده پیش از آن از دستش بیرون رفته است.",
			secTitle, enCards, seed, rules.Checked),
		entry("WAZABI-REVERSE-1", "Reverse and play again", "تغییر جهت و بازی دوباره",
			"Not in the seed (current edition's catalogue, value 0): the direction of play turns round, and the card's player takes another turn straight after this one.",
			"در متن نیامده است (فهرست کارت های نسخه ی فعلی، ارزش 0): جهت بازی برعکس می شود و بازیکن کارت بلافاصله بعد از این نوبت یک نوبت دیگر بازی می کند.",
			"", enCatalog, def, rules.Computed),
		entry("WAZABI-KEEP1-1", "Hand limit 1", "فقط 1 کارت برای یک حریف",
			"Not in the seed (current edition's catalogue, value 1): one other player of the card's player's choice keeps only 1 card; the rest go face up onto the played pile.",
			"در متن نیامده است (فهرست کارت های نسخه ی فعلی، ارزش 1): یک بازیکن دیگر، به انتخاب بازیکن کارت، فقط 1 کارت نگه می دارد و بقیه به رو روی ستون کارت های بازی شده می روند.",
			"", enCatalog, def, rules.Checked),
		entry("WAZABI-STEAL-1", "Steal a card", "برداشتن یک کارت از حریف",
			"Not in the seed (current edition's catalogue, value 1): the card's player takes one card at random from the hand of another player of their choice.",
			"در متن نیامده است (فهرست کارت های نسخه ی فعلی، ارزش 1): بازیکن کارت به طور اتفاقی یک کارت از دست بازیکن دیگری، به انتخاب خودش، برمی دارد.",
			"", enCatalog, def, rules.Checked),

		entry("WAZABI-WIN-1", "Winning", "برنده",
			"The first player to get rid of all of their dice wins.",
			"بازیکنی که زودتر از دیگران از شرّ همه ی تاس هایش خلاص شود برنده ی بازی است.",
			secTitle, enWinning, seed, rules.Computed),
		entry("WAZABI-WIN-2", "Playing to the last", "ادامه تا نفر آخر",
			"Optionally, the players keep playing until only one player is left, which ranks all players. Default: a player who has finished leaves the turn order, cannot receive dice, is not chosen for card effects, and is skipped when working out neighbours.",
			"می توانید بازی را تا وقتی که فقط یک بازیکن باقی بماند ادامه دهید تا همه رتبه بندی شوند. پیش فرض: بازیکنی که تمام کرده از ترتیب نوبت ها بیرون می رود، تاس نمی گیرد، برای اثر کارت ها انتخاب نمی شود و در پیدا کردن همسایه ها حساب نمی شود.",
			secTitle, enWinning, seed, rules.Checked),
		entry("WAZABI-WIN-3", "The win is immediate", "برد فوری",
			"The win happens the moment a player's dice count reaches 0, whether by giving away the last die, by a Lose card or by any other effect. The rest of that turn is not played.",
			"برد همان لحظه ای است که تعداد تاس های بازیکن به 0 برسد، چه با دادن آخرین تاس، چه با کارت از دست دادن تاس و چه با هر اثر دیگری. بقیه ی آن نوبت بازی نمی شود.",
			secTitle, enWinning, def, rules.Computed),

		entry("WAZABI-TEAM-1", "Team play", "بازی تیمی",
			"With 4 or 6 players the game may be played in teams of 2 players each.",
			"با 4 یا 6 بازیکن می توان بازی را به صورت تیمی انجام داد؛ هر تیم از 2 بازیکن تشکیل می شود.",
			secTeams, "Team play for 4 or 6 players", seed, rules.Checked),
		entry("WAZABI-TEAM-2", "A team wins", "برد تیم",
			"As soon as any player gets rid of all of their dice, that player's team wins.",
			"به محض آن که یکی از بازیکنان از شرّ همه ی تاس هایش خلاص شود، تیم او بازی را می برد.",
			secTeams, "Team play for 4 or 6 players", seed, rules.Computed),
		entry("WAZABI-TEAM-3", "Partners", "هم تیمی ها",
			"The seed gives no seating rule and no restrictions between partners. Seating is recorded as it is at the table, and partners may give dice to each other and target each other with cards. The neighbour rule still applies.",
			"متن قانونی برای جای نشستن یا محدودیتی میان هم تیمی ها نمی گوید. جای نشستن همان طور که سر میز است ثبت می شود و هم تیمی ها می توانند به هم تاس بدهند و روی هم کارت بازی کنند. قانون همسایه همچنان برقرار است.",
			secTeams, "Team play for 4 or 6 players", def, rules.Computed),

		entry("WAZABI-LENGTH-1", "Game length", "زمان بازی",
			"The game can be made longer or shorter by raising or lowering the number of dice each player receives at the start. Default: all players get the same number.",
			"زمان بازی را می شود با بیش تر یا کم تر کردن تعداد تاس هایی که هر بازیکن در آغاز می گیرد، طولانی تر یا کوتاه تر کرد. پیش فرض: همه ی بازیکنان تعداد یکسانی می گیرند.",
			secLength, "Game length", seed, rules.Computed),
		entry("WAZABI-LENGTH-2", "At most 24 dice", "حداکثر 24 تاس",
			"There are only 24 dice, so players x starting dice must be 24 or less: at most 12 dice each with 2 players, 8 with 3, 6 with 4, 4 with 5 or 6. The minimum is 1.",
			"بازی فقط 24 تاس دارد، پس تعداد بازیکنان ضرب در تاس های آغاز باید 24 یا کم تر باشد: با 2 بازیکن حداکثر 12 تاس برای هر نفر، با 3 بازیکن 8، با 4 بازیکن 6 و با 5 یا 6 بازیکن 4. کم ترین مقدار 1 است.",
			secLength, "Game length; Component list", derived, rules.Checked),

		entry("WAZABI-TOURN-1", "Number of hands", "تعداد دست ها",
			"The number of hands to play is fixed before the tournament starts.",
			"تعداد دست هایی که باید بازی شود پیش از آغاز تورنمنت تعیین می شود.",
			secTournament, "Tournament", seed, rules.Computed),
		entry("WAZABI-TOURN-2", "Scoring a hand", "امتیاز هر دست",
			"When a player or team wins a hand, the dice still held by the opponents are counted, and the winner scores 1 point per remaining die. Default: with 3 or more players the dice of all losing players count; in team play the dice of the losing team(s) count, not the winner's partner's.",
			"وقتی یک بازیکن یا یک تیم دستی را می برد، تاس های باقی مانده ی حریفان شمرده می شود و برنده به ازای هر تاس باقی مانده 1 امتیاز می گیرد. پیش فرض: با 3 بازیکن یا بیش تر تاس های همه ی بازندگان شمرده می شود؛ در بازی تیمی تاس های تیم (های) بازنده، نه تاس های هم تیمی برنده.",
			secTournament, "Tournament", seed, rules.Computed),
		entry("WAZABI-TOURN-3", "Tournament winner", "برنده ی تورنمنت",
			"After the agreed number of hands, the player or team with the most points wins.",
			"وقتی تعداد دست های تعیین شده بازی شد، بازیکن یا تیمی که بیش ترین امتیاز را دارد برنده است.",
			secTournament, "Tournament", seed, rules.Computed),
		entry("WAZABI-TOURN-4", "Each hand is a fresh game", "هر دست یک بازی تازه",
			"Each hand is a fresh game: dice returned, 3 cards each from a reshuffled 36-card deck, start player decided by a roll. Hands are played to the first player out (WAZABI-WIN-1), not to the last.",
			"هر دست یک بازی تازه است: تاس ها برمی گردند، از 36 کارت بُر خورده به هر نفر 3 کارت داده می شود و شروع کننده با تاس ریختن معلوم می شود. هر دست با بیرون رفتن اولین بازیکن تمام می شود (WAZABI-WIN-1)، نه با ماندن نفر آخر.",
			secTournament, "Tournament", def, rules.Computed),
	}
}
