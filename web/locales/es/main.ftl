# Las páginas de Arbiter, en español.

## Cabecera, pie de página, palabras comunes
nav-ratings = Clasificaciones Elo
nav-new-event = Nuevo torneo
nav-sign-out = Cerrar sesión
nav-sign-in = Iniciar sesión
nav-sign-up = Crear cuenta
nav-language = Idioma
live = en directo
loading = Cargando…
previous = Anterior
next = Siguiente
clock-label = Tiempo restante de la ronda
round-n = Ronda { $n }
pager-window = { $from }–{ $to } de { $total }
standings-pages = Páginas de la clasificación
month-1 = enero
month-2 = febrero
month-3 = marzo
month-4 = abril
month-5 = mayo
month-6 = junio
month-7 = julio
month-8 = agosto
month-9 = septiembre
month-10 = octubre
month-11 = noviembre
month-12 = diciembre
date-long = { $day } de { $month } de { $year }

## Estados, juegos, sistemas de emparejamiento
status-draft = Borrador
status-registration = Inscripción abierta
status-check-in = Acreditación abierta
status-in-progress = En curso
status-complete = Terminado
game-wh40k = Warhammer 40,000
game-chess = Ajedrez
game-crokinole = Crokinole
pairing-swiss-record = Suizo (por resultados)
pairing-round-robin = Liga a una vuelta
pairing-double-round-robin = Liga a doble vuelta
pairing-dutch = Suizo (FIDE holandés)
result-win = victoria
result-draw = tablas
result-loss = derrota

## Enlaces entre las páginas de un torneo
link-event = Página del torneo
link-board = Tablón de emparejamientos
link-standings = Clasificación
link-live-standings = Clasificación en directo
link-results-printouts = Resultados e impresiones
link-results-crosstable = Resultados, tabla cruzada, impresiones
link-prizes = Premios
link-prize-desk = Gestión de premios
link-my-page = Mi página
link-dashboard = Panel del organizador

## Columnas de las tablas
col-player = Jugador
col-faction = Facción
col-list = Lista
col-checked-in = Acreditado
col-status = Estado
col-rank = Puesto
col-score = Puntos
col-amount = Importe
col-category = Categoría
col-who = Quién
col-rating = Elo
col-games = Partidas
col-event = Torneo
col-round = Ronda
col-opponent = Rival
col-result = Resultado
col-before = Antes
col-after = Después

## Inicio
home-title = Torneos
home-mine = Mis torneos
home-mine-none = Todavía no ha creado ningún torneo ni se ha inscrito en ninguno.
home-create-one = Crear uno
home-running = Jugándose ahora
home-running-none = Ahora mismo no se juega ningún torneo.
home-open = Inscripción abierta
home-open-none = Ahora mismo ningún torneo admite inscripciones.
home-finished = Terminados
home-find = Buscar un torneo pasado
home-find-placeholder = Nombre o lugar
home-search = Buscar
home-show-all = Mostrar todos
home-finished-none = Todavía no ha terminado ningún torneo.
home-finished-no-match = Ningún torneo terminado coincide con «{ $search }».
home-rounds =
    { $n ->
        [one] { $n } ronda
       *[other] { $n } rondas
    }
home-players =
    { $n ->
        [one] { $n } jugador
       *[other] { $n } jugadores
    }

## Inicio de sesión y registro
account-create = Crear una cuenta
account-create-button = Crear cuenta
account-email = Correo electrónico
account-display-name = Nombre visible para los demás
account-password = Contraseña
account-have-one = ¿Ya tiene cuenta?
account-new-here = ¿Es nuevo?
account-title = Mi cuenta
tokens-title = Tokens de API
tokens-intro = Los tokens permiten que un script, un bot o una superposición de stream usen la API en su nombre, sin su contraseña. Un token de lectura solo lee; un token de organizador hace todo lo que usted puede hacer.
tokens-name = Nombre
tokens-scope = Alcance
tokens-scope-read = Solo lectura
tokens-scope-organiser = Organizador (leer y cambiar)
tokens-create = Crear un token
tokens-made = Token «{ $name }» creado. Cópielo ahora: no se volverá a mostrar.
tokens-usage = Envíelo con cada petición en la cabecera Authorization: Bearer seguida del token.
tokens-none = Aún no hay tokens.
tokens-created = Creado
tokens-last-used = Último uso
tokens-never = nunca
tokens-revoke = Revocar

