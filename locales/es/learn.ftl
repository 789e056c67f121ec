# Partidas en un mensaje directo con el bot, y /game learn.

# Una orden que necesita un servidor, usada en un mensaje directo.
reply-needs-server = Esta orden solo funciona en un servidor: un mensaje directo con el bot no tiene servidor del que leerla.
# Otra persona intenta unirse a una mesa que es de una sola persona (su mensaje directo, su lección).
lobby-private-table = Esta mesa es de { $owner }: aquí solo juega esa persona, con bots. Abre una mesa propia con `/game new`.
# La primera línea de un mensaje directo sobre una partida jugada en ese mismo mensaje directo.
dm-header-here = **{ $title }**{ $link }:

## /game learn: una lección contra bots fáciles, con un entrenador.
learn-no-lesson = Aún no hay lección de { $game }.
learn-started = Empieza tu lección de **{ $game }**: juegas contra bots fáciles y el entrenador escribe una nota en cada una de tus decisiones. Haz callar al entrenador con `/partida aprender parar:true` (la partida sigue) o termina la partida con `/partida abandonar`.
learn-no-lesson-here = Aquí no tienes ninguna lección en curso.
learn-stopped = El entrenador ya no dirá nada: tu partida sigue como una partida normal contra los bots.
# Las notas del entrenador (en el mensaje directo o el hilo privado de quien aprende).
learn-coach-decision = 🎓 **Entrenador:** tu decisión ({ $count ->
    [one] una jugada posible
   *[other] { $count } jugadas posibles
}): { $kinds }.
learn-coach-rule = 📖 La regla: **{ $topic }** (`/partida reglas tema:{ $topic }`).
learn-coach-typed = ⌨️ `{ $move }`
learn-coach-no-suggestion = El entrenador no tiene ninguna sugerencia aquí: cualquiera de tus jugadas vale.
learn-coach-after-same = ✅ Has jugado lo que sugería el entrenador.
learn-coach-after-other = 🔎 El entrenador habría jugado otra cosa. { $hint }
learn-coach-after-any = ✅ Hecho.
learn-coach-over = 🎓 La lección ha terminado. Juega una partida completa con `/partida nueva`, contra bots o con amigos.
learn-pick-a-game = Elige el juego que quieres aprender: `/partida aprender juego:…`.
learn-no-thread = El bot no ha podido abrir un hilo privado para tu lección aquí (necesita Crear hilos privados y Enviar mensajes en hilos). Prueba `/partida aprender` en un mensaje directo con el bot.
learn-in-thread = Tu lección está en { $thread }: solo la leéis tú y el bot.
# El hilo privado de una lección, tal como lo muestra la lista de canales.
learn-thread-name = Lección: { $game }
learn-coach-done = 🎓 Aquí termina tu lección de { $game }. La partida sigue como una partida normal contra los bots; `/partida abandonar` la termina.
