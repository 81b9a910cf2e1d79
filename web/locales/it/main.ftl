# Le pagine di Arbiter, in italiano (tradotte dall'inglese).

## Header, footer, shared words
nav-ratings = Classifica Elo
nav-new-event = Nuovo torneo
nav-sign-out = Esci
nav-sign-in = Accedi
nav-sign-up = Registrati
nav-language = Lingua
live = in diretta
loading = Caricamento…
previous = Precedente
next = Successivo
clock-label = Tempo rimasto nel turno
round-n = Turno { $n }
pager-window = { $from }–{ $to } di { $total }
standings-pages = Pagine della classifica
month-1 = gennaio
month-2 = febbraio
month-3 = marzo
month-4 = aprile
month-5 = maggio
month-6 = giugno
month-7 = luglio
month-8 = agosto
month-9 = settembre
month-10 = ottobre
month-11 = novembre
month-12 = dicembre
date-long = { $day } { $month } { $year }

## Statuses, games, pairing systems
status-draft = Bozza
status-registration = Iscrizioni aperte
status-check-in = Check-in aperto
status-in-progress = In corso
status-complete = Concluso
game-wh40k = Warhammer 40,000
game-chess = Scacchi
game-crokinole = Crokinole
pairing-swiss-record = Svizzero (per punteggio)
pairing-round-robin = Girone all'italiana
pairing-double-round-robin = Doppio girone all'italiana
pairing-dutch = Sistema svizzero (olandese FIDE)
result-win = vittoria
result-draw = patta
result-loss = sconfitta

## Links between an event's pages
link-event = Pagina del torneo
link-board = Tabellone degli abbinamenti
link-standings = Classifica
link-live-standings = Classifica in diretta
link-results-printouts = Risultati e stampe
link-results-crosstable = Risultati, tabellone, stampe
link-prizes = Premi
link-prize-desk = Gestione premi
link-my-page = La mia pagina
link-dashboard = Pannello dell'organizzatore

## Table columns
col-player = Giocatore
col-faction = Fazione
col-list = Lista
col-checked-in = Presente
col-status = Stato
col-rank = Pos.
col-score = Punti
col-amount = Importo
col-category = Categoria
col-who = Chi
col-rating = Elo
col-games = Partite
col-event = Torneo
col-round = Turno
col-opponent = Avversario
col-result = Risultato
col-before = Prima
col-after = Dopo

## Home
home-title = Tornei
home-mine = I miei tornei
home-mine-none = Non hai ancora creato un torneo né ti sei iscritto a uno.
home-create-one = Creane uno
home-running = In corso ora
home-running-none = Nessun torneo è in corso in questo momento.
home-open = Iscrizioni aperte
home-open-none = Nessun torneo accetta iscrizioni in questo momento.
home-finished = Conclusi
home-find = Cerca un torneo passato
home-find-placeholder = Nome o sede
home-search = Cerca
home-show-all = Mostra tutti
home-finished-none = Nessun torneo si è ancora concluso.
home-finished-no-match = Nessun torneo concluso corrisponde a «{ $search }».
home-rounds =
    { $n ->
        [one] { $n } turno
       *[other] { $n } turni
    }
home-players =
    { $n ->
        [one] { $n } giocatore
       *[other] { $n } giocatori
    }

## Sign-in and sign-up
account-create = Crea un account
account-create-button = Crea account
account-email = E-mail
account-display-name = Nome visibile agli altri
account-password = Password
account-have-one = Hai già un account?
account-new-here = Sei nuovo?

## Event page
event-qr-alt = Codice QR di questa pagina
event-qr-caption = Inquadralo per aprirla sul telefono
event-schedule = Programma
event-round-starts = Turno { $n } · inizio { $time }
event-register = Iscriviti
event-board-name = Nome sul tabellone degli abbinamenti
event-faction = Fazione
event-club = Circolo
event-club-placeholder = Circolo o città
event-army-list = Lista dell'esercito (facoltativa finché le liste non vengono bloccate)
event-army-list-placeholder = Incolla qui la tua lista...
event-sign-in-to-register-before = {""}
event-sign-in = Accedi
event-sign-in-to-register-or = {" "}o{" "}
event-create-account = crea un account
event-sign-in-to-register-after = {" "}per iscriverti.
event-players = Giocatori ({ $n })
event-dropped = ritirato
event-read = Leggi
event-submitted = inviata

