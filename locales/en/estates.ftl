# estates: the engine's own texts (rules/src/estates/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `estates-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

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

## Pieces, rows and colours, shared by the messages below. `estates-item`,
## `estates-reason`, `estates-scores` and `estates-best` are referenced from other
## messages and read their caller's arguments (`$item`, `$code`, `$reason`, `$players`,
## `$p1`…, `$s1`…, `$best`, `$w1`…).

estates-item = { $item ->
    [cube] cube { $code }
    [roof] roof { $code }
    [permit] permit { $code }
    [mayor] the mayor
   *[cancel] the cancel cube
}
estates-reason = { $reason ->
    [two-rows] two rows are complete
    [roofs-gone] the roofs are all used, so no building can be completed
   *[no-piece] no piece is left that can be auctioned
}
estates-scores = { $players ->
    [1] { $p1 } { $s1 }
    [2] { $p1 } { $s1 }, { $p2 } { $s2 }
    [3] { $p1 } { $s1 }, { $p2 } { $s2 }, { $p3 } { $s3 }
    [4] { $p1 } { $s1 }, { $p2 } { $s2 }, { $p3 } { $s3 }, { $p4 } { $s4 }
   *[other] { $p1 } { $s1 }, { $p2 } { $s2 }, { $p3 } { $s3 }, { $p4 } { $s4 }, { $p5 } { $s5 }
}
estates-best = { $best ->
    [1] { $w1 }
    [2] { $w1 }, { $w2 }
    [3] { $w1 }, { $w2 }, { $w3 }
    [4] { $w1 }, { $w2 }, { $w3 }, { $w4 }
   *[other] { $w1 }, { $w2 }, { $w3 }, { $w4 }, { $w5 }
}
estates-colour-blue = blue
estates-colour-red = red
estates-colour-yellow = yellow
estates-colour-green = green
estates-colour-purple = purple
estates-colour-grey = grey

## Events (EstatesEvent): word for word what `narrate` writes. Cubes (`red-5`) and lots
## (`top-3`) are the codes players type. Only `stashed` is private.

estates-event-stashed = You put $1M of illegal earnings in your cash box (now ${ $cash_box }M, 1 point per check at the end).
estates-event-chose-roof = { $name } draws a roof from the bag: it is a { $roof }. Up for auction.
estates-event-chose = { $name } puts { estates-item } up for auction.
estates-event-bid = { $name } bids ${ $amount }M.
estates-event-passed = { $name } passes.
estates-event-all-passed = Everyone passed: { $name } takes { estates-item } for free.
estates-event-sold = { $name } sells { estates-item } to { $buyer }, who pays ${ $amount }M to { $name }.
estates-event-kept = { $name } keeps { estates-item } and pays ${ $amount }M to { $bidder }.
estates-event-cube-placed = { $name } places { $cube } on { $lot }.
estates-event-certificate = { $name } takes the { $colour } certificate ({ $company }).
estates-event-roof-placed = { $name } puts roof { $roof } on { $lot }: that building is finished.
estates-event-permit-placed = { $name } places permit { $permit } on { $lot }: the { $row } row now needs { $needs } lots.
estates-event-mayor-placed = { $name } puts the mayor in front of the { $row } row: its buildings score double.
estates-event-permit-removed = { $name } uses the cancel cube on permit { $permit }: the { $row } row needs { $needs } lots again. Both leave the game.
estates-event-discarded = { $name } removes { estates-item } from the game.
estates-event-game-over = The game ends: { estates-reason }. Scores (with cash boxes): { estates-scores }. Best: { estates-best }.
estates-event-last-round-over = Round { $round } of { $rounds } ends: { estates-reason }. Scores (with cash boxes): { estates-scores }. Best: { estates-best }.
estates-event-round-over = Round { $round } of { $rounds } ends: { estates-reason }. Scores (with cash boxes): { estates-scores }. Best: { estates-best }. The next round starts; cash boxes rejoin cash.
estates-event-new-round = Round { $round } is set up afresh. { $name } starts.

## The board as text (render_public, headline). Layout, cube and lot codes, signed
## points and player names in lists are the code's.

