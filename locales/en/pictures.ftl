# The board pictures' texts (render/src/*.rs). Names, numbers and the pieces' codes
# (tile letters, B1, Gy3: what players type) are arguments or literal parts; every word
# drawn is here. Keys: picture-<game>-…; shared ones picture-….

## Shared (render/src/style.rs, every game).
# A seat without a name (never in a real game).
picture-seat = Seat { $number }
# A panel or row with nothing in it.
picture-empty = empty

## Palazzo (render/src/palazzo.rs): the board.
# The small word under a tile's floor number, and the material written on it.
picture-palazzo-tile-floor = floor
picture-palazzo-tile-brick = brick
picture-palazzo-tile-sandstone = sand
picture-palazzo-tile-marble = marble
# A tile with two of the same floor is marked b.
picture-palazzo-tile-twin = { $material } b
picture-palazzo-over = Game over: the fifth rider was drawn.
# The status line under the title: $prompt is one of picture-palazzo-prompt-….
picture-palazzo-status = { $active }'s turn · waiting for { $waiting }: { $prompt }.
picture-palazzo-prompt-turn = choose: money, draw or reconstruct
picture-palazzo-prompt-pick = pick revealed money
picture-palazzo-prompt-buy = buy from the supply (price { $price } each) or auction
picture-palazzo-prompt-auction = raise or pass
picture-palazzo-prompt-lot = take one tile of the lot: build or discard it
picture-palazzo-prompt-build = build or discard the tiles won/bought
picture-palazzo-prompt-over = game over
# $stacks: "I: 12  II: 14  III: 15"; the riders are drawn as discs after it.
picture-palazzo-stacks = Stacks  { $stacks }   ·   Riders
picture-palazzo-money = Money: draw pile { $pile } · discards { $discards } · tiles out of the game { $boxed }
picture-palazzo-quarry = Quarry { $number }
picture-palazzo-master-builder = ★ master builder
picture-palazzo-supply = Supply · price { $price } per tile
picture-palazzo-legend-brick = b brick
picture-palazzo-legend-sandstone = s sandstone
picture-palazzo-legend-marble = m marble
picture-palazzo-legend-window = window · number = floor
# A player's panel heading, and their hand's size beside it.
picture-palazzo-seat = { $name } · { $score } pts
picture-palazzo-cards = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
picture-palazzo-no-palazzo = no palazzo yet
picture-palazzo-revealed = Revealed money (pick)
picture-palazzo-auction = Auction of quarry { $quarry } · high bid { $high } by { $leader }
picture-palazzo-no-bid = no bid yet
picture-palazzo-builds = { $name } builds
picture-palazzo-lot = Lot handed out (one tile each)

## Palazzo (render/src/palazzo.rs): a player's hand.
picture-palazzo-hand-title = Palazzo · { $name }'s hand
picture-palazzo-hand-status = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } · best single bid { $best }
picture-palazzo-hand-status-reach = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } · best single bid { $best } · in this auction your bid can reach { $reach }
picture-palazzo-hand-empty = Your hand is empty.
# One row per currency: $currency is one of the four below.
picture-palazzo-hand-row = { $currency } · { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } · { $sum }
picture-palazzo-red = Red
picture-palazzo-green = Green
picture-palazzo-blue = Blue
picture-palazzo-certificates = Certificates

## Shared by the private pictures.
picture-only-you = Only you see this.

## The Estates (render/src/estates.rs): the board.
picture-estates-title = { -estates }
picture-estates-title-round = { -estates } · round { $round } of { $rounds }
# A row's heading ($row: one of the three words below; its first letter is capitalized).
picture-estates-row = { $row } row · needs { $count ->
        [one] { $count } lot
       *[other] { $count } lots
    }
picture-estates-row-top = top
picture-estates-row-middle = middle
picture-estates-row-bottom = bottom
picture-estates-row-complete = complete
picture-estates-mayor-doubles = MAYOR ×2
picture-estates-white-lot = { $lot } w
# The piece up for auction ($cube: its code, e.g. B3).
picture-estates-cube = cube { $cube }
picture-estates-roof = roof { $value }
picture-estates-permit = permit { $value }
# A permit on the board: its value and its effect on the row (+2, -1).
picture-estates-permit-code = P{ $value } { $effect }
picture-estates-the-mayor = the mayor
picture-estates-the-cancel-cube = the cancel cube
# The status line under the title.
picture-estates-choosing = { $auctioneer } is the auctioneer: choose a piece to auction.
picture-estates-auction = { $auctioneer } auctions { $item }.
picture-estates-auction-answer = { $auctioneer } auctions { $item }. { $bidder } to bid or pass.
picture-estates-deciding = { $bidder } bid ${ $amount }M for { $item }. { $auctioneer } decides: sell or keep.
picture-estates-placing = { $owner } must place { $item }.
picture-estates-over = The game is over.
# Where a permit, the mayor or the cancel cube is.
picture-estates-available = available
picture-estates-in-row = in { $row } row
picture-estates-gone = gone
picture-estates-up-for-auction = Up for auction
picture-estates-bid = { $name } ${ $amount }M
picture-estates-pass = { $name } pass
picture-estates-no-bids = no bids yet
picture-estates-offer = Offer rows (only the end cubes can be chosen)
picture-estates-roofs-left = Roofs in the bag: { $count }
picture-estates-permits = Permits: { $permits }
picture-estates-mayor-cancel = Mayor: { $mayor } · Cancel cube: { $cancel }
picture-estates-pieces = Pieces
picture-estates-shares = Shares (certificates)
picture-estates-blue = blue
picture-estates-red = red
picture-estates-yellow = yellow
picture-estates-green = green
picture-estates-purple = purple
picture-estates-grey = grey
picture-estates-score-now = Score now (cash boxes secret)
picture-estates-round-wins = Round wins: { $wins }
picture-estates-legend = Cubes: B blue · R red · Y yellow · G green · P purple · Gy grey · lot 1 faces Main Street · 7 w: a white lot