## Pairings board
board-title = Abbinamenti
board-no-round = Nessun turno ancora
board-modes = Cosa mostra questo schermo
board-by-table = Per scacchiera
board-find-name = Trova il tuo nome
board-both = Entrambi a rotazione
board-clock = Orologio
board-qr-alt = Codice QR: questo torneo sul tuo telefono
board-qr-caption = Il tuo abbinamento sul telefono
board-loading = Caricamento degli abbinamenti…

## Playoffs
bracket-title = Playoff
bracket-label = Tabellone dei playoff
bracket-none = Questo torneo non ha una fase di playoff.

## TO dashboard
dash-title = Pannello
dash-event = Torneo:
dash-round = Turno
dash-find = Trova
dash-find-placeholder = Tavolo o giocatore
dash-show = Mostra
dash-show-attention = Cosa richiede attenzione
dash-show-disputed = Contestazioni
dash-show-reported = In attesa di conferma
dash-show-unreported = Risultati mancanti
dash-show-confirmed = Confermati
dash-show-all = Tutti i tavoli
dash-keys = Tasti:
dash-key-next = prossimo tavolo che richiede attenzione
dash-key-find = cerca
dash-key-enter = in una correzione la applica
dash-tiebreaks = Spareggi
dash-registrations = Iscrizioni
dash-waitlist = Lista d'attesa
dash-payments = Quote d'iscrizione
dash-pay-filter = Mostra
dash-pay-all = Tutti
dash-pay-paid = Pagato
dash-pay-owed = Da pagare
dash-pay-waived = Esonerato

## Error page
error-code = Codice di errore:
error-back = Torna ai tornei
error-title-401 = Prima accedi
error-title-403 = Non consentito
error-title-404 = Non trovato
error-title-503 = Riprova tra poco
error-title-other = Qualcosa è andato storto

