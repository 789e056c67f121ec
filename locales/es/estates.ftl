# estates: the engine's own texts (rules/src/estates/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `estates-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).
# TRANSLATE: still the English.

estates-help-stash = start of your turn, optional: move $1M from cash into your secret cash box (once per turn)
estates-help-cube-colour-value-left-right = auction a floor cube from an end of an offer row (or `cube <row 1-3> left|right`)
estates-help-roof = draw the next roof face up and auction it
estates-help-permit-1-2-3 = auction a building permit
estates-help-mayor = auction the mayor
estates-help-cancel = auction the cancel cube
estates-help-bid-amount = bid whole $M (a bare number works too); one bid per auction
estates-help-pass = stay out of this auction
estates-help-sell = auctioneer: give the piece to the high bidder, who pays you
estates-help-keep = auctioneer: take the piece and pay the high bid to the high bidder
estates-help-place-row-lot = place the cube, roof or permit you won (rows: top, middle, bottom; lots 1-10)
estates-help-place-row = put the mayor in front of a row
estates-help-remove-permit-1-2-3 = use the cancel cube on a placed permit
estates-help-discard = remove the permit, mayor or cancel cube you won from the game