## The Estates (render/src/estates.rs): a player's money.
picture-estates-money-title = { -estates } · { $name }'s money
picture-estates-cash = Cash on hand
picture-estates-cash-note = spend it in auctions
picture-estates-cash-box = Cash box
picture-estates-cash-box-note = 1 point per $1M at the end; never spendable
# `stash` is the move players type: keep it.
picture-estates-may-stash = You may `stash` $1M into your cash box before choosing a piece.

## Villa Paletti (render/src/villa.rs). Column names (blue-thick) and codes (B1, RT) are
## what players type: they stay.
picture-villa-title = { -villa } · turn { $turn }
# Colour words: the columns' colours and the floors' (floor 1 blue … 5 red).
picture-villa-blue = blue
picture-villa-red = red
picture-villa-yellow = yellow
picture-villa-green = green
picture-villa-orange = orange
picture-villa-base = base
# The status line under the title (the text board's waiting line).
picture-villa-over = The game is over.
picture-villa-setup-columns = { $name } stands a column on the base plate.
picture-villa-setup-floor = { $name } places the blue floor (where its origin goes).
picture-villa-turn-two = { $name }'s turn: play a colour, or propose a floor.
picture-villa-turn-three = { $name }'s turn: pull a neutral (green) column first, or propose a floor.
picture-villa-turn = { $name }'s turn: pull a column, or propose a floor.
picture-villa-plays-colour = { $name } plays { $colour }: pull one of its columns.
picture-villa-own = { $name } now moves one of their own columns.
picture-villa-pick-objector = { $name } must pull one of { $proposer }'s columns.
picture-villa-pick-neutral = { $name } must pull a neutral column.
picture-villa-feel = { $name } holds { $column } half-pulled — it feels: { $feel }. Place it, or abort the pull.
picture-villa-objections = { $proposer } proposed the { $floor } floor; { $next } may object or allow.
picture-villa-challenges = { $name } aborted a neutral pull; { $next } may challenge or allow.
picture-villa-removal = { $proposer } removes one of { $objector }'s columns.
picture-villa-place-floor = { $name } places the { $floor } floor (where its origin goes).
# What a half-pulled column feels like, from best to worst.
picture-villa-feel-solid = rock solid
picture-villa-feel-wobble = a slight wobble
picture-villa-feel-creaks = it creaks
picture-villa-feel-sways = it sways dangerously
# Who plays a colour nobody owns.
picture-villa-neutral = neutral
picture-villa-seal = Seal: { $seal } · points on the top level: { $scores }
picture-villa-seal-before = { $holder } (before: { $previous })
picture-villa-seal-none = not taken yet
picture-villa-hand-feels = The hand feels: { $feel }
picture-villa-side-view = Side view from the front (cm, true positions)
picture-villa-base-plate = base plate
picture-villa-floor = { $floor } floor
picture-villa-top-view-base = Top view: the base plate
picture-villa-top-view = Top view: the { $floor } floor (top level)
picture-villa-gone = Out of the game: { $columns }
picture-villa-legend = Codes: colour B/R/Y/G + T thick, M medium, 1–3 thin · hatched = frozen · ringed = in hand

