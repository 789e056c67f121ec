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

# La respuesta cuando un comando no produjo nada más (Discord necesita una), y los fallos.
reply-done = ✅ Hecho.
reply-command-failed = Algo ha fallado con ese comando; no ha cambiado nada.
reply-command-error = Algo ha fallado; no ha cambiado nada. Vuelve a intentarlo.
reply-table-closed = Esa mesa está cerrada; abre otra con /partida nueva.
# Un botón cuyo id el bot no sabe leer (commands/src/ids.rs).
reply-button-foreign = No reconozco ese botón: puede ser de una versión anterior del bot. Usa el último mensaje de turno, o /partida estado.
reply-button-damaged = Ese botón está dañado; usa el último mensaje de turno o `/partida estado`.
reply-button-other-channel = Ese botón es de otro canal.
# Por encima del límite (commands/src/ratelimit.rs): $burst comandos de golpe, luego uno
# cada $every segundos; $wait segundos de espera.
reply-slow-down = 🐢 Más despacio: me envías comandos más rápido de lo que los atiendo ({ $burst } de golpe, luego uno cada { NUMBER($every, minimumFractionDigits: 1, maximumFractionDigits: 1) } segundos). Espera { $wait } s y vuelve a intentarlo; ese no se ha hecho.

# El MD al sentarse (commands/src/messages.rs): $channel es la mención de un canal, $hidden
# lo que el juego mantiene en privado (seat-dm-hidden-<juego>).
seat-dm-hidden = **{ $title }** en { $channel }: tienes asiento. Lo que solo tú puedes ver — { $hidden } — te llegará aquí; el botón **Mi mano** y /partida mano también lo muestran.
seat-dm-open = **{ $title }** en { $channel }: tienes asiento. { $title } no oculta nada, así que todo se dice en el canal.
seat-dm-unknown = Tienes asiento en la partida de { $channel }. Lo que solo tú puedes ver te llegará aquí.
seat-dm-hidden-palazzo = tu mano de cartas de dinero
seat-dm-hidden-estates = tu dinero en mano y tu caja personal
seat-dm-hidden-princes = tus florines, las cartas de tu mano (personajes, bonus, reclutamiento) y las cartas de prestigio que tienes o miras

# La primera línea de cada MD y de la mano en vivo (commands/src/dispatch.rs), en el idioma
# de quien lo recibe: $title el juego, $channel la mención del canal, $link el enlace al
# mensaje de turno (dm-header-link) o nada.
dm-header = **{ $title }** en { $channel }{ $link }:
dm-header-link = {" "}· [mensaje de turno]({ $link })
dm-header-your-game = Tu partida
# Tras un recordatorio o aviso en el canal: un enlace al mensaje de turno en vivo.
reply-go-to-turn = [Ir al mensaje de turno]({ $link })

# Lo que cuenta el buzón de salida (commands/src/dispatch.rs): MD cerrados, permisos.
reply-dm-closed-notice = ⚠️ { $user }, no he podido enviarte un mensaje directo (tienes los MD cerrados para este servidor). Usa `/partida mano` o el botón **Mi mano** para ver tu información privada.
reply-dm-closed-here-it-is = No he podido enviarte un MD (los tienes cerrados), así que aquí lo tienes, solo lo ves tú:
reply-dm-failed-here-it-is = No he podido enviarte un MD, así que aquí lo tienes, solo lo ves tú:
# $list: los nombres de los permisos, $count cuántos faltan (0: no se sabe cuáles).
reply-missing-permissions = ⚠️ No puedo publicar en este canal: me falta **{ $list }** aquí. Tus jugadas cuentan igual; pide a un moderador que me dé { $count ->
    [one] ese permiso
   *[other] esos permisos
} y publicaré aquí el último mensaje de turno en cuanto pueda.
reply-picture-permissions = ⚠️ El mensaje de turno salió sin la imagen del tablero: necesito **Adjuntar archivos** e **Insertar enlaces** en este canal para mostrarla. `/partida estado` te la muestra en privado.
# Los nombres que da Discord a los permisos que necesita el bot (como los muestran los ajustes del servidor).
permission-view-channel = Ver canal
permission-send-messages = Enviar mensajes
permission-send-messages-in-threads = Enviar mensajes en hilos
permission-embed-links = Insertar enlaces
permission-attach-files = Adjuntar archivos

# /partida historial (commands/src/history.rs).
history-pick-a-game = Elige una partida de la lista: empieza a escribir en la opción partida para ver las que jugaste aquí.
history-failed = No se pudo montar la repetición; vuelve a intentarlo.
export-ready-json = El registro de la partida n.º { $game } de { $title }: cada jugada con lo que se contó en la mesa, y la puntuación final. Cualquier programa puede leerlo.
export-ready-json-file = El registro de la partida n.º { $game } de { $title }, en JSON
export-ready-html = La página que reproduce la partida n.º { $game } de { $title }: ábrela en cualquier navegador y avanza con ← y → o con la barra.
export-ready-html-file = Una página que reproduce en un navegador la partida n.º { $game } de { $title }
export-too-large = El registro de la partida n.º { $game } ocupa { $size } MB, más de lo que Discord deja subir a un bot (8 MB). `capomaestro export` puede escribirlo en el servidor del bot.
export-failed = No se pudo crear el registro; vuelve a intentarlo.
