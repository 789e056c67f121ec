# La mesa de terminal `capomaestro local` (src/local.rs): sus propias líneas alrededor de
# lo que dice la mesa. Los comandos que se escriben (`ana: join`, `wait 2h`, `quit`,
# `--resume`) no se traducen.

local-unknown-language = `{ $code }` no es un idioma que hable: usa { $languages }.
local-channel = ── #mesa ──────────────
local-private = ── 🔒 privado para { $name } ──
local-hand = ── 🔒 privado para { $name } (mano) ──
local-only-sees = ── solo para { $name } ──
local-user = usuario { $user }
local-you = ti
local-the-clock = el reloj
local-your-move = → { $name }, te toca. 🔒 Opciones de { $name } ({ $count }):
local-more-choices = … y { $count } más (`{ $name }: ?` las muestra todas)
local-help = Mesa local: escribe `<jugador>: <comando>`, p. ej. `ana: join` o `ana: 2` (la segunda opción de la lista); `ana: ?` muestra todas las opciones de ana; un comando sin nombre va al único jugador al que se espera; `wait 2h` adelanta el reloj (`wait` a secas salta al siguiente recordatorio o tiempo límite); `quit` sale (la partida queda guardada: `--resume` la continúa).
local-no-timer = No hay ningún recordatorio ni tiempo límite.
local-later = ⏩ { $duration } después.
local-no-such-player = No hay ningún jugador llamado `{ $name }`; jugadores: { $players }.
local-say-who = Di quién juega, como `ana: { $line }`.
local-nothing-to-play = { $name } no tiene nada que jugar ahora.
local-may-play = { $name } puede jugar:
local-nothing-to-resume = No hay ninguna partida local guardada que continuar en { $dir }.
local-resuming = Continuamos la partida guardada.
local-name-the-players = Di quiénes juegan: --players ana,bruno,carla
local-not-started = La partida no ha empezado.
local-stuck = La partida no ha terminado tras { $count } acciones.
local-stuck-random = La partida no ha terminado tras { $count } acciones al azar.
local-no-legal-action = Se espera a { $name }, pero no tiene ninguna acción legal.
local-auto-over = Fin de la partida tras { $count } acciones al azar.
local-game-over = La partida ha terminado.
local-cannot-read-script = no se puede leer el guion { $path }: { $error }
local-cannot-write = no se puede escribir { $path }: { $error }
local-cannot-create = no se puede crear { $dir }: { $error }

## `capomaestro replay`: a game record checked and shown
replay-heading = { $title } · { $players } · semilla { $seed }
replay-move = { $n }. { $name }: { $text } — { $told }
replay-score = { $name }: { $total }
replay-step-help = Jugada { $at } de { $of }: Intro para la siguiente, b para volver, q para parar.
replay-verified = Comprobado: { $count } jugadas repetidas, todas legales, la puntuación final como en el registro.
replay-records-verified = Comprobados { $count } registros ({ $moves } jugadas): todas las jugadas legales, todas las puntuaciones finales como en el registro.
replay-record-failed = Registro { $n }: { $error }
local-from-record = Se jugaron las primeras { $count } jugadas del registro; sigue desde aquí.
replay-page-written = Escrito { $path } ({ $bytes } bytes); comprobado antes: todas las jugadas legales, la puntuación final como en el registro.
