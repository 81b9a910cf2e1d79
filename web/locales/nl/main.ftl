# De pagina's van Arbiter, in het Nederlands (vertaald uit het Engels).

## Header, footer, shared words
nav-ratings = Ratings
nav-new-event = Nieuw toernooi
nav-sign-out = Afmelden
nav-sign-in = Inloggen
nav-sign-up = Account aanmaken
nav-language = Taal
live = live
loading = Laden…
previous = Vorige
next = Volgende
clock-label = Resterende tijd in de ronde
round-n = Ronde { $n }
pager-window = { $from }–{ $to } van { $total }
standings-pages = Pagina's van de stand
month-1 = januari
month-2 = februari
month-3 = maart
month-4 = april
month-5 = mei
month-6 = juni
month-7 = juli
month-8 = augustus
month-9 = september
month-10 = oktober
month-11 = november
month-12 = december
date-long = { $day } { $month } { $year }

## Statuses, games, pairing systems
status-draft = Concept
status-registration = Inschrijving open
status-check-in = Aanmelding open
status-in-progress = Bezig
status-complete = Afgelopen
game-wh40k = Warhammer 40,000
game-chess = Schaken
game-crokinole = Crokinole
pairing-swiss-record = Zwitsers (op score)
pairing-round-robin = Rondetoernooi
pairing-double-round-robin = Dubbelrondig rondetoernooi
pairing-dutch = Zwitsers systeem (FIDE Dutch)
result-win = winst
result-draw = remise
result-loss = verlies

## Links between an event's pages
link-event = Toernooipagina
link-board = Indelingsscherm
link-standings = Stand
link-live-standings = Live stand
link-results-printouts = Uitslagen en afdrukken
link-results-crosstable = Uitslagen, kruistabel, afdrukken
link-prizes = Prijzen
link-prize-desk = Prijzentafel
link-my-page = Mijn pagina
link-dashboard = Wedstrijdleiding

## Table columns
col-player = Speler
col-faction = Factie
col-list = Lijst
col-checked-in = Aangemeld
col-status = Status
col-rank = Pl.
col-score = Score
col-amount = Bedrag
col-category = Categorie
col-who = Wie
col-rating = Rating
col-games = Partijen
col-event = Toernooi
col-round = Ronde
col-opponent = Tegenstander
col-result = Uitslag
col-before = Voor
col-after = Na

## Home
home-title = Toernooien
home-mine = Mijn toernooien
home-mine-none = Je hebt nog geen toernooi aangemaakt of je ergens ingeschreven.
home-create-one = Maak er een aan
home-running = Nu bezig
home-running-none = Er wordt op dit moment geen toernooi gespeeld.
home-open = Open voor inschrijving
home-open-none = Er is op dit moment geen toernooi met een open inschrijving.
home-finished = Afgelopen
home-find = Zoek een eerder toernooi
home-find-placeholder = Naam of speellocatie
home-search = Zoeken
home-show-all = Alles tonen
home-finished-none = Er is nog geen toernooi afgelopen.
home-finished-no-match = Geen afgelopen toernooi komt overeen met ‘{ $search }’.
home-rounds =
    { $n ->
        [one] { $n } ronde
       *[other] { $n } ronden
    }
home-players =
    { $n ->
        [one] { $n } speler
       *[other] { $n } spelers
    }

## Sign-in and sign-up
account-create = Maak een account aan
account-create-button = Account aanmaken
account-email = E-mail
account-display-name = Naam die anderen zien
account-password = Wachtwoord
account-have-one = Heb je al een account?
account-new-here = Nieuw hier?

## Event page
event-qr-alt = QR-code van deze pagina
event-qr-caption = Scan om te openen op een telefoon
event-schedule = Programma
event-round-starts = Ronde { $n } · begint { $time }
event-register = Inschrijven
event-board-name = Naam op het indelingsscherm
event-faction = Factie
event-club = Club
event-club-placeholder = Club of plaats
event-army-list = Legerlijst (optioneel tot de lijsten worden vergrendeld)
event-army-list-placeholder = Plak hier je lijst...
event-sign-in-to-register-before = {""}
event-sign-in = Log in
event-sign-in-to-register-or = {" "}of{" "}
event-create-account = maak een account aan
event-sign-in-to-register-after = {" "}om je in te schrijven.
event-players = Spelers ({ $n })
event-dropped = teruggetrokken
event-read = Lezen
event-submitted = ingediend

