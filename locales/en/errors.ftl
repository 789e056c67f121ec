# The engines' refusals (rules/src: each game's error enum, keyed by variant through
# `rules::Phrased`), shown privately to the player whose move was refused. The English
# text is each variant's `Display` word for word (words/tests/phrases.rs checks it).
# Card, tile, cube, lot and column codes, and the typed command words in backticks,
# are the same in every language.

## Any game: parse errors and setup.

# A parser's sentence (the typed command's syntax), passed through.
parse-error = { $text }
setup-error-player-count = { $game } is played by { $min } to { $max } players, not { $got }.
setup-error-bad-option = Bad game option: { $text }

## Palazzo (rules/src/palazzo/errors.rs).

palazzo-error-game-over = The game is over.
palazzo-error-not-your-turn = It is not your turn: the game is waiting for another player.
# $attempt: a palazzo-not-now-… text, $moment: a palazzo-now-… text.
palazzo-error-not-now = { $attempt } { $moment }
palazzo-error-not-enough-money = Taking money reveals { $need } cards, but only { $have } are left in the draw pile and discards, so you cannot take money now.
palazzo-error-pick-count = You must take exactly { $need } of the revealed cards.
palazzo-error-not-revealed = Not among the revealed cards: { $cards }.
palazzo-error-not-in-hand = You do not hold { $cards }.
palazzo-error-buy-count = You can buy only 1 or 2 tiles.
palazzo-error-not-in-supply = { $tile } is not in the supply.
palazzo-error-underpaid = Buying { $tiles } tile(s) costs { $price } (10 − { $supply } supply tiles = { $each } each); { $paid } paid is not enough.
palazzo-error-cannot-afford = You cannot pay for even one tile (price { $price }), so you must auction.
palazzo-error-empty-supply = The supply is empty: there is nothing to buy, so you must auction.
palazzo-error-mixed-currency = A payment or bid may use cards of one currency only, plus certificates (C2) and groups of three (one card of each currency with the same value, or three C2).
palazzo-error-wrong-currency = Your bid is in { $currency }: you may add only { $currency } cards, certificates (C2) and groups of three.
palazzo-error-group-split = A group's three cards must be played together in the same raise: these cards would only form a group with the { $cards } already in your bid.
palazzo-error-empty-raise = Add at least one card to raise, or pass.
palazzo-error-bid-too-low = You must bid more than the high bid of { $high }; your bid would total { $total }.
palazzo-error-not-pending = { $tile } is not one of the tiles you have to build now.
palazzo-error-twin = { $typed } is not there, but its identical twin { $twin } is: name that one.
palazzo-error-no-such-palace = You have no palace { $palace }.
palazzo-error-cannot-stack = { $tile } (floor { $floor }) cannot go on palace { $palace }: its top floor is { $top }, and a tile goes only on top of a lower floor (inserting below needs reconstruct).
palazzo-error-empty-hand = Reconstruct costs one money card, and your hand is empty.
palazzo-error-not-yours = { $tile } is not in one of your palaces.
palazzo-error-already-alone = { $tile } already stands alone; lift takes a tile out of a palace of 2 or more floors.
palazzo-error-not-alone = { $tile } is not a single-tile palace; only a tile standing alone can be inserted or removed (lift it out first, on a later turn).
palazzo-error-floor-taken = Palace { $palace } already has floor { $floor }; a palace cannot repeat a floor.
palazzo-error-same-palace = A tile cannot be inserted into its own palace.

# What was tried at the wrong moment (the first half of palazzo-error-not-now)…
palazzo-not-now-turn-choice = That is a choice for the start of a turn.
palazzo-not-now-pick = There are no revealed cards to pick.
palazzo-not-now-buy-or-auction = Buy or auction comes right after drawing tiles.
palazzo-not-now-auction = There is no auction running.
palazzo-not-now-build = You have no tile to build now.
# …and what the game waits for instead (the second half).
palazzo-now-turn = It is the start of your turn: choose money, draw or reconstruct.
palazzo-now-picking = Revealed money is being shared out: pick your card(s).
palazzo-now-buy-or-auction = You drew tiles: now buy from the supply or auction.
palazzo-now-auction = An auction is running: raise or pass.
palazzo-now-handout = Take one tile of the lot and build it (or discard it).
palazzo-now-building = Build (or discard) the tiles you got first.
palazzo-now-over = The game is over.
# The money cards' currencies, as a sentence names them.
palazzo-currency-red = red
palazzo-currency-green = green
palazzo-currency-blue = blue

## The Estates (rules/src/estates/error.rs).

estates-error-game-over = The game is over.
estates-error-not-your-turn = It is not your turn to act.
estates-error-stash-not-now = Illegal earnings are put away only at the start of your own turn, before you choose a piece.
estates-error-already-stashed = You already put a check in your cash box this turn: one check per turn.
estates-error-no-cash-to-stash = You have no cash on hand to put in your cash box.
estates-error-choose-not-now = Choose a piece to auction only at the start of your own turn.
estates-error-cube-not-offered = { $cube } is not in the offer rows.
estates-error-cube-not-at-end = { $cube } is not at an end of its offer row: only the cubes at either end of a row may be chosen.
estates-error-cube-unplaceable = { $cube } has no legal place on the board, so it cannot be chosen.
estates-error-no-roofs-left = There are no roofs left.
estates-error-no-unroofed-building = A roof may be auctioned only when some building on the board has no roof.
estates-error-permit-unavailable = Permit { $value } is not available: it is on the board or out of the game.
estates-error-no-such-permit = There is no permit { $value }: the permits are 1, 2 and 3.
estates-error-mayor-unavailable = The mayor is not available: it is on the board or out of the game.
estates-error-cancel-unavailable = The cancel cube is not available: it has been used or discarded.
estates-error-no-auction = There is no auction running: bid or pass only when the auctioneer offers a piece.
estates-error-bid-too-low-first = The first bid must be at least $1M.
estates-error-bid-too-low = You must bid more than the high bid of ${ $high }M.
estates-error-bid-above-cash = You have only ${ $cash }M on hand, so you cannot bid ${ $bid }M (cash-box money cannot be bid).
estates-error-no-decision = There is no auction to decide: sell or keep only after every other player has bid or passed.
estates-error-keep-without-cash = You may keep the piece only if you can pay the high bid of ${ $high }M from your cash; you must sell.
estates-error-nothing-to-place = There is no piece to place now.
estates-error-needs-lot = This piece goes on a lot, e.g. `place top-3`.
estates-error-mayor-needs-row = The mayor stands on Main Street in front of a row: `place top`, `place middle` or `place bottom`.
estates-error-remove-needs-cancel = Only the cancel cube removes a permit.
estates-error-cancel-not-on-lot = The cancel cube removes a permit (`remove permit 2`) or is discarded; it is not placed on a lot.
estates-error-must-place = Floor cubes and roofs must be placed; they cannot be discarded.
estates-error-first-on-lot-one = The first cube of the { $row } row goes on lot 1, at Main Street.
estates-error-gap = No gaps between buildings: a new building in the { $row } row goes on lot { $next }.
estates-error-past-requirement = The { $row } row needs { $requirement } lots: lot { $lot } is on or past its end (its requirement or permit).
estates-error-white-lot-full = { $lot } is a white lot: it holds only one floor cube.
estates-error-not-lower = A cube on a building must be lower than the cube beneath it: { $cube } is not lower than { $below }.
estates-error-roofed = The building on { $lot } has a roof: nothing goes on top of a roof.
estates-error-no-building = There is no building on { $lot } to put a roof on.
# $effect: lengthens or shortens (the row).
estates-error-permit-lot = Permit { $value } in the { $row } row goes on lot { $lot } ({ $effect } it to { $to }).
estates-error-permit-lot-either = Permit { $value } in the { $row } row goes on lot { $lot } ({ $effect } it to { $to }) or lot { $lot2 } ({ $effect2 } it to { $to2 }).
estates-error-permit-lot-list = Permit { $value } in the { $row } row goes on lot { $lots }.
estates-error-permit-nowhere = Permit { $value } cannot go in the { $row } row: it would need fewer lots than the { $built } already built, or fall outside 1 to 9 lots.
estates-error-permit-not-on-board = Permit { $value } is not on the board.
estates-error-cancel-cuts-built = Removing permit { $value } would make the { $row } row need { $requirement } lots, fewer than the { $built } already built.
estates-error-cancel-out-of-range = Removing permit { $value } would make the { $row } row need { $requirement } lots; a row needs 1 to 9.
# The rows, as a sentence names them ("the top row").
estates-row-top = top
estates-row-middle = middle
estates-row-bottom = bottom

