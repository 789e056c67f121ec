# Puntuaciones: los cambios de una partida terminada, `/game rating` y la clasificación
# por puntuación. Los números son puntuaciones mostradas (1000 para quien empieza).

## A finished game's changes (table/src/rated.rs)
rating-changes = 📈 **Puntuaciones**
rating-change = { $name }: { $change } → { $rating }
rating-delta-up = +{ $change }
rating-delta-down = −{ $change }
rating-delta-none = ±0
rating-provisional = (provisional)
rating-unrated-table = ⚖️ Una mesa sin puntuar: su resultado no cambia ninguna puntuación.

## /game rating (table/src/rating_reply.rs)
rating-heading = 📈 **Puntuaciones de { $name } { $ladder ->
        [global] entre servidores
        [season] en la temporada { $season }
       *[server] en este servidor
    }**
rating-line = **{ $game }**: { $rating } · { $games ->
        [one] 1 partida puntuada
       *[other] { $games } partidas puntuadas
    } · último cambio { $change } · puesto { $rank } de { $players }
rating-none = { $name } aún no tiene puntuación { $ladder ->
        [global] entre servidores
        [season] en la temporada { $season }
       *[server] en este servidor
    }: la da una partida terminada.
rating-none-of-game = { $name } aún no tiene puntuación en { $game } { $ladder ->
        [global] entre servidores
        [season] en la temporada { $season }
       *[server] en este servidor
    }: la da una partida terminada.
rating-unreadable = No se pudieron leer las puntuaciones ({ $error }).

## The rating leaderboard's picture (render/src/leaderboard.rs)
rating-number = { $n }
rating-board-title = Puntuaciones — { $game }
rating-board-status = Los { $shown } mejores de { $rated ->
        [one] 1 jugador puntuado
       *[other] { $rated } jugadores puntuados
    } { $ladder ->
        [global] entre los servidores que comparten sus puntuaciones
        [season] en esta temporada
       *[server] en este servidor
    }. Igual puntuación, mismo puesto; «provisional»: menos de 5 partidas puntuadas.
rating-board-rank = Puesto
rating-board-player = Jugador
rating-board-rating = Puntuación
rating-board-games = Partidas
rating-board-alt-head = { $title }. { $status }
rating-board-alt-row = { $rank }. { $name }: { $rating }, { $games ->
        [one] 1 partida puntuada
       *[other] { $games } partidas puntuadas
    }
rating-board-text = 📈 **Puntuaciones — { $game }** (la imagen; su descripción lee las mismas filas)
rating-board-pick-a-title = Indica un título: `/partida clasificación juego:Palazzo por:puntuación`.
rating-board-empty = Aún nadie tiene puntuación en { $game } { $ladder ->
        [global] entre servidores
       *[server] en este servidor
    }: una partida terminada puntúa a sus jugadores.

## The global ladder (table/src/rated.rs)
rating-global-on = 🌐 Las partidas terminadas de este servidor ahora también puntúan a sus jugadores en la clasificación entre servidores.
rating-global-off = Las partidas de este servidor ahora solo puntúan en la clasificación de este servidor.
rating-global-not-shared = Este servidor no comparte sus puntuaciones con la clasificación entre servidores, así que no puede mostrarla: un miembro con Gestionar servidor puede activarlo con `/partida ajustes puntuación_global:sí`.
rating-global-not-allowed = Solo un miembro con Gestionar servidor puede elegir si las partidas de este servidor puntúan en la clasificación entre servidores.

## Seasons (table/src/seasons.rs)
season-not-allowed = Solo un miembro con Gestionar servidor puede empezar o terminar una temporada en este servidor.
season-bad-name = El nombre de una temporada tiene de 1 a { $max } letras, cifras, espacios, puntos, guiones o guiones bajos.
season-already-running = La temporada { $name } está en marcha desde el { $since }: termínala antes de empezar otra.
season-name-taken = Este servidor ya tuvo una temporada llamada { $name }: elige otro nombre.
season-started = 🏁 Ha empezado la temporada { $name }: desde ahora cada partida puntuada de este servidor también cuenta en ella. Cada jugador parte de su puntuación de siempre, con su incertidumbre ampliada a medio camino de la de un jugador nuevo.
season-none-running = No hay ninguna temporada en marcha en este servidor.
season-ended = 🏆 Ha terminado la temporada { $name } ({ $since } – { $until }); su clasificación final queda guardada.
season-unknown = Este servidor no tiene ninguna temporada llamada { $name }.
season-none-yet = Este servidor aún no ha tenido ninguna temporada.
season-dates-running = Temporada { $name }: desde el { $since }, aún en marcha.
season-dates-ended = Temporada { $name }: { $since } – { $until }, clasificación final.
season-board-empty = Nadie fue puntuado en { $game } en esta temporada.
