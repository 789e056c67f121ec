# villa: the engine's own texts (rules/src/villa/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `villa-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

villa-help-pull-column = start pulling a column (you then feel the villa)
villa-help-place-point = put the pulled column on the top floor at a grid point
villa-help-abort = put the pulled column back; it freezes for the game; your turn ends
villa-help-propose = propose the next floor (start of your turn)
villa-help-object-allow = object to a proposed floor, or let it be built
villa-help-floor-point = place the new floor with its origin at a grid point
villa-help-remove-column = after a failed objection: remove one of the objector's columns
villa-help-play-colour = 2 players: choose the colour you play this turn
villa-help-challenge-allow = 3 players: claim an aborted neutral pull was possible
villa-help-set-column-point = custom setup: stand a column on the base plate

## Game words (terms): the floors and the colours are `villa-colour-…` in errors.ftl.

villa-feel-solid = rock solid
villa-feel-wobble = a slight wobble
villa-feel-creaks = it creaks
villa-feel-sways = it sways dangerously

## Events (VillaEvent): English word for word as `narrate` writes it. Column names
## (`blue-thin-1`) and grid points (`d4`) are what players type: passed through.

villa-event-set-column = { $name } stands { $column } at { $at }.
villa-event-floor-placed = { $name } places the { $floor } floor at { $at }. It holds.
villa-event-plays-colour = { $name } plays { $colour } this turn.
villa-event-pulled = { $name } starts to pull { $column }… the hand feels: **{ $feel }**. Place it, or abort the pull?
villa-event-aborted = { $name } puts { $column } back; it is frozen for the rest of the game.
villa-event-placed = { $name } places { $column } at { $at }. The villa stands.
villa-event-placed-on = { $name } places { $column } at { $at } on top of { $on }. The villa stands.
villa-event-placed-lands = { $name } places { $column } at { $at } (it lands nearer { $landed }). The villa stands.
villa-event-placed-on-lands = { $name } places { $column } at { $at } on top of { $on } (it lands nearer { $landed }). The villa stands.
villa-event-collapse-pulling = 💥 The villa collapses as { $name } is pulling { $column }!
villa-event-collapse-placing = 💥 The villa collapses as { $name } is placing { $column }!
villa-event-collapse-removing = 💥 The villa collapses as { $name } is removing { $column }!
villa-event-collapse-floor = 💥 The villa collapses as { $name } is placing the { $floor } floor!
villa-event-proposed = { $name } proposes the { $floor } floor. Each other player in turn may object or allow.
villa-event-objected = { $name } objects and must pull one of { $proposer }'s columns and place it on top.
villa-event-allowed = { $name } allows it.
villa-event-objection-succeeded = { $name }'s objection succeeds: { $column } leaves the game and { $proposer }'s turn ends without a floor.
villa-event-removed = { $name } removes { $column } from the villa and from the game.
villa-event-no-floor-position = No position works for the { $floor } floor any more; { $name }'s turn ends.
villa-event-challenged = { $name } challenges: they will show that a neutral column could be moved. { $original } waits.
villa-event-challenge-succeeded = { $name } proved it: { $original } loses the turn.
villa-event-seal-taken = 🏅 { $name } takes the Master Builder seal ({ $score ->
    [one] { $score } point
   *[other] { $score } points
    }).
villa-event-seal-taken-from = 🏅 { $name } takes the Master Builder seal from { $from } ({ $score ->
    [one] { $score } point
   *[other] { $score } points
    }).
villa-event-skipped = { $name } cannot build and passes.
villa-event-over-collapse-wins = The game ends: { $by } brought the villa down. { $winner } wins with the seal.
villa-event-over-collapse-nobody = The game ends: { $by } brought the villa down. Nobody wins.
villa-event-over-stalled-wins = The game ends: nobody can move a column or place a floor. { $winner } wins with the seal.
villa-event-over-stalled-nobody = The game ends: nobody can move a column or place a floor. Nobody wins.
villa-event-over-no-foundation-wins = The game ends: the blue floor cannot stand anywhere over 3 columns. { $winner } wins with the seal.
villa-event-over-no-foundation-nobody = The game ends: the blue floor cannot stand anywhere over 3 columns. Nobody wins.