estates-board-title = **The Estates**
estates-board-title-round = **The Estates** — round { $round } of { $rounds }
estates-board-row = { $row ->
    [top] TOP
    [middle] MIDDLE
   *[bottom] BOTTOM
} row · needs { $needs }
estates-board-permit = permit { $permits } @lot { $lot }
estates-board-mayor = MAYOR x2
estates-board-complete = COMPLETE
estates-board-roof = roof
estates-board-nobody = nobody
estates-board-river = ~~ river ~~
estates-board-empty-lot = lot { $lot } empty
estates-board-empty-lots = lots { $from }-{ $to } empty
estates-board-white = (white: { $lots })
estates-board-offer = **Offer rows** (only the end cubes can be chosen)
estates-board-offer-empty = (empty)
estates-board-available = available
estates-board-gone = gone
estates-board-in-row = in { $row } row
estates-board-pieces = Roofs in the bag: { $roofs } · Permits: { $permits } · Mayor: { $mayor } · Cancel cube: { $cancel }
estates-board-certificates = Certificates: { $list }
estates-board-live = Score if it ended now (cash boxes not shown): { $list }
estates-board-round-totals = Round { $round }: { $list }
estates-board-round-wins = Round wins: { $list }
estates-board-choosing = { $name } is the auctioneer: choose a piece to auction.
estates-board-auction = Auction by { $name } of { estates-item }. Bids: { $bids }.
estates-board-to-answer = { $name } to bid or pass.
estates-board-no-bids = none yet
estates-board-bid = { $name } ${ $amount }M
estates-board-bid-pass = { $name } pass
estates-board-deciding = { $bidder } bid ${ $amount }M for { estates-item }. { $name } decides: sell or keep.
estates-board-placing = { $name } must place { estates-item }.
estates-board-over = The game is over.

## A seat's hand (render_private).

estates-hand-cash = Cash on hand: ${ $cash }M · cash box: ${ $cash_box }M (1 point per check at the end; never spendable).
estates-hand-may-stash = You may stash $1M in your cash box before choosing a piece.

## Final scores (ScoreLine phrases, the outcome's note): the same as their English labels.

estates-score-building = { $lot } ({ $cubes } + { $roof ->
        [0] no roof
       *[other] roof { $roof }
    }, { $complete ->
        [yes] complete
       *[no] incomplete
    }{ $mayor ->
        [yes] , mayor ×2
       *[no] {""}
    })
estates-score-cash-box = cash box
estates-score-round = round { $round }{ $won ->
        [yes] {" "}(won)
       *[no] {""}
    }
estates-score-checks = checks held (cash + cash box)
estates-score-note-two-wins = Round { $round } ended: { estates-reason }. Two round wins end the match.
estates-score-note-game = The game ended because { estates-reason }.
estates-score-note-all-rounds = All { $rounds } rounds played; the last ended because { estates-reason }.

## Typed commands that do not read as a move (EstatesParseError): the same as its
## `Display`. Commands stay in the players' typed syntax.

estates-parse-hint = { $phase ->
    [turn] Now: `stash` (optional), then choose a piece: `cube red-5`, `roof`, `permit 2`, `mayor` or `cancel`.
    [auction] Now: `bid 3` (or just `3`) or `pass`.
    [decide] Now: `sell` or `keep`.
    [place] Now: `place top-3` (cube, roof, permit), `place middle` (mayor), `remove permit 2` (cancel cube) or `discard`.
   *[over] The game is over.
}
estates-parse-all = Commands: `stash`, `cube red-5`, `roof`, `permit 2`, `mayor`, `cancel`, `bid 3`, `pass`, `sell`, `keep`, `place top-3`, `place middle`, `remove permit 2`, `discard`.
estates-parse-empty = Type a command. { estates-parse-hint }
estates-parse-unknown = Unknown command `{ $text }`. { estates-parse-hint } { estates-parse-all }
estates-parse-takes-nothing = `{ $word }` takes nothing after it.
estates-parse-not-an-amount = `{ $word }` is not a whole number of $M; bid like `bid 3`.
estates-parse-not-a-permit = `{ $word }` is not a permit: the permits are 1, 2 and 3, e.g. `permit 2`.
estates-parse-cube-usage = Name a cube like `cube red-5`, or an offer row end like `cube 2 left`.
estates-parse-not-a-cube = `{ $word }` is not a cube. { estates-parse-cube-usage }
estates-parse-no-such-offer-row = There are offer rows 1, 2 and 3, not { $row }. { estates-parse-cube-usage }
estates-parse-cube-elsewhere = { $cube } lies at { $side ->
    [left] the left end
    [right] the right end
   *[middle] the middle
} of offer row { $row }; `cube { $cube }` is enough.
estates-parse-offer-row-empty = Offer row { $row } is empty.
estates-parse-lot-usage = Name a lot like `place top-3` (rows top, middle, bottom; lots 1-10), or a row for the mayor: `place middle`.
estates-parse-not-a-lot = `{ $word }` is not a lot. { estates-parse-lot-usage }
estates-parse-mayor-needs-row = Put the mayor in front of a row: `place middle`.
estates-parse-remove-which = Name the permit the cancel cube removes: `remove permit 2`.
estates-parse-permit-which = Choose a permit by its value: `permit 2`.
estates-parse-bid-which = Bid a whole number of $M: `bid 3`.