## Villa Paletti (rules/src/villa/mod.rs). Columns (`blue-thin-1`), colours and points
## (`d4`) are the typed words.

villa-error-game-over = The game is over.
villa-error-not-your-turn = It is not your turn: { $expected }.
villa-error-not-now = That is not possible now: { $expected }.
villa-error-not-yours = { $column } is not yours to move.
villa-error-frozen = { $column } is frozen: a column whose pull was aborted may not be moved again this game.
villa-error-on-top-level = { $column } already stands on the top level; columns on the top level cannot be moved.
villa-error-gone = { $column } has left the game.
villa-error-last-neutral = { $column } is the last neutral column on its level; at least one neutral column must stay on every level.
villa-error-neutral-first = In the 3-player game you first move a neutral ({ $neutral }) column; { $column } is not neutral.
villa-error-wrong-colour = You are playing { $colour } this turn; { $column } is not { $colour }.
villa-error-not-your-colour = { $colour } is not one of your colours.
villa-error-no-movable-in-colour = None of your { $colour } columns can be moved.
villa-error-off-grid = { $at } is not on the grid; points run { $range }.
villa-error-off-floor = At { $at } the column's footprint would hang over the edge of the floor.
villa-error-overlap = At { $at } the column would overlap { $column }; columns stand on one another only on the red floor.
villa-error-overhang = On the red floor a column standing on another must fit within it: at { $at } it would overhang { $column }.
villa-error-outside-building-area = At { $at } the column would stand outside the building area (radius 11).
villa-error-already-set = { $column } is already standing.
villa-error-no-floors-left = All five floors are built.
villa-error-no-floor-position = No position for the { $floor } floor rests on { $supports } top-level columns inside the base plate.
villa-error-floor-off-base = At { $at } the { $floor } floor would reach beyond the base plate.
villa-error-too-few-supports = At { $at } the { $floor } floor would rest on { $got } top-level column(s); it needs at least { $need }.
villa-error-floor-would-fall = At { $at } the blue floor would fall at once: its weight would not be over the columns under it.
villa-error-nothing-to-object = The proposer has no column you could pull, so you cannot object.
villa-error-nothing-to-challenge = No neutral column can be moved, so there is nothing to challenge.
villa-error-not-objectors = { $column } is not the objector's; remove one of their columns.
villa-error-not-proposers = { $column } must be one of the proposer's columns.

# What the game waits for ($expected of villa-error-not-your-turn and -not-now).
villa-waiting-setup-columns = the columns are being stood on the base plate (`set blue-thin-1 d4`)
villa-waiting-setup-floor = the blue floor is to be placed (`floor l8`)
villa-waiting-begin-play = start your turn with `play <colour>` or `propose`
villa-waiting-begin-neutral = start your turn by pulling a neutral column (`pull green-thin-1`) or with `propose`
villa-waiting-begin-pull = start your turn with `pull <column>` or `propose`
villa-waiting-pull-own = pull one of your columns (`pull blue-thick`)
villa-waiting-objector-pulls = the objector must pull one of the proposer's columns (`pull <column>`)
villa-waiting-challenger-pulls = the challenger must pull a neutral column (`pull <column>`)
villa-waiting-feel = the pulled column must be placed (`place d4`) or put back (`abort`)
villa-waiting-objections = each player may `object` to the new floor or `allow` it
villa-waiting-challenges = each player may `challenge` the aborted neutral pull or `allow` it
villa-waiting-removal = the proposer removes one of the objector's columns (`remove <column>`)
villa-waiting-place-floor = the proposer places the new floor (`floor d4`)
villa-waiting-over = the game is over
villa-waiting-propose-at-start = a new floor can only be proposed at the start of your turn
villa-waiting-choose-colour = first choose which of your colours you play (`play blue`)
# The colours of columns and floors, as a sentence names them.
villa-colour-blue = blue
villa-colour-red = red
villa-colour-yellow = yellow
villa-colour-green = green
villa-colour-orange = orange

## The Princes of Florence (rules/src/princes/mod.rs, actions.rs). Florins are written
## without grouping, as the board shows them.