## Página del torneo
event-qr-alt = Código QR de esta página
event-qr-caption = Escanéelo para abrirla en el móvil
event-schedule = Horario
event-round-starts = Ronda { $n } · empieza a las { $time }
event-register = Inscribirse
event-board-name = Nombre en el tablón de emparejamientos
event-faction = Facción
event-club = Club
event-club-placeholder = Club o ciudad
event-army-list = Lista de ejército (opcional hasta que se cierren las listas)
event-army-list-placeholder = Pegue aquí su lista...
event-sign-in-to-register-before = {""}
event-sign-in = Inicie sesión
event-sign-in-to-register-or = {" "}o{" "}
event-create-account = cree una cuenta
event-sign-in-to-register-after = {" "}para inscribirse.
event-players = Jugadores ({ $n })
event-entry-rules = Quién puede inscribirse
event-open-rated = Abierto a jugadores con rating { $band } ({ $source }).
event-open-unrated = Los jugadores sin rating también pueden inscribirse.
event-open-age-under = Abierto a jugadores menores de { $under } años el { $date }.
event-open-age-min = Abierto a jugadores de { $min } años o más el { $date }.
event-open-age-range = Abierto a jugadores de { $min } a { $max } años el { $date }.
event-invitation-only = Solo por invitación.
event-dropped = retirado
event-read = Leer
event-submitted = enviada

## Tablón de emparejamientos
board-title = Emparejamientos
board-no-round = Todavía no hay ronda
board-modes = Qué muestra esta pantalla
board-by-table = Por mesa
board-find-name = Buscar su nombre
board-both = Ambos por turnos
board-clock = Reloj
board-qr-alt = Código QR: este torneo en su móvil
board-qr-caption = Su emparejamiento en su móvil
board-loading = Cargando emparejamientos…

## Fase final
bracket-title = Fase final
bracket-label = Cuadro de la fase final
bracket-none = Este torneo no tiene fase final.

## Panel del organizador
dash-title = Panel
dash-event = Torneo:
dash-round = Ronda
dash-find = Buscar
dash-find-placeholder = Mesa o jugador
dash-show = Mostrar
dash-show-attention = Lo que requiere atención
dash-show-disputed = Reclamaciones
dash-show-reported = Pendientes de confirmar
dash-show-unreported = Resultados que faltan
dash-show-confirmed = Confirmados
dash-show-all = Todas las mesas
dash-keys = Teclas:
dash-key-next = siguiente mesa que requiere atención
dash-key-find = buscar
dash-key-enter = en una corrección la aplica
dash-tiebreaks = Desempates
dash-registrations = Inscripciones
dash-waitlist = Lista de espera
dash-payments = Cuotas de inscripción
dash-pay-filter = Mostrar
dash-pay-all = Todos
dash-pay-paid = Pagado
dash-pay-owed = Pendiente
dash-pay-waived = Exento

## Página de error
error-code = Código de error:
error-back = Volver a los torneos
error-title-401 = Inicie sesión primero
error-title-403 = No permitido
error-title-404 = No encontrado
error-title-503 = Vuelva a intentarlo en un momento
error-title-other = Algo ha fallado

## Nuevo torneo
new-name = Nombre
new-name-placeholder = Open de Madrid 2026
new-date = Fecha
new-location = Lugar
new-location-placeholder = Local, ciudad
new-game = Juego
new-pairing = Sistema de emparejamiento
new-round-robin-berger = Liga (tablas de Berger de la FIDE)
new-format = Formato
new-rounds = Rondas
new-rounds-hint = (las de una liga se deducen del número de jugadores; déjelo vacío)
new-max-vp = Puntuación máxima por jugador y partida (PV en 40K, puntos de partida en crokinole)
new-max-vp-placeholder = por defecto
new-round-times = Horas de inicio de las rondas, una por línea (09:30, o 2026-05-17 09:30 para otro día)
new-missions = Misiones, una por línea (en orden de rondas; 40K)
new-round-one = Emparejamiento de la ronda 1
new-round-one-order = Orden de los jugadores en la ronda 1
round-one-registration = Por orden de inscripción (el procedimiento por defecto)
round-one-random = Por sorteo (con semilla: la misma semilla da el mismo sorteo)
round-one-rating = Por rating, el más alto primero
new-round-one-seed = Semilla del sorteo
new-round-one-seed-placeholder = se elige por usted
new-create = Crear (como borrador)

