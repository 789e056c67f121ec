# Games in a DM with the bot, and /game learn.

# A command that needs a server, used in a DM.
reply-needs-server = This command works on a server only: a DM with the bot has no server to read it for.
# Someone else tries to join a table that belongs to one person (their DM, their lesson).
lobby-private-table = This table is { $owner }'s own: only they play here, with bots. Open a table of your own with `/game new`.
# The first line of a DM about a game played in that very DM: no channel to name.
dm-header-here = **{ $title }**{ $link }:
