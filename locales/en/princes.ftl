# princes: the engine's own texts (rules/src/princes/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `princes-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

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

## Game words (rules/src/princes/terms.rs): one key per piece, card and deck.

princes-unknown = ?
princes-building-university = University
princes-building-laboratory = Laboratory
princes-building-workshop = Workshop
princes-building-library = Library
princes-building-opera = Opera
princes-building-studio = Studio
princes-building-hospital = Hospital
princes-building-theatre = Theatre
princes-building-tower = Tower
princes-building-chapel = Chapel
princes-landscape-forest = forest
princes-landscape-lake = lake
princes-landscape-park = park
princes-freedom-opinion = Opinion
princes-freedom-religion = Religion
princes-freedom-travel = Travel
princes-profession-mathematician = Mathematician
princes-profession-theologian = Theologian
princes-profession-philosopher = Philosopher
princes-profession-botanist = Botanist
princes-profession-alchemist = Alchemist
princes-profession-physicist = Physicist
princes-profession-clockmaker = Clockmaker
princes-profession-goldsmith = Goldsmith
princes-profession-bellfounder = Bell founder
princes-profession-cartographer = Cartographer
princes-profession-jurist = Jurist
princes-profession-choreographer = Choreographer
princes-profession-composer = Composer
princes-profession-sculptor = Sculptor
princes-profession-painter = Painter
princes-profession-pharmacist = Pharmacist
princes-profession-physician = Physician
princes-profession-playwright = Playwright
princes-profession-poet = Poet
princes-profession-astronomer = Astronomer
princes-profession-organist = Organist
# Auction items in sentences ("buys the jester").
princes-item-forest = forest
princes-item-lake = lake
princes-item-park = park
princes-item-jester = jester
princes-item-builder = builder
princes-item-prestige = prestige card
princes-item-recruiting = recruiting card
# Decks in sentences ("draw a bonus card").
princes-deck-profession = profession
princes-deck-bonus = bonus
princes-deck-prestige = prestige
# Profession cards as a look lists them: name (#number: building, landscape, freedom).
princes-card-p01 = { princes-profession-mathematician } (#1: { princes-building-university }, { princes-landscape-lake }, { princes-freedom-religion })
princes-card-p02 = { princes-profession-theologian } (#2: { princes-building-university }, { princes-landscape-park }, { princes-freedom-travel })
princes-card-p03 = { princes-profession-philosopher } (#3: { princes-building-university }, { princes-landscape-forest }, { princes-freedom-opinion })
princes-card-p04 = { princes-profession-botanist } (#4: { princes-building-laboratory }, { princes-landscape-park }, { princes-freedom-religion })
princes-card-p05 = { princes-profession-alchemist } (#5: { princes-building-laboratory }, { princes-landscape-lake }, { princes-freedom-opinion })
princes-card-p06 = { princes-profession-physicist } (#6: { princes-building-laboratory }, { princes-landscape-forest }, { princes-freedom-travel })
princes-card-p07 = { princes-profession-clockmaker } (#7: { princes-building-workshop }, { princes-landscape-lake }, { princes-freedom-travel })
princes-card-p08 = { princes-profession-goldsmith } (#8: { princes-building-workshop }, { princes-landscape-park }, { princes-freedom-opinion })
princes-card-p09 = { princes-profession-bellfounder } (#9: { princes-building-workshop }, { princes-landscape-forest }, { princes-freedom-religion })
princes-card-p10 = { princes-profession-cartographer } (#10: { princes-building-library }, { princes-landscape-lake }, { princes-freedom-religion })
princes-card-p11 = { princes-profession-jurist } (#11: { princes-building-library }, { princes-landscape-forest }, { princes-freedom-opinion })
princes-card-p12 = { princes-profession-choreographer } (#12: { princes-building-opera }, { princes-landscape-forest }, { princes-freedom-travel })
princes-card-p13 = { princes-profession-composer } (#13: { princes-building-opera }, { princes-landscape-lake }, { princes-freedom-opinion })
princes-card-p14 = { princes-profession-sculptor } (#14: { princes-building-studio }, { princes-landscape-forest }, { princes-freedom-religion })
princes-card-p15 = { princes-profession-painter } (#15: { princes-building-studio }, { princes-landscape-lake }, { princes-freedom-travel })
princes-card-p16 = { princes-profession-pharmacist } (#16: { princes-building-hospital }, { princes-landscape-park }, { princes-freedom-opinion })
princes-card-p17 = { princes-profession-physician } (#17: { princes-building-hospital }, { princes-landscape-forest }, { princes-freedom-travel })
princes-card-p18 = { princes-profession-playwright } (#18: { princes-building-theatre }, { princes-landscape-park }, { princes-freedom-religion })
princes-card-p19 = { princes-profession-poet } (#19: { princes-building-theatre }, { princes-landscape-lake }, { princes-freedom-travel })
princes-card-p20 = { princes-profession-astronomer } (#20: { princes-building-tower }, { princes-landscape-forest }, { princes-freedom-religion })
princes-card-p21 = { princes-profession-organist } (#21: { princes-building-chapel }, { princes-landscape-forest }, { princes-freedom-opinion })
# Bonus (B) and prestige (P) cards: code and text.
princes-card-b01 = B01 +1 per builder and per lake
princes-card-b02 = B02 +1 per medium building and per forest
princes-card-b03 = B03 +1 per prestige card held and per freedom
princes-card-b04 = B04 +1 per jester and per freedom
princes-card-b05 = B05 +1 per small building and per landscape tile
princes-card-b06 = B06 +1 per landscape tile
princes-card-b07 = B07 +1 per building
princes-card-b08 = B08 +1 per category present (forest, lake, park, jester, builder, prestige card, freedom)
princes-card-b09 = B09 +1 per profession/recruiting card in hand (not the one played)
princes-card-b10 = B10 +2 per builder
princes-card-b11 = B11 +2 per park
princes-card-b12 = B12 +2 per forest
princes-card-b13 = B13 +2 per large building
princes-card-b14 = B14 +2 per jester
princes-card-b15 = B15 +2 per lake
princes-card-b16 = B16 +2 per freedom
princes-card-b17 = B17 +2 per prestige card held
princes-card-b18 = B18 +2 per building size present
princes-card-b19 = B19 +2 per landscape type present
princes-card-b20 = B20 +1 per own face-up profession/recruiting card (incl. the one played)
princes-card-x01 = P01 most buildings: 6 (tied 3)
princes-card-x02 = P02 most lakes: 6 (tied 3)
princes-card-x03 = P03 most jesters: 6 (tied 3)
princes-card-x04 = P04 most builders: 6 (tied 3)
princes-card-x05 = P05 fewest empty squares: 8 (tied 4)
princes-card-x06 = P06 most parks: 5 (tied 3)
princes-card-x07 = P07 most works: 7 (tied 4)
princes-card-x08 = P08 most forests: 7 (tied 4)
princes-card-x09 = P09 most landscape tiles: 7 (tied 4)
princes-card-x10 = P10 ≥1 builder, ≥1 jester and 2 landscape types: 7
princes-card-x11 = P11 ≥4 buildings, 2 freedoms and 4 works: 6
princes-card-x12 = P12 all three freedoms: 8
princes-card-x13 = P13 ≥2 large buildings: 5
princes-card-x14 = P14 all three landscape types: 8

## Events (rules/src/princes/events.rs): English word for word as `narrate`.

princes-event-professions-chosen = { $name } has chosen their professions.
princes-event-you-keep-professions = You keep { $n ->
        [1] { $a }
        [2] { $a }, { $b }
       *[other] { $a }, { $b }, { $c }
    } and return { $returned }.
princes-event-round-begins = Round { $round } of { $rounds } begins; { $start } is the start player. Minimum work value: { $min }. Phase A: auctions.
princes-event-actions-begin = Phase B: actions, starting with { $start }.
princes-event-turn-ends-two-actions = { $name }'s turn ends (two actions taken).
princes-event-ends-turn = { $name } ends their turn.
princes-event-best-work = Best work of round { $round }: { $n ->
        [1] { $a }
        [2] { $a }, { $b }
        [3] { $a }, { $b }, { $c }
        [4] { $a }, { $b }, { $c }, { $d }
       *[other] { $a }, { $b }, { $c }, { $d }, { $e }
    } with { $best } (+3 prestige).
princes-event-no-best-work = No work was completed in round { $round }: no best-work award.
princes-event-reveals = { $name } reveals { $card }: { $points } prestige.
princes-event-game-ends = The seventh round is over: the game ends.
princes-event-opens = { $name } opens the { $item } auction at { $bid }.
princes-event-bids = { $name } bids { $amount } for the { $item }.
princes-event-passes = { $name } passes.
princes-event-declines = { $name } declines and buys nothing this round.
princes-event-buys = { $name } buys the { $item } for { $price }.
princes-event-builder-cost = { $name }'s buildings now cost 300.
princes-event-builder-touching = { $name } may now build buildings touching each other (+3 prestige).
princes-event-builder-free = { $name } now builds for free (+3 prestige).
princes-event-keeps-for-later = { $name } keeps the recruiting card for later.
princes-event-sells = { $name } moves back { $points } on the prestige track for { $florins } florins.
princes-event-draws = { $name } pays { $cost } to draw a { $deck } card.
princes-event-looks-at = { $name } looks at the top { $count } { $deck } cards.
princes-event-you-look-at = You look at: { $n ->
        [1] { $a }
        [2] { $a }; { $b }
        [3] { $a }; { $b }; { $c }
        [4] { $a }; { $b }; { $c }; { $d }
       *[other] { $a }; { $b }; { $c }; { $d }; { $e }
    }. Keep one with `keep …`.
princes-event-keeps-one = { $name } keeps one { $deck } card; { $back } go to the bottom of the deck.
princes-event-you-keep = You keep { $card }.
princes-event-placed = { $name }: { $action }.
princes-event-placed-repeat = { $name }: { $action } (+3 prestige: another of that type).
princes-event-work = { $name } completes a work with the { $profession }: value { $value } → { $payout } florins.
princes-event-work-bonus = { $name } completes a work with the { $profession } (bonus { $bonus }): value { $value } → { $payout } florins.
princes-event-work-prestige = { $name } completes a work with the { $profession }: value { $value } → { $payout } florins; returns { $returned } for { $prestige } prestige.
princes-event-work-bonus-prestige = { $name } completes a work with the { $profession } (bonus { $bonus }): value { $value } → { $payout } florins; returns { $returned } for { $prestige } prestige.
princes-event-built = { $name }: { $action } for { $cost } florins (+3 prestige).
princes-event-freedom = { $name } introduces freedom of { $freedom } for { $cost }.
princes-event-recruits = { $name } recruits the { $profession } from { $from }'s display with a recruiting card.
