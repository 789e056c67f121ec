# Partidas en un mensaje directo con el bot, y /game learn.

# Una orden que necesita un servidor, usada en un mensaje directo.
reply-needs-server = Esta orden solo funciona en un servidor: un mensaje directo con el bot no tiene servidor del que leerla.
# Otra persona intenta unirse a una mesa que es de una sola persona (su mensaje directo, su lección).
lobby-private-table = Esta mesa es de { $owner }: aquí solo juega esa persona, con bots. Abre una mesa propia con `/game new`.
# La primera línea de un mensaje directo sobre una partida jugada en ese mismo mensaje directo.
dm-header-here = **{ $title }**{ $link }:
