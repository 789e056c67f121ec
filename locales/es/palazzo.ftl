# palazzo: the engine's own texts (rules/src/palazzo/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `palazzo-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).
# TRANSLATE: still the English.

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