## The Princes of Florence (render/src/princes.rs): the board. Building letters (U, L…)
## are codes and stay.
picture-princes-title = { -princes } · round { $round }/{ $rounds }
# The palace's cell in a principality.
picture-princes-palazzo = Palazzo
# Auction items as sentences name them, and as the item boxes label them.
picture-princes-forest = forest
picture-princes-lake = lake
picture-princes-park = park
picture-princes-jester = jester
picture-princes-builder = builder
picture-princes-prestige-card = prestige card
picture-princes-recruiting-card = recruiting card
picture-princes-stack-forest = Forest
picture-princes-stack-lake = Lake
picture-princes-stack-park = Park
picture-princes-stack-jester = Jester
picture-princes-stack-builder = Builder
picture-princes-stack-prestige = Prestige
picture-princes-stack-recruiting = Recruit
picture-princes-opinion = Opinion
picture-princes-religion = Religion
picture-princes-travel = Travel
# The status line under the title.
picture-princes-setup = Setup: everyone keeps 3 of 4 professions (secretly).
picture-princes-auction = Auctions: { $item } up, high bid { $high } by { $leader }.
picture-princes-auction-answer = Auctions: { $item } up, high bid { $high } by { $leader }. { $bidder } to bid or pass.
picture-princes-auction-next = Auctions: { $opener } opens next.
picture-princes-actions-turn = Actions: { $name }'s turn ({ $used }/2 actions used).
picture-princes-actions = Actions.
picture-princes-over = The game is over.
# $pending is the engine's sentence for a choice someone must make.
picture-princes-waiting = { $status } { $pending }
picture-princes-min-work = Minimum work { $work } · start player { $start }
picture-princes-items-now = Auction items this round
picture-princes-items-next = Auction items (next round)
picture-princes-none-left = none left
picture-princes-left = { $count } left
picture-princes-prestige-track = Prestige track
picture-princes-supplies = Buildings left: { $buildings } · freedoms left: Opinion { $opinion } · Religion { $religion } · Travel { $travel } · decks: professions { $professions }, bonus { $bonus }, prestige { $prestige }
# $buildings: "U University · L Laboratory · …".
picture-princes-legend = { $buildings } · tree forest · waves lake · flower park
picture-princes-principality = { $name } · { $prestige } prestige
picture-princes-people = Jesters { $jesters } · builders { $builders } · works { $works }
picture-princes-cards = Cards { $cards } · bonus { $bonus } · prestige { $prestige }
picture-princes-no-landscapes = No landscapes
picture-princes-shown = Shown: { $cards }
# A recruiting card shown in a principality.
picture-princes-recruiting = recruiting
picture-princes-building-university = University
picture-princes-building-laboratory = Laboratory
picture-princes-building-workshop = Workshop
picture-princes-building-library = Library
picture-princes-building-opera = Opera
picture-princes-building-studio = Studio
picture-princes-building-hospital = Hospital
picture-princes-building-theatre = Theatre
picture-princes-building-tower = Tower
picture-princes-building-chapel = Chapel
picture-princes-profession-mathematician = Mathematician
picture-princes-profession-theologian = Theologian
picture-princes-profession-philosopher = Philosopher
picture-princes-profession-botanist = Botanist
picture-princes-profession-alchemist = Alchemist
picture-princes-profession-physicist = Physicist
picture-princes-profession-clockmaker = Clockmaker
picture-princes-profession-goldsmith = Goldsmith
picture-princes-profession-bellfounder = Bell founder
picture-princes-profession-cartographer = Cartographer
picture-princes-profession-jurist = Jurist
picture-princes-profession-choreographer = Choreographer
picture-princes-profession-composer = Composer
picture-princes-profession-sculptor = Sculptor
picture-princes-profession-painter = Painter
picture-princes-profession-pharmacist = Pharmacist
picture-princes-profession-physician = Physician
picture-princes-profession-playwright = Playwright
picture-princes-profession-poet = Poet
picture-princes-profession-astronomer = Astronomer
picture-princes-profession-organist = Organist

## The Princes of Florence (render/src/princes.rs): a player's cards. Bonus and prestige
## cards' own texts ($text) come from the engine.
picture-princes-hand-title = Princes · { $name }'s cards
picture-princes-hand-status = { $florins } florins · prestige { $prestige } · round { $round } · minimum work { $work }
picture-princes-dealt = Dealt (keep 3)
picture-princes-in-hand = Professions in hand ({ $count }) · recruiting cards { $recruiting }
picture-princes-work-now = #{ $number } · work now { $work }
picture-princes-none = none
picture-princes-bonus-cards = Bonus cards ({ $count })
picture-princes-bonus-card = #{ $id }: { $text } (adds { $now } now)
picture-princes-prestige-cards = Prestige cards ({ $count })
picture-princes-choose = Choose 1 of these { $deck } cards

## Alt texts and the text board (for screen readers)
picture-alt-public = Picture of the board: { $title }. { $status } { $text }
picture-alt-private = Private picture for { $name }. { $text }
picture-text-drawing = A drawing in characters is left out here; the picture shows it.
picture-princes-text-palazzo = { $name }'s palazzo: { $buildings }; { $landscapes }

## A tournament's standings (render/src/standings.rs): the picture, its alt text and its
## plain text. $points and $opponents arrive formatted.
standings-title = Standings — { $event }
standings-round = { $title } · after round { $round } of { $rounds }.
standings-final = { $title } · final standings after { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }.
standings-shown = The first { $shown } of { $players } players.
standings-legend = Opponents: the average points of the people each player sat with, the first tie-break.
standings-number = { $n }
standings-rank = Rank
standings-player = Player
standings-points = Points
standings-played = Played
standings-wins = Won
standings-opponents = Opponents
standings-dropped = (dropped)
standings-alt-head = { $title }. { $status }
standings-alt-row = { $rank }. { $name }: points { $points }, played { $played }, won { $wins }, opponents { $opponents }
