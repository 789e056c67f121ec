# palazzo: the engine's own texts (rules/src/palazzo/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `palazzo-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

palazzo-help-money = take money: reveal players+1 cards; you pick 2, the others 1 each
palazzo-help-pick-cards = take revealed money (2 cards if it is your turn, else 1)
palazzo-help-draw = draw two tiles (supply, then a quarry), then buy or auction
palazzo-help-buy-tile-tile-pay-cards = buy 1 or 2 supply tiles, one payment of at least the price
palazzo-help-auction = auction the next quarry holding tiles (you open with the certificate 3)
palazzo-help-raise-cards = add cards to your face-up bid so it beats the high bid
palazzo-help-pass = leave the auction and take your bid cards back
palazzo-help-build-tile-on-palace-build-tile-new = build a tile you got on top of a palace, or as a new palace
palazzo-help-discard-tile = put a tile you got out of the game instead of building it
palazzo-help-reconstruct-lift-tile-pay-card = take a tile out of a palace to stand alone (costs one card)
palazzo-help-reconstruct-insert-tile-into-palace-pay = put a single-tile palace into another palace where its floor fits
palazzo-help-reconstruct-remove-tile-pay-card = put a single-tile palace out of the game

## The board as text (views.rs: render_public, headline). Tiles, cards, stack numerals
## and palace letters are codes, passed through as they are.

# A seat's name alone (in lists of names).
palazzo-board-name = { $name }
palazzo-board-over = **Palazzo** — game over (5 riders drawn)
# $ask is one of palazzo-board-ask-….
palazzo-board-headline = **Palazzo** — { $active }'s turn · waiting for { $waiting }: { $ask }
palazzo-board-ask-turn = choose: money, draw or reconstruct
palazzo-board-ask-pick = pick revealed money
palazzo-board-ask-buy = buy from the supply (price { $price } each) or auction
palazzo-board-ask-auction = raise or pass
palazzo-board-ask-handout = take one tile of the lot: build or discard it
palazzo-board-ask-building = build or discard the tiles won/bought
palazzo-board-ask-over = game over
# $stacks: "I 9 · II 16 · III 21" (items left in each stack).
palazzo-board-stacks = Stacks: { $stacks } · riders { $riders }/5
palazzo-board-supply = Supply (price { $price } each): { $tiles }
palazzo-board-quarries = Quarries (🔨 master builder):
# A quarry's short name at the start of its line and in the auction line.
palazzo-board-quarry = Q{ $number }
palazzo-board-money = Money: draw pile { $pile } · discards { $discards } · tiles out of game { $boxed }
palazzo-board-revealed = Revealed money: { $cards }
palazzo-board-auction = Auction of Q{ $quarry } ({ $tiles }) — high bid { $high } by { $leader }
palazzo-board-no-bid = no bid yet
palazzo-board-builds = { $name } builds: { $tiles }
palazzo-board-lot = Lot handed out: { $tiles }
palazzo-board-seat = **{ $name }** — { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    } · { $score } pts

## A player's hand as text (views.rs: render_private) and the auction note.

palazzo-hand-cards = Your hand ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    }): { $cards }
palazzo-hand-empty = Your hand (0 cards): empty
palazzo-hand-best-bid = Best single bid: { $best }
palazzo-note-reach = In this auction your bid can reach { $reach }.

## Final score lines (scoring.rs).

palazzo-score-palace = palace { $palace } ({ $floors ->
        [one] { $floors } floor
       *[other] { $floors } floors
    }, { $windows } windows)
palazzo-score-palace-bonus = palace { $palace } ({ $floors ->
        [one] { $floors } floor
       *[other] { $floors } floors
    }, { $windows } windows), single material +{ $bonus }
palazzo-score-tiebreak = best single bid from hand
palazzo-score-note = The game ended when the 5th rider was drawn.

## Typed moves that do not read (actions.rs). Command words and examples stay as typed.

palazzo-parse-c3 = The certificate 3 (`C3`) only opens an auction and is never typed: raise with R/G/B 3–7 and C2 cards.
palazzo-parse-not-a-card = `{ $word }` is not a money card; write cards as R5 G7 B3 C2 (red/green/blue 3–7, certificate C2).
palazzo-parse-too-many = More than { $max }× { $card }: the game has only 3 of each currency card and 10 C2.
palazzo-parse-not-a-tile = `{ $word }` is not a tile id; tiles are written material-floor-windows, e.g. marble-3-2w (the extra floor-3 one-window tile is marble-3-1w-b).
palazzo-parse-not-a-palace = `{ $word }` is not a palace letter (A, B, C…).
palazzo-parse-empty = Type a command: money, draw, buy, auction, raise, pass, pick, build, discard or reconstruct.
palazzo-parse-pick-usage = Say which revealed cards you take: pick R5 G7
palazzo-parse-raise-usage = Say which cards you add to your bid: raise R4 G4 B4
palazzo-parse-buy-usage = Buy 1 or 2 supply tiles and say how you pay: buy brick-2-1w pay R4 R5
palazzo-parse-build-usage = Build a tile on top of a palace or as a new one: build marble-3-2w on B, build marble-3-2w new
palazzo-parse-discard-usage = Name the tile to put out of the game: discard marble-3-2w
palazzo-parse-reconstruct-usage = Reconstruct costs one card: reconstruct lift <tile> pay R5 | reconstruct insert <tile> into B pay R5 | reconstruct remove <tile> pay R5
palazzo-parse-unknown = `{ $word }` is not a Palazzo command. Try: money, draw, buy <tiles> pay <cards>, auction, raise <cards>, pass, pick <cards>, build <tile> on <palace>|new, discard <tile>, reconstruct …
