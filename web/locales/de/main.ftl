# Arbiters Seiten, auf Deutsch.

## Kopfzeile, Fußzeile, gemeinsame Wörter
nav-ratings = Wertungszahlen
nav-new-event = Neues Turnier
nav-sign-out = Abmelden
nav-sign-in = Anmelden
nav-sign-up = Registrieren
nav-language = Sprache
live = live
loading = Wird geladen…
previous = Zurück
next = Weiter
clock-label = Verbleibende Zeit der Runde
round-n = Runde { $n }
pager-window = { $from }–{ $to } von { $total }
standings-pages = Seiten der Rangliste
month-1 = Januar
month-2 = Februar
month-3 = März
month-4 = April
month-5 = Mai
month-6 = Juni
month-7 = Juli
month-8 = August
month-9 = September
month-10 = Oktober
month-11 = November
month-12 = Dezember
date-long = { $day }. { $month } { $year }

## Status, Spiele, Paarungssysteme
status-draft = Entwurf
status-registration = Anmeldung offen
status-check-in = Check-in offen
status-in-progress = Läuft
status-complete = Beendet
game-wh40k = Warhammer 40,000
game-chess = Schach
game-crokinole = Crokinole
pairing-swiss-record = Schweizer System (nach Bilanz)
pairing-round-robin = Rundenturnier
pairing-double-round-robin = Doppelrundenturnier
pairing-dutch = Schweizer System (FIDE Dutch)
result-win = Sieg
result-draw = Remis
result-loss = Niederlage

## Links zwischen den Seiten eines Turniers
link-event = Turnierseite
link-board = Paarungstafel
link-standings = Tabelle
link-live-standings = Live-Tabelle
link-results-printouts = Ergebnisse und Ausdrucke
link-results-crosstable = Ergebnisse, Kreuztabelle, Ausdrucke
link-prizes = Preise
link-prize-desk = Preisverwaltung
link-my-page = Meine Seite
link-dashboard = Turnierleitung

## Tabellenspalten
col-player = Spieler
col-faction = Fraktion
col-list = Liste
col-checked-in = Eingecheckt
col-status = Status
col-rank = Platz
col-score = Punkte
col-amount = Betrag
col-category = Kategorie
col-who = Wer
col-rating = Wertung
col-games = Partien
col-event = Turnier
col-round = Runde
col-opponent = Gegner
col-result = Ergebnis
col-before = Vorher
col-after = Nachher

## Startseite
home-title = Turniere
home-mine = Meine Turniere
home-mine-none = Sie haben noch kein Turnier erstellt oder sich zu keinem angemeldet.
home-create-one = Jetzt eines erstellen
home-running = Laufende Turniere
home-running-none = Gerade läuft kein Turnier.
home-open = Anmeldung offen
home-open-none = Gerade nimmt kein Turnier Anmeldungen an.
home-finished = Beendet
home-find = Vergangenes Turnier suchen
home-find-placeholder = Name oder Ort
home-search = Suchen
home-show-all = Alle anzeigen
home-finished-none = Noch ist kein Turnier beendet.
home-finished-no-match = Kein beendetes Turnier passt zu „{ $search }“.
home-rounds =
    { $n ->
        [one] { $n } Runde
       *[other] { $n } Runden
    }
home-players =
    { $n ->
        [one] { $n } Spieler
       *[other] { $n } Spieler
    }

