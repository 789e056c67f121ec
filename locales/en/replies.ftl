# The command layer's own replies (commands/src): refusals before the table is asked.

no-game-here = There is no game in this channel. Open one with `/game new`.
wrong-game = This channel is playing `{ $game }`: use `/{ $game } move`.

# /game language and /game settings language: ($language is the language's own name).
language-person-chosen = You read the bot in { $language } (your choice). Change it with `/game language`.
language-person-client = You read the bot in { $language }, your Discord language. Choose another with `/game language`.
language-person-set = From now on your answers, panels and DMs are in { $language }.
language-person-follows-client = From now on you read the bot in your Discord language ({ $language }).
language-channel-set = This channel's messages are now in { $language }.
language-channel-follows-server = This channel now follows the server's language ({ $language }).
language-channel-not-allowed = Only the host of the table here or a member with Manage Channel can change this channel's language.
language-not-saved = Your choice could not be saved ({ $error }); nothing changed.
# Each language's name, as a sentence names it.
language-name-en = English
language-name-es = Spanish

# A prompt's buttons clicked by someone else ($name: the seat's player, escaped).
prompt-not-yours = Those buttons are { $name }'s; use your own prompt or `/game status`.
prompt-not-seated = You are not seated at this table.
prompt-stale = That prompt no longer matches this table.

# The test DM sent when someone takes a seat failed.
dm-test-closed = ⚠️ I could not DM you: your DMs are closed for this server. Your hand will not reach you privately by DM; use `/game hand` or the **My hand** button during the game, or allow direct messages from server members (Privacy Settings).
dm-test-failed = ⚠️ I could not DM you just now; use `/game hand` or the **My hand** button to see your hand.

# The answer when a command produced nothing else (Discord needs one), and failures.
reply-done = ✅ Done.
reply-command-failed = Something went wrong handling that command; nothing was changed.
reply-command-error = Something went wrong; nothing was changed. Please try again.
reply-table-closed = That table is closed; open a new one with /game new.
# A button whose custom id the bot cannot read (commands/src/ids.rs).
reply-button-foreign = I do not recognise that button: it may be from an older version of the bot. Use the latest turn message, or /game status.
reply-button-damaged = That button is damaged; use the latest turn message or `/game status`.
reply-button-other-channel = That button belongs to another channel.
# Over the rate limit (commands/src/ratelimit.rs): $burst commands at once, then one every
# $every seconds; $wait seconds to wait.
reply-slow-down = 🐢 Slow down: you are sending commands faster than I take them ({ $burst } at once, then one every { NUMBER($every, minimumFractionDigits: 1, maximumFractionDigits: 1) } seconds). Wait { $wait } s and try again; that one was not carried out.

# The DM sent on taking a seat (commands/src/messages.rs): $channel is a channel mention,
# $hidden what the game keeps private (seat-dm-hidden-<game>).
seat-dm-hidden = **{ $title }** in { $channel }: you have a seat. What only you may see — { $hidden } — will arrive here; the **My hand** button and /game hand show it too.
seat-dm-open = **{ $title }** in { $channel }: you have a seat. { $title } hides nothing, so everything is said in the channel.
seat-dm-unknown = You have a seat at the game in { $channel }. What only you may see will arrive here.
seat-dm-hidden-palazzo = your hand of money cards
seat-dm-hidden-estates = your cash on hand and your cash box
seat-dm-hidden-princes = your florins, your hand cards (professions, bonus, recruiting) and the prestige cards you hold or look at

# The first line of every DM and live hand (commands/src/dispatch.rs), in the recipient's
# language: $title the game, $channel a channel mention, $link the turn message's link
# (dm-header-link) or nothing.
dm-header = **{ $title }** in { $channel }{ $link }:
dm-header-link = {" "}· [turn message]({ $link })
dm-header-your-game = Your game
# After a reminder or nudge in the channel: a link to the live turn message.
reply-go-to-turn = [Go to the turn message]({ $link })

# What the outbox tells (commands/src/dispatch.rs): closed DMs, missing permissions.
reply-dm-closed-notice = ⚠️ { $user }, I could not send you a direct message (your DMs are closed for this server). Use `/game hand` or the **My hand** button to see your private information.
reply-dm-closed-here-it-is = I could not DM you (your DMs are closed), so here it is, visible only to you:
reply-dm-failed-here-it-is = I could not DM you, so here it is, visible only to you:
# $list: the permissions' names, $count how many are missing (0: not known which).
reply-missing-permissions = ⚠️ I cannot post in this channel: I am missing **{ $list }** here. Your moves still count; ask a moderator to give me { $count ->
    [one] that permission
   *[other] those permissions
}, and I will post the latest turn message here as soon as I can.
reply-picture-permissions = ⚠️ The turn message went out without the board picture: I need **Attach Files** and **Embed Links** in this channel to show it. `/game status` shows it to you privately.
# Discord's names of the permissions the bot needs (as the server settings show them).
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-send-messages-in-threads = Send Messages in Threads
permission-embed-links = Embed Links
permission-attach-files = Attach Files

# /game history (commands/src/history.rs).
history-pick-a-game = Pick a game from the list: start typing in the game option to see the games you played here.
history-failed = The replay could not be built; please try again.
export-ready-json = The record of { $title } game #{ $game }: every move with what the table was told, and the final scores. Any program can read it.
export-ready-json-file = The record of { $title } game #{ $game }, as JSON
export-ready-html = The replay page of { $title } game #{ $game }: open it in any browser, step with ← and → or the slider.
export-ready-html-file = A page that replays { $title } game #{ $game } in a browser
export-too-large = The record of game #{ $game } is { $size } MB, more than Discord lets a bot upload (8 MB). `capomaestro export` can write it on the bot's host.
export-failed = The record could not be made; please try again.
