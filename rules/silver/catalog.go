package silver

import "github.com/motamed/motamed/rules"

// catalog lists every rule of shared/rules/silver.md in the spec's order.
// Check says what the referee does with it: Checked rules are rejected or
// flagged from table events or referee questions, Computed rules are applied
// by the scoring and the referee answers, Unchecked rules concern hidden
// cards or physical play the table does not record.
func catalog() []rules.RuleEntry {
	return []rules.RuleEntry{
		// §1 Components
		entry("SILVER-COMP-1", rules.Checked, src(kindSeed, faComponents, enComponents), ruleText{
			"52 character cards, numbered 0 to 13",
			"The game uses a deck of 52 character cards. Each card shows one number from 0 to 13.",
			"52 کارت شخصیت با اعداد 0 تا 13",
			"بازی با یک دسته‌ی 52تایی از کارت‌های شخصیت انجام می‌شود. روی هر کارت یک عدد از 0 تا 13 آمده است."}),
		entry("SILVER-COMP-2", rules.Checked, src(kindSeed, faComponents, enComponents), ruleText{
			"Copies of each number",
			"Copies per number: 0 has 2 copies, each number from 1 to 12 has 4 copies, and 13 has 2 copies (2 + 48 + 2 = 52).",
			"تعداد کارت‌های هر عدد",
			"از عدد 0 (دهاتی) 2 کارت، از هر عدد 1 تا 12 چهار کارت و از عدد 13 (بدل) 2 کارت در بازی هست (2 + 48 + 2 = 52)."}),
		entry("SILVER-COMP-3", rules.Unchecked, src(kindSeed, faComponents, enComponents), ruleText{
			"Other components",
			"The other components are 4 reference cards, 1 card board (with marked places for the deck and the discard pile), 1 score pad and 1 silver protective amulet token.",
			"اجزای دیگر بازی",
			"اجزای دیگر بازی: 4 کارت راهنما، 1 صفحه‌ی کارت‌های بازی (با جای «ستون کارت‌ها» و «ستون کارت‌های سوخته»)، 1 دفترچه‌ی امتیازشماری و 1 طلسم محافظ نقره‌ای."}),
		entry("SILVER-COMP-4", rules.Computed, src(kindSeed, faCards, enCards), ruleText{
			"A card's number is its penalty",
			"A card's number is how many werewolves that character brings into the village. It is also the card's penalty value at the end of the round. The more powerful the character, the higher its number.",
			"عدد هر کارت، امتیاز منفی آن است",
			"عدد روی هر کارت نشان می‌دهد آن شخصیت چند گرگینه به دنبال خود به دهکده می‌آورد؛ همین عدد در پایان دور امتیاز (منفی) آن کارت است. هر چه شخصیت قدرتمندتر باشد، عددش بزرگ‌تر است."}),
		entry("SILVER-COMP-5", rules.Unchecked, src(kindSeed, faCards, enCards), ruleText{
			"Every card has one special ability",
			"Each card also has one special ability, in one of four trigger classes: face-up in any village (cards 0 and 1), face-up in the owner's village (cards 2 to 4), drawn from the deck and burned at once (cards 5 to 12), and burned out of your village in a matched set (card 13).",
			"هر کارت یک قابلیت ویژه دارد",
			"هر کارت یک قابلیت ویژه هم دارد که در یکی از چهار حالت فعال می‌شود: وقتی در هر دهکده‌ای «رو» باشد (کارت‌های 0 و 1)، وقتی در دهکده‌ی خود صاحبش «رو» باشد (کارت‌های 2 تا 4)، وقتی از ستون کارت‌ها کشیده و بلافاصله سوزانده شود (کارت‌های 5 تا 12) و وقتی در یک مجموعه‌ی همسان از دهکده سوزانده شود (کارت 13)."}),

		// §2.2 Setup, first round
		entry("SILVER-SETUP-1", rules.Checked, src(kindDerived, faSetup, enSetup), ruleText{
			"2 to 4 players",
			"The game supports 2, 3 or 4 players: setup deals 20 cards, 5 per village, gives removal counts only for 2 and 3 players, and the box has 4 reference cards. Any other player count is rejected.",
			"2 تا 4 بازیکن",
			"سیلور را 2، 3 یا 4 نفر بازی می‌کنند: در آماده‌سازی 20 کارت، به هر دهکده 5 کارت، پخش می‌شود، فقط برای بازی 2 و 3 نفره کارت‌های اضافی کنار گذاشته می‌شوند و جعبه 4 کارت راهنما دارد. تعداد دیگری از بازیکنان پذیرفته نیست."}),
		entry("SILVER-SETUP-2", rules.Unchecked, src(kindSeed, faSetup, enSetup), ruleText{
			"Shuffle and count off 20 cards",
			"Shuffle all 52 cards, then count off 20 cards.",
			"بر زدن و جدا کردن 20 کارت",
			"همه‌ی 52 کارت را بر بزنید و سپس 20 کارت جدا کنید."}),
		entry("SILVER-SETUP-3", rules.Unchecked, src(kindSeed, faSetup, enSetup), ruleText{
			"A village of 5 face-down cards",
			"From those 20 cards, lay a face-down row of 5 cards in front of each player. This row is the player's village.",
			"دهکده‌ای با 5 کارت به‌پشت",
			"از این 20 کارت، جلوی هر بازیکن یک ردیف 5 کارتی به‌پشت بچینید. این ردیف «دهکده»ی آن بازیکن است."}),
		entry("SILVER-SETUP-4", rules.Unchecked, src(kindSeed, faSetup, enSetup), ruleText{
			"Leftover cards leave the game unseen",
			"With fewer than 4 players, take the cards left over from the 20 out of the game for this round, without looking at them: 10 cards with 2 players, 5 cards with 3 players.",
			"کنار گذاشتن کارت‌های اضافی بدون نگاه کردن",
			"اگر کمتر از 4 نفر بازی می‌کنند، کارت‌های باقی‌مانده از آن 20 کارت را بدون نگاه کردن برای این دور از بازی خارج کنید: در بازی 2 نفره 10 کارت و در بازی 3 نفره 5 کارت."}),
		entry("SILVER-SETUP-5", rules.Unchecked, src(kindSeed, faSetup, enSetup), ruleText{
			"The deck",
			"Put the other 32 cards face-down on the deck space of the card board.",
			"ستون کارت‌ها",
			"32 کارت باقی‌مانده را به‌پشت، به شکل یک ستون، در جای «ستون کارت‌ها» روی صفحه‌ی کارت‌های بازی بگذارید."}),
		entry("SILVER-SETUP-6", rules.Unchecked, src(kindSeed, faSetup, enSetup), ruleText{
			"Reference cards",
			"Give each player one reference card.",
			"کارت راهنما",
			"به هر بازیکن یک کارت راهنما بدهید."}),
		entry("SILVER-SETUP-7", rules.Unchecked, src(kindSeed, faSetup, enSetup), ruleText{
			"Start the discard pile",
			"Turn the top card of the deck face-up onto the discard space. This starts the discard pile and leaves 31 cards in the deck. This card triggers no ability.",
			"تشکیل ستون کارت‌های سوخته",
			"کارت بالای ستون کارت‌ها را رو کنید و در جای «ستون کارت‌های سوخته» بگذارید؛ 31 کارت در ستون کارت‌ها می‌ماند. این کارت هیچ قابلیتی را فعال نمی‌کند."}),
		entry("SILVER-SETUP-8", rules.Checked, src(kindSeed, faSetup, enSetup), ruleText{
			"The agreed start player; nobody holds the amulet in round 1",
			"The players agree on who starts. The amulet is placed in the middle of the play area, next to the start player. In round 1 nobody holds it (default).",
			"آغازکننده‌ی توافقی؛ در دور اول طلسم در اختیار کسی نیست",
			"آغازکننده‌ی بازی با توافق تعیین می‌شود و طلسم محافظ نقره‌ای در وسط محوطه‌ی بازی، نزدیک به او گذاشته می‌شود. در دور اول طلسم در اختیار هیچ‌کس نیست (پیش‌فرض)."}),
		entry("SILVER-SETUP-9", rules.Unchecked, src(kindSeed, faSetup, enSetup), ruleText{
			"Look at 2 of your cards",
			"Each player secretly looks at 2 cards of their own village (their choice) and puts them back face-down in the same places.",
			"نگاه به 2 کارت دهکده",
			"هر بازیکن مخفیانه به 2 کارت دلخواه از دهکده‌ی خودش نگاه می‌کند و آن‌ها را به‌پشت سر جایشان برمی‌گرداند."}),

		// §2.3 Later rounds
		entry("SILVER-NEWROUND-1", rules.Unchecked, src(kindSeed, faNewRound, enNewRound), ruleText{
			"Deal a new round",
			"Shuffle all 52 cards again, count off 20 and deal 5 face-down to each player's village. Take out the leftover cards exactly as in the first round.",
			"پخش کارت‌های دور جدید",
			"مثل دور اول، همه‌ی 52 کارت را دوباره بر بزنید، 20 کارت جدا کنید و به دهکده‌ی هر بازیکن 5 کارت به‌پشت بدهید؛ کارت‌های اضافی را هم مثل دور اول کنار بگذارید."}),
		entry("SILVER-NEWROUND-2", rules.Unchecked, src(kindSeed, faNewRound, enNewRound), ruleText{
			"New deck and discard pile",
			"Put the 32 remaining cards on the deck space and turn one face-up to start the discard pile.",
			"ستون کارت‌ها و ستون سوخته‌ی جدید",
			"32 کارت باقی‌مانده را در جای ستون کارت‌ها بگذارید و با رو کردن یکی از آن‌ها ستون کارت‌های سوخته را تشکیل دهید."}),
		entry("SILVER-NEWROUND-3", rules.Unchecked, src(kindSeed, faNewRound, enNewRound), ruleText{
			"Look at 2 cards again",
			"Each player secretly looks at 2 of their own village cards.",
			"نگاه دوباره به 2 کارت",
			"هر بازیکن مخفیانه به 2 کارت از دهکده‌ی خودش نگاه می‌کند."}),
		entry("SILVER-NEWROUND-4", rules.Checked, src(kindSeed, faNewRound, enNewRound), ruleText{
			"The amulet holder starts",
			"The player who has the amulet in front of them starts the new round.",
			"دارنده‌ی طلسم آغاز می‌کند",
			"بازیکنی که طلسم محافظ نقره‌ای جلوی اوست، دور جدید را آغاز می‌کند."}),
		entry("SILVER-NEWROUND-5", rules.Computed, src(kindDerived, faNewRound, enNewRound), ruleText{
			"What resets and what carries over",
			"Everything that belongs to one round resets: the census status, the Henchman display, Guardian positions and the amulet's placement on a card. Who holds the amulet token carries over, and so do the running totals.",
			"آنچه از نو شروع می‌شود و آنچه می‌ماند",
			"هر چه به یک دور تعلق دارد از نو شروع می‌شود: وضعیت سرشماری، کارت‌های رو‌شده کنار ستون کارت‌ها (نوچه)، جای محافظ‌ها و جای طلسم روی کارت. اما این‌که طلسم در اختیار کیست و مجموع امتیازها به دور بعد منتقل می‌شوند."}),

		// §3.1 Turns
		entry("SILVER-TURN-1", rules.Checked, src(kindSeed, faFlow, enFlow), ruleText{
			"Clockwise turns from the start player",
			"Players take turns clockwise. The start player goes first.",
			"نوبت‌ها ساعت‌گرد، از آغازکننده",
			"بازی به شکل نوبتی و در جهت ساعت‌گرد انجام می‌شود و اول از همه آغازکننده بازی می‌کند."}),
		entry("SILVER-TURN-2", rules.Unchecked, src(kindSeed, faFlow, enFlow), ruleText{
			"One main action per turn",
			"On each turn a player does exactly one of three main actions: (A) draw the top card of the deck; (B) take the top card of the discard pile; (C) call a census.",
			"در هر نوبت یک عملیات اصلی",
			"در هر نوبت دقیقاً یکی از این 3 کار را انجام می‌دهید: (الف) کارت بالای ستون کارت‌ها را برمی‌دارید؛ (ب) کارت بالای ستون کارت‌های سوخته را برمی‌دارید؛ (ج) تقاضای سرشماری می‌کنید."}),
		entry("SILVER-TURN-3", rules.Unchecked, cardText(kindSeed, "1"), ruleText{
			"Taking a display card",
			"While the Henchman display holds at least one card, a player may take a display card instead of drawing from the deck. This counts as a form of action (A).",
			"برداشتن کارت کنار ستون",
			"تا وقتی کنار ستون کارت‌ها (به خاطر نوچه) دست‌کم یک کارت رو‌شده هست، بازیکن می‌تواند به‌جای کشیدن از ستون کارت‌ها یکی از آن‌ها را بردارد؛ این هم نوعی از عملیات (الف) است."}),
		entry("SILVER-TURN-4", rules.Unchecked, src(kindSeed, faCardAbilites, "Card ability explanations — cards 2, 3"), ruleText{
			"Extras during your turn",
			"During their own turn a player may also use extras that are not main actions: looks from face-up Enchanters, placing or moving a Guardian, and placing the amulet. None of them is allowed on the turn in which the player calls a census.",
			"کارهای جانبی در نوبت",
			"در نوبت خود می‌توانید کارهای جانبی هم انجام دهید که عملیات اصلی حساب نمی‌شوند: نگاه کردن به کمک افسون‌گرهای رو‌شده، گذاشتن یا جابه‌جا کردن محافظ، و گذاشتن طلسم روی کارت. در نوبتی که تقاضای سرشماری می‌کنید هیچ‌کدام مجاز نیست."}),

		// §3.2 Draw from the deck
		entry("SILVER-DECK-1", rules.Unchecked, src(kindSeed, faFromDeck, enFromDeck), ruleText{
			"Draw and look",
			"The player takes the top card of the deck and looks at it. Other players do not see it unless it is burned or placed face-up (default).",
			"کشیدن کارت و نگاه به آن",
			"بازیکن کارت بالای ستون کارت‌ها را برمی‌دارد و به آن نگاه می‌کند. بقیه آن را نمی‌بینند، مگر این‌که سوزانده یا به‌رو گذاشته شود (پیش‌فرض)."}),
		entry("SILVER-DECK-2", rules.Unchecked, src(kindSeed, faFromDeck, enFromDeck), ruleText{
			"Burn it or swap it in",
			"The player must then do exactly one of two things with the drawn card: burn it, or swap it for one or more of their own village cards.",
			"سوزاندن یا معاوضه",
			"سپس بازیکن با کارت کشیده‌شده دقیقاً یکی از این دو کار را می‌کند: آن را می‌سوزاند، یا آن را با یک یا چند کارت دهکده‌ی خود معاوضه می‌کند."}),
		entry("SILVER-DECK-3", rules.Unchecked, src(kindSeed, faFromDeck, enFromDeck), ruleText{
			"Burning a 5 to 12 gives its ability",
			"If the drawn card is burned and it is a card from 5 to 12, the player may use its ability. Burning a 0 to 4 or a 13 has no effect.",
			"سوزاندن کارت 5 تا 12 قابلیتش را فعال می‌کند",
			"اگر کارت کشیده‌شده را بسوزانید و یکی از کارت‌های 5 تا 12 باشد (نشان ☞)، می‌توانید از قابلیت ویژه‌اش استفاده کنید. سوزاندن کارت‌های 0 تا 4 یا 13 اثری ندارد."}),
		entry("SILVER-DECK-4", rules.Unchecked, src(kindSeed, faFromDeck, enFromDeck), ruleText{
			"Swapping in a drawn card",
			"If the drawn card is swapped in, the replaced card(s) are burned face-up. The drawn card goes into the vacated position (or one of them), facing as the placement rules say. Swapping two or more cards follows the matched-set rules.",
			"معاوضه‌ی کارت کشیده‌شده",
			"اگر کارت کشیده‌شده را معاوضه کنید، کارت (یا کارت‌های) معاوضه‌شده به‌رو در ستون کارت‌های سوخته می‌روند و کارت جدید در جای (یا یکی از جاهای) خالی‌شده قرار می‌گیرد. معاوضه‌ی بیش از یک کارت تابع قوانین کارت‌های همسان است."}),
		entry("SILVER-DECK-5", rules.Unchecked, src(kindDerived, faFromDeck, enFromDeck), ruleText{
			"Drawing needs a card",
			"Action (A) needs a card in the deck, or a card in the Henchman display.",
			"کشیدن کارت، کارت می‌خواهد",
			"عملیات (الف) فقط وقتی ممکن است که در ستون کارت‌ها یا کنار آن (به خاطر نوچه) کارتی باشد."}),

		// §3.3 Take from the discard pile
		entry("SILVER-DISCARD-1", rules.Unchecked, src(kindSeed, faFromDiscard, enFromDiscard), ruleText{
			"Only the top card",
			"Only the top card of the discard pile may be taken. The Master's ability is the only way to take a card from deeper in the pile.",
			"فقط کارت بالایی",
			"از ستون کارت‌های سوخته فقط کارت بالایی را می‌توان برداشت؛ تنها قابلیت ارباب اجازه می‌دهد کارتی از لابه‌لای ستون برداشته شود."}),
		entry("SILVER-DISCARD-2", rules.Unchecked, src(kindSeed, faFromDiscard, enFromDiscard), ruleText{
			"A taken discard must be swapped in",
			"A card taken from the discard pile must be swapped for one or more of the player's village cards. It cannot just be burned again.",
			"کارت سوخته‌ی برداشته‌شده باید معاوضه شود",
			"کارتی که از ستون کارت‌های سوخته برمی‌دارید باید با یک یا چند کارت دهکده‌تان معاوضه شود؛ نمی‌توانید دوباره آن را بسوزانید."}),
		entry("SILVER-DISCARD-3", rules.Computed, src(kindSeed, faFromDiscard, enFromDiscard), ruleText{
			"It goes in face-up",
			"The taken card goes face-up into the vacated position (or one of them). The replaced card(s) are burned face-up.",
			"کارت به‌رو در دهکده قرار می‌گیرد",
			"کارت برداشته‌شده به‌رو در جای (یا یکی از جاهای) خالی‌شده قرار می‌گیرد و کارت (یا کارت‌های) معاوضه‌شده به‌رو سوزانده می‌شوند."}),
		entry("SILVER-DISCARD-4", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"No ability from a taken discard",
			"The burn ability of a card taken from the discard pile (cards 5 to 12) can never be used.",
			"کارت سوخته قابلیت ندارد",
			"از قابلیت کارت‌های دارای نشان ☞ (5 تا 12) وقتی از ستون کارت‌های سوخته برداشته می‌شوند، هرگز نمی‌توان استفاده کرد."}),

		// §3.4 Swaps and matched sets
		entry("SILVER-SWAP-1", rules.Computed, src(kindSeed, faFromDeck, enFromDeck), ruleText{
			"A one-card swap may replace any card",
			"A one-card swap may replace any single village card, face-up or face-down. The only exception is a card protected by the amulet.",
			"معاوضه‌ی یک کارت با هر کارتی مجاز است",
			"در معاوضه‌ی یک کارت، هر کارت دهکده (به‌رو یا به‌پشت) را می‌توان عوض کرد، جز کارتی که طلسم محافظ نقره‌ای روی آن است."}),
		entry("SILVER-SWAP-2", rules.Checked, src(kindSeed, faMultiSwap, enMultiSwap), ruleText{
			"Several cards only if they all match",
			"Two or more village cards may be swapped out together only if they all match (same number). Doubles count as wild.",
			"چند کارت فقط اگر همسان باشند",
			"به شرطی می‌توانید 2 کارت یا بیشتر را هم‌زمان معاوضه کنید که همه «همسان» باشند (عددشان یکی باشد). بدل‌ها با هر کارتی همسان می‌شوند."}),
		entry("SILVER-SWAP-3", rules.Checked, src(kindSeed, faMultiSwap, enMultiSwap), ruleText{
			"Reveal the set before burning",
			"Before anything is burned, the player slides all the chosen cards forward and turns any face-down ones face-up, so that every player can check the match.",
			"رو کردن مجموعه پیش از سوزاندن",
			"پیش از سوزاندن، همه‌ی کارت‌های انتخاب‌شده را به جلو بکشید و آن‌هایی را که هنوز به‌پشت‌اند رو کنید تا همه بتوانند همسان بودنشان را ببینند."}),
		entry("SILVER-SWAP-4", rules.Computed, src(kindSeed, faMultiSwap, enMultiSwap), ruleText{
			"The new card is never part of the set",
			"The card acquired this turn can never count as one of the matched cards in the same turn.",
			"کارت جدید جزو مجموعه نیست",
			"کارتی که در این نوبت گرفته‌اید به هیچ وجه نمی‌تواند در همان نوبت یکی از کارت‌های همسانِ سوزانده‌شده باشد."}),
		entry("SILVER-SWAP-5", rules.Computed, src(kindSeed, faMultiSwap, enMultiSwap), ruleText{
			"A successful set",
			"If all chosen cards match, burn all of them. Put the new card into one of the vacated positions. The other village cards close up so no gaps remain. A set of k cards changes the village size by −(k−1).",
			"معاوضه‌ی موفق",
			"اگر همه‌ی کارت‌های انتخاب‌شده همسان باشند، همه سوزانده می‌شوند و کارت جدید در یکی از جاهای خالی‌شده قرار می‌گیرد؛ بقیه‌ی کارت‌ها به هم نزدیک می‌شوند تا جای خالی نماند. با سوزاندن k کارت، دهکده k−1 کارت کوچک‌تر می‌شود."}),
		entry("SILVER-SWAP-6", rules.Computed, src(kindSeed, faMultiSwap, enMultiSwap), ruleText{
			"A failed set goes back face-down",
			"If at least one chosen card does not match, nothing is burned. Every chosen card goes back to its own position face-down, even cards that were face-up before the attempt.",
			"مجموعه‌ی ناهمسان به‌پشت برمی‌گردد",
			"اگر حتی یکی از کارت‌های جلوکشیده همسان نباشد، هیچ کارتی سوزانده نمی‌شود و همه‌ی آن‌ها به‌پشت سر جایشان برمی‌گردند، حتی آن‌هایی که قبلاً به‌رو بودند."}),
		entry("SILVER-SWAP-7", rules.Computed, src(kindSeed, faMultiSwap, enMultiSwap), ruleText{
			"After a failure the new card still joins",
			"After a failure the new card is still added to the village as an extra card: face-down if it came from the deck, face-up if it came from the discard pile. The village grows by 1. It goes at the right-hand end (default).",
			"پس از شکست، کارت جدید هم اضافه می‌شود",
			"پس از معاوضه‌ی ناموفق، کارت جدید باز هم به‌عنوان کارت اضافی به دهکده افزوده می‌شود: به‌پشت اگر از ستون کارت‌ها آمده و به‌رو اگر از ستون کارت‌های سوخته آمده باشد. دهکده یک کارت بزرگ‌تر می‌شود. جای آن انتهای سمت راست ردیف است (پیش‌فرض)."}),
		entry("SILVER-SWAP-8", rules.Computed, src(kindSeed, faMultiSwap, enMultiSwap), ruleText{
			"Penalty card after a failed set of 3 or more",
			"If the failed attempt involved more than 2 cards, the player must also take the top card of the deck and add it to the village face-down without looking at it; the village then grows by 2 in total. With an empty deck there is no penalty card (default).",
			"کارت جریمه پس از شکست با 3 کارت یا بیشتر",
			"اگر بیش از 2 کارت را به جلو کشیده باشید و معاوضه ناموفق باشد، باید 1 کارت اضافی هم از ستون کارت‌ها بکشید و بدون نگاه کردن، به‌پشت به دهکده‌تان اضافه کنید؛ دهکده روی هم 2 کارت بزرگ‌تر می‌شود. اگر ستون کارت‌ها خالی باشد کارت جریمه‌ای در کار نیست (پیش‌فرض)."}),
		entry("SILVER-SWAP-9", rules.Unchecked, src(kindSeed, faHints, enHints), ruleText{
			"No ability from cards burned out of your village",
			"Cards burned out of your own village in any swap give you none of their abilities. The Double's wild matching is the only exception.",
			"کارت‌هایی که از دهکده می‌سوزانید قابلیت ندارند",
			"از قابلیت کارت‌هایی که از دهکده‌ی خود برمی‌دارید و می‌سوزانید (مثلاً در معاوضه) نمی‌توانید استفاده کنید؛ تنها استثنا همسان شدن بدل است."}),
		entry("SILVER-SWAP-10", rules.Computed, cardText(kindSeed, "13"), ruleText{
			"Doubles go under the other burned cards",
			"When Doubles are burned together with other cards, the Doubles go onto the discard pile first and the other cards on top of them, so the next player cannot take a Double off the top unless the set was made of Doubles only.",
			"بدل‌ها زیر بقیه‌ی کارت‌های سوخته",
			"وقتی بدل‌ها همراه کارت‌های دیگر سوزانده می‌شوند، همیشه اول بدل‌ها روی ستون کارت‌های سوخته می‌نشینند و بقیه روی آن‌ها؛ پس بازیکن بعدی نمی‌تواند بدل را از بالای ستون بردارد، مگر این‌که مجموعه فقط از بدل‌ها بوده باشد."}),

		// §3.5 Card placement
		entry("SILVER-PLACE-1", rules.Unchecked, src(kindSeed, faPlacement, enPlacement), ruleText{
			"A looked-at card goes back in place",
			"A card that someone has looked at goes back exactly where it was.",
			"کارت دیده‌شده سر جایش برمی‌گردد",
			"وقتی به کارتی نگاه کردید، آن را دقیقاً به جای قبلی‌اش برگردانید."}),
		entry("SILVER-PLACE-2", rules.Computed, src(kindSeed, faPlacement, enPlacement), ruleText{
			"Burned cards lie face-up",
			"Cards always go onto the discard pile face-up.",
			"کارت‌های سوخته همیشه به‌رو",
			"کارت‌ها همیشه به‌رو در ستون کارت‌های سوخته قرار می‌گیرند."}),
		entry("SILVER-PLACE-3", rules.Computed, src(kindSeed, faPlacement, enPlacement), ruleText{
			"Same place, same way up",
			"When one card replaces another, the new card goes into exactly the same position and faces the same way as the card it replaces. More specific rules place the card face-up: a card taken from the discard pile, from the display or through the Master.",
			"همان جا و با همان جهت",
			"وقتی کارتی جانشین کارت دیگری می‌شود، کارت جدید دقیقاً در جای کارت قبلی و با همان جهت (به‌پشت یا به‌رو) قرار می‌گیرد. کارتی که از ستون کارت‌های سوخته، از کنار ستون کارت‌ها (نوچه) یا با قابلیت ارباب برداشته شود، به‌رو گذاشته می‌شود."}),
		entry("SILVER-PLACE-4", rules.Computed, src(kindSeed, faPlacement, enPlacement), ruleText{
			"One card for several: close up",
			"When one card replaces several, it goes into the position of one of them. The remaining cards then close up and fill the gaps.",
			"یک کارت به جای چند کارت: بستن جاهای خالی",
			"وقتی یک کارت با چند کارت معاوضه می‌شود، کارت جدید در جای یکی از آن‌ها قرار می‌گیرد و سپس بقیه‌ی کارت‌ها به هم نزدیک می‌شوند تا جاهای خالی پر شود."}),
		entry("SILVER-PLACE-5", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"Moved cards keep their orientation",
			"A card that an ability moves from one village to another keeps its orientation: a face-up card stays face-up and a face-down card stays face-down.",
			"کارت جابه‌جاشده جهتش را حفظ می‌کند",
			"اگر کارتی با قابلیت کارت‌ها دزدیده یا جابه‌جا شود، جهتش را حفظ می‌کند: کارت به‌رو به‌رو می‌ماند و کارت به‌پشت به‌پشت."}),

		// §3.6 Census
		entry("SILVER-CENSUS-1", rules.Checked, src(kindSeed, faCensus, enCensus), ruleText{
			"A census needs 4 cards or fewer",
			"A player may call a census only if their village has 4 or fewer cards. Every card counts, including an amulet-protected card and a Guardian lying on another card (default).",
			"سرشماری با 4 کارت یا کمتر",
			"فقط وقتی می‌توانید تقاضای سرشماری کنید که دهکده‌تان 4 کارت یا کمتر داشته باشد. همه‌ی کارت‌ها حساب می‌شوند، از جمله کارتی که طلسم روی آن است و محافظی که روی کارت دیگری گذاشته شده (پیش‌فرض)."}),
		entry("SILVER-CENSUS-2", rules.Computed, src(kindSeed, faCensus, enCensus), ruleText{
			"The census is the turn's main action",
			"The census is the player's main action for the turn: they announce it instead of taking a card.",
			"سرشماری عملیات اصلی نوبت است",
			"سرشماری عملیات اصلی نوبت است: باید در نوبت خود، به‌جای برداشتن کارت، بگویید «سرشماری!»."}),
		entry("SILVER-CENSUS-3", rules.Unchecked, src(kindSeed, faCensus, enCensus), ruleText{
			"Nothing else on the census turn",
			"On the census turn the caller may do nothing else at all.",
			"در نوبت سرشماری هیچ کار دیگری نمی‌شود",
			"وقتی در نوبتتان تقاضای سرشماری می‌کنید، دیگر به هیچ وجه نمی‌توانید کار دیگری انجام دهید."}),
		entry("SILVER-CENSUS-4", rules.Computed, src(kindSeed, faCensus, enCensus), ruleText{
			"The caller's turn ends at once",
			"The caller's turn ends as soon as the census is called.",
			"نوبت درخواست‌کننده بلافاصله تمام می‌شود",
			"با تقاضای سرشماری، نوبت شما در همان لحظه به پایان می‌رسد."}),
		entry("SILVER-CENSUS-5", rules.Checked, src(kindSeed, faCensus, enCensus), ruleText{
			"One more turn for every other player",
			"After the call, each other player takes exactly one more turn, in normal clockwise order. Then the round ends, unless it has already ended for another reason.",
			"یک نوبت دیگر برای هر یک از بقیه",
			"پس از تقاضای سرشماری، هر یک از بقیه‌ی بازیکنان به ترتیب ساعت‌گرد دقیقاً یک نوبت دیگر بازی می‌کند و سپس دور به پایان می‌رسد، مگر این‌که پیش‌تر به دلیل دیگری تمام شده باشد."}),
		entry("SILVER-CENSUS-6", rules.Checked, src(kindSeed, faCensus, enCensus), ruleText{
			"One census per round",
			"Once a census has been called, nobody else may call one in that round. Only one census is allowed per round.",
			"در هر دور یک سرشماری",
			"وقتی کسی تقاضای سرشماری کرد، دیگر هیچ‌کس در آن دور نمی‌تواند تقاضای سرشماری کند؛ در هر دور فقط یک سرشماری مجاز است."}),
		entry("SILVER-CENSUS-7", rules.Unchecked, src(kindSeed, faAmulet, enAmulet), ruleText{
			"No census on the turn you place the amulet",
			"A player may not call a census on the same turn in which they place the amulet on a card. They must wait until their next turn.",
			"در نوبت گذاشتن طلسم، سرشماری ممنوع",
			"در همان نوبتی که طلسم محافظ نقره‌ای را روی کارتتان می‌گذارید نمی‌توانید تقاضای سرشماری کنید؛ باید تا نوبت بعدی‌تان صبر کنید."}),

		// §3.7 Abilities in general
		entry("SILVER-ABIL-1", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"Most abilities are optional",
			"Most abilities are optional. The abilities of cards 0 and 1 are not: they affect all players and are always in force while such a card is face-up in any village.",
			"بیشتر قابلیت‌ها اختیاری‌اند",
			"بیشتر قابلیت‌ها اختیاری‌اند، اما قابلیت کارت‌های 0 و 1 اجباری است: روی همه‌ی بازیکنان اثر می‌گذارند و تا وقتی چنین کارتی در دهکده‌ی یکی از بازیکنان به‌رو باشد همیشه فعال‌اند."}),
		entry("SILVER-ABIL-2", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"Cards 2 to 4 work for their owner only",
			"The abilities of cards 2 to 4 can be used only by the owner of the village where the card lies face-up, and only while it stays face-up there.",
			"کارت‌های 2 تا 4 فقط برای صاحبشان",
			"از قابلیت کارت‌های 2 تا 4 فقط صاحب دهکده‌ای که کارت در آن به‌رو است می‌تواند استفاده کند، و فقط تا وقتی که آن‌جا به‌رو بماند."}),
		entry("SILVER-ABIL-3", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"Cards 5 to 12 work when drawn and burned",
			"The abilities of cards 5 to 12 can be used only if the active player drew that card from the deck this turn and burned it at once.",
			"کارت‌های 5 تا 12 با کشیدن و سوزاندن",
			"از قابلیت کارت‌های 5 تا 12 فقط وقتی می‌توان استفاده کرد که بازیکنِ در نوبت، همان کارت را در این نوبت از ستون کارت‌ها کشیده و بلافاصله سوزانده باشد."}),
		entry("SILVER-ABIL-4", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"Card 13 works when burned in a set",
			"The ability of card 13 can be used only when the card is burned out of your own village as part of a matched set.",
			"کارت 13 با سوزاندن در مجموعه",
			"از قابلیت کارت 13 فقط وقتی می‌توان استفاده کرد که در یک مجموعه‌ی همسان از دهکده‌ی خودتان سوزانده شود."}),
		entry("SILVER-ABIL-5", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"Looks are secret",
			"Looks at face-down cards are secret. Only the player looking sees the card, and it stays face-down.",
			"نگاه کردن مخفیانه است",
			"نگاه به کارت‌های رو‌نشده مخفیانه و دور از چشم رقبا انجام می‌شود؛ فقط نگاه‌کننده کارت را می‌بیند و کارت به‌پشت می‌ماند."}),
		entry("SILVER-ABIL-6", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"No ability on the census turn",
			"No card ability may be used on the turn in which a player calls a census.",
			"در نوبت سرشماری قابلیتی در کار نیست",
			"در نوبتی که تقاضای سرشماری می‌کنید حق ندارید از قابلیت هیچ کارتی استفاده کنید."}),
		entry("SILVER-ABIL-7", rules.Unchecked, src(kindDerived, faCards, enCards), ruleText{
			"Abilities work only during play",
			"Face-up abilities only work while the round is being played, while some cards are still not revealed. Turning all cards face-up for scoring at round end triggers no ability.",
			"قابلیت‌ها فقط در جریان دور",
			"قابلیت‌های کارت‌های به‌رو فقط در جریان دور، وقتی هنوز برخی کارت‌ها رو نشده‌اند، کار می‌کنند. رو کردن همه‌ی کارت‌ها برای امتیازشماری در پایان دور هیچ قابلیتی را فعال نمی‌کند."}),
		entry("SILVER-ABIL-8", rules.Unchecked, src(kindDefault, faAbilities, enAbilities), ruleText{
			"An ability needs a legal target",
			"An ability can be used only if it has a legal target (for example a face-down card, or a card that is not protected). If it has none, the card is just burned.",
			"قابلیت، هدف مجاز می‌خواهد",
			"از قابلیتی فقط وقتی می‌توان استفاده کرد که هدف مجازی داشته باشد (مثلاً کارتی به‌پشت یا کارتی که محافظت نمی‌شود)؛ وگرنه کارت فقط سوزانده می‌شود."}),

		// §3.8 Cards
		entry("SILVER-CARD0-1", rules.Checked, cardText(kindSeed, "0"), ruleText{
			"Villager: two face-up Villagers end the round",
			"When one Villager is face-up in any village and the other Villager becomes face-up in any village, the round ends immediately and scoring begins.",
			"دهاتی: دو دهاتی رو‌شده دور را تمام می‌کنند",
			"اگر یکی از دهاتی‌ها در یکی از دهکده‌ها رو شده باشد، به‌محض رو شدن دومی (در هر دهکده‌ای) دور بازی به پایان می‌رسد و امتیازشماری آغاز می‌شود."}),
		entry("SILVER-CARD0-2", rules.Unchecked, cardText(kindSeed, "0"), ruleText{
			"Villager: only in villages",
			"Only Villagers face-up in villages count. A Villager face-up in the discard pile or in the Henchman display does not end the round.",
			"دهاتی: فقط در دهکده‌ها",
			"فقط رو شدن دهاتی‌ها در دهکده‌ها دور را تمام می‌کند؛ رو شدن در ستون کارت‌های سوخته یا کنار ستون کارت‌ها (به‌واسطه‌ی نوچه) باعث پایان دور نمی‌شود."}),
		entry("SILVER-CARD1-1", rules.Unchecked, src(kindSeed, faAbilities, enAbilities), ruleText{
			"Henchman: mandatory for the whole table",
			"The Henchman's effect is mandatory and applies to the whole table while any Henchman is face-up in any village.",
			"نوچه: اجباری برای همه",
			"اثر نوچه اجباری است و تا وقتی نوچه‌ای در یکی از دهکده‌ها به‌رو باشد، برای همه‌ی بازیکنان اعمال می‌شود."}),
		entry("SILVER-CARD1-2", rules.Unchecked, cardText(kindSeed, "1"), ruleText{
			"Henchman: the display",
			"At the end of every turn, cards are turned face-up from the top of the deck and laid beside it until the display holds one card for each Henchman face-up in all villages together (3 face-up Henchmen, 3 display cards). Lay them so they cannot be confused with the discard pile.",
			"نوچه: کارت‌های کنار ستون",
			"در پایان هر نوبت، به ازای هر نوچه‌ای که در دهکده‌ها به‌رو است، یک کارت از بالای ستون کارت‌ها رو می‌شود و کنار ستون قرار می‌گیرد (مثلاً 3 نوچه‌ی رو‌شده یعنی 3 کارت). این کارت‌ها را طوری بچینید، مثلاً عمود بر ستون، که با ستون کارت‌های سوخته قاتی نشوند."}),
		entry("SILVER-CARD1-3", rules.Unchecked, cardText(kindSeed, "1"), ruleText{
			"Henchman: the display never shrinks by itself",
			"The display never shrinks on its own. If Henchmen leave the villages or stop being face-up, the display cards stay. Taken display cards are replaced only while the display has fewer cards than there are face-up Henchmen at that moment.",
			"نوچه: کارت‌های کنار ستون خودبه‌خود کم نمی‌شوند",
			"اگر نوچه‌ها از دهکده‌ها خارج شوند یا دیگر رو نباشند، کارت‌های کنار ستون سر جایشان می‌مانند؛ جای کارت‌های برداشته‌شده فقط تا تعداد نوچه‌های رو‌شده‌ی باقی‌مانده پر می‌شود."}),
		entry("SILVER-CARD1-4", rules.Unchecked, cardText(kindSeed, "1"), ruleText{
			"Henchman: a short deck",
			"If the deck does not have enough cards, turn up as many as it has.",
			"نوچه: کمبود کارت",
			"اگر ستون کارت‌ها به اندازه‌ی کافی کارت نداشت، هر تعداد که ممکن است رو کنید."}),
		entry("SILVER-CARD1-5", rules.Unchecked, cardText(kindSeed, "1"), ruleText{
			"Henchman: taking a display card",
			"On their turn a player may take one display card instead of drawing from the deck. If they keep it in their village, it must be placed face-up.",
			"نوچه: برداشتن کارت کنار ستون",
			"در نوبت خود می‌توانید به‌جای کشیدن از ستون کارت‌ها، یکی از کارت‌های رو‌شده‌ی کنار آن را بردارید؛ اگر آن را در دهکده نگه دارید، باید به‌رو گذاشته شود."}),
		entry("SILVER-CARD1-6", rules.Unchecked, cardText(kindSeed, "1"), ruleText{
			"Henchman: no peeking at the deck",
			"A player may not look at the top card of the deck before deciding about the display.",
			"نوچه: نگاه نکردن به ستون",
			"پیش از تصمیم درباره‌ی کارت‌های کنار ستون، اجازه ندارید کارت بالای ستون کارت‌ها را نگاه کنید."}),
		entry("SILVER-CARD1-7", rules.Unchecked, cardText(kindSeed, "1"), ruleText{
			"Henchman: play on until the display is empty",
			"If the deck becomes empty, play goes on until the display is empty as well.",
			"نوچه: ادامه تا خالی شدن کنار ستون",
			"اگر ستون کارت‌ها خالی شد، بازی را ادامه دهید تا کارت‌های رو‌شده‌ی کنار ستون هم تمام شوند."}),
		entry("SILVER-CARD2-1", rules.Unchecked, cardText(kindSeed, "2"), ruleText{
			"Enchanter: looks at your own cards",
			"For each Enchanter face-up in your own village, you may secretly look at one of your own face-down cards at any moment of your turn: with N face-up Enchanters, up to N looks per turn (default: the allowance does not carry over).",
			"افسون‌گر: نگاه به کارت‌های خودتان",
			"به ازای هر افسون‌گر رو‌شده در دهکده‌تان، می‌توانید در هر لحظه از نوبت خود مخفیانه به یکی از کارت‌های رو‌نشده‌تان نگاه کنید؛ با N افسون‌گر رو‌شده، تا N نگاه در هر نوبت (پیش‌فرض: به نوبت بعد منتقل نمی‌شود)."}),
		entry("SILVER-CARD3-1", rules.Unchecked, cardText(kindSeed, "3"), ruleText{
			"Guardian: guard a card",
			"While a Guardian is face-up in your village, you may lay it on top of another card of your village at any moment of your turn. That card is then guarded.",
			"محافظ: محافظت از یک کارت",
			"اگر محافظی در دهکده‌تان رو باشد، می‌توانید در هر لحظه از نوبتتان آن را روی یکی دیگر از کارت‌های دهکده‌تان بگذارید تا آن کارت تحت حفاظت باشد."}),
		entry("SILVER-CARD3-2", rules.Unchecked, cardText(kindSeed, "3"), ruleText{
			"Guardian: move or lift it",
			"During your turn you may move your Guardian from one of your cards to another, or take it off the guarded card.",
			"محافظ: جابه‌جا کردن یا برداشتن",
			"در نوبتتان می‌توانید محافظتان را از کارتی به کارت دیگر ببرید یا از روی کارت تحت حفاظتش بردارید."}),
		entry("SILVER-CARD3-3", rules.Unchecked, cardText(kindSeed, "3"), ruleText{
			"Guardian: only the owner touches them",
			"Only the owner may move their Guardian or the card it guards, or look at the guarded card. Other players' abilities cannot take, swap, move, look at or reveal either of them.",
			"محافظ: فقط صاحبش",
			"هیچ‌کس جز خودتان نمی‌تواند محافظ شما یا کارت تحت حفاظتش را جابه‌جا کند یا کارت تحت حفاظت را دید بزند؛ قابلیت‌های بقیه نمی‌توانند هیچ‌کدام را بردارند، معاوضه کنند، جابه‌جا کنند، ببینند یا رو کنند."}),
		entry("SILVER-CARD3-4", rules.Unchecked, cardText(kindSeed, "3"), ruleText{
			"Guardian: the owner may burn them",
			"The owner may burn a Guardian that is guarding, or the card it guards (for example in a swap).",
			"محافظ: صاحبش می‌تواند بسوزاند",
			"می‌توانید محافظی را که در حال محافظت است، یا کارت تحت حفاظتش را، بسوزانید (مثلاً در معاوضه)."}),
		entry("SILVER-CARD3-5", rules.Unchecked, cardText(kindSeed, "3"), ruleText{
			"Guardian: keep a face-up number visible",
			"If the guarded card is face-up, lay the Guardian so that the guarded card's number stays visible to everyone.",
			"محافظ: عدد کارت رو‌شده دیده شود",
			"اگر کارت تحت حفاظت رو باشد، محافظ را طوری روی آن بگذارید که عددش برای همه‌ی بازیکنان دیده شود."}),
		entry("SILVER-CARD4-1", rules.Unchecked, cardText(kindSeed, "4"), ruleText{
			"Trickster: extra draws",
			"For each Trickster face-up in your own village, you may draw 1 extra card when you draw from the deck. With 2 face-up Tricksters you may draw up to 3 cards.",
			"حقه‌باز: کارت اضافی",
			"به ازای هر حقه‌باز رو‌شده در دهکده‌تان، هنگام کشیدن از ستون کارت‌ها می‌توانید 1 کارت اضافی بکشید؛ مثلاً با 2 حقه‌باز رو‌شده تا 3 کارت."}),
		entry("SILVER-CARD4-2", rules.Unchecked, cardText(kindSeed, "4"), ruleText{
			"Trickster: keep exactly one",
			"If you drew extra cards, choose exactly one of them to keep (swap in) or to burn. That card is treated as the card drawn this turn.",
			"حقه‌باز: فقط یکی را انتخاب کنید",
			"اگر کارت اضافی کشیدید، باید دقیقاً یکی را برای نگه داشتن (معاوضه) یا سوزاندن انتخاب کنید؛ همان کارت، کارت کشیده‌شده‌ی این نوبت به حساب می‌آید."}),
		entry("SILVER-CARD4-3", rules.Unchecked, cardText(kindSeed, "4"), ruleText{
			"Trickster: put the rest back",
			"The other drawn cards go back face-down on top of the deck, in the order in which they were drawn.",
			"حقه‌باز: برگرداندن بقیه",
			"کارت‌های اضافی را به همان ترتیبی که کشیده بودید، به‌پشت روی ستون کارت‌ها برگردانید."}),
		entry("SILVER-CARD5-1", rules.Unchecked, cardText(kindSeed, "5"), ruleText{
			"Conjurer: reveal one of your cards",
			"Turn one face-down card of your own village face-up.",
			"تردست: رو کردن کارت خودتان",
			"یکی از کارت‌های رو‌نشده‌ی دهکده‌تان را رو کنید."}),
		entry("SILVER-CARD6-1", rules.Unchecked, cardText(kindSeed, "6"), ruleText{
			"Whistleblower: reveal an opponent's card",
			"Turn one face-down card of an opponent's village (your choice of opponent and card) face-up.",
			"افشاگر: رو کردن کارت رقیب",
			"یکی از کارت‌های رو‌نشده‌ی دهکده‌ی یکی از رقبا را، به انتخاب خودتان، رو کنید."}),
		entry("SILVER-CARD7-1", rules.Unchecked, cardText(kindSeed, "7"), ruleText{
			"Fortune-teller: look at 2 of your cards",
			"Secretly look at 2 of your own face-down cards. They stay face-down.",
			"طالع‌بین: نگاه به 2 کارت خودتان",
			"مخفیانه به 2 کارت رو‌نشده‌ی خودتان نگاه کنید؛ این کارت‌ها همچنان به‌پشت می‌مانند."}),
		entry("SILVER-CARD8-1", rules.Unchecked, cardText(kindSeed, "8"), ruleText{
			"Apprentice Seer: look at an opponent's card",
			"Secretly look at one face-down card in one opponent's village. It stays face-down.",
			"شاگرد غیب‌گو: نگاه به کارت رقیب",
			"مخفیانه به یکی از کارت‌های رو‌نشده‌ی یکی از رقبا نگاه کنید؛ این کارت همچنان به‌پشت می‌ماند."}),
		entry("SILVER-CARD9-1", rules.Unchecked, cardText(kindSeed, "9"), ruleText{
			"Seer: look at any face-down card",
			"Look at one face-down card, either your own or an opponent's. It stays face-down.",
			"غیب‌گو: نگاه به هر کارت رو‌نشده",
			"به یکی از کارت‌های رو‌نشده (مال خودتان یا یکی از رقبا) نگاه کنید؛ این کارت همچنان به‌پشت می‌ماند."}),
		entry("SILVER-CARD10-1", rules.Unchecked, cardText(kindSeed, "10"), ruleText{
			"Master: search the discard pile",
			"Look through the whole discard pile.",
			"ارباب: گشتن در کارت‌های سوخته",
			"به همه‌ی کارت‌های ستون کارت‌های سوخته نگاهی بیندازید."}),
		entry("SILVER-CARD10-2", rules.Unchecked, cardText(kindSeed, "10"), ruleText{
			"Master: swap in any discarded card",
			"You may take any one card from the discard pile and swap it for one or more of your village cards. The normal swap rules apply, including failure and the penalty card.",
			"ارباب: معاوضه با هر کارت سوخته",
			"می‌توانید هر یک از کارت‌های سوخته را با یک یا چند کارت خودتان معاوضه کنید؛ قوانین معمول معاوضه، از جمله شکست و کارت جریمه، رعایت می‌شود."}),
		entry("SILVER-CARD10-3", rules.Unchecked, cardText(kindSeed, "10"), ruleText{
			"Master: the card goes in face-up",
			"The card taken from the discard pile goes into your village face-up.",
			"ارباب: کارت به‌رو",
			"کارتی که از ستون کارت‌های سوخته برداشته‌اید به‌رو در دهکده‌تان قرار می‌گیرد."}),
		entry("SILVER-CARD10-4", rules.Unchecked, cardText(kindSeed, "10"), ruleText{
			"Master: discard order",
			"First put the Master you played on the discard pile, then put the card(s) you burned from your village face-up on top of it.",
			"ارباب: ترتیب سوزاندن",
			"اول کارت اربابی را که بازی کرده‌اید روی ستون کارت‌های سوخته بگذارید و سپس همه‌ی کارت‌های سوزانده‌شده را به‌رو روی آن."}),
		entry("SILVER-CARD10-5", rules.Unchecked, cardText(kindSeed, "10"), ruleText{
			"Master: no swap is fine",
			"If you find no card worth swapping, no swap happens and the Master simply goes onto the discard pile.",
			"ارباب: بدون معاوضه",
			"اگر در میان کارت‌های سوخته کارت مناسبی پیدا نکردید، معاوضه‌ای انجام نمی‌شود و ارباب روی ستون کارت‌های سوخته قرار می‌گیرد."}),
		entry("SILVER-CARD11-1", rules.Unchecked, cardText(kindSeed, "11"), ruleText{
			"Sorcerer: look at the top of the deck",
			"Look at the top card of the deck.",
			"جادوگر: نگاه به کارت بالای ستون",
			"به کارت بالای ستون کارت‌ها نگاهی بیندازید."}),
		entry("SILVER-CARD11-2", rules.Unchecked, cardText(kindSeed, "11"), ruleText{
			"Sorcerer: swap that card in",
			"Swap that card with either one card in one opponent's village, or one or more cards of your own village under the normal swap rules. The new card takes the replaced card's position and orientation. You may decline after looking; the card then stays on top of the deck (default).",
			"جادوگر: معاوضه‌ی آن کارت",
			"آن کارت را با یکی از کارت‌های یکی از رقبا، یا با یک یا چند کارت خودتان (با رعایت قوانین معاوضه) عوض کنید؛ کارت جدید جای و جهت کارت قبلی را می‌گیرد. پس از نگاه کردن می‌توانید معاوضه نکنید و کارت روی ستون می‌ماند (پیش‌فرض)."}),
		entry("SILVER-CARD11-3", rules.Unchecked, cardText(kindSeed, "11"), ruleText{
			"Sorcerer: discard order",
			"First put the Sorcerer you played on the discard pile, then put the burned card(s) face-up on top of it.",
			"جادوگر: ترتیب سوزاندن",
			"اول کارت جادوگری را که بازی کرده‌اید روی ستون کارت‌های سوخته بگذارید و سپس کارت‌های سوزانده‌شده را به‌رو روی آن."}),
		entry("SILVER-CARD12-1", rules.Unchecked, cardText(kindSeed, "12"), ruleText{
			"Thief: exchange cards with an opponent",
			"Take one card from an opponent's village and put one of your own village cards into the position it left. The stolen card goes into the position your card left (default).",
			"دزد: عوض کردن کارت با رقیب",
			"یکی از کارت‌های یکی از رقبا را بدزدید و یکی از کارت‌های خودتان را در جای خالی آن بگذارید؛ کارت دزدیده‌شده در جایی می‌نشیند که کارت شما خالی کرده است (پیش‌فرض)."}),
		entry("SILVER-CARD12-2", rules.Unchecked, cardText(kindSeed, "12"), ruleText{
			"Thief: orientation is kept",
			"Both cards keep their orientation: face-down stays face-down and face-up stays face-up.",
			"دزد: جهت کارت‌ها حفظ می‌شود",
			"هر دو کارت جهتشان را حفظ می‌کنند: به‌پشت، به‌پشت می‌ماند و به‌رو، به‌رو."}),
		entry("SILVER-CARD12-3", rules.Unchecked, cardText(kindSeed, "12"), ruleText{
			"Thief: look at your new card",
			"You may then secretly look at the card you received.",
			"دزد: نگاه به کارت جدید",
			"سپس می‌توانید مخفیانه به کارت جدیدتان نگاه کنید."}),
		entry("SILVER-CARD12-4", rules.Unchecked, cardText(kindSeed, "12"), ruleText{
			"Thief: the victim may not look",
			"The opponent who was given your card may not look at it at that moment.",
			"دزد: رقیب نگاه نمی‌کند",
			"بازیکنی که به‌زور کارت جدیدی گرفته، نمی‌تواند در آن لحظه به آن نگاه کند."}),
		entry("SILVER-CARD13-1", rules.Computed, cardText(kindSeed, "13"), ruleText{
			"Double: wild in a set",
			"In a multi-card swap, a Double matches any card in your village.",
			"بدل: همسان با هر کارت",
			"در معاوضه‌ی بیش از یک کارت، بدل با هر یک از کارت‌های دهکده‌ی شما همسان می‌شود."}),
		entry("SILVER-CARD13-2", rules.Computed, cardText(kindSeed, "13"), ruleText{
			"Double: with at most 4 other cards",
			"One Double may be burned together with at most 4 other village cards, which must match one another.",
			"بدل: با حداکثر 4 کارت دیگر",
			"یک بدل را می‌توانید همراه حداکثر 4 کارت دیگر دهکده که با هم همسان باشند بسوزانید."}),
		entry("SILVER-CARD13-3", rules.Computed, cardText(kindSeed, "13"), ruleText{
			"Double: both Doubles are wild",
			"If you have both Doubles in your village, both are wild. You may burn one Double or the pair as part of a set. The two Doubles alone also form a valid set.",
			"بدل: هر دو بدل",
			"اگر هر دو بدل در دهکده‌تان باشند، هر دو با هر کارتی همسان می‌شوند؛ می‌توانید یک بدل یا جفت بدل را در مجموعه بسوزانید. دو بدل به‌تنهایی هم یک مجموعه‌ی همسان‌اند."}),
		entry("SILVER-CARD13-4", rules.Computed, cardText(kindSeed, "13"), ruleText{
			"Double: pair it with a face-down card",
			"A Double may be paired with a face-down card. That card is revealed during the attempt, and a Double plus exactly one other card is always a valid set. The risk is burning a low card.",
			"بدل: همراه یک کارت رو‌نشده",
			"می‌توانید از بدل برای همسان شدن با یک کارت رو‌نشده استفاده کنید؛ آن کارت هنگام معاوضه رو می‌شود و بدل به‌اضافه‌ی دقیقاً یک کارت دیگر همیشه همسان است، هرچند ممکن است یک کارت کم‌امتیاز سوزانده شود."}),
		entry("SILVER-CARD13-5", rules.Unchecked, cardText(kindSeed, "13"), ruleText{
			"Double: only from your village",
			"The Double's ability works only while the Double is in your village, and only to match other cards in your village. Drawing a Double and burning it at once does nothing.",
			"بدل: فقط در دهکده‌ی خودتان",
			"قابلیت بدل فقط وقتی به کار می‌آید که در دهکده‌ی شما باشد و با کارت‌های دهکده‌ی شما همسان شود؛ کشیدن و بلافاصله سوزاندن بدل اثری ندارد."}),
		entry("SILVER-CARD13-6", rules.Computed, cardText(kindSeed, "13"), ruleText{
			"Double: scores 13",
			"A Double that is still in a village when the round ends scores 13.",
			"بدل: 13 امتیاز",
			"اگر دور در حالی تمام شود که بدلی در دهکده‌تان هست، 13 امتیاز می‌گیرید."}),

		// §4.1 Round end
		entry("SILVER-ROUND-1", rules.Checked, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"The round ends after the census",
			"The round ends once a census has been called and every other player has taken their one extra turn.",
			"پایان دور پس از سرشماری",
			"دور وقتی به پایان می‌رسد که یکی از بازیکنان تقاضای سرشماری کرده و سپس بقیه‌ی بازیکنان هر کدام یک نوبت اضافی بازی کرده باشند."}),
		entry("SILVER-ROUND-2", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"The round ends when the deck is empty",
			"The round also ends when the deck is empty (and the Henchman display too, if there is one). Default timing: at the end of the turn in which this became true; census extra turns still owed are dropped.",
			"پایان دور با خالی شدن ستون کارت‌ها",
			"دور وقتی هم که ستون کارت‌ها (و اگر کارت‌هایی کنار ستون رو شده، آن‌ها هم) خالی شود به پایان می‌رسد. زمان‌بندی پیش‌فرض: در پایان همان نوبت؛ نوبت‌های اضافی سرشماری که هنوز مانده‌اند حذف می‌شوند."}),
		entry("SILVER-ROUND-3", rules.Computed, cardText(kindSeed, "0"), ruleText{
			"Villagers end the round at once",
			"When both Villagers are face-up in villages, the round ends at that exact moment, even in the middle of a turn. Nothing more of that turn is carried out, and census extra turns still owed are dropped.",
			"دهاتی‌ها دور را بلافاصله تمام می‌کنند",
			"وقتی هر دو دهاتی در دهکده‌ها رو شوند، دور در همان لحظه تمام می‌شود، حتی در میانه‌ی یک نوبت؛ بقیه‌ی آن نوبت انجام نمی‌شود و نوبت‌های اضافی سرشماری هم حذف می‌شوند."}),
		entry("SILVER-ROUND-4", rules.Checked, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"Reveal and score every village",
			"At the end of the round every village card is turned face-up and scored. This reveal triggers no ability.",
			"رو کردن و امتیازشماری همه‌ی دهکده‌ها",
			"در پایان دور همه‌ی کارت‌های دهکده‌ها رو و امتیازشماری می‌شوند؛ این رو کردن هیچ قابلیتی را فعال نمی‌کند."}),

		// §4.2 Scoring
		entry("SILVER-SCORE-1", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"Village total",
			"A player's village total is the sum of the numbers on all cards in their village: face-up and face-down cards, guarded cards, Guardians, the amulet-protected card, and Doubles at 13 each.",
			"مجموع اعداد دهکده",
			"مجموع اعداد هر بازیکن جمع اعداد همه‌ی کارت‌های دهکده‌ی اوست: کارت‌های به‌رو و به‌پشت، کارت‌های تحت حفاظت، محافظ‌ها، کارتی که طلسم روی آن است و بدل‌ها، هر کدام 13."}),
		entry("SILVER-SCORE-2", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"Everyone else scores their total",
			"Every player other than the census caller scores their village total for the round. If nobody called a census, everyone does.",
			"بقیه مجموع اعدادشان را می‌گیرند",
			"امتیاز دور هر بازیکنی جز درخواست‌کننده‌ی سرشماری، مجموع اعداد دهکده‌ی اوست؛ اگر کسی تقاضای سرشماری نکرده باشد، امتیاز همه همین است."}),
		entry("SILVER-SCORE-3", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"A successful census scores 0",
			"The caller scores 0 if their village total is the lowest at the table, ties included: the caller's total is less than or equal to every other player's total.",
			"سرشماری موفق: امتیاز 0",
			"اگر درخواست‌کننده‌ی سرشماری کمترین مجموع را داشته باشد (حتی مشترکاً با بازیکن یا بازیکنان دیگر)، امتیاز دورش 0 است."}),
		entry("SILVER-SCORE-4", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"A failed census scores total + 10",
			"Otherwise the caller scores their village total + 10.",
			"سرشماری ناموفق: مجموع + 10",
			"اگر مجموع درخواست‌کننده‌ی سرشماری از همه کمتر نباشد، علاوه بر مجموع اعداد خودش 10 امتیاز دیگر هم می‌گیرد."}),
		entry("SILVER-SCORE-5", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"Running totals, lower is better",
			"Record each round score and add it to the player's running total. Scores are penalty points, so lower is better.",
			"جمع امتیازها؛ کمتر بهتر است",
			"امتیاز هر دور را یادداشت کنید و به امتیازهای دورهای قبلی اضافه کنید. امتیازها منفی‌اند، پس هر چه کمتر بهتر."}),

		// §4.3 Awarding the amulet
		entry("SILVER-AMULET-1", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"A successful caller receives the amulet",
			"If the census caller comes out of the census with the lowest round score, the caller receives the amulet.",
			"درخواست‌کننده‌ی موفق طلسم را می‌گیرد",
			"اگر بازیکنی که تقاضای سرشماری کرده کمترین امتیاز دور را بگیرد (از سرشماری سربلند بیرون بیاید)، طلسم محافظ نقره‌ای به او می‌رسد."}),
		entry("SILVER-AMULET-2", rules.Computed, src(kindSeed, faHints, enHints), ruleText{
			"The lowest round score receives the amulet",
			"In general, the player with the lowest score for the round (not the running total) receives the amulet.",
			"کمترین امتیاز دور طلسم را می‌گیرد",
			"بازیکنی که در یک دور (و نه در مجموع) کمترین امتیاز را گرفته، طلسم محافظ نقره‌ای را دریافت می‌کند."}),
		entry("SILVER-AMULET-3", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"On a tie the holder keeps it",
			"If two or more players tie for lowest and one of them held the amulet during the round, that player keeps it.",
			"در تساوی، دارنده آن را نگه می‌دارد",
			"اگر دو یا چند بازیکن در کمترین امتیاز مساوی باشند و یکی از آن‌ها در طول دور طلسم را در اختیار داشته، آن را نگه می‌دارد."}),
		entry("SILVER-AMULET-4", rules.Computed, src(kindSeed, faRoundEnd, enRoundEnd), ruleText{
			"Otherwise the tied player nearest the start player's left",
			"If the holder is not among the tied players, the amulet goes to the tied player nearest the round's start player, counting toward the start player's left (clockwise). The start player counts as nearest of all (default).",
			"وگرنه نزدیک‌ترین از سمت چپ به آغازکننده",
			"اگر دارنده‌ی طلسم جزو مساوی‌شدگان نباشد، از بین آن‌ها بازیکنی طلسم را می‌گیرد که از سمت چپ (ساعت‌گرد) به آغازکننده‌ی دور نزدیک‌تر است؛ خود آغازکننده از همه نزدیک‌تر حساب می‌شود (پیش‌فرض)."}),
		entry("SILVER-AMULET-5", rules.Computed, src(kindSeed, faNewRound, enNewRound), ruleText{
			"The holder starts the next round",
			"The player holding the amulet starts the next round.",
			"دارنده‌ی طلسم دور بعد را آغاز می‌کند",
			"بازیکنی که طلسم محافظ نقره‌ای را دارد، دور بعد را آغاز می‌کند."}),

		// §4.4 Using the amulet
		entry("SILVER-AMULET-6", rules.Unchecked, src(kindSeed, faAmulet, enAmulet), ruleText{
			"Placing the amulet on a card",
			"A player who won the amulet by a successful census may place it on one of their own village cards, as an extra during one of their own turns in the following round, at most once; it then stays there until the round ends (default).",
			"گذاشتن طلسم روی کارت",
			"اگر با سرشماری موفق طلسم را به چنگ آورده باشید، می‌توانید آن را روی یکی از کارت‌های خود بگذارید؛ این کار در یکی از نوبت‌های خودتان در دور بعد و فقط یک بار انجام می‌شود و طلسم تا پایان دور همان‌جا می‌ماند (پیش‌فرض)."}),
		entry("SILVER-AMULET-7", rules.Unchecked, src(kindSeed, faAmulet, enAmulet), ruleText{
			"Nobody touches the protected card",
			"Until scoring at the end of the round, no player, not even the owner, may look at or move the protected card: it cannot be swapped out, stolen, replaced by the Sorcerer, looked at or revealed.",
			"به کارت محافظت‌شده دست نمی‌زنند",
			"تا امتیازشماری پایان دور، هیچ بازیکنی (حتی خودتان) نمی‌تواند کارت محافظت‌شده را نگاه یا جابه‌جا کند؛ نه معاوضه می‌شود، نه دزدیده، نه با جادوگر عوض، نه دیده و نه رو می‌شود."}),
		entry("SILVER-AMULET-8", rules.Unchecked, src(kindSeed, faAmulet, enAmulet), ruleText{
			"A protected face-up ability stays active",
			"If the protected card is face-up and has a face-up ability (cards 0 to 4), that ability stays active and can still be used.",
			"قابلیت کارت محافظت‌شده‌ی رو‌شده فعال می‌ماند",
			"اگر کارت محافظت‌شده رو باشد و قابلیتی از نوع کارت‌های رو‌شده (0 تا 4) داشته باشد، این قابلیت همچنان فعال و قابل استفاده است."}),
		entry("SILVER-AMULET-9", rules.Unchecked, src(kindSeed, faAmulet, enAmulet), ruleText{
			"The protected card counts",
			"The protected card counts in the village total. Players must include it when deciding whether to call a census, and it counts toward the 4-card limit.",
			"کارت محافظت‌شده هم حساب است",
			"کارت محافظت‌شده در مجموع اعداد دهکده حساب می‌شود؛ هنگام تصمیم به سرشماری باید آن را هم به حساب آورد و در محدودیت 4 کارت هم شمرده می‌شود."}),
		entry("SILVER-AMULET-10", rules.Unchecked, src(kindSeed, faAmulet, enAmulet), ruleText{
			"The amulet on your only card",
			"If the amulet lies on the player's only card, they cannot swap anything, keep a drawn card or take from the discard pile, nor use the card-moving abilities of cards they draw. They may draw and burn (using an ability only if it does not involve their own village), or call a census.",
			"طلسم روی تنها کارت",
			"اگر طلسم روی آخرین (تنها) کارت شما باشد، نمی‌توانید معاوضه کنید، کارت کشیده‌شده را نگه دارید یا از ستون کارت‌های سوخته بردارید، و از قابلیت‌های جابه‌جایی هم نمی‌توانید استفاده کنید. می‌توانید کارتی بکشید و بسوزانید (و از قابلیتش فقط اگر به دهکده‌تان کاری نداشته باشد استفاده کنید) یا تقاضای سرشماری کنید."}),

		// §4.6 Fixed rounds
		entry("SILVER-END-1", rules.Computed, src(kindSeed, faGameEnd, enGameEnd), ruleText{
			"A fixed number of rounds",
			"The game ends after a fixed number of rounds. The End section says 7; the Objective says the winner is decided at the end of round 4. Default: 4, configurable (option rounds).",
			"تعداد دورهای ثابت",
			"بازی پس از تعداد مشخصی دور تمام می‌شود. بخش «پایان بازی» 7 دور می‌گوید و بخش «هدف بازی» برنده را در پایان دور چهارم تعیین می‌کند. پیش‌فرض 4 دور است و قابل تغییر (گزینه‌ی rounds)."}),
		entry("SILVER-END-2", rules.Computed, src(kindSeed, faGameEnd, enGameEnd), ruleText{
			"The lowest total wins",
			"The player with the lowest running total wins.",
			"کمترین امتیاز برنده است",
			"چون امتیازها منفی‌اند، بازیکنی که کمترین مجموع امتیاز را دارد برنده‌ی بازی است."}),
		entry("SILVER-END-3", rules.Computed, src(kindSeed, faGameEnd, enGameEnd), ruleText{
			"Ties: the amulet, then nearest the holder's left",
			"If players tie, the tied player who holds the amulet wins. If the holder is not among them, the tied player nearest the holder's left wins (the first tied player clockwise from the holder). The holder is the one after the final round's award (default).",
			"تساوی: طلسم، سپس نزدیک‌ترین از چپ به دارنده",
			"در صورت تساوی، بازیکنی که طلسم محافظ نقره‌ای را دارد برنده است. اگر دارنده‌ی طلسم جزو مساوی‌شدگان نباشد، بازیکنی برنده است که از سمت چپ به دارنده‌ی طلسم نزدیک‌تر باشد. دارنده یعنی کسی که پس از امتیازشماری دور آخر طلسم را دارد (پیش‌فرض)."}),

		// §4.7 Points model
		entry("SILVER-POINTS-1", rules.Checked, src(kindSeed, faPointsModel, enPointsModel), ruleText{
			"The points model",
			"The players may agree to use the points model (option end: points). In this model there is no limit on the number of rounds.",
			"مدل امتیازی",
			"بازیکنان می‌توانند با توافق «مدل امتیازی» را برای پایان بازی انتخاب کنند (گزینه‌ی end: points). در این مدل تعداد دورها محدودیتی ندارد."}),
		entry("SILVER-POINTS-2", rules.Computed, src(kindSeed, faPointsModel, enPointsModel), ruleText{
			"The game ends at 100 or more",
			"The game ends at the end of a round in which at least one player's running total is 100 or more, checked after the score jump (default order).",
			"پایان بازی با 100 یا بیشتر",
			"بازی در پایان دوری تمام می‌شود که مجموع امتیاز دست‌کم یکی از بازیکنان به 100 یا بیشتر برسد؛ این بررسی پس از امتیازپران انجام می‌شود (ترتیب پیش‌فرض)."}),
		entry("SILVER-POINTS-3", rules.Computed, src(kindSeed, faPointsModel, enPointsModel), ruleText{
			"The lowest total wins",
			"The player with the lowest running total wins.",
			"کمترین امتیاز برنده است",
			"بازیکنی که کمترین مجموع امتیاز را دارد برنده‌ی بازی است."}),
		entry("SILVER-POINTS-4", rules.Computed, src(kindSeed, faPointsModel, enPointsModel), ruleText{
			"Ties: the lowest last-round score",
			"If players tie, the tied player with the lowest score in the last round wins. Ties beyond that follow the amulet rule (default).",
			"تساوی: کمترین امتیاز دور آخر",
			"در صورت تساوی، از بین مساوی‌شدگان بازیکنی برنده است که در دور آخر کمترین امتیاز را گرفته باشد؛ اگر باز هم مساوی بودند، قانون طلسم تعیین می‌کند (پیش‌فرض)."}),
		entry("SILVER-POINTS-5", rules.Computed, src(kindSeed, faScoreJump, enScoreJump), ruleText{
			"Score jump: exactly 100 becomes 50",
			"If a player's running total is exactly 100 at the end of a round, it becomes 50.",
			"امتیازپران: دقیقاً 100 می‌شود 50",
			"در مدل امتیازی، اگر امتیاز بازیکنی در پایان یک دور دقیقاً به 100 برسد، امتیازش به 50 تغییر می‌کند."}),
		entry("SILVER-POINTS-6", rules.Computed, src(kindSeed, faScoreJump, enScoreJump), ruleText{
			"The score jump once per game",
			"Each player can benefit from the score jump only once per game. It is applied automatically the first time a player's total is exactly 100; after that an exact 100 stays 100 and ends the game (default).",
			"امتیازپران فقط یک بار",
			"هر بازیکن در هر بازی فقط یک بار می‌تواند از امتیازپران استفاده کند. این کار بار اولی که امتیازش دقیقاً 100 شود خودکار انجام می‌شود؛ پس از آن، 100 همان 100 می‌ماند و بازی تمام می‌شود (پیش‌فرض)."}),
		entry("SILVER-POINTS-7", rules.Computed, src(kindSeed, faKamikaze, enKamikaze), ruleText{
			"Kamikaze",
			"A player whose village at the end of a round is exactly two 12s and two 13s (those four cards and nothing else, default) scores 0 for that round, and every other player scores 50 in place of their normal round score (default: this also overrides census scoring).",
			"کامیکازه",
			"اگر بازیکنی دور را دقیقاً با دو کارت 12 و دو کارت 13 (همین چهار کارت و نه بیشتر، پیش‌فرض) به پایان برساند، در آن دور برای او 0 و برای هر یک از بازیکنان دیگر به‌جای امتیاز معمولشان 50 امتیاز منظور می‌شود (پیش‌فرض: امتیاز سرشماری هم کنار می‌رود)."}),
		entry("SILVER-POINTS-8", rules.Computed, src(kindSeed, faKamikaze, enKamikaze), ruleText{
			"A Kamikaze player may call a census",
			"A Kamikaze player is allowed to call a census.",
			"بازیکن کامیکازه می‌تواند سرشماری بخواهد",
			"بازیکنی که «کامیکازه» شده، می‌تواند تقاضای سرشماری کند."}),
		entry("SILVER-POINTS-9", rules.Computed, src(kindDefault, faScoreJump, enScoreJump), ruleText{
			"Score jump and Kamikaze belong to the points model",
			"The score jump and Kamikaze apply only in the points model (default; Kamikaze can be switched on for a rounds game with the option kamikaze).",
			"امتیازپران و کامیکازه فقط در مدل امتیازی",
			"امتیازپران و کامیکازه فقط در مدل امتیازی اعمال می‌شوند (پیش‌فرض؛ کامیکازه را می‌توان با گزینه‌ی kamikaze در بازی با دورهای ثابت هم فعال کرد)."}),

		// §4.8 Conduct
		entry("SILVER-ETIQ-1", rules.Unchecked, src(kindSeed, faMemory, enMemory), ruleText{
			"Fair play",
			"Deliberately breaking other players' concentration, for example by calling out random numbers, is unfair play.",
			"بازی جوانمردانه",
			"بر هم زدن عمدی تمرکز دیگران، مثلاً با گفتن اعداد بی‌ربط با صدای بلند تا نتوانند کارت‌هایی را که دیده‌اند به خاطر بسپارند، روش منصفانه و جوانمردانه‌ای نیست."}),
	}
}
