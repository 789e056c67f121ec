# What the table says (table/src): lobby, turns, refusals, reminders and timeouts,
# settings, stats, undo and proposals. Channel posts are in the channel's language;
# private answers and DMs in the reader's. Names, games and moves come as arguments.

## Shared refusals and failures (table/src/text.rs, lib.rs)

table-no-game = There is no game in this channel. Open one with /game new (see /game rules for the list).
table-stale-prompt = That prompt is out of date: your options have changed. Use the latest turn message (or /game status).
table-not-seated = You are not seated at this table.
table-not-saved = That could not be saved, so nothing changed ({ $error }). Please try again.
table-store-failed = The game store failed ({ $error }).
table-store-failed-nothing-changed = The game store failed ({ $error }); nothing changed.
table-log-unreadable = The log could not be read ({ $error }).
table-went-wrong = Something went wrong handling that command; nothing was changed.
table-moved-meanwhile = Another move in this game was saved at the same moment, so yours was not; look at the game again and retry.
table-busy-try-again = This game is busy being saved elsewhere right now, so your move was not saved and nothing changed; try it again in a few seconds.
table-nobody = nobody
table-the-host = the host

## A channel's stored game that cannot be used (lib.rs: shown once)

table-store-unreadable = ⚠️ The game store could not be read ({ $error }); try again shortly.
table-quarantined = ⚠️ The game stored for this channel could not be read and was set aside for the bot's operator ({ $reason }). The channel is free: open a new game with /game new.
table-newer-version = ⚠️ This channel's game was saved by a newer version of the bot, which this one cannot read; it is kept as it is. Ask the bot's operator to run that version again.

## The lobby (lib.rs, bots.rs; the buttons under a lobby message: commands' lobby_row)

lobby-button-join = Join
lobby-button-add-bot = Add a bot
lobby-button-start = Start
table-already-open = A { $game } table is already { $state ->
        [lobby] gathering players
       *[running] running
    } in this channel; finish it or abandon it first.
lobby-opened = { $name } opened a table for **{ $game }** ({ $min }–{ $max } players). Tap Join or use /game join; { $name } starts it with Start or /game start.
lobby-opened-with-bots = { $name } opened a table for **{ $game }** ({ $min }–{ $max } players) with { $bots }. Tap Join or use /game join; { $name } starts it with Start or /game start.
lobby-opened-ready = { $name } opened a table for **{ $game }** with { $bots }.
lobby-already-started = The { $game } game here has already started; seats cannot change now.
lobby-already-seated = You are already seated at this table.
lobby-table-full = The table is full: { $game } seats at most { $max } players.
lobby-joined = { $name } joined ({ $seated }/{ $max }): { $seats }.
lobby-leave-under-way = The game is under way, so seats cannot be left; the host or someone with Manage Channel can abandon it.
lobby-left-closed = { $name } left; the empty table is closed.
lobby-left = { $name } left ({ $seated } seated: { $seats }).
lobby-new-host = { $name } is the host now.
lobby-only-host-starts = Only the host ({ $host }) can start the game.
lobby-players-needed = { $game } needs { $min }–{ $max } players; { $seated } { $seated ->
        [one] is
       *[other] are
    } seated. Others can take a seat with /game join first.
lobby-status = A { $game } table is gathering players: { $seats }. Host: { $host }.
table-already-started = The game has already started.
table-begins = **{ $game }** begins! Seats in order: { $seats }.
table-only-host-abandons = Only the host ({ $host }) or a member with Manage Channel can abandon this game.
table-abandoned = { $name } abandoned the { $game } game. The channel is free for a new one.

## Moves and turns (lib.rs)

