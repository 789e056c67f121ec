# Games in a DM with the bot, and /game learn.

# A command that needs a server, used in a DM.
reply-needs-server = This command works on a server only: a DM with the bot has no server to read it for.
# Someone else tries to join a table that belongs to one person (their DM, their lesson).
lobby-private-table = This table is { $owner }'s own: only they play here, with bots. Open a table of your own with `/game new`.
# The first line of a DM about a game played in that very DM: no channel to name.
dm-header-here = **{ $title }**{ $link }:

## /game learn: a lesson against easy bots, with a coach.
learn-no-lesson = There is no lesson for { $game } yet.
learn-started = Your lesson of **{ $game }** begins: you play against easy bots, and the coach writes a note at each of your decisions. Stop the coach with `/game learn stop:true` (the game goes on), or end the game with `/game abandon`.
learn-no-lesson-here = There is no lesson of yours under way here.
learn-stopped = The coach is quiet now: your game goes on as a normal game against the bots.
# The coach's notes (posted in the learner's own DM or private thread).
learn-coach-decision = 🎓 **Coach:** your decision ({ $count ->
    [one] one possible move
   *[other] { $count } possible moves
}): { $kinds }.
learn-coach-rule = 📖 The rule: **{ $topic }** (`/game rules topic:{ $topic }`).
learn-coach-typed = ⌨️ `{ $move }`
learn-coach-no-suggestion = The coach has no suggestion here: any of your moves will do.
learn-coach-after-same = ✅ You played the coach's suggestion.
learn-coach-after-other = 🔎 The coach would have played otherwise. { $hint }
learn-coach-after-any = ✅ Done.
learn-coach-over = 🎓 The lesson is over. Play a full game with `/game new`, against bots or friends.
learn-pick-a-game = Pick the game to learn: `/game learn game:…`.
learn-no-thread = The bot could not start a private thread for your lesson here (it needs Create Private Threads and Send Messages in Threads). Try `/game learn` in a DM with the bot.
learn-in-thread = Your lesson is in { $thread }: only you and the bot read it.
# A lesson's private thread, as the channel list shows it.
learn-thread-name = Lesson: { $game }
learn-coach-done = 🎓 That was your lesson of { $game }. The game goes on as a normal game against the bots; `/game abandon` ends it.