princes-error-game-over = The game is over.
princes-error-not-your-turn = It is not your turn: the game is waiting for someone else.
princes-error-not-now = { $text }
princes-error-stack-sold = The { $stack } stack has already sold an item this round (one item per stack per round).
princes-error-supply-out = No { $item } is left in the supply.
princes-error-no-room = There is no room in your principality for a { $item }, so you may not buy one.
princes-error-max-builders = You already have 3 builders, the most a principality may have.
princes-error-cannot-afford = You need { NUMBER($need, useGrouping: "false") } florins but have only { NUMBER($have, useGrouping: "false") }.
princes-error-bad-raise = Raises are exactly 100 florins: the high bid is { NUMBER($high, useGrouping: "false") }, so bid { NUMBER($need, useGrouping: "false") }.
princes-error-outside = The { $piece } would stick out of your principality: every square must be inside the 7×7 grid.
princes-error-overlap = The { $piece } would overlap the palazzo, a building or a landscape.
princes-error-touches-palazzo = The { $piece } would touch the palazzo along an edge; buildings may only touch at corners until you have 2 builders.
princes-error-touches-building = The { $piece } would touch another building along an edge; buildings may only touch at corners until you have 2 builders.
princes-error-already-owned = You already own the { $building }: a principality may have only one building of each type.
princes-error-wrong-landscape = You bought a { $landscape }: place the { $landscape }.
princes-error-no-actions-left = You have taken both actions this turn; recruit if you like, then type `done`.
princes-error-limit = { $text }
princes-error-not-in-hand = The { $card } is not in your hand.
princes-error-bonus-not-in-hand = Bonus card { $card } is not in your hand.
princes-error-bonus-twice = Bonus card { $card } is named twice.
princes-error-below-minimum = This work is worth { $value }, below round { $round }'s minimum of { $min }, so it cannot be played.
princes-error-too-much-prestige = A payout of { NUMBER($payout, useGrouping: "false") } florins buys at most { $max } prestige (200 florins each), and only from that payout.
princes-error-deck-empty = The { $deck } deck is empty.
princes-error-freedom-owned = You already introduced freedom of { $freedom }; each freedom only once per principality.
princes-error-no-recruit-card = You have no recruiting card in hand.
princes-error-not-recruitable = The { $card } is not face up in another player's display, so it cannot be recruited.
princes-error-not-looked-at = Keep one of the cards you are looking at: { $cards }.
princes-error-bad-keep = Keep exactly three different professions of the four you were dealt ({ $cards }).
princes-error-not-enough-prestige = You have only { $have } prestige to sell.
princes-error-sell-zero = Sell at least 1 prestige point.
# Fixed sentences ($text of princes-error-not-now and princes-error-limit).
princes-not-now-recruit-now = That is not possible now; first `recruit <profession>` with your new recruiting card or keep it for `later`.
princes-not-now-setup = That is not possible now; choose the three professions you keep (`keep poet jurist organist`).
princes-not-now-auction-live = That is not possible now; the auction is running: `bid` or `pass`.
princes-not-now-auction-open = That is not possible now; open an auction (`open jester`) or `decline`.
princes-not-now-actions = That is not possible now; it is your Phase B turn: work, build, draw, freedom, recruit or `done`.
princes-not-now-over = That is not possible now; the game is over.
princes-not-now-no-auction-to-bid = There is no auction running; open one with e.g. `open jester`.
princes-not-now-no-auction-to-pass = No auction is running. To buy nothing this round, `decline`.
princes-not-now-auction-running = An auction is running: `bid` or `pass`.
princes-limit-works = You may complete at most 2 works per round.
princes-limit-builds = You may build at most 2 buildings per round.
princes-limit-profession = You may take a profession card only once per round.
princes-limit-bonus = You may draw a bonus card at most twice per round.
princes-limit-freedom = You may introduce only one freedom per round.
# Words left over after a complete command (a parse error).
princes-error-after-command = `{ $word }` is one word too many: the command was complete without it. Write e.g. `{ $example }`.
princes-error-after-prestige = `{ $word }` is one word too many: `prestige { $n }` already says how much prestige to buy; { $example }.

## The table tests' tiny game (rules/src/testgame.rs, feature `testgame`).

countdown-error-not-your-turn = It is not your turn.
countdown-error-bad-amount = You may add 1, 2 or 3.
countdown-error-ack-first = Everyone must acknowledge the milestone first.
countdown-error-nothing-to-ack = There is nothing to acknowledge.
