# The `capomaestro local` terminal table (src/local.rs): its own lines around what the
# table says. Commands players type (`ana: join`, `wait 2h`, `quit`, `--resume`) stay.

# `--lang` with a language the bot does not speak (always in English).
local-unknown-language = `{ $code }` is not a language I speak: use { $languages }.
# The headings over each message the table sends.
local-channel = ── #table ──────────────
local-private = ── 🔒 private to { $name } ──
local-hand = ── 🔒 private to { $name } (hand) ──
local-only-sees = ── only { $name } sees ──
# A user who is not seated (never in a normal game).
local-user = user { $user }
# Who asks when the terminal itself asks (help; Spanish "ti": it follows "solo para"),
# and who acts when timers fire.
local-you = you
local-the-clock = the clock
# The turn prompt: the choices are private, so they are labelled like private messages.
local-your-move = → { $name }, your move. 🔒 { $name }'s choices ({ $count }):
local-more-choices = … and { $count } more (`{ $name }: ?` lists all)
local-help = Local table: type `<player>: <command>`, e.g. `ana: join` or `ana: 2` (the second listed choice); `ana: ?` lists all of ana's choices; a bare command goes to the only awaited player; `wait 2h` moves the clock on (a bare `wait` jumps to the next reminder or timeout); `quit` stops (the game stays stored: `--resume` continues it).
local-no-timer = No reminder or timeout is set.
local-later = ⏩ { $duration } later.
local-no-such-player = No player called `{ $name }`; players: { $players }.
local-say-who = Say who plays, like `ana: { $line }`.
local-nothing-to-play = { $name } has nothing to play right now.
local-may-play = { $name } may play:
local-nothing-to-resume = There is no stored local game to resume in { $dir }.
local-resuming = Resuming the stored game.
local-name-the-players = Name the players: --players ana,bruno,carla
local-not-started = The game did not start.
local-stuck = The game did not end after { $count } actions.
local-stuck-random = The game did not end after { $count } random actions.
local-no-legal-action = { $name } is awaited but has no legal action.
local-auto-over = Game over after { $count } random actions.
local-game-over = The game is over.
local-cannot-read-script = cannot read script { $path }: { $error }
local-cannot-write = cannot write { $path }: { $error }
local-cannot-create = cannot create { $dir }: { $error }

## `capomaestro replay`: a game record checked and shown
replay-heading = { $title } · { $players } · seed { $seed }
replay-move = { $n }. { $name }: { $text } — { $told }
replay-score = { $name }: { $total }
replay-step-help = Move { $at } of { $of }: Enter for the next, b back, q to stop.
replay-verified = Checked: { $count } moves replayed, every one legal, the final scores as recorded.
replay-records-verified = Checked { $count } records ({ $moves } moves): every move legal, every final score as recorded.
replay-record-failed = Record { $n }: { $error }
local-from-record = Played the record's first { $count } moves; go on from here.
replay-page-written = Wrote { $path } ({ $bytes } bytes); checked first: every move legal, the final scores as recorded.
