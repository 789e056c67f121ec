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

# Los botones de un aviso pulsados por otra persona ($name: el jugador de ese asiento).
prompt-not-yours = Esos botones son de { $name }; usa tu propio aviso o `/partida estado`.
prompt-not-seated = No estás sentado en esta mesa.
prompt-stale = Ese aviso ya no corresponde a esta mesa.

# Falló el MD de prueba enviado al sentarse. (El botón se llama aún **My hand**.)
dm-test-closed = ⚠️ No he podido enviarte un MD: tienes los MD cerrados para este servidor. Tu mano no te llegará en privado por MD; usa `/partida mano` o el botón **My hand** durante la partida, o permite los mensajes directos de miembros del servidor (Ajustes de privacidad).
dm-test-failed = ⚠️ No he podido enviarte un MD ahora mismo; usa `/partida mano` o el botón **My hand** para ver tu mano.
