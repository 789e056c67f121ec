# Las respuestas propias de la capa de comandos (commands/src).

no-game-here = No hay ninguna partida en este canal. Abre una con `/partida nueva`.
wrong-game = Este canal está jugando a `{ $game }`: usa `/{ $game } jugar`.

# /partida idioma y /partida ajustes idioma: ($language es el nombre del idioma en ese idioma).
language-person-chosen = Lees el bot en { $language } (tu elección). Cámbialo con `/partida idioma`.
language-person-client = Lees el bot en { $language }, tu idioma de Discord. Elige otro con `/partida idioma`.
language-person-set = Desde ahora tus respuestas, paneles y MD están en { $language }.
language-person-follows-client = Desde ahora lees el bot en tu idioma de Discord ({ $language }).
language-channel-set = Los mensajes de este canal están ahora en { $language }.
language-channel-follows-server = Este canal sigue ahora el idioma del servidor ({ $language }).
language-channel-not-allowed = Solo el anfitrión de la mesa o un miembro con Gestionar canal puede cambiar el idioma de este canal.
language-not-saved = No se pudo guardar tu elección ({ $error }); no ha cambiado nada.
# El nombre de cada idioma, tal como lo nombra una frase.
language-name-en = inglés
language-name-es = español