table-not-a-choice = That choice is not one of your moves now.
table-not-started-host-starts = The game has not started yet; { $host } starts it with /game start.
table-not-started = The game has not started yet.
table-seat-left = You left this game when your time ran out; I make your seat's moves now.
table-seat-away = A bot plays your seat since your time ran out: /game join gives it back to you.
table-not-your-turn = It is not your turn: the game is waiting for { $names }.
table-waiting-for = ⏳ Waiting for { $names }.
# The text board's last line (no emoji: a screen reader reads it).
text-board-waiting = Waiting for { $names }.
table-summary-more = … (the rest: /game log)
table-moved-timed-out = ⏱️ { $name } ran out of time, so I moved for them.
table-moved-stand-in = 🤖 I moved for { $name }, who left the game.
table-moved-away = 🤖 A bot moved for { $name }, who is away.
table-no-hidden-information = This game has no hidden information.

## Scores, log, rules and help (lib.rs, text.rs)

table-scores-now =
    Scores if the game ended now are on the board:
    { $board }
table-last-game =
    Last { $game } game here:
    { $outcome }
table-last-result-unreadable = The last result here could not be read.
table-no-game-finished = No game has been played to the end in this channel yet.
table-log-empty = No moves yet.
table-log-heading = Moves { $from }–{ $to } of { $total }:
table-log-line = { $n }. { $line }
table-log-taken-back = { $n }. ~~{ $line }~~ (taken back)
table-rules-no-topic = Nothing in the rules mentions “{ $topic }”. Topics: { $topics }.
table-rules-page = (page { $page }/{ $total })
table-games-heading = Games you can play:
table-games-line = · `{ $id }` — { $game } ({ $min }–{ $max } players)
table-games-footer = Open one with /game new; read its rules with /game rules.
table-which-game = Which game? Choose one of: { $games }.
table-no-such-game = There is no game called “{ $game }”. Choose one of: { $games }.
table-help = **Table commands**
    · `/game new <game> [key=value…]` — open a table (e.g. `/game new estates rounds=2`)
    · `/game join` / `/game leave` — take or give up a seat before the start
    · `/game start` — the host starts the game
    · `/game bot add [easy|normal|hard]` · `/game bot remove [name]` — the host seats or unseats a bot (`/game new <game> bots:2` seats two at once)
    · `/game status` — the board and who is awaited
    · `/game hand` — your private hand / money
    · `/game scores` — live scores, or the last result here
    · `/game log` — the last moves
    · `/game rules [game] [topic]` — the rules, with every decision the bot made
    · `/game abandon` — the host (or Manage Channel) ends the game
    · `/game settings` — reminders, timeouts (auto, default, skip, bot, drop), undo and hints of this table (the host changes them)
    · `/game nudge` — ping whoever the game is waiting for (once an hour)
    · `/game undo` — take back your last move (those who moved since approve)
    · `/game hint` — the bot's suggestion for your move, with why (only you see it)
    · `/game join` — take your seat back from the bot that played it while you were away
    · `/game mine` — your games, where it is your move first
    · `/game notify [ping|dm|quiet]` — how you hear about your turn on this server
    · `/game stats [user] [game]` · `/game leaderboard [game]` — this server's records
    · `/game rating [player] [title]` · `/game leaderboard game:… by:rating` — ratings on this server
    Moves: the **Your move** button, or `/<game> move` (e.g. `/palazzo move take money`).
table-help-moves = **{ $game } moves**
table-help-move = · `{ $syntax }` — { $meaning } (e.g. `{ $example }`)
table-this-game = this game

## Bots in the lobby (bots.rs)

lobby-only-host-adds-bot = Only the host ({ $host }) can add a bot.
lobby-only-host-removes-bot = Only the host ({ $host }) can remove a bot.
lobby-bot-seated = { $name } seated { $bot } ({ $seated }/{ $max }): { $seats }.
lobby-no-bot = No bot is seated at this table.
lobby-no-such-bot = No bot here is called that; the bots are { $bots }.
lobby-bot-removed = { $name } took { $bot }'s seat away ({ $seated } seated: { $seats }).

## Reminders and timeouts (timers.rs, timing.rs, hands.rs)

timer-ago-now = just now
timer-ago-minutes = { $n } min ago
timer-ago-hours = { $n } h ago
timer-ago-days = { $n } days ago
timer-reminder = ⏰ Reminder: **{ $game }** is waiting for { $names } (last move { $since }).
timer-reminder-held-up = ⏰ { $names }: everyone else has moved — we are waiting for you in **{ $game }** (last move { $since }).
timer-reminder-dm = ⏰ It is your move (last move { $since }).
timer-reminder-dm-held-up = ⏰ Everyone else has moved — it is your move (last move { $since }).
timer-dropped-game-over = ⏱️ { $names } ran out of time and left. { $game } needs at least { $min } players, so the game ends here, abandoned (it does not count in the stats).
timer-dropped = ⏱️ { $names } ran out of time and left the game. I make their moves from now on; { $remaining } players go on.
timer-dropped-you = ⏱️ Your time ran out, so you have left this game; I make your seat's moves from now on.
# Between the moves the bot played for a timed-out player ("**pull**, then **stop**").
timer-played-then = {", then "}
timer-played-for-you = ⏱️ Your time ran out, so I played { $moves } for you.

## Seats handed to a bot while their players are away (away.rs)

table-away-bot-plays = ⏱️ { $names } ran out of time: a bot plays for them until they are back (/game join).
table-away-everyone-away = ⏱️ { $names } ran out of time, and everyone is away now: the game waits until someone is back (/game join).
table-away-your-seat-to-bot = ⏱️ Your time ran out, so a bot plays your seat until you are back: /game join (or any command of yours at the table) gives it back to you.
table-away-back = 👋 { $name } is back and plays their own seat again.
table-away-welcome-back = Welcome back: your seat is yours again.
table-away-seat-left-for-good = You left this game when your time ran out; a seat that was left cannot be taken back.
table-away-not-away = No bot is playing your seat: you are already playing it yourself.

## Live hands and DMs (hands.rs)

table-hand-latest = **Latest:** { $news }
table-hand-your-move = 🎲 It is your move. { $headline }
table-hand-game-over =
    🏁 The game is over.
    { $scores }
    See it again move by move with /game history.

## Hints (hint.rs)

table-hint-off = Hints are off for this game; the host ({ $host }) can turn them on with /game settings.
table-hint-none = The bot has no suggestion here, sorry.
table-hint-busy = Your previous hint is still being worked out: wait for it before asking again.
table-hint-server-busy = The bots of this server are busy thinking right now: ask for your hint again in a few seconds.
table-hint-failed = The bot could not work out a hint this time, sorry. Your game goes on as before.
# $move: the move as the reader's move buttons name it, its emphasis included.
table-hint-only-move = 💡 Hint: { $move } — it is your only move.
table-hint-best = 💡 Hint: { $move }. Why: in { $games } games the bot played on from what you can see, this move did best, rating your chances at about { $chance }%.
# $why: the game's rule of thumb, a clause (the bot played it without searching).
table-hint-rule = 💡 Hint: { $move }. Why: { $why }

## Turn notifications (notify.rs)

table-notify-explain-ping = a mention in the channel when it is your turn
table-notify-explain-dm = a mention in the channel and a direct message when it is your turn, and direct messages for reminders and timeouts
table-notify-explain-quiet = no mention on your turn and no direct message: your live hand only (reminders still mention you in the channel)
table-notify-shown = You get { $explain } (`{ $word }`). Choose with /game notify ping, dm or quiet.
table-notify-set = From now on you get { $explain } (`{ $word }`), at every table on this server.
table-notify-not-saved = Your choice could not be saved ({ $error }); nothing changed.

## Settings (social.rs, timing.rs, switch.rs)

table-settings-shown = **Timing of this { $game } table**
    { $timing }
    { $undo }
    { $hints }
    The host or anyone with Manage Channel can change it with /game settings.{ $pending }
table-settings-only-host = Only the host ({ $host }) or a member with Manage Channel can change this table's settings.
table-settings-changed = ⚙️ { $name } changed this table's timing:
# With its leading space (it follows the value).
table-settings-server-default = {" "}(server default)
table-settings-described =
    · Remind after: **{ $remind }**{ $remind_mark }
    · Repeat reminders every: **{ $every }**{ $every_mark }
    · Time out after: **{ $timeout }**{ $timeout_mark }
    · On timeout: **{ $policy }**{ $policy_mark }
table-settings-policy-auto = auto — the bot plays their turn as well as it can
table-settings-policy-default = default — the game's fixed default move
table-settings-policy-skip = skip — they pass where the rules allow (else the default move)
table-settings-policy-bot = bot — a bot plays their seat until they are back
table-settings-policy-drop = drop — they leave the game
table-settings-name-remind = Remind after
table-settings-name-every = Repeat every
table-settings-name-timeout = Time out after
table-settings-too-short = { $setting } must be at least { $min } (or off): that is the shortest this bot allows, so “{ $value }” is too short.
table-settings-not-a-duration = “{ $value }” is not a duration; write a number with a unit, like 90s, 30m, 12h, 2d or 1h30m (or off).
table-settings-too-long = “{ $value }” is too long: a year at most.
table-settings-not-a-policy = “{ $value }” is not a timeout policy; choose auto (the bot plays their turn as well as it can), default (the game's fixed default move), skip (they pass where the rules allow), bot (a bot plays their seat until they are back) or drop (they leave).
table-settings-not-on-off = “{ $value }” is not a choice for undo or hints; write on or off.
# `$on` is the setting's word, `on` or `off` (as typed in /game settings).
table-settings-undo-line = · Undo: **{ $on }** (`/game undo`, with the other players' consent)
table-settings-hints-line = · Hints: **{ $on }** (`/game hint`: the bot's suggestion, only for you)
table-switch-undo-on = ⚙️ { $name } turned undo on: a player may take back their last move with /game undo, with the consent of those who moved since.
table-switch-undo-off = ⚙️ { $name } turned undo off for this game.
table-switch-hints-on = ⚙️ { $name } turned hints on: /game hint shows a player the bot's suggestion, privately.
table-switch-hints-off = ⚙️ { $name } turned hints off for this game.

## Timing proposals awaiting approval (proposal.rs)

table-proposal-closed = That timing change is no longer open: it was decided, replaced by a newer proposal, or its game ended.
table-proposal-pending = Waiting for approval: { $name }'s change to shorter clocks, still to be approved by { $names } (buttons in the channel).
table-proposal-asked =
    ⚙️ { $name } proposes this timing for the table:
    { $timing }
    It makes the clocks of a game under way run out sooner, so it applies only when every other player has approved it ({ $names }) with the buttons below, within 24 h; one refusal cancels it.
table-proposal-asked-you = Your change makes the clocks of a game under way run out sooner, so the other players must approve it first: I asked them in the channel (the request lapses after 24 h). Someone with Manage Channel can make it directly.
table-proposal-own = You proposed this change: the other players approve or refuse it.
table-proposal-not-at-table = Only the players still at this table can approve or refuse its timing changes.
table-proposal-lapsed = That timing change lapsed: not every player approved it within 24 h, so nothing changed. { $name } can propose it again with /game settings.
table-proposal-void = This table's timing was changed after that proposal was made, so it no longer applies; nothing changed.
table-proposal-refused = ⚙️ { $name } refused { $by }'s timing change, so nothing changed.
table-proposal-you-approved = You approved { $by }'s timing change; it now waits for { $names }.
table-proposal-approved = ⚙️ Every player approved { $by }'s timing change, so it applies now:

## Undo (undo.rs)

table-undo-closed = That undo request is no longer open: it was decided, replaced, or the game moved on.
table-undo-not-started = The game has not started yet: there is nothing to take back.
table-undo-cannot-replay = This game cannot be replayed.
table-undo-no-move-yet = You have not made a move in this game yet, so there is nothing to take back.
table-undo-log-not-replayed = This game's log could not be replayed, so nothing can be taken back.
table-undo-log-mismatch = This game's log does not replay to its state, so nothing can be taken back.
table-undo-blocked = Your last move can no longer be taken back: it, or a move after it, brought out something hidden or random (a card or a tile drawn, a roof turned up, a shuffle, the villa's wobble), or was a secret move.
table-undo-bot-moved = Your last move can no longer be taken back: a bot has moved since, and a bot's move is never taken back (it came from the bot's hidden cards; taking it back would let a player try again until the bot answers as they like).
table-undo-seat-left = You left this game when your time ran out, so you cannot take moves back.
table-undo-off = Undo is off for this game: the host ({ $host }) turned it off with /game settings.
table-undo-done = ↩️ { $name } took back their last move.
table-undo-asked = ↩️ { $name } asks to take back their last move ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } in all, with the moves made since). It happens when { $names } approve with the buttons below, within { $within }; one refusal or any new move cancels it.
table-undo-asked-you = Others moved since your last move, so I asked { $names } to approve taking it back.
table-undo-cancelled-by-move = ↩️ { $mover } moved, so { $name }'s undo request is cancelled; nothing was taken back.
table-undo-own-request = You asked for this undo: the players who moved since approve or refuse it.
table-undo-not-an-approver = Only the players whose moves would be taken back approve or refuse this undo.
table-undo-moved-on = A move was made (or undo turned off) after that undo was asked for, so it was cancelled; nothing was taken back.
table-undo-lapsed = That undo request lapsed before everyone approved it, so nothing was taken back. { $name } can ask again with /game undo.
table-undo-refused = ↩️ { $name } refused to take back { $by }'s move, so the game goes on.
table-undo-you-approved = You approved taking back { $by }'s move; it now waits for { $names }.
table-undo-approved = ↩️ Everyone approved: { $name } took back their last move ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } in all).

## Nudges, my games, stats and leaderboards (social.rs)

table-nudge-not-started = The game has not started yet: there is nobody to nudge.
table-nudge-not-seated = Only a player seated at this table can nudge.
table-nudge-only-you = The game is waiting only for you: there is nobody to nudge.
table-nudge-too-soon = This table was nudged { $since }; nudges are allowed once an hour, so the next one is possible in { $wait } min.
table-nudge-sent = 👋 { $name } nudges { $names }: **{ $game }** is waiting for you (last move { $since }).
# `$place`: `server` (a command on a server) or `anywhere` (from a DM).
table-mine-none = You are not seated at any game { $place ->
        [server] on this server
       *[anywhere] anywhere
    }. Open one with /game new, or join one with /game join.
table-mine-heading = **Your games { $place ->
        [server] on this server
       *[anywhere] anywhere
    }**
table-mine-gathering = gathering players (since { $since })
table-mine-your-move = **your move** since { $since }
table-mine-waiting = waiting for { $names } since { $since }
table-mine-line = · **{ $game }** in { $channel } — { $state }
table-stats-all-games = all games
table-stats-percent = { NUMBER($value, maximumFractionDigits: 0) }%
table-stats-streak-none = none
table-stats-streak-wins = { $n ->
        [one] 1 win
       *[other] { $n } wins
    }
table-stats-streak-losses = { $n ->
        [one] 1 loss
       *[other] { $n } losses
    }
