# The engines' narration of what happened (rules/src/<game>/events.rs, through
# `GameEvent::phrased`), in turn messages. Keys `<game>-event-…`; the English is each
# event's `narrate` word for word (words/tests/phrases.rs checks it). $name is a
# player's name; tile ids, cards and palace letters are the same in every language.

## Palazzo (rules/src/palazzo/events.rs).

palazzo-event-turn-starts = { $name }'s turn.
palazzo-event-money-revealed = { $name } takes money: revealed { $cards }.
palazzo-event-picked = { $name } takes { $cards }.
palazzo-event-reshuffled = The discards are shuffled into a new draw pile of { $cards } cards.
palazzo-event-rider-drawn = A rider is drawn ({ $count }/5) and set aside.
palazzo-event-drew = { $name } draws tiles: { $supply } to the supply, { $tile } to quarry { $quarry }.
palazzo-event-drew-supply-only = { $name } draws tiles: { $supply } to the supply, no tile to a quarry.
palazzo-event-drew-quarry-only = { $name } draws tiles: no tile to the supply, { $tile } to quarry { $quarry }.
palazzo-event-drew-nothing = { $name } draws tiles: no tile to the supply, no tile to a quarry.
palazzo-event-game-ended = The 5th rider ends the game at once!
palazzo-event-bought = { $name } buys { $tiles } for { $price }, paying { $pay } ({ $paid }).
palazzo-event-bought-free = { $name } buys { $tiles } for { $price }, paying nothing.
palazzo-event-nothing-to-auction = { $name } auctions, but no quarry holds a tile: nothing happens.
palazzo-event-handout-starts = The master builder moves to quarry { $quarry } with { $count } tiles ({ $tiles }): no auction — each player from { $name } takes one and builds it.
palazzo-event-leftovers-boxed = Left over and out of the game: { $tiles }.
palazzo-event-auction-opened = The master builder moves to quarry { $quarry }; { $name } opens the auction for { $tiles } with the certificate 3.
palazzo-event-raised = { $name } adds { $cards } — bid { $total }.
palazzo-event-passed = { $name } passes.
palazzo-event-passed-took-back = { $name } passes and takes back { $cards }.
palazzo-event-auction-won = { $name } wins { $tiles } with { $total }, paying { $cards }.
palazzo-event-auction-won-certificate = { $name } wins { $tiles } with { $total }, paying the certificate 3 alone.
palazzo-event-built = { $name } builds { $tile } on palace { $palace }.
palazzo-event-built-new = { $name } builds { $tile } as new palace { $palace }.
palazzo-event-discarded = { $name } puts { $tile } out of the game.
palazzo-event-lifted = { $name } reconstructs (paying { $pay }): { $tile } leaves palace { $from } and stands alone as palace { $new }.
palazzo-event-inserted = { $name } reconstructs (paying { $pay }): { $tile } goes into palace { $into }.
palazzo-event-removed = { $name } reconstructs (paying { $pay }): { $tile } leaves the game.