## The board as text (render_public, render_headline). Column names, column codes
## (`YT`, `b1`), grid points and the drawings' marks (`^`, `*`, `::`, `+`) stay as they are.

villa-board-headline = **Villa Paletti** · turn { $turn } · { $colours }
villa-board-owner = { $colour } { $name }
villa-board-owner-neutral = { $colour } neutral
villa-board-seal = Seal: { $seal } · Points on top: { $scores }
villa-board-seal-holder = { $holder }
villa-board-seal-before = { $holder } (before: { $previous })
villa-board-seal-none = not taken yet
villa-board-score = { $name } { $points }
villa-board-side-view = Side view (1 char = 1 cm; lower-case = frozen)
villa-board-base = base
villa-board-base-plate = base plate
villa-board-floor = { $colour } floor
villa-board-level-top = { $level } (top)
villa-board-on-level = **On the { $level }**: { $columns }
villa-board-in-hand = (in hand)
villa-board-frozen = frozen
villa-board-on = on
villa-board-gone = Out of the game: { $columns }
villa-board-marks = (^ holds up the floor above · *{ $frozen } = may not move again)
villa-board-top-view = Top view: { $level } — grid points { $range }
villa-board-below-it = Below it: { $level } (+ = under the { $floor } floor)
villa-board-further-down = Further down: { $level } (+ = under the { $floor } floor)
villa-board-codes = Codes: colour B/R/Y/G + T thick, M medium, 1-3 thin (lower-case = frozen); :: footprint

## Who must do what now (waiting_line: the board's third line).

villa-board-wait-over = The game is over.
villa-board-wait-setup-columns = { $name } stands a column on the base plate.
villa-board-wait-setup-floor = { $name } places the blue floor (where its origin goes).
villa-board-wait-turn-two = { $name }'s turn: play a colour, or propose a floor.
villa-board-wait-turn-three = { $name }'s turn: pull a neutral (green) column first, or propose a floor.
villa-board-wait-turn = { $name }'s turn: pull a column, or propose a floor.
villa-board-wait-plays-colour = { $name } plays { $colour }: pull one of its columns.
villa-board-wait-own = { $name } now moves one of their own columns.
villa-board-wait-pick-objector = { $name } must pull one of { $proposer }'s columns.
villa-board-wait-pick-neutral = { $name } must pull a neutral column.
villa-board-wait-feel = { $name } holds { $column } half-pulled — it feels: **{ $feel }**. Place it, or abort the pull.
villa-board-wait-objections = { $proposer } proposed the { $floor } floor; { $next } may object or allow.
villa-board-wait-challenges = { $name } aborted a neutral pull; { $next } may challenge or allow.
villa-board-wait-removal = { $proposer } removes one of { $objector }'s columns.
villa-board-wait-place-floor = { $name } places the { $floor } floor (where its origin goes).

## A player's hand (render_private).

villa-hand-you-play = You play { $colour }. Villa Paletti has no secrets: everything, including every feel, is said in the channel.
villa-hand-you-play-two = You play { $first } and { $second }. Villa Paletti has no secrets: everything, including every feel, is said in the channel.
villa-hand-no-secrets = Villa Paletti has no secrets: everything, including every feel, is said in the channel.
villa-hand-green-neutral = Green is neutral.

## Final scores (ScoreLine labels) and the outcome's note.

villa-score-top-level = points on the top level
villa-score-seal = holds the Master Builder seal
villa-note-collapse = The villa collapsed.
villa-note-stalled = Nobody could move a column or place a floor.
villa-note-no-foundation = The blue floor could not stand anywhere over 3 columns.
villa-note-never-taken = { $cause } The seal was never taken: nobody wins.
villa-note-previous-wins = { $cause } The seal holder caused the collapse: the previous holder wins.
villa-note-first-holder-collapsed = { $cause } The seal's first holder caused the collapse and there was no previous holder: nobody wins.
villa-note-holder-wins = { $cause } The seal holder wins.

## Typed moves that do not read (ParseError): English word for word as the parser's.

