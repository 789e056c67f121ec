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