## Página del jugador
player-board = Tablón
player-my-rating = Mi Elo
player-my-pairing = Mi emparejamiento
player-pairing-later = Su mesa aparecerá aquí cuando se empareje la ronda.
player-my-list = Mi lista
player-my-prizes = Mis premios
player-no-prize = Esta vez no hay premio.
player-all-winners = Todos los premiados
player-cash = Dinero:

## Premios
prize-col-prizes = Premios
prize-col-how = Cómo
prize-col-paid-to = Pagado a
prize-trophy = trofeo
prize-medal = medalla
prize-override = asignación manual
prize-handed-down = { $amount } traspasado
prize-share = parte { $amount }
prize-nobody = nadie: { $amount }
prizes-heading = { $name }: premios
prizes-winners = Premiados
prizes-published = Publicado el
prizes-cash = dinero:
prizes-cash-paid = Dinero pagado
prizes-fund = Bolsa de premios { $amount }
prizes-paid = pagado { $amount }
prizes-not-awarded = sin asignar { $amount }
prizes-not-yet = Los premios todavía no se han publicado.
prizes-list = Lista de premios
split-none = sin reparto: decide el orden de desempate
split-uscf = regla 32B3 de US Chess: los empatados reparten
split-place-first = primero los puestos (premios de categoría tras los premios por puesto)
split-hort = sistema Hort (mitad se conserva, mitad se reparte)
split-unknown = desconocido

