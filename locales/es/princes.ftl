# princes: the engine's own texts (rules/src/princes/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `princes-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).
# TRANSLATE: still the English.

princes-help-keep-profession-profession-profession = setup: keep three of your four dealt professions
princes-help-open-forest-lake-park-jester-builder-pre = Phase A: open an auction at 200 (the last player buys at 200)
princes-help-bid-amount = Phase A: raise the high bid by exactly 100
princes-help-pass = Phase A: drop out of this auction (final)
princes-help-decline = Phase A: as opener, buy nothing this round
princes-help-place-landscape-at-square-rot-90-180-270 = place the landscape you just bought
princes-help-keep-card = keep one of the cards you are looking at
princes-help-recruit-profession = swap a recruiting card for a face-up profession in another display (not an action)
princes-help-later = keep a recruiting card just bought for later
princes-help-work-profession-bonus-b-prestige-n = Phase B: complete a work; return 200 of the payout per prestige point
princes-help-build-building-at-square-rot-90-180-270 = Phase B: build (700, 300 with a builder, 0 with three); square = top-left of the piece
princes-help-draw-profession = Phase B: pay 300, look at the top 5 professions, keep 1
princes-help-draw-bonus = Phase B: pay 300, look at the top 5 bonus cards, keep 1
princes-help-freedom-opinion-religion-travel = Phase B: pay 300 and introduce a freedom
princes-help-done = Phase B: end your turn
princes-help-sell-n = whenever you are awaited: move back n on the prestige track for 100 florins each