## Pairings board
board-title = Indeling
board-no-round = Nog geen ronde
board-modes = Wat dit scherm toont
board-by-table = Per tafel
board-find-name = Zoek je naam
board-both = Beide om de beurt
board-clock = Klok
board-qr-alt = QR-code: dit toernooi op je telefoon
board-qr-caption = Jouw indeling op je telefoon
board-loading = Indeling laden…

## Playoffs
bracket-title = Play-offs
bracket-label = Play-offschema
bracket-none = Dit toernooi heeft geen play-offfase.

## TO dashboard
dash-title = Wedstrijdleiding
dash-event = Toernooi:
dash-round = Ronde
dash-find = Zoeken
dash-find-placeholder = Tafel of speler
dash-show = Tonen
dash-show-attention = Wat aandacht nodig heeft
dash-show-disputed = Geschillen
dash-show-reported = Wacht op bevestiging
dash-show-unreported = Ontbrekende uitslagen
dash-show-confirmed = Bevestigd
dash-show-all = Alle tafels
dash-keys = Toetsen:
dash-key-next = volgende tafel die aandacht nodig heeft
dash-key-find = zoeken
dash-key-enter = in een correctie legt die vast
dash-tiebreaks = Tiebreaks
dash-registrations = Inschrijvingen
dash-waitlist = Wachtlijst
dash-payments = Inschrijfgeld
dash-pay-filter = Tonen
dash-pay-all = Iedereen
dash-pay-paid = Betaald
dash-pay-owed = Openstaand
dash-pay-waived = Kwijtgescholden

## Error page
error-code = Foutcode:
error-back = Terug naar de toernooien
error-title-401 = Log eerst in
error-title-403 = Niet toegestaan
error-title-404 = Niet gevonden
error-title-503 = Probeer het zo opnieuw
error-title-other = Er ging iets mis

## New event
new-name = Naam
new-name-placeholder = Warhammer World GT 2026
new-date = Datum
new-location = Locatie
new-location-placeholder = Speellocatie, plaats
new-game = Spel
new-pairing = Indelingssysteem
new-round-robin-berger = Rondetoernooi (FIDE-Bergertabellen)
new-format = Format
new-rounds = Ronden
new-rounds-hint = (bij een rondetoernooi volgen ze uit het aantal spelers; laat leeg)
new-max-vp = Maximale score per speler en partij (VP in 40K, spelpunten bij crokinole)
new-max-vp-placeholder = standaard
new-round-times = Begintijden van de ronden, één per regel (09:30, of 2026-05-17 09:30 voor een latere dag)
new-missions = Missies, één per regel (in rondevolgorde; 40K)
new-round-one = Indeling van ronde 1
new-round-one-order = Volgorde van de spelers voor ronde 1
round-one-registration = Op volgorde van inschrijving (de procedure van de seed)
round-one-random = Door loting (met seed: dezelfde seed geeft dezelfde loting)
round-one-rating = Op rating, hoogste eerst
new-round-one-seed = Seed van de loting
new-round-one-seed-placeholder = voor je getrokken
new-create = Aanmaken (als concept)

## Player's page
player-board = Bord
player-my-rating = Mijn rating
player-my-pairing = Mijn indeling
player-pairing-later = Je tafel verschijnt hier zodra de ronde is ingedeeld.
player-my-list = Mijn lijst
player-my-prizes = Mijn prijzen
player-no-prize = Deze keer geen prijs.
player-all-winners = Alle prijswinnaars
player-cash = Geld:

## Prizes
prize-col-prizes = Prijzen
prize-col-how = Hoe
prize-col-paid-to = Betaald aan
prize-trophy = trofee
prize-medal = medaille
prize-override = correctie
prize-handed-down = { $amount } doorgeschoven
prize-share = aandeel { $amount }
prize-nobody = niemand: { $amount }
prizes-heading = { $name }: prijzen
prizes-winners = Prijswinnaars
prizes-published = Gepubliceerd
prizes-cash = geld:
prizes-cash-paid = Uitbetaald geld
prizes-fund = Prijzenpot { $amount }
prizes-paid = betaald { $amount }
prizes-not-awarded = niet toegekend { $amount }
prizes-not-yet = De prijzen zijn nog niet gepubliceerd.
prizes-list = Prijzenlijst
split-none = niet delen: de tiebreakvolgorde beslist
split-uscf = US Chess-regel 32B3: gelijk geëindigde spelers delen
split-place-first = plaats eerst (categorieprijzen na de plaatsprijzen verdeeld)
split-hort = Hort-systeem (helft houden, helft delen)
split-unknown = onbekend

## Prize desk
desk-heading = { $name }: prijzentafel
desk-public-list = Openbare prijzenlijst
desk-counts = { $categories } categorieën, { $prizes } prijzen
desk-csv-label = Vervang de lijst vanuit een CSV (één regel per prijs; kolommen:
desk-import = CSV importeren
desk-rules = Regels
desk-per-player = Prijzen per speler
desk-first-win = één prijs per speler (de eerste gewonnen in de volgorde van de uitnodiging)
desk-allow-multiple = één prijs per categorie
desk-cash-split = Geld voor gelijk geëindigde spelers
desk-class-excess = Categoriegeld dat een speler uit de categorie niet nodig had (plaats eerst)
desk-capped = naar de volgende spelers van de categorie, zonder ooit een lagere score meer te betalen dan een hogere (de rest wordt gemeld)
desk-to-class = alles naar de volgende spelers van de categorie, zoals het forumbericht doet
desk-allow-unrated = Spelers zonder rating mogen ratingcategorieprijzen winnen
desk-save-rules = Regels opslaan
desk-allocate = Toekennen
desk-allocate-about = Op basis van de huidige stand en de spelersprofielen. Geef eventueel eerst één prijs met de hand:
desk-prize = Prijs
desk-no-override = (geen correctie)
desk-to = Aan
desk-run = Toekenning uitvoeren
desk-run-of = Toekenning van { $when }
desk-published = gepubliceerd
desk-allocated = { $n } toegekend
desk-conflicts-n = { $n } conflicten
desk-unfilled = { $n } niet toegekend
desk-overrides = { $n } correcties
desk-warnings-n = { $n } waarschuwingen
desk-conflicts = Conflicten
desk-warnings = Waarschuwingen
desk-cash = Geld
desk-fund = Prijzenpot { $amount }
desk-see-why = (zie de lijst hierboven voor de reden)
desk-publish = Deze toekenning publiceren
desk-log = Logboek
desk-runs = Toekenningen

## Ratings
ratings-about = Elo over alle toernooien: 1200 bij de start, K 32 voor de eerste 30 gewaardeerde partijen, daarna 16. Ratings veranderen als de organisator een ronde afsluit. { $n } spelers met rating.
ratings-new = nieuw
ratings-none = Nog geen gewaardeerde partijen.
user-none = Nog geen gewaardeerde partijen: ratings veranderen als een organisator een ronde afsluit waarin deze speler speelde.
user-rank = #{ $rank } van { $total } op de
user-leaderboard = ranglijst
user-games = { $n } gewaardeerde partijen

## Results
results-title = Uitslagen
results-crosstable = Kruistabel
results-standings-after = Stand na
results-standings-after-round = Stand na ronde
results-print = Afdrukken
results-loading = Uitslagen laden…

## Standings
standings-loading = Stand laden…

## Prize categories, the rating chart
prize-cat-age-range = leeftijd { $min }–{ $max }
prize-cat-age-min = leeftijd ≥ { $min }
prize-cat-age-max = leeftijd ≤ { $max }
prize-cat-rating-range = rating { $min }–{ $max }
prize-cat-rating-min = rating ≥ { $min }
prize-cat-rating-max = rating ≤ { $max }
prize-cat-women = vrouwen en meisjes
prize-cat-gender = geslacht { $gender }
prize-cat-disability = spelers met een beperking
prize-cat-city = plaats { $value }
prize-cat-state = provincie { $value }
prize-cat-club = club { $value }
prize-cat-faction = factie { $value }
prize-cat-federation = federatie { $value }
prize-cat-ranked-by = gerangschikt op { $by }
prize-ranked-painting = beschilderingsscore
prize-ranked-sportsmanship = sportiviteitsscore
prize-ranked-game_points = spelpunten
prize-ranked-board_percentage = bordpercentage
prize-cat-board = bord { $value }
prize-cat-min-games = minstens { $value } partijen
prize-cat-inactive = inactief
prize-cat-everyone = iedereen
user-chart-label = { $event }, ronde { $round }: { $result } tegen { $opponent }, { $before } → { $after } ({ $delta })

## How each prize was decided, and the split rules (the prize pages)
prize-how-tied-on = Gelijk op { $score }:
prize-how-tiebreak = Volledig uitbetaald aan de speler aan wie hij is toegekend.
prize-how-manual = Gegeven door de organisator (correctie), volledig uitbetaald.
prize-how-alone = Alleen op deze score: de grootste prijs die nog voor de speler openstaat (32B1).
prize-how-pooled = { $on }deze prijzen worden opgeteld en gelijk verdeeld (32B3).
prize-how-class-alone = { $on }de spelers uit { $category } delen de prijzen van { $category } onder elkaar, wat hun meer oplevert dan delen met alle gelijk geëindigden (32B3).
prize-how-category = { $on }geld van { $category }, gedeeld; ieder houdt het grootste van wat hij had en zijn aandeel, en krijgt het verschil uitbetaald.
prize-how-hort = { $on }ieder houdt de helft van zijn prijs; de andere helften worden gelijk verdeeld (Hort).
prize-how-items = Toegekend; geen geld.
prize-how-unfilled = Niet toegekend: { $reason }.
prize-how-no-winner = Niet toegekend: geen speler kon hem krijgen.
prize-how-no-class-player = Niet toegekend: geld van { $category } doorgeschoven terwijl er geen speler uit { $category } meer over is om het te krijgen.
prize-how-capped = Niet toegekend: dit geld van { $category } uitbetalen zou een speler uit { $category } meer geven dan een speler uit { $category } met een betere score kreeg. De organisator kan het in plaats daarvan aan de volgende spelers van de categorie uitbetalen (regel: categorieoverschot naar de categorie).
prize-how-carried-in = Inclusief { $amount } doorgeschoven binnen de categorie.
prize-how-carried-out = { $amount } niet nodig, doorgeschoven naar de volgende spelers van de categorie.
prize-rule-none = Niet delen: elke prijs wordt volledig uitbetaald aan de speler aan wie hij is toegekend (volgorde van de uitnodiging, één prijs per speler tenzij het toernooi meer toestaat; spelers op dezelfde plaats worden gescheiden op rating, daarna op naam).
prize-rule-uscf-32b3 = US Chess-regel 32B3: gelijk geëindigde spelers tellen de geldprijzen van de plaatsen die zij bezetten op, hoogstens één prijs per speler, en delen de som gelijk; spelers die recht hebben op een categorieprijs nemen de prijzen van die categorie alleen, of gedeeld met alleen de anderen uit de categorie, als hun dat meer oplevert. Prijzen die de gelijk geëindigden niet gebruiken gaan naar de volgende score. Trofeeën en medailles gaan op tiebreakvolgorde.
prize-rule-place-first = Plaats eerst (US Chess-forum, over regel 32B3): gelijk geëindigde spelers delen de plaatsprijzen van hun plaatsen alsof er geen categorieprijzen waren; daarna gaan de prijzen van elke categorie op score naar de spelers van die categorie, waarbij ieder het grootste houdt van zijn plaatsgeld en zijn categorieaandeel (de categorie betaalt alleen het verschil), en het geld dat een speler uit de categorie niet nodig had gaat naar de volgende spelers van de categorie. Eén prijs per speler: een speler uit een categorie wiens plaatsgeld minstens zijn categorieaandeel is, neemt geen categorieplaats, en de prijzen van de categorie gaan naar de volgende spelers. Trofeeën en medailles gaan op tiebreakvolgorde.
prize-rule-hort = Hort-systeem: prijzen worden op tiebreakvolgorde gegeven; een speler die met anderen gelijk is geëindigd houdt de helft van zijn prijs, en de andere helften van de prijzen van de gelijk geëindigden worden gelijk verdeeld onder de gelijk geëindigden die er recht op hebben: de helft van een categorieprijs alleen onder de gelijk geëindigden uit die categorie.
prize-unfilled-no-eligible-players = geen speler die ervoor in aanmerking komt
prize-unfilled-all-won = allemaal gewonnen

## The prize desk's conflicts and warnings
prize-conflict-unknown-prize = Correctie: er is geen prijs `{ $id }`.
prize-conflict-unknown-player = Correctie van { $prize }: speler { $id } staat niet in de stand.
prize-conflict-inactive = Correctie van { $prize } naar { $who }: de prijs of zijn categorie is inactief.
prize-conflict-ineligible = Correctie van { $prize } naar { $who }: komt niet in aanmerking voor de categorie ({ $why }).
prize-conflict-already-assigned = Correctie van { $prize } naar { $who }: een eerdere correctie gaf hem al aan { $others }.
prize-conflict-already-won = Correctie van { $prize } naar { $who }: { $who } heeft al { $held } uit een eerdere correctie.
prize-conflict-identical = { $prize } ging voorlopig naar { $who }, die dezelfde plaats, rating en naam heeft als { $others }: beslis met een correctie.
prize-warning-won-nothing = { $prize } ging naar { $winner } (plaats { $winner_rank }) vóór { $bypassed } (plaats { $bypassed_rank }), die niets won.
prize-warning-took = { $prize } ging naar { $winner } (plaats { $winner_rank }) vóór { $bypassed } (plaats { $bypassed_rank }), die { $took } kreeg.
prize-ineligible-gender-mismatch = geslacht komt niet overeen
prize-ineligible-below-min-age = onder de minimumleeftijd
prize-ineligible-above-max-age = boven de maximumleeftijd
prize-ineligible-missing-date-of-birth = geboortedatum ontbreekt
prize-ineligible-unrated-in-rating-category = zonder rating in een ratingcategorie
prize-ineligible-below-min-rating = onder de minimumrating
prize-ineligible-above-max-rating = boven de maximumrating
prize-ineligible-disability-mismatch = beperking komt niet overeen
prize-ineligible-city-mismatch = plaats komt niet overeen
prize-ineligible-state-mismatch = provincie komt niet overeen
prize-ineligible-club-mismatch = club komt niet overeen
prize-ineligible-faction-mismatch = factie komt niet overeen
prize-ineligible-federation-mismatch = federatie komt niet overeen
prize-ineligible-team-category = teamcategorie
prize-ineligible-individual-award = individuele prijs
prize-ineligible-board-mismatch = bord komt niet overeen
prize-ineligible-too-few-games = te weinig partijen

## API reference page (/api/docs)
api-page-title = API
api-json = het document als JSON:
api-contents = Inhoud
api-socket = Protocol van de live-socket
api-codes = Foutcodes
api-schemas = Schema's
api-parameters = Parameters
api-col-name = naam
api-col-in = in
api-col-schema = schema
api-col-meaning = betekenis
api-required = (verplicht)
api-optional = (optioneel)
api-request-body = Body van het verzoek
api-responses = Antwoorden
api-col-status = status
api-col-body = body
api-col-code = code
api-col-when = wanneer
api-protocol-version = protocolversie
api-views = weergaven:
api-client-frames = Frames van de client:
api-server-frames = Frames van de server:
api-close-codes = Sluitcodes
api-error-body = Elke fout is een JSON-body met de code en een bericht, plus details waar een lijst helpt:
api-content-note = De beschrijvingen van de operaties en schema's zijn in het Engels, net als de API.

## The prize desk: publishing and taking back, asked first
desk-publish-what = Publiceren maakt deze toekenning de openbare prijzenlijst van het toernooi: spelers en de prijzenpagina zien hem meteen. Je kunt hem later terugnemen.
desk-publish-now = Nu publiceren
desk-unpublish = De gepubliceerde prijzen terugnemen
desk-unpublish-what = De prijzenlijst is meteen niet meer openbaar; de toekenningen blijven hier, en je kunt deze of een andere opnieuw publiceren.
desk-unpublish-now = Nu terugnemen
desk-stale = verouderd
desk-stale-why = De uitslagen zijn veranderd sinds deze toekenning (een uitslag, een heropende ronde, een speler teruggezet of verwijderd): voer de toekenning opnieuw uit.

## /claim/{code}: a player takes over the entry the organiser made
claim-title = Claim je inschrijving
claim-what = De organisator heeft { $name } ingeschreven voor { $event }.
claim-then = Na het claimen is deze inschrijving van jou: je ziet je indelingen en geeft je uitslagen door vanaf je telefoon.
claim-button = Ik ben { $name }: deze inschrijving claimen
claim-sign-in-first = Log eerst in (of maak een account aan); daarna kom je hier terug.

## /staff/{code}: an invitation to the staff; the dashboard's staff panel
staff-invite-title = Word lid van de wedstrijdleiding
staff-invite-judge = Je bent uitgenodigd als arbiter voor { $event }: uitslagen, geschillen, correcties en aanmelding.
staff-invite-co = Je bent uitgenodigd om { $event } mee te organiseren, met alle rechten van een organisator.
staff-invite-accept = Accepteren en de wedstrijdleiding openen
dash-staff = Wedstrijdleiding
dash-log = Actielogboek
dash-settings = Toernooi-instellingen
# The captains' pairing rooms (a team match's room, the venue screen).
room-title = Indelingskamer
room-timer = Resterende tijd in deze stap
room-lock = Mijn keuze vastleggen
room-staff = Bediening van de organisator
room-confirm = Vastleggen
room-cancel = Annuleren
room-games = Partijen
room-open = Open je indelingskamer
rooms-title = Indelingskamers
rooms-none = In deze ronde loopt geen indeling door de captains.
team-captain = Captain
team-captain-none = bijgehouden door de organisatoren
team-players = Spelers
team-reserves = Reserves
team-rounds = Ronden
team-no-rounds = Nog geen ronde ingedeeld.
team-bye = Bye
team-vs = vs
team-col-board = Bord
team-col-table = Tafel
team-col-player = Speler
team-col-faction = Factie
team-col-rating = Rating
team-col-score = Score
team-col-opponent = Tegenstander
team-col-state = Status
team-result-W = Gewonnen
team-result-D = Gelijk
team-result-L = Verloren
team-state-UNREPORTED = Bezig
team-state-REPORTED = Doorgegeven
team-state-DISPUTED = Betwist
team-state-CONFIRMED = Bevestigd
account-title = Mijn account
tokens-title = API-tokens
tokens-intro = Met een token kan een script, een bot of een stream-overlay de API namens jou gebruiken, zonder je wachtwoord. Een leestoken leest alleen; een organisatortoken kan alles wat jij kunt.
tokens-name = Naam
tokens-scope = Bereik
tokens-scope-read = Alleen lezen
tokens-scope-organiser = Organisator (lezen en wijzigen)
tokens-create = Token maken
tokens-made = Token "{ $name }" gemaakt. Kopieer het nu: het wordt niet opnieuw getoond.
tokens-usage = Stuur het bij elk verzoek mee in de header Authorization: Bearer, gevolgd door het token.
tokens-none = Nog geen tokens.
tokens-created = Gemaakt
tokens-last-used = Laatst gebruikt
tokens-never = nooit
tokens-revoke = Intrekken
event-entry-rules = Wie mag meedoen
event-open-rated = Open voor spelers met een rating van { $band } ({ $source }).
event-open-unrated = Spelers zonder rating mogen ook meedoen.
event-open-age-under = Open voor spelers jonger dan { $under } op { $date }.
event-open-age-min = Open voor spelers van { $min } jaar of ouder op { $date }.
event-open-age-range = Open voor spelers van { $min } tot { $max } jaar op { $date }.
event-invitation-only = Alleen op uitnodiging.
sections-heading = Groepen
sections-none = Er is nog geen groep open.
sections-dates = { $from } tot { $to }
sections-round = Ronde { $n } van { $total }
sections-leaders = Koplopers
sections-no-standings = Er is nog geen ronde gespeeld.
sections-board = Indeling, alle groepen
sections-standings = Stand, alle groepen
sections-players-csv = Spelers van alle groepen (CSV)
sections-by-section = Per groep
sections-col-section = Groep
sections-col-table = Tafel
sections-bye = Bye
sections-home = Evenementen met groepen
sections-not-seated = Nog niemand zit aan een tafel.