## New event
new-name = Nome
new-name-placeholder = Warhammer World GT 2026
new-date = Data
new-location = Luogo
new-location-placeholder = Sede, città
new-game = Gioco
new-pairing = Sistema di abbinamento
new-round-robin-berger = Girone all'italiana (tabelle Berger FIDE)
new-format = Formato
new-rounds = Turni
new-rounds-hint = (in un girone all'italiana dipendono dai giocatori; lascia vuoto)
new-max-vp = Punteggio massimo per giocatore e partita (VP in 40K, punti partita nel crokinole)
new-max-vp-placeholder = predefinito
new-round-times = Orari di inizio dei turni, uno per riga (09:30, oppure 2026-05-17 09:30 per un giorno successivo)
new-missions = Missioni, una per riga (in ordine di turno; 40K)
new-round-one = Abbinamento del turno 1
new-round-one-order = Ordine dei giocatori per il turno 1
round-one-registration = Per ordine di iscrizione (la procedura del seed)
round-one-random = Per sorteggio (con seed: lo stesso seed dà lo stesso sorteggio)
round-one-rating = Per Elo, dal più alto
new-round-one-seed = Seed del sorteggio
new-round-one-seed-placeholder = estratto per te
new-create = Crea (come bozza)

## Player's page
player-board = Tabellone
player-my-rating = Il mio Elo
player-my-pairing = Il mio abbinamento
player-pairing-later = Il tuo tavolo compare qui quando il turno è abbinato.
player-my-list = La mia lista
player-my-prizes = I miei premi
player-no-prize = Nessun premio questa volta.
player-all-winners = Tutti i premiati
player-cash = Denaro:

## Prizes
prize-col-prizes = Premi
prize-col-how = Come
prize-col-paid-to = Pagato a
prize-trophy = trofeo
prize-medal = medaglia
prize-override = correzione manuale
prize-handed-down = { $amount } passati oltre
prize-share = quota { $amount }
prize-nobody = nessuno: { $amount }
prizes-heading = { $name }: premi
prizes-winners = Premiati
prizes-published = Pubblicato
prizes-cash = denaro:
prizes-cash-paid = Denaro pagato
prizes-fund = Montepremi { $amount }
prizes-paid = pagati { $amount }
prizes-not-awarded = non assegnati { $amount }
prizes-not-yet = I premi non sono ancora stati pubblicati.
prizes-list = Elenco dei premi
split-none = nessuna divisione: decide l'ordine di spareggio
split-uscf = regola 32B3 di US Chess: i giocatori a pari punti dividono
split-place-first = prima la posizione (premi di categoria assegnati dopo i premi assoluti)
split-hort = sistema Hort (metà tenuta, metà divisa)
split-unknown = sconosciuto

## Prize desk
desk-heading = { $name }: gestione premi
desk-public-list = Elenco pubblico dei premi
desk-counts = { $categories } categorie, { $prizes } premi
desk-csv-label = Sostituisci l'elenco da un CSV (una riga per premio; colonne:
desk-import = Importa CSV
desk-rules = Regole
desk-per-player = Premi per giocatore
desk-first-win = un premio per giocatore (il primo vinto nell'ordine del bando)
desk-allow-multiple = un premio per categoria
desk-cash-split = Denaro per i giocatori a pari punti
desk-class-excess = Denaro di categoria non servito a un giocatore della categoria (prima la posizione)
desk-capped = ai giocatori successivi della categoria, senza mai pagare un punteggio più basso più di uno più alto (il resto viene segnalato)
desk-to-class = tutto ai giocatori successivi della categoria, come fa il messaggio del forum
desk-allow-unrated = I giocatori senza Elo possono vincere premi di fascia Elo
desk-save-rules = Salva le regole
desk-allocate = Assegna
desk-allocate-about = Dalla classifica attuale e dai profili dei giocatori. Facoltativamente, assegna prima un premio a mano:
desk-prize = Premio
desk-no-override = (nessuna correzione)
desk-to = A
desk-run = Esegui l'assegnazione
desk-run-of = Assegnazione del { $when }
desk-published = pubblicata
desk-allocated = { $n } assegnati
desk-conflicts-n = { $n } conflitti
desk-unfilled = { $n } non assegnati
desk-overrides = { $n } correzioni
desk-warnings-n = { $n } avvisi
desk-conflicts = Conflitti
desk-warnings = Avvisi
desk-cash = Denaro
desk-fund = Montepremi { $amount }
desk-see-why = (vedi l'elenco sopra per il motivo)
desk-publish = Pubblica questa assegnazione
desk-log = Registro
desk-runs = Assegnazioni

## Ratings
ratings-about = Elo su tutti i tornei: 1200 all'inizio, K 32 per le prime 30 partite valutate, poi 16. L'Elo cambia quando l'organizzatore chiude un turno. { $n } giocatori con Elo.
ratings-new = nuovo
ratings-none = Ancora nessuna partita valutata.
user-none = Ancora nessuna partita valutata: l'Elo cambia quando un organizzatore chiude un turno giocato da questo giocatore.
user-rank = #{ $rank } di { $total } nella
user-leaderboard = classifica
user-games = { $n } partite valutate

## Results
results-title = Risultati
results-crosstable = Tabellone incrociato
results-standings-after = Classifica dopo
results-standings-after-round = Classifica dopo il turno
results-print = Stampa
results-loading = Caricamento dei risultati…

## Standings
standings-loading = Caricamento della classifica…

## Prize categories, the rating chart
prize-cat-age-range = età { $min }–{ $max }
prize-cat-age-min = età ≥ { $min }
prize-cat-age-max = età ≤ { $max }
prize-cat-rating-range = Elo { $min }–{ $max }
prize-cat-rating-min = Elo ≥ { $min }
prize-cat-rating-max = Elo ≤ { $max }
prize-cat-women = donne e ragazze
prize-cat-gender = genere { $gender }
prize-cat-disability = giocatori con disabilità
prize-cat-city = città { $value }
prize-cat-state = regione { $value }
prize-cat-club = circolo { $value }
prize-cat-faction = fazione { $value }
prize-cat-federation = federazione { $value }
prize-cat-ranked-by = in ordine di { $by }
prize-ranked-painting = punteggio di pittura
prize-ranked-sportsmanship = punteggio di sportività
prize-ranked-game_points = punti partita
prize-ranked-board_percentage = percentuale in scacchiera
prize-cat-board = scacchiera { $value }
prize-cat-min-games = almeno { $value } partite
prize-cat-inactive = inattiva
prize-cat-everyone = tutti
user-chart-label = { $event }, turno { $round }: { $result } contro { $opponent }, { $before } → { $after } ({ $delta })

## How each prize was decided, and the split rules (the prize pages)
prize-how-tied-on = A pari merito con { $score }:
prize-how-tiebreak = Pagato per intero al giocatore a cui è stato assegnato.
prize-how-manual = Dato dall'organizzatore (correzione manuale), pagato per intero.
prize-how-alone = Solo con questo punteggio: il premio più alto ancora disponibile per il giocatore (32B1).
prize-how-pooled = { $on }questi premi vengono sommati e divisi in parti uguali (32B3).
prize-how-class-alone = { $on }i giocatori { $category } si dividono da soli i premi { $category }, il che li paga più che dividere con tutti i pari merito (32B3).
prize-how-category = { $on }denaro { $category }, diviso; ciascuno tiene il maggiore tra ciò che aveva e la propria quota, e riceve la differenza.
prize-how-hort = { $on }ciascuno tiene metà del proprio premio; le altre metà sono divise in parti uguali (Hort).
prize-how-items = Assegnato; nessun denaro.
prize-how-unfilled = Non assegnato: { $reason }.
prize-how-no-winner = Non assegnato: nessun giocatore poteva riceverlo.
prize-how-no-class-player = Non assegnato: denaro { $category } passato oltre senza più alcun giocatore { $category } a cui darlo.
prize-how-capped = Non assegnato: pagare questo denaro { $category } darebbe a un giocatore { $category } più di quanto ha ricevuto un giocatore { $category } con un punteggio migliore. L'organizzatore può invece pagarlo ai giocatori successivi della categoria (regola: eccedenza di categoria alla categoria).
prize-how-carried-in = Comprende { $amount } passati oltre nella categoria.
prize-how-carried-out = { $amount } non necessari, passati ai giocatori successivi della categoria.
prize-rule-none = Nessuna divisione: ogni premio è pagato per intero al giocatore a cui è stato assegnato (ordine del bando, un premio per giocatore salvo che il torneo ne consenta di più; i giocatori con la stessa posizione sono separati per Elo, poi per nome).
prize-rule-uscf-32b3 = Regola 32B3 di US Chess: i giocatori a pari punti sommano i premi in denaro coperti dalle loro posizioni, al massimo un premio per giocatore, e dividono la somma in parti uguali; i giocatori che hanno diritto a un premio di categoria prendono da soli i premi di quella categoria, o divisi solo con gli altri della categoria, quando ciò li paga di più. I premi non usati dai pari merito passano al punteggio successivo. Trofei e medaglie seguono l'ordine di spareggio.
prize-rule-place-first = Prima la posizione (forum di US Chess, sulla regola 32B3): i giocatori a pari punti dividono i premi assoluti coperti dalle loro posizioni come se non ci fossero premi di categoria; poi i premi di ogni categoria vanno ai giocatori della categoria per punteggio, ciascuno tiene il maggiore tra il denaro della posizione e la propria quota di categoria (la categoria paga solo la differenza), e il denaro che un giocatore della categoria non ha usato va ai giocatori successivi della categoria. Un premio per giocatore: un giocatore di categoria il cui denaro di posizione è almeno pari alla quota di categoria non prende alcun posto di categoria, e i premi della categoria vanno ai giocatori successivi. Trofei e medaglie seguono l'ordine di spareggio.
prize-rule-hort = Sistema Hort: i premi sono dati nell'ordine di spareggio; un giocatore a pari punti con altri tiene metà del proprio premio, e le altre metà dei premi dei pari merito sono divise in parti uguali tra i pari merito che ne hanno diritto: la metà di un premio di categoria solo tra i pari merito di quella categoria.
prize-unfilled-no-eligible-players = nessun giocatore idoneo
prize-unfilled-all-won = tutti vinti

## The prize desk's conflicts and warnings
prize-conflict-unknown-prize = Correzione: non esiste il premio `{ $id }`.
prize-conflict-unknown-player = Correzione di { $prize }: il giocatore { $id } non è in classifica.
prize-conflict-inactive = Correzione di { $prize } a { $who }: il premio o la sua categoria è inattiva.
prize-conflict-ineligible = Correzione di { $prize } a { $who }: non idoneo per la categoria ({ $why }).
prize-conflict-already-assigned = Correzione di { $prize } a { $who }: una correzione precedente lo ha già dato a { $others }.
prize-conflict-already-won = Correzione di { $prize } a { $who }: { $who } ha già { $held } da una correzione precedente.
prize-conflict-identical = { $prize } è andato provvisoriamente a { $who }, che ha la stessa posizione, lo stesso Elo e lo stesso nome di { $others }: decidi con una correzione.
prize-warning-won-nothing = { $prize } è andato a { $winner } (posizione { $winner_rank }) prima di { $bypassed } (posizione { $bypassed_rank }), che non ha vinto nulla.
prize-warning-took = { $prize } è andato a { $winner } (posizione { $winner_rank }) prima di { $bypassed } (posizione { $bypassed_rank }), che ha preso { $took }.
prize-ineligible-gender-mismatch = genere non corrispondente
prize-ineligible-below-min-age = sotto l'età minima
prize-ineligible-above-max-age = sopra l'età massima
prize-ineligible-missing-date-of-birth = data di nascita mancante
prize-ineligible-unrated-in-rating-category = senza Elo in una fascia Elo
prize-ineligible-below-min-rating = sotto l'Elo minimo
prize-ineligible-above-max-rating = sopra l'Elo massimo
prize-ineligible-disability-mismatch = disabilità non corrispondente
prize-ineligible-city-mismatch = città non corrispondente
prize-ineligible-state-mismatch = regione non corrispondente
prize-ineligible-club-mismatch = circolo non corrispondente
prize-ineligible-faction-mismatch = fazione non corrispondente
prize-ineligible-federation-mismatch = federazione non corrispondente
prize-ineligible-team-category = categoria a squadre
prize-ineligible-individual-award = premio individuale
prize-ineligible-board-mismatch = scacchiera non corrispondente
prize-ineligible-too-few-games = troppo poche partite

## API reference page (/api/docs)
api-page-title = API
api-json = il documento in JSON:
api-contents = Indice
api-socket = Protocollo del socket in diretta
api-codes = Codici di errore
api-schemas = Schemi
api-parameters = Parametri
api-col-name = nome
api-col-in = in
api-col-schema = schema
api-col-meaning = significato
api-required = (obbligatorio)
api-optional = (facoltativo)
api-request-body = Corpo della richiesta
api-responses = Risposte
api-col-status = stato
api-col-body = corpo
api-col-code = codice
api-col-when = quando
api-protocol-version = versione del protocollo
api-views = viste:
api-client-frames = Frame del client:
api-server-frames = Frame del server:
api-close-codes = Codici di chiusura
api-error-body = Ogni errore è un corpo JSON con il codice e un messaggio, più i dettagli quando un elenco aiuta:
api-content-note = Le descrizioni delle operazioni e degli schemi sono in inglese, come l'API.

## The prize desk: publishing and taking back, asked first
desk-publish-what = La pubblicazione rende questa assegnazione l'elenco pubblico dei premi del torneo: i giocatori e la pagina dei premi la vedono subito. Puoi ritirarla in seguito.
desk-publish-now = Pubblica ora
desk-unpublish = Ritira i premi pubblicati
desk-unpublish-what = L'elenco dei premi smette subito di essere pubblico; le assegnazioni restano qui, e puoi pubblicare di nuovo questa o un'altra.
desk-unpublish-now = Ritira ora
desk-stale = non aggiornata
desk-stale-why = I risultati sono cambiati dopo questa assegnazione (un risultato, un turno riaperto, un giocatore reintegrato o rimosso): esegui di nuovo l'assegnazione.

## /claim/{code}: a player takes over the entry the organiser made
claim-title = Rivendica la tua iscrizione
claim-what = L'organizzatore ha iscritto { $name } a { $event }.
claim-then = Una volta rivendicata, questa iscrizione è tua: vedi i tuoi abbinamenti e comunichi i tuoi risultati dal telefono.
claim-button = Sono { $name }: rivendica questa iscrizione
claim-sign-in-first = Prima accedi (o crea un account); poi tornerai qui.

## /staff/{code}: an invitation to the staff; the dashboard's staff panel
staff-invite-title = Entra nello staff del torneo
staff-invite-judge = Sei invitato come arbitro di { $event }: risultati, contestazioni, correzioni e check-in.
staff-invite-co = Sei invitato a co-organizzare { $event }, con tutti i diritti di un organizzatore.
staff-invite-accept = Accetta e apri il pannello
dash-staff = Staff
dash-log = Registro delle azioni
dash-settings = Impostazioni del torneo
# The captains' pairing rooms (a team match's room, the venue screen).
room-title = Sala degli abbinamenti
room-timer = Tempo rimasto in questa fase
room-lock = Blocca la mia scelta
room-staff = Comandi dell'organizzatore
room-confirm = Blocca
room-cancel = Annulla
room-games = Partite
room-open = Apri la tua sala degli abbinamenti
rooms-title = Sale degli abbinamenti
rooms-none = In questo turno non è in corso alcun abbinamento tra capitani.
team-captain = Capitano
team-captain-none = gestito dagli organizzatori
team-players = Giocatori
team-reserves = Riserve
team-rounds = Turni
team-no-rounds = Nessun turno ancora abbinato.
team-bye = Bye
team-vs = vs
team-col-board = Scacchiera
team-col-table = Tavolo
team-col-player = Giocatore
team-col-faction = Fazione
team-col-rating = Elo
team-col-score = Punti
team-col-opponent = Avversario
team-col-state = Stato
team-result-W = Vinto
team-result-D = Pari
team-result-L = Perso
team-state-UNREPORTED = In gioco
team-state-REPORTED = Comunicato
team-state-DISPUTED = Contestato
team-state-CONFIRMED = Confermato
account-title = Il mio account
tokens-title = Token API
tokens-intro = I token permettono a uno script, a un bot o a un overlay per lo streaming di usare l'API a tuo nome, senza la tua password. Un token di lettura legge soltanto; un token da organizzatore può fare tutto ciò che puoi fare tu.
tokens-name = Nome
tokens-scope = Ambito
tokens-scope-read = Sola lettura
tokens-scope-organiser = Organizzatore (lettura e modifica)
tokens-create = Crea un token
tokens-made = Token "{ $name }" creato. Copialo ora: non verrà mostrato di nuovo.
tokens-usage = Invialo con ogni richiesta nell'intestazione Authorization: Bearer seguita dal token.
tokens-none = Ancora nessun token.
tokens-created = Creato
tokens-last-used = Ultimo uso
tokens-never = mai
tokens-revoke = Revoca
event-entry-rules = Chi può iscriversi
event-open-rated = Aperto ai giocatori con punteggio { $band } ({ $source }).
event-open-unrated = Possono iscriversi anche i giocatori senza punteggio.
event-open-age-under = Aperto ai giocatori con meno di { $under } anni al { $date }.
event-open-age-min = Aperto ai giocatori con almeno { $min } anni al { $date }.
event-open-age-range = Aperto ai giocatori da { $min } a { $max } anni al { $date }.
event-invitation-only = Iscrizione solo su invito.
sections-heading = Sezioni
sections-none = Nessuna sezione è ancora aperta.
sections-dates = dal { $from } al { $to }
sections-round = Turno { $n } di { $total }
sections-leaders = In testa
sections-no-standings = Non è ancora stato giocato nessun turno.
sections-board = Abbinamenti, tutte le sezioni
sections-standings = Classifiche, tutte le sezioni
sections-players-csv = Giocatori di tutte le sezioni (CSV)
sections-by-section = Per sezione
sections-col-section = Sezione
sections-col-table = Tavolo
sections-bye = Bye
sections-home = Eventi con sezioni
sections-not-seated = Nessuno è ancora seduto.