## Gestión de premios
desk-heading = { $name }: gestión de premios
desk-public-list = Lista pública de premios
desk-counts = { $categories } categorías, { $prizes } premios
desk-csv-label = Sustituir la lista desde un CSV (una fila por premio; columnas:
desk-import = Importar CSV
desk-rules = Reglas
desk-per-player = Premios por jugador
desk-first-win = un premio por jugador (el primero ganado en el orden de las bases)
desk-allow-multiple = un premio por categoría
desk-cash-split = Dinero de los jugadores empatados
desk-class-excess = Dinero de categoría que un jugador de la categoría no necesitó (primero los puestos)
desk-capped = a los siguientes jugadores de la categoría, sin pagar nunca más a una puntuación menor que a una mayor (el resto se indica)
desk-to-class = todo a los siguientes jugadores de la categoría, como en la entrada del foro
desk-allow-unrated = Los jugadores sin Elo pueden ganar premios por tramo de Elo
desk-save-rules = Guardar las reglas
desk-allocate = Asignar
desk-allocate-about = A partir de la clasificación actual y los perfiles de los jugadores. Opcionalmente, asigne antes un premio a mano:
desk-prize = Premio
desk-no-override = (sin asignación manual)
desk-to = A
desk-run = Ejecutar la asignación
desk-run-of = Asignación del { $when }
desk-published = publicada
desk-allocated = { $n } asignados
desk-conflicts-n = { $n } conflictos
desk-unfilled = { $n } sin cubrir
desk-overrides = { $n } asignaciones manuales
desk-warnings-n = { $n } avisos
desk-conflicts = Conflictos
desk-warnings = Avisos
desk-cash = Dinero
desk-fund = Bolsa { $amount }
desk-see-why = (el motivo está en la lista de arriba)
desk-publish = Publicar esta asignación
desk-log = Registro
desk-runs = Asignaciones

## Clasificaciones Elo
ratings-about = Elo en todos los torneos: 1200 al empezar, K 32 en las 30 primeras partidas valoradas y después 16. El Elo cambia cuando el organizador cierra una ronda. { $n } jugadores con Elo.
ratings-new = nuevo
ratings-none = Todavía no hay partidas valoradas.
user-none = Todavía no hay partidas valoradas: el Elo cambia cuando un organizador cierra una ronda en la que jugó este jugador.
user-rank = Puesto { $rank } de { $total } en la
user-leaderboard = clasificación
user-games = { $n } partidas valoradas

## Resultados
results-title = Resultados
results-crosstable = Tabla cruzada
results-standings-after = Clasificación tras
results-standings-after-round = Clasificación tras la ronda
results-print = Imprimir
results-loading = Cargando resultados…

## Clasificación
standings-loading = Cargando la clasificación…

## Categorías de premios, gráfica de Elo
prize-cat-age-range = edad { $min }–{ $max }
prize-cat-age-min = edad ≥ { $min }
prize-cat-age-max = edad ≤ { $max }
prize-cat-rating-range = Elo { $min }–{ $max }
prize-cat-rating-min = Elo ≥ { $min }
prize-cat-rating-max = Elo ≤ { $max }
prize-cat-women = mujeres y niñas
prize-cat-gender = sexo { $gender }
prize-cat-disability = jugadores con discapacidad
prize-cat-city = ciudad { $value }
prize-cat-state = región { $value }
prize-cat-club = club { $value }
prize-cat-faction = facción { $value }
prize-cat-federation = federación { $value }
prize-cat-ranked-by = según { $by }
prize-ranked-painting = puntuación de pintura
prize-ranked-sportsmanship = puntuación de deportividad
prize-ranked-game_points = puntos de partida
prize-ranked-board_percentage = porcentaje en el tablero
prize-cat-board = tablero { $value }
prize-cat-min-games = al menos { $value } partidas
prize-cat-inactive = inactiva
prize-cat-everyone = todos
user-chart-label = { $event }, ronda { $round }: { $result } contra { $opponent }, { $before } → { $after } ({ $delta })

## Cómo se decidió cada premio, y las reglas de reparto (páginas de premios)
prize-how-tied-on = Empatados a { $score }:
prize-how-tiebreak = Pagado entero al jugador al que se asignó.
prize-how-manual = Asignado por el organizador (a mano), pagado entero.
prize-how-alone = Solo con esa puntuación: el mayor premio aún al alcance del jugador (32B1).
prize-how-pooled = { $on }estos premios se suman y se reparten a partes iguales (32B3).
prize-how-class-alone = { $on }los jugadores de la categoría { $category } se reparten solos sus premios, lo que les paga más que repartir con todo el empate (32B3).
prize-how-category = { $on }dinero de la categoría { $category }, repartido; cada uno conserva lo mayor entre lo que tenía y su parte, y cobra la diferencia.
prize-how-hort = { $on }cada uno conserva la mitad de su premio; las otras mitades se reparten a partes iguales (Hort).
prize-how-items = Asignado; sin dinero.
prize-how-unfilled = Sin asignar: { $reason }.
prize-how-no-winner = Sin asignar: ningún jugador podía llevárselo.
prize-how-no-class-player = Sin asignar: dinero de la categoría { $category } traspasado sin ningún jugador de la categoría { $category } que pueda llevárselo.
prize-how-capped = Sin asignar: pagar este dinero de la categoría { $category } pagaría a un jugador de la categoría más de lo que recibió otro mejor clasificado de la misma categoría. El organizador puede pagarlo a los siguientes jugadores de la categoría (regla: excedente de la categoría a la categoría).
prize-how-carried-in = Incluye { $amount } traspasados dentro de la categoría.
prize-how-carried-out = { $amount } no necesarios, traspasados a los siguientes jugadores de la categoría.
prize-rule-none = Sin reparto: cada premio se paga entero al jugador al que se asignó (orden de las bases, un premio por jugador salvo que el torneo permita más; los jugadores con el mismo puesto se separan por Elo y luego por nombre).
prize-rule-uscf-32b3 = Regla 32B3 de US Chess: los jugadores empatados suman los premios en metálico que cubren sus puestos, como mucho uno por jugador, y reparten la suma a partes iguales; los jugadores con derecho a un premio de categoría se llevan solos los premios de esa categoría, o los reparten solo con los demás de la categoría, cuando eso les paga más. Los premios que el empate no usa pasan a la siguiente puntuación. Trofeos y medallas siguen el orden de desempate.
prize-rule-place-first = Primero los puestos (foro de US Chess, sobre la regla 32B3): los jugadores empatados reparten los premios por puesto que cubren sus puestos como si no hubiera premios de categoría; después, los premios de cada categoría van a sus jugadores por puntuación, y cada uno conserva lo mayor entre su premio por puesto y su parte de la categoría (la categoría paga solo la diferencia); el dinero que un jugador de la categoría no necesitó pasa a los siguientes jugadores de la categoría. Un premio por jugador: un jugador de la categoría cuyo premio por puesto vale al menos su parte de la categoría no ocupa un puesto de la categoría, y los premios de la categoría van a sus siguientes jugadores. Trofeos y medallas siguen el orden de desempate.
prize-rule-hort = Sistema Hort: los premios se dan por orden de desempate; un jugador empatado con otros conserva la mitad de su premio, y las otras mitades de los premios de los empatados se reparten a partes iguales entre los empatados con derecho a ellos: la mitad de un premio de categoría solo entre los empatados de esa categoría.
prize-unfilled-no-eligible-players = ningún jugador con derecho
prize-unfilled-all-won = todos los jugadores con derecho ya ganaron

## Conflictos y avisos de la gestión de premios
prize-conflict-unknown-prize = Asignación manual: no hay ningún premio `{ $id }`.
prize-conflict-unknown-player = Asignación manual de { $prize }: el jugador { $id } no está en la clasificación.
prize-conflict-inactive = Asignación manual de { $prize } a { $who }: el premio o su categoría está inactivo.
prize-conflict-ineligible = Asignación manual de { $prize } a { $who }: no tiene derecho a la categoría ({ $why }).
prize-conflict-already-assigned = Asignación manual de { $prize } a { $who }: una asignación manual anterior ya se lo dio a { $others }.
prize-conflict-already-won = Asignación manual de { $prize } a { $who }: { $who } ya tiene { $held } por una asignación manual anterior.
prize-conflict-identical = { $prize } fue provisionalmente a { $who }, con el mismo puesto, Elo y nombre que { $others }: decida con una asignación manual.
prize-warning-won-nothing = { $prize } fue a { $winner } (puesto { $winner_rank }) por delante de { $bypassed } (puesto { $bypassed_rank }), que no ganó nada.
prize-warning-took = { $prize } fue a { $winner } (puesto { $winner_rank }) por delante de { $bypassed } (puesto { $bypassed_rank }), que se llevó { $took }.
prize-ineligible-gender-mismatch = sexo distinto
prize-ineligible-below-min-age = por debajo de la edad mínima
prize-ineligible-above-max-age = por encima de la edad máxima
prize-ineligible-missing-date-of-birth = falta la fecha de nacimiento
prize-ineligible-unrated-in-rating-category = sin Elo en una categoría por Elo
prize-ineligible-below-min-rating = por debajo del Elo mínimo
prize-ineligible-above-max-rating = por encima del Elo máximo
prize-ineligible-disability-mismatch = no cumple el criterio de discapacidad
prize-ineligible-city-mismatch = otra ciudad
prize-ineligible-state-mismatch = otra región
prize-ineligible-club-mismatch = otro club
prize-ineligible-faction-mismatch = facción distinta
prize-ineligible-federation-mismatch = federación distinta
prize-ineligible-team-category = premio por equipos
prize-ineligible-individual-award = premio individual
prize-ineligible-board-mismatch = otro tablero
prize-ineligible-too-few-games = muy pocas partidas

## API reference page (/api/docs)
api-page-title = API
api-json = el documento en JSON:
api-contents = Índice
api-socket = Protocolo de la conexión en directo (WebSocket)
api-codes = Códigos de error
api-schemas = Esquemas
api-parameters = Parámetros
api-col-name = nombre
api-col-in = ubicación
api-col-schema = esquema
api-col-meaning = significado
api-required = (obligatorio)
api-optional = (opcional)
api-request-body = Cuerpo de la petición
api-responses = Respuestas
api-col-status = estado
api-col-body = cuerpo
api-col-code = código
api-col-when = cuándo
api-protocol-version = versión del protocolo
api-views = vistas:
api-client-frames = Mensajes del cliente:
api-server-frames = Mensajes del servidor:
api-close-codes = Códigos de cierre
api-error-body = Cada error es un cuerpo JSON con el código y un mensaje, y detalles cuando una lista ayuda:
api-content-note = Las descripciones de las operaciones y esquemas están en inglés, como la API.

## The prize desk: publishing and taking back, asked first
desk-publish-what = Publicar convierte este cálculo en la lista pública de premios del torneo: los jugadores y la página de premios la ven al instante. Podrá retirarla después.
desk-publish-now = Publicar ahora
desk-unpublish = Retirar los premios publicados
desk-unpublish-what = La lista de premios deja de ser pública al instante; los cálculos siguen aquí y podrá publicar de nuevo este u otro.
desk-unpublish-now = Retirar ahora
desk-stale = desfasado
desk-stale-why = Los resultados cambiaron desde este cálculo (un resultado, una ronda reabierta, un jugador readmitido o retirado): vuelva a calcular el reparto.

## /claim/{code}: a player takes over the entry the organiser made
claim-title = Reclamar su inscripción
claim-what = El organizador inscribió a { $name } en { $event }.
claim-then = Una vez reclamada, esta inscripción es suya: ve sus emparejamientos y comunica sus resultados desde el móvil.
claim-button = Soy { $name }: reclamar esta inscripción
claim-sign-in-first = Inicie sesión (o cree una cuenta) primero; después volverá aquí.

## /staff/{code}: an invitation to the staff; the dashboard's staff panel
staff-invite-title = Unirse al equipo del torneo
staff-invite-judge = Está invitado a arbitrar { $event }: resultados, reclamaciones, decisiones y confirmación de presencia.
staff-invite-co = Está invitado a coorganizar { $event }, con todos los derechos de un organizador.
staff-invite-accept = Aceptar y abrir el panel
dash-staff = Equipo
dash-log = Registro de acciones
dash-settings = Ajustes del torneo
# Las salas de emparejamiento de los capitanes (la sala de un encuentro, la pantalla del local).
room-title = Sala de emparejamiento
room-timer = Tiempo restante en este paso
room-lock = Bloquear mi elección
room-staff = Controles del organizador
room-confirm = Bloquear
room-cancel = Cancelar
room-games = Partidas
room-open = Abrir tu sala de emparejamiento
rooms-title = Salas de emparejamiento
rooms-none = No hay emparejamiento de capitanes en curso en esta ronda.
team-captain = Capitán
team-captain-none = a cargo de la organización
team-players = Jugadores
team-reserves = Reservas
team-rounds = Rondas
team-no-rounds = Aún no hay rondas emparejadas.
team-bye = Descanso
team-vs = contra
team-col-board = Tablero
team-col-table = Mesa
team-col-player = Jugador
team-col-faction = Facción
team-col-rating = Elo
team-col-score = Resultado
team-col-opponent = Rival
team-col-state = Estado
team-result-W = Ganado
team-result-D = Tablas
team-result-L = Perdido
team-state-UNREPORTED = En juego
team-state-REPORTED = Comunicado
team-state-DISPUTED = Disputado
team-state-CONFIRMED = Confirmado

## Events with sections
sections-heading = Secciones
sections-none = Todavía no hay ninguna sección abierta.
sections-dates = del { $from } al { $to }
sections-round = Ronda { $n } de { $total }
sections-leaders = En cabeza
sections-no-standings = Todavía no se ha jugado ninguna ronda.
sections-board = Emparejamientos, todas las secciones
sections-standings = Clasificaciones, todas las secciones
sections-players-csv = Jugadores de todas las secciones (CSV)
sections-by-section = Por sección
sections-col-section = Sección
sections-col-table = Mesa
sections-bye = Descanso
sections-home = Eventos con secciones
sections-not-seated = Todavía no hay nadie emparejado.