table-stats-text =
    📊 **{ $name }** — { $game } on this server
    · Played: { $played }
    · Won: { $won } ({ $rate })
    · Average score: { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
    · Best score: { $best }
    · Current streak: { $streak }
table-stats-none = { $name } has not finished a game with people only here yet.
table-stats-none-of-game = { $name } has not finished a game of { $game } with people only here yet.
table-stats-unreadable = The stats could not be read ({ $error }).
table-stats-with-bots = 🤖 Games with bots (all games):
table-stats-against-bots = · Against { $level } bots: { $won } won of { $played } ({ $rate })
table-leaderboard-empty = No game of { $game } has been finished here yet: the leaderboard starts with the first.
table-leaderboard-unreadable = The leaderboard could not be read ({ $error }).
table-leaderboard-heading = 🏆 **Leaderboard — { $game }**
table-leaderboard-most-wins = **Most wins**
table-leaderboard-best-rate = **Best win rate** ({ $min } games or more)
table-leaderboard-nobody-rated = Nobody has played { $min } games yet.
table-leaderboard-line = { $rank }. { $name } — { $won } { $won ->
        [one] win
       *[other] wins
    } in { $played } { $played ->
        [one] game
       *[other] games
    } ({ $rate })

## Replays (history.rs: /game history)

table-history-no-setup = This game cannot be set up again for its replay ({ $error }).
table-history-move-refused = Move { $n } of this game could not be replayed, so it has no replay.
table-history-set-up = The game is set up.
table-history-heading = 📜 **{ $game }** replay · step { $step } of { $steps } · round { $round } of { $rounds }
table-history-heading-so-far = 📜 **{ $game }** replay · step { $step } of { $steps } so far · round { $round } of { $rounds }
table-history-step-unreadable = This step of the game could not be shown.
table-history-running = running now
table-history-abandoned = abandoned { $when }
table-history-ended = ended { $when }
# A game in the /game history picker: `$id` its number.
table-history-label = { $game } #{ $id } · { $players } · { $when }
table-history-won-by = won by { $names }
table-history-ago = { $days ->
        [0] today
        [1] yesterday
       *[other] { $days } days ago
    }
table-history-moves-unreadable = The game's moves could not be read ({ $error }).
table-history-game-unreadable = That game could not be read ({ $error }).
table-history-none = No game has been played in this channel yet.
table-history-no-such-game = No such game was played in this channel.

## Typed commands that cannot be read (command.rs, timing.rs: the terminal's words)
# `$value`: the word as typed; `$most`: the most bots a table seats.

table-parse-bot-level = “{ $value }” is not a bot level: use easy, normal or hard.
table-parse-bot-level-or-count = “{ $value }” is not a bot level: use easy, normal or hard (or a number of normal bots).
table-parse-too-many-bots = A table seats at most { $most } bots.
table-parse-notify-choice = “{ $value }” is not a choice: use ping, dm or quiet.
table-parse-not-a-setting = “{ $value }” is not a setting; write key=value, e.g. remind=12h or policy=drop.
table-parse-no-such-setting = There is no setting “{ $value }”; the settings are remind, every, timeout, policy, undo and hints.

## Final scores (table/src/text.rs `outcome`): end of game in the channel, the end DM,
## `/game scores` after a game.
table-outcome-title = **Final scores**
table-outcome-player = { $name }: { $total }
table-outcome-player-winner = { $name }: { $total } 🏆
table-outcome-line = {"  "}· { $label }: { $points }
table-outcome-tiebreak = {"  "}· tie-break, { $label }: { $points }
table-outcome-nobody = Nobody wins.
table-outcome-winner = { $name } wins!
table-outcome-shared = Shared win: { $names }.
table-outcome-seat = seat { $seat }

## A bot level as a word in a sentence (`/game stats`, a bot's name).
table-bot-level-easy = easy
table-bot-level-normal = normal
table-bot-level-hard = hard
# A bot's seat name, given once when it is seated, in the channel's language.
table-bot-name = Bot { $name } ({ $level })

## Game records (`/game export`, `capomaestro export`)
# A person's name in a record made with pseudonyms.
record-pseudonym = Player { $n }
# The replay page of a record (`replay --html`, `/game export format:html`).
record-page-setup = The setup
record-page-move = Move
record-page-of = of
record-page-final = Final scores
record-page-previous = Previous move (←)
record-page-next = Next move (→)
record-page-tiebreak = tie-break
record-page-board = The board and the scores as text
table-export-running = This game is still being played: its record can be exported once it is over.
table-export-failed = The record of game #{ $game } could not be made: { $error }