villa-parse-empty = Type a command, e.g. `pull blue-thin-1`, `place d4`, `abort` or `propose`.
villa-parse-unknown = Unknown command. Try `pull blue-thin-1`, `place d4`, `abort`, `propose`, `object`, `allow`, `floor k7`, `play red`, `challenge`, `remove red-thin-2`.
villa-parse-not-a-column = `{ $typed }` is not a column. Columns are named colour-type: blue-thick, red-medium, green-thin-2.
villa-parse-not-a-column-thin = `{ $typed }` is not a column. Columns are named colour-type: blue-thick, red-medium, green-thin-2. Name a thin column with its number: blue-thin-1, blue-thin-2 or blue-thin-3.
villa-parse-not-a-point = `{ $typed }` is not a grid point; write a letter and a number, like d4.
villa-parse-one-point = Name one grid point, like d4.
villa-parse-place-not-a-point = `{ $typed }` is not a grid point; write a letter and a number, like d4. Example: `place d4`.
villa-parse-place-one-point = Name one grid point, like d4. Example: `place d4`.
villa-parse-floor-not-a-point = `{ $typed }` is not a grid point; write a letter and a number, like d4. Example: `floor k7`.
villa-parse-floor-one-point = Name one grid point, like d4. Example: `floor k7`.
villa-parse-pull-which = Which column? e.g. `pull blue-thin-1`.
villa-parse-remove-which = Which column? e.g. `remove red-thin-2`.
villa-parse-set-how = Write `set <column> <point>`, e.g. `set blue-thin-1 d4`.
villa-parse-play-which = Play which colour? e.g. `play blue` (blue, red, yellow, green).
villa-parse-play-one = Play which colour? e.g. `play blue`.

## Bots' rules of thumb: the "why" of a /game hint (after "Why: ").

villa-thumb-hold = you hold the Master Builder seal, and putting a pulled column back is the one move without risk (a new floor would put the seal up for grabs): you win if someone else brings the villa down or nobody can move.
villa-thumb-propose = nobody holds the seal yet, and the next floor has a steady spot where no column the others could pull next would bring the villa down; whoever first builds on a new floor takes the seal.
villa-thumb-floor = this spot is the likeliest to hold the floor and then to bear any pull of the others' columns.
villa-thumb-object = nobody holds the seal yet: if their floor fell, nobody would win, and your pull of one of their columns is the surer step.
villa-thumb-surest = this is the surest column, and the surest point to set it down.
villa-thumb-retake = this takes the Master Builder seal back, at the surest point.
villa-thumb-wait = you held the seal before the holder, so you win if they bring the villa down; wait, and take it back only with a sure move.
villa-thumb-allow = their floor, even at a spot picked at random, is likelier to stand than your pull of one of their columns; once it stands, your first column on it takes the seal.
villa-thumb-unsure = this column cannot be set down surely enough, and a fall now would leave nobody a winner or hand the win to the other player: put it back, the one move without risk.
villa-thumb-build = the other player took the seal first, and this column does not take it back yet: set it down at its surest point to build towards beating them.
villa-thumb-raise = you hold the seal, and this column can be set down surely: it raises your points on the top floor, so the others need more to take the seal from you.
villa-thumb-steady = nobody holds the seal yet, so a fall would leave nobody a winner: moving this column keeps the villa steadiest against any column the other player could pull next.
villa-thumb-heavy = of the other player's columns, this one is as sure as any to pull and set down, and worth the most points: it leaves the game, so they keep less to take the seal with.
villa-thumb-lift-heavy = nobody holds the seal yet, so a fall would leave nobody a winner: moving this column keeps the villa about as steady as the steadiest move against any column the other player could pull next, and it is worth more points: on the top floor an objection cannot take it, and once the next floor is on, you can move it up to take the seal.
villa-thumb-anchor = nobody holds the seal yet, so a fall would leave nobody a winner: this column is one of three of yours on the base plate that, put back and frozen where they stand, hold the blue floor up by themselves, whatever else is pulled, and an objection cannot take a frozen column.
villa-thumb-let = you hold the Master Builder seal, or held it before the other player: if their floor falls, you win, and objecting would put your own hand on the villa.
villa-thumb-holder-floor = you hold the Master Builder seal, or held it before the other player, so their fall is your win: the next floor has a spot where it stands surely. Laying it costs you no column (a column put back is frozen for good), and under a taller villa their pulls are riskier.
villa-thumb-surest-floor = you win if the other player brings the villa down: this spot is the surest to hold your floor.
