# The private move panel (commands/src/panel): its titles and navigation, and every
# game's kinds of move and move labels (keys named by commands/src/panel/rules.rs; each
# label gets the action's words as arguments). Button labels stay under 80 characters.

# The panel's root title, navigation buttons and a menu's placeholder ($title: where it is).
panel-your-moves = Your moves
panel-back = ◀ Back
panel-all-moves = ⏮ All moves
panel-choose = { $title }: choose
# Group names: the row of a square or grid point, how many cards a payment holds.
panel-row = row { $row }
panel-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}

# Palazzo: kinds of move (root buttons) and one label per move.
panel-kind-palazzo-money = Take money
panel-kind-palazzo-draw = Draw tiles
panel-kind-palazzo-auction = Auction
panel-kind-palazzo-pass = Pass
panel-kind-palazzo-pick = Pick cards
panel-kind-palazzo-buy = Buy
panel-kind-palazzo-raise = Raise
panel-kind-palazzo-build = Build
panel-kind-palazzo-discard = Discard
panel-kind-palazzo-reconstruct = Reconstruct
panel-palazzo-money = Take money
panel-palazzo-draw = Draw two tiles
panel-palazzo-auction = Auction the next quarry
panel-palazzo-pass = Pass (take your bid back)
panel-palazzo-pick = Pick { $cards }
panel-palazzo-buy-pay = Buy { $tiles }, pay { $cards }
panel-palazzo-buy-free = Buy { $tiles } for free
panel-palazzo-raise = Raise with { $cards }
panel-palazzo-build-on = Build { $tile } on palace { $palace }
panel-palazzo-build-new = Build { $tile } as a new palace
panel-palazzo-discard = Discard { $card }
panel-palazzo-lift = Lift { $tile } out to stand alone, pay { $cost }
panel-palazzo-insert = Insert { $tile } into palace { $palace }, pay { $cost }
panel-palazzo-remove = Remove { $tile } from the game, pay { $cost }
panel-facet-palazzo-lift = Lift out
panel-facet-palazzo-insert = Insert
panel-facet-palazzo-remove = Remove

# Villa Paletti: kinds of move (root buttons) and one label per move.
panel-kind-villa-set = Stand a column
panel-kind-villa-floor = Place the floor
panel-kind-villa-play = Play
panel-kind-villa-pull = Pull
panel-kind-villa-place = Place
panel-kind-villa-abort = Abort
panel-kind-villa-propose = Propose
panel-kind-villa-object = Object
panel-kind-villa-allow = Allow
panel-kind-villa-challenge = Challenge
panel-kind-villa-remove = Remove
panel-villa-set = Stand { $column } at { $point }
panel-villa-floor = Place the floor at { $point }
panel-villa-play = Play { $column }
panel-villa-pull = Pull { $column }
panel-villa-place = Place the column at { $point }
panel-villa-abort = Abort (the column is frozen)
panel-villa-propose = Propose the next floor
panel-villa-object = Object
panel-villa-allow = Allow
panel-villa-challenge = Challenge
panel-villa-remove = Remove { $column }

# The Estates: kinds of move (root buttons) and one label per move.
panel-kind-estates-stash = Stash
panel-kind-estates-cube = Auction a cube
panel-kind-estates-roof = Auction a roof
panel-kind-estates-permit = Auction a permit
panel-kind-estates-mayor = Auction the mayor
panel-kind-estates-cancel = Auction the cancel cube
panel-kind-estates-bid = Bid
panel-kind-estates-pass = Pass
panel-kind-estates-sell = Sell
panel-kind-estates-keep = Keep
panel-kind-estates-place = Place
panel-kind-estates-remove-permit = Remove a permit
panel-kind-estates-discard = Discard
panel-estates-stash = Stash $1M in your cash box
panel-estates-cube = Auction cube { $cube }
panel-estates-roof = Auction a roof
panel-estates-permit = Auction permit { $permit }
panel-estates-mayor = Auction the mayor
panel-estates-cancel = Auction the cancel cube
panel-estates-bid = Bid ${ $amount }M
panel-estates-pass = Pass
panel-estates-sell = Sell to the high bidder
panel-estates-keep = Keep it (pay the high bid)
panel-estates-place = Place on { $spot }
panel-estates-remove-permit = Remove permit { $permit }
panel-estates-discard = Discard

# The Princes of Florence: kinds of move (root buttons) and one label per move.
panel-kind-princes-keep-professions = Keep professions
panel-kind-princes-keep-card = Keep a card
panel-kind-princes-open = Open an auction
panel-kind-princes-bid = Bid
panel-kind-princes-pass = Pass
panel-kind-princes-decline = Decline
panel-kind-princes-place = Place landscape
panel-kind-princes-recruit = Recruit
panel-kind-princes-later = Later
panel-kind-princes-work = Work
panel-kind-princes-build = Build
panel-kind-princes-draw-profession = Draw a profession
panel-kind-princes-draw-bonus = Draw a bonus card
panel-kind-princes-freedom = Freedom
panel-kind-princes-done = Done
panel-kind-princes-sell = Sell prestige
panel-princes-keep-professions = Keep { $first }, { $second }, { $third }
panel-princes-keep-card = Keep { $card }
panel-princes-open = Open an auction: { $item }
panel-princes-bid = Bid { $amount } florins
panel-princes-pass = Pass
panel-princes-decline = Decline (buy nothing)
panel-princes-place-rot-flip = Place { $landscape } at { $square }, rotated { $degrees }°, flipped
panel-princes-place-rot = Place { $landscape } at { $square }, rotated { $degrees }°
panel-princes-place-flip = Place { $landscape } at { $square }, flipped
panel-princes-place = Place { $landscape } at { $square }
panel-princes-recruit = Recruit { $card }
panel-princes-later = Keep the recruiting card for later
panel-princes-work-bonus-prestige = Work: { $profession }, bonus { $bonus }, prestige { $prestige }
panel-princes-work-bonus = Work: { $profession }, bonus { $bonus }
panel-princes-work-prestige = Work: { $profession }, prestige { $prestige }
panel-princes-work = Work: { $profession }
panel-princes-build-rot-flip = Build { $building } at { $square }, rotated { $degrees }°, flipped
panel-princes-build-rot = Build { $building } at { $square }, rotated { $degrees }°
panel-princes-build-flip = Build { $building } at { $square }, flipped
panel-princes-build = Build { $building } at { $square }
panel-princes-draw-profession = Draw a profession (300)
panel-princes-draw-bonus = Draw a bonus card (300)
panel-princes-freedom = Introduce the freedom: { $freedom } (300)
panel-princes-done = Done (end your turn)
panel-princes-sell = Sell { $points } prestige for florins
panel-facet-princes-no-bonus = no bonus

# Around the panel (commands/src/bot.rs): its header line, the move just played, refusals.
panel-title = **{ $title }** · only you see this.
panel-played = ✅ You played **{ $move }**.
panel-invalid-choice = That menu choice is not valid.
panel-options-changed = Your options have changed; here they are now.
panel-no-move = You have no move to make right now.

# Buttons under channel messages (commands/src/messages.rs, history.rs), in the channel's
# language; "Next round" under a private replay, in its reader's.
panel-button-your-move = 🎲 Your move, { $name }
panel-button-my-hand = My hand
panel-button-board = Board
panel-button-text-board = Text board
panel-button-approve = Approve
panel-button-refuse = Refuse
panel-button-next-round = Next round