## Anmeldung und Registrierung
account-create = Konto erstellen
account-create-button = Konto erstellen
account-email = E-Mail
account-display-name = Name, den andere sehen
account-password = Passwort
account-have-one = Schon ein Konto?
account-new-here = Neu hier?
account-title = Mein Konto
tokens-title = API-Tokens
tokens-intro = Mit Tokens kann ein Skript, ein Bot oder ein Stream-Overlay die API in Ihrem Namen nutzen, ohne Ihr Passwort. Ein Lese-Token liest nur; ein Veranstalter-Token darf alles, was Sie dürfen.
tokens-name = Name
tokens-scope = Umfang
tokens-scope-read = Nur lesen
tokens-scope-organiser = Veranstalter (lesen und ändern)
tokens-create = Token erstellen
tokens-made = Token „{ $name }“ erstellt. Kopieren Sie es jetzt: Es wird nicht noch einmal angezeigt.
tokens-usage = Senden Sie es mit jeder Anfrage im Header Authorization: Bearer, gefolgt vom Token.
tokens-none = Noch keine Tokens.
tokens-created = Erstellt
tokens-last-used = Zuletzt benutzt
tokens-never = nie
tokens-revoke = Widerrufen

## Turnierseite
event-qr-alt = QR-Code dieser Seite
event-qr-caption = Scannen, um sie auf dem Handy zu öffnen
event-schedule = Zeitplan
event-round-starts = Runde { $n } · Beginn { $time }
event-register = Anmelden
event-board-name = Name auf der Paarungstafel
event-faction = Fraktion
event-club = Verein
event-club-placeholder = Verein oder Stadt
event-army-list = Armeeliste (freiwillig, bis die Listen gesperrt werden)
event-army-list-placeholder = Liste hier einfügen...
event-sign-in-to-register-before = Bitte{" "}
event-sign-in = melden Sie sich an
event-sign-in-to-register-or = {" "}oder{" "}
event-create-account = erstellen Sie ein Konto
event-sign-in-to-register-after = , um sich anzumelden.
event-players = Spieler ({ $n })
event-entry-rules = Wer teilnehmen darf
event-open-rated = Offen für Spieler mit Wertung { $band } ({ $source }).
event-open-unrated = Spieler ohne Wertung dürfen ebenfalls teilnehmen.
event-open-age-under = Offen für Spieler unter { $under } Jahren am { $date }.
event-open-age-min = Offen für Spieler ab { $min } Jahren am { $date }.
event-open-age-range = Offen für Spieler von { $min } bis { $max } Jahren am { $date }.
event-invitation-only = Teilnahme nur auf Einladung.
event-dropped = ausgestiegen
event-read = Lesen
event-submitted = eingereicht

## Paarungstafel
board-title = Paarungen
board-no-round = Noch keine Runde
board-modes = Was dieser Bildschirm zeigt
board-by-table = Nach Brett
board-find-name = Namen finden
board-both = Beides im Wechsel
board-clock = Uhr
board-qr-alt = QR-Code: dieses Turnier auf Ihrem Handy
board-qr-caption = Ihre Paarung auf Ihrem Handy
board-loading = Paarungen werden geladen…

## Finalrunden
bracket-title = Finalrunden
bracket-label = Turnierbaum der Finalrunden
bracket-none = Dieses Turnier hat keine Finalrunden.

## Turnierleitung
dash-title = Turnierleitung
dash-event = Turnier:
dash-round = Runde
dash-find = Suchen
dash-find-placeholder = Brett oder Spieler
dash-show = Zeigen
dash-show-attention = Was Aufmerksamkeit braucht
dash-show-disputed = Einsprüche
dash-show-reported = Bestätigung ausstehend
dash-show-unreported = Fehlende Ergebnisse
dash-show-confirmed = Bestätigt
dash-show-all = Alle Bretter
dash-keys = Tasten:
dash-key-next = nächstes Brett, das Aufmerksamkeit braucht
dash-key-find = suchen
dash-key-enter = in einer Korrektur setzt sie
dash-tiebreaks = Feinwertungen
dash-registrations = Anmeldungen
dash-waitlist = Warteliste
dash-payments = Startgeld
dash-pay-filter = Zeigen
dash-pay-all = Alle
dash-pay-paid = Bezahlt
dash-pay-owed = Offen
dash-pay-waived = Erlassen

## Fehlerseite
error-code = Fehlercode:
error-back = Zurück zu den Turnieren
error-title-401 = Bitte zuerst anmelden
error-title-403 = Nicht erlaubt
error-title-404 = Nicht gefunden
error-title-503 = Bitte gleich noch einmal versuchen
error-title-other = Etwas ist schiefgegangen

## Neues Turnier
new-name = Name
new-name-placeholder = Berliner Open 2026
new-date = Datum
new-location = Ort
new-location-placeholder = Spiellokal, Stadt
new-game = Spiel
new-pairing = Paarungssystem
new-round-robin-berger = Rundenturnier (FIDE-Berger-Tabellen)
new-format = Format
new-rounds = Runden
new-rounds-hint = (die eines Rundenturniers ergeben sich aus der Spielerzahl; leer lassen)
new-max-vp = Höchstpunktzahl pro Spieler und Partie (Siegpunkte in 40K, Spielpunkte beim Crokinole)
new-max-vp-placeholder = Standard
new-round-times = Startzeiten der Runden, eine pro Zeile (09:30 oder 2026-05-17 09:30 für einen anderen Tag)
new-missions = Missionen, eine pro Zeile (in Rundenreihenfolge; 40K)
new-round-one = Paarung der 1. Runde
new-round-one-order = Reihenfolge der Spieler für Runde 1
round-one-registration = Nach Anmeldereihenfolge (das Standardverfahren)
round-one-random = Per Zufallsauslosung (mit Startwert: derselbe Startwert ergibt dieselbe Auslosung)
round-one-rating = Nach Wertung, höchste zuerst
new-round-one-seed = Startwert der Auslosung
new-round-one-seed-placeholder = wird für Sie gezogen
new-create = Erstellen (als Entwurf)

## Spielerseite
player-board = Tafel
player-my-rating = Meine Wertung
player-my-pairing = Meine Paarung
player-pairing-later = Ihr Brett erscheint hier, sobald die Runde ausgelost ist.
player-my-list = Meine Liste
player-my-prizes = Meine Preise
player-no-prize = Diesmal kein Preis.
player-all-winners = Alle Preisträger
player-cash = Geld:

## Preise
prize-col-prizes = Preise
prize-col-how = Wie
prize-col-paid-to = Ausgezahlt an
prize-trophy = Pokal
prize-medal = Medaille
prize-override = von Hand
prize-handed-down = { $amount } weitergegeben
prize-share = Anteil { $amount }
prize-nobody = niemand: { $amount }
prizes-heading = { $name }: Preise
prizes-winners = Preisträger
prizes-published = Veröffentlicht
prizes-cash = Geld:
prizes-cash-paid = Ausgezahltes Geld
prizes-fund = Preisfonds { $amount }
prizes-paid = ausgezahlt { $amount }
prizes-not-awarded = nicht vergeben { $amount }
prizes-not-yet = Die Preise sind noch nicht veröffentlicht.
prizes-list = Preisliste
split-none = keine Teilung: die Feinwertung entscheidet
split-uscf = US-Chess-Regel 32B3: Punktgleiche teilen
split-place-first = Plätze zuerst (Kategoriepreise nach den Platzpreisen)
split-hort = Hort-System (halb behalten, halb geteilt)
split-unknown = unbekannt

## Preisverwaltung
desk-heading = { $name }: Preisverwaltung
desk-public-list = Öffentliche Preisliste
desk-counts = { $categories } Kategorien, { $prizes } Preise
desk-csv-label = Liste aus CSV ersetzen (eine Zeile pro Preis; Spalten:
desk-import = CSV importieren
desk-rules = Regeln
desk-per-player = Preise pro Spieler
desk-first-win = ein Preis pro Spieler (der erste in der Reihenfolge der Ausschreibung)
desk-allow-multiple = ein Preis pro Kategorie
desk-cash-split = Geld für Punktgleiche
desk-class-excess = Kategoriegeld, das ein Spieler der Kategorie nicht brauchte (Plätze zuerst)
desk-capped = an die nächsten Spieler der Kategorie, ohne je eine niedrigere Punktzahl höher zu bezahlen als eine höhere (der Rest wird gemeldet)
desk-to-class = alles an die nächsten Spieler der Kategorie, wie im Forumsbeitrag
desk-allow-unrated = Spieler ohne Wertung dürfen Preise der Wertungskategorien gewinnen
desk-save-rules = Regeln speichern
desk-allocate = Zuteilen
desk-allocate-about = Aus der aktuellen Tabelle und den Spielerprofilen. Auf Wunsch zuerst einen Preis von Hand vergeben:
desk-prize = Preis
desk-no-override = (keine Vergabe von Hand)
desk-to = An
desk-run = Zuteilung starten
desk-run-of = Zuteilung vom { $when }
desk-published = veröffentlicht
desk-allocated = { $n } zugeteilt
desk-conflicts-n = { $n } Konflikte
desk-unfilled = { $n } nicht vergeben
desk-overrides = { $n } von Hand
desk-warnings-n = { $n } Warnungen
desk-conflicts = Konflikte
desk-warnings = Warnungen
desk-cash = Geld
desk-fund = Fonds { $amount }
desk-see-why = (warum, steht in der Liste oben)
desk-publish = Diese Zuteilung veröffentlichen
desk-log = Protokoll
desk-runs = Zuteilungen

## Wertungszahlen
ratings-about = Elo über alle Turniere: Start bei 1200, K 32 für die ersten 30 gewerteten Partien, danach 16. Die Wertungen ändern sich, wenn der Turnierleiter eine Runde abschließt. { $n } gewertete Spieler.
ratings-new = neu
ratings-none = Noch keine gewerteten Partien.
user-none = Noch keine gewerteten Partien: Wertungen ändern sich, wenn ein Turnierleiter eine Runde abschließt, in der dieser Spieler gespielt hat.
user-rank = Platz { $rank } von { $total } in der
user-leaderboard = Rangliste
user-games = { $n } gewertete Partien

## Ergebnisse
results-title = Ergebnisse
results-crosstable = Kreuztabelle
results-standings-after = Tabelle nach
results-standings-after-round = Tabelle nach Runde
results-print = Drucken
results-loading = Ergebnisse werden geladen…

## Tabelle
standings-loading = Tabelle wird geladen…

## Preiskategorien, Wertungskurve
prize-cat-age-range = Alter { $min }–{ $max }
prize-cat-age-min = Alter ≥ { $min }
prize-cat-age-max = Alter ≤ { $max }
prize-cat-rating-range = Wertung { $min }–{ $max }
prize-cat-rating-min = Wertung ≥ { $min }
prize-cat-rating-max = Wertung ≤ { $max }
prize-cat-women = Frauen und Mädchen
prize-cat-gender = Geschlecht { $gender }
prize-cat-disability = Spieler mit Behinderung
prize-cat-city = Stadt { $value }
prize-cat-state = Land { $value }
prize-cat-club = Verein { $value }
prize-cat-faction = Fraktion { $value }
prize-cat-federation = Verband { $value }
prize-cat-ranked-by = gewertet nach { $by }
prize-ranked-painting = Bemalwertung
prize-ranked-sportsmanship = Fairnesswertung
prize-ranked-game_points = Spielpunkte
prize-ranked-board_percentage = Brettprozente
prize-cat-board = Brett { $value }
prize-cat-min-games = mindestens { $value } Partien
prize-cat-inactive = inaktiv
prize-cat-everyone = alle
user-chart-label = { $event }, Runde { $round }: { $result } gegen { $opponent }, { $before } → { $after } ({ $delta })

## Wie jeder Preis vergeben wurde, und die Teilungsregeln (Preisseiten)
prize-how-tied-on = Punktgleich mit { $score }:
prize-how-tiebreak = Ganz an den Spieler ausgezahlt, dem er zugeteilt wurde.
prize-how-manual = Vom Turnierleiter von Hand vergeben, ganz ausgezahlt.
prize-how-alone = Allein mit dieser Punktzahl: der größte Preis, der dem Spieler noch offensteht (32B1).
prize-how-pooled = { $on }diese Preise werden zusammengezählt und zu gleichen Teilen geteilt (32B3).
prize-how-class-alone = { $on }die Spieler der Kategorie { $category } teilen deren Preise unter sich, was ihnen mehr bringt als eine Teilung mit allen Punktgleichen (32B3).
prize-how-category = { $on }Geld der Kategorie { $category }, geteilt; jeder behält das Größere von dem, was er hatte, und seinem Anteil und bekommt die Differenz.
prize-how-hort = { $on }jeder behält die Hälfte seines Preises; die anderen Hälften werden zu gleichen Teilen geteilt (Hort).
prize-how-items = Zugeteilt; kein Geld.
prize-how-unfilled = Nicht vergeben: { $reason }.
prize-how-no-winner = Nicht vergeben: kein Spieler konnte ihn nehmen.
prize-how-no-class-player = Nicht vergeben: Geld der Kategorie { $category } weitergegeben, ohne dass noch ein Spieler der Kategorie { $category } es nehmen kann.
prize-how-capped = Nicht vergeben: dieses Geld der Kategorie { $category } auszuzahlen, würde einem Spieler der Kategorie mehr zahlen, als ein besser platzierter Spieler derselben Kategorie erhielt. Der Turnierleiter kann es stattdessen an die nächsten Spieler der Kategorie zahlen (Regel: Überschuss der Kategorie an die Kategorie).
prize-how-carried-in = Enthält { $amount }, in der Kategorie weitergegeben.
prize-how-carried-out = { $amount } nicht gebraucht, an die nächsten Spieler der Kategorie weitergegeben.
prize-rule-none = Keine Teilung: jeder Preis wird ganz an den Spieler ausgezahlt, dem er zugeteilt wurde (Reihenfolge der Ausschreibung, ein Preis pro Spieler, sofern das Turnier nicht mehr erlaubt; Spieler auf demselben Platz werden nach Wertungszahl, dann nach Name getrennt).
prize-rule-uscf-32b3 = US-Chess-Regel 32B3: punktgleiche Spieler zählen die Geldpreise zusammen, die ihre Plätze abdecken, höchstens ein Preis pro Spieler, und teilen die Summe zu gleichen Teilen; Spieler, die für einen Kategoriepreis in Frage kommen, nehmen die Preise dieser Kategorie allein oder teilen sie nur mit den anderen der Kategorie, wenn ihnen das mehr bringt. Preise, die der Gleichstand nicht nutzt, gehen an die nächste Punktzahl. Pokale und Medaillen gehen nach der Feinwertung.
prize-rule-place-first = Plätze zuerst (US-Chess-Forum, zu Regel 32B3): punktgleiche Spieler teilen die Platzpreise, die ihre Plätze abdecken, als gäbe es keine Kategoriepreise; dann gehen die Preise jeder Kategorie nach Punktzahl an deren Spieler, wobei jeder das Größere von Platzgeld und Kategorieanteil behält (die Kategorie zahlt nur die Differenz), und das Geld, das ein Spieler der Kategorie nicht brauchte, geht an die nächsten Spieler der Kategorie. Ein Preis pro Spieler: ein Spieler der Kategorie, dessen Platzgeld mindestens seinem Kategorieanteil entspricht, nimmt keinen Platz der Kategorie ein, und die Preise der Kategorie gehen an ihre nächsten Spieler. Pokale und Medaillen gehen nach der Feinwertung.
prize-rule-hort = Hort-System: Preise werden nach der Feinwertung vergeben; ein Spieler, der mit anderen punktgleich ist, behält die Hälfte seines Preises, und die anderen Hälften der Preise der Punktgleichen werden zu gleichen Teilen unter den Punktgleichen geteilt, die für sie berechtigt sind: die Hälfte eines Kategoriepreises nur unter den Punktgleichen dieser Kategorie.
prize-unfilled-no-eligible-players = kein berechtigter Spieler
prize-unfilled-all-won = alle Berechtigten haben schon gewonnen

## Konflikte und Warnungen der Preisverwaltung
prize-conflict-unknown-prize = Vergabe von Hand: es gibt keinen Preis `{ $id }`.
prize-conflict-unknown-player = Vergabe von { $prize } von Hand: Spieler { $id } steht nicht in der Tabelle.
prize-conflict-inactive = Vergabe von { $prize } an { $who } von Hand: der Preis oder seine Kategorie ist inaktiv.
prize-conflict-ineligible = Vergabe von { $prize } an { $who } von Hand: nicht berechtigt für die Kategorie ({ $why }).
prize-conflict-already-assigned = Vergabe von { $prize } an { $who } von Hand: eine frühere Vergabe von Hand gab ihn bereits an { $others }.
prize-conflict-already-won = Vergabe von { $prize } an { $who } von Hand: { $who } hat bereits { $held } aus einer früheren Vergabe von Hand.
prize-conflict-identical = { $prize } ging vorläufig an { $who }, mit gleichem Platz, gleicher Wertungszahl und gleichem Namen wie { $others }: entscheiden Sie per Vergabe von Hand.
prize-warning-won-nothing = { $prize } ging an { $winner } (Platz { $winner_rank }) vor { $bypassed } (Platz { $bypassed_rank }), der nichts gewann.
prize-warning-took = { $prize } ging an { $winner } (Platz { $winner_rank }) vor { $bypassed } (Platz { $bypassed_rank }), der { $took } nahm.
prize-ineligible-gender-mismatch = Geschlecht passt nicht
prize-ineligible-below-min-age = unter dem Mindestalter
prize-ineligible-above-max-age = über dem Höchstalter
prize-ineligible-missing-date-of-birth = Geburtsdatum fehlt
prize-ineligible-unrated-in-rating-category = ohne Wertung in einer Wertungskategorie
prize-ineligible-below-min-rating = unter der Mindestwertung
prize-ineligible-above-max-rating = über der Höchstwertung
prize-ineligible-disability-mismatch = Behinderungskriterium nicht erfüllt
prize-ineligible-city-mismatch = andere Stadt
prize-ineligible-state-mismatch = anderes Land
prize-ineligible-club-mismatch = anderer Verein
prize-ineligible-faction-mismatch = andere Fraktion
prize-ineligible-federation-mismatch = anderer Verband
prize-ineligible-team-category = Mannschaftspreis
prize-ineligible-individual-award = Einzelpreis
prize-ineligible-board-mismatch = anderes Brett
prize-ineligible-too-few-games = zu wenige Partien

## API reference page (/api/docs)
api-page-title = API
api-json = das Dokument als JSON:
api-contents = Inhalt
api-socket = Protokoll der Live-Verbindung (WebSocket)
api-codes = Fehlercodes
api-schemas = Schemata
api-parameters = Parameter
api-col-name = Name
api-col-in = Ort
api-col-schema = Schema
api-col-meaning = Bedeutung
api-required = (erforderlich)
api-optional = (optional)
api-request-body = Anfragekörper
api-responses = Antworten
api-col-status = Status
api-col-body = Körper
api-col-code = Code
api-col-when = wann
api-protocol-version = Protokollversion
api-views = Ansichten:
api-client-frames = Nachrichten des Clients:
api-server-frames = Nachrichten des Servers:
api-close-codes = Schließcodes
api-error-body = Jeder Fehler ist ein JSON-Körper mit dem Code und einer Meldung, dazu Details, wo eine Liste hilft:
api-content-note = Die Beschreibungen der Operationen und Schemata sind englisch, wie die API.

## The prize desk: publishing and taking back, asked first
desk-publish-what = Durch das Veröffentlichen wird diese Berechnung zur öffentlichen Preisliste des Turniers: Spieler und die Preisseite sehen sie sofort. Sie können sie später zurücknehmen.
desk-publish-now = Jetzt veröffentlichen
desk-unpublish = Veröffentlichte Preise zurücknehmen
desk-unpublish-what = Die Preisliste ist sofort nicht mehr öffentlich; die Berechnungen bleiben hier, und Sie können diese oder eine andere erneut veröffentlichen.
desk-unpublish-now = Jetzt zurücknehmen
desk-stale = veraltet
desk-stale-why = Die Ergebnisse haben sich seit dieser Berechnung geändert (ein Ergebnis, eine wieder geöffnete Runde, ein wieder aufgenommener oder entfernter Spieler): Verteilung erneut berechnen.

## /claim/{code}: a player takes over the entry the organiser made
claim-title = Ihre Anmeldung übernehmen
claim-what = Die Turnierleitung hat { $name } bei { $event } angemeldet.
claim-then = Nach der Übernahme gehört diese Anmeldung Ihnen: Sie sehen Ihre Paarungen und melden Ihre Ergebnisse am Handy.
claim-button = Ich bin { $name }: diese Anmeldung übernehmen
claim-sign-in-first = Melden Sie sich zuerst an (oder legen Sie ein Konto an); danach kommen Sie hierher zurück.

## /staff/{code}: an invitation to the staff; the dashboard's staff panel
staff-invite-title = Dem Turnierteam beitreten
staff-invite-judge = Sie sind eingeladen, bei { $event } Schiedsrichter zu sein: Ergebnisse, Beanstandungen, Entscheidungen und Check-in.
staff-invite-co = Sie sind eingeladen, { $event } mitzuorganisieren, mit allen Rechten der Turnierleitung.
staff-invite-accept = Annehmen und das Dashboard öffnen
dash-staff = Team
dash-log = Aktionsprotokoll
dash-settings = Turniereinstellungen
# Die Paarungsräume der Kapitäne (der Raum eines Mannschaftsspiels, der Saalbildschirm).
room-title = Paarungsraum
room-timer = Verbleibende Zeit in diesem Schritt
room-lock = Meine Wahl festlegen
room-staff = Steuerung der Turnierleitung
room-confirm = Festlegen
room-cancel = Abbrechen
room-games = Partien
room-open = Deinen Paarungsraum öffnen
rooms-title = Paarungsräume
rooms-none = In dieser Runde läuft keine Paarung der Kapitäne.
team-captain = Mannschaftsführer
team-captain-none = von der Turnierleitung geführt
team-players = Spieler
team-reserves = Ersatzspieler
team-rounds = Runden
team-no-rounds = Noch keine Runde gepaart.
team-bye = Spielfrei
team-vs = gegen
team-col-board = Brett
team-col-table = Tisch
team-col-player = Spieler
team-col-faction = Fraktion
team-col-rating = Wertung
team-col-score = Ergebnis
team-col-opponent = Gegner
team-col-state = Stand
team-result-W = Gewonnen
team-result-D = Remis
team-result-L = Verloren
team-state-UNREPORTED = Läuft
team-state-REPORTED = Gemeldet
team-state-DISPUTED = Strittig
team-state-CONFIRMED = Bestätigt

## Events with sections
sections-heading = Gruppen
sections-none = Noch ist keine Gruppe geöffnet.
sections-dates = { $from } bis { $to }
sections-round = Runde { $n } von { $total }
sections-leaders = Spitze
sections-no-standings = Es wurde noch keine Runde gespielt.
sections-board = Paarungen, alle Gruppen
sections-standings = Tabellen, alle Gruppen
sections-players-csv = Spieler aller Gruppen (CSV)
sections-by-section = Nach Gruppe
sections-col-section = Gruppe
sections-col-table = Brett
sections-bye = Spielfrei
sections-home = Veranstaltungen mit Gruppen
sections-not-seated = Noch ist niemand gepaart.
