# Les pages d'Arbiter, en français.

## En-tête, pied de page, mots communs
nav-ratings = Classements Elo
nav-new-event = Nouveau tournoi
nav-sign-out = Se déconnecter
nav-sign-in = Se connecter
nav-sign-up = Créer un compte
nav-language = Langue
live = en direct
loading = Chargement…
previous = Précédent
next = Suivant
clock-label = Temps restant dans la ronde
round-n = Ronde { $n }
pager-window = { $from }–{ $to } sur { $total }
standings-pages = Pages du classement
month-1 = janvier
month-2 = février
month-3 = mars
month-4 = avril
month-5 = mai
month-6 = juin
month-7 = juillet
month-8 = août
month-9 = septembre
month-10 = octobre
month-11 = novembre
month-12 = décembre
date-long = { $day } { $month } { $year }

## Statuts, jeux, systèmes d'appariement
status-draft = Brouillon
status-registration = Inscriptions ouvertes
status-check-in = Pointage ouvert
status-in-progress = En cours
status-complete = Terminé
game-wh40k = Warhammer 40,000
game-chess = Échecs
game-crokinole = Crokinole
pairing-swiss-record = Système suisse (au bilan)
pairing-round-robin = Toutes rondes
pairing-double-round-robin = Toutes rondes aller-retour
pairing-dutch = Système suisse (FIDE, néerlandais)
result-win = victoire
result-draw = nulle
result-loss = défaite

## Liens entre les pages d'un tournoi
link-event = Page du tournoi
link-board = Tableau des appariements
link-standings = Classement
link-live-standings = Classement en direct
link-results-printouts = Résultats et impressions
link-results-crosstable = Résultats, grille américaine, impressions
link-prizes = Prix
link-prize-desk = Gestion des prix
link-my-page = Ma page
link-dashboard = Tableau de bord de l'organisateur

## Colonnes des tableaux
col-player = Joueur
col-faction = Faction
col-list = Liste
col-checked-in = Pointé
col-status = Statut
col-rank = Rang
col-score = Score
col-amount = Montant
col-category = Catégorie
col-who = Qui
col-rating = Elo
col-games = Parties
col-event = Tournoi
col-round = Ronde
col-opponent = Adversaire
col-result = Résultat
col-before = Avant
col-after = Après

## Accueil
home-title = Tournois
home-mine = Mes tournois
home-mine-none = Vous n'avez encore créé ni rejoint aucun tournoi.
home-create-one = En créer un
home-running = En cours
home-running-none = Aucun tournoi ne se joue en ce moment.
home-open = Inscriptions ouvertes
home-open-none = Aucun tournoi ne prend d'inscriptions en ce moment.
home-finished = Terminés
home-find = Retrouver un tournoi passé
home-find-placeholder = Nom ou lieu
home-search = Rechercher
home-show-all = Tout afficher
home-finished-none = Aucun tournoi n'est encore terminé.
home-finished-no-match = Aucun tournoi terminé ne correspond à « { $search } ».
home-rounds =
    { $n ->
        [one] { $n } ronde
       *[other] { $n } rondes
    }
home-players =
    { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }

## Connexion et création de compte
account-create = Créer un compte
account-create-button = Créer le compte
account-email = Adresse e-mail
account-display-name = Nom affiché aux autres
account-password = Mot de passe
account-have-one = Vous avez déjà un compte ?
account-new-here = Première visite ?
account-title = Mon compte
tokens-title = Jetons d'API
tokens-intro = Les jetons permettent à un script, un bot ou un habillage de stream d'utiliser l'API en votre nom, sans votre mot de passe. Un jeton de lecture ne fait que lire ; un jeton organisateur fait tout ce que vous pouvez faire.
tokens-name = Nom
tokens-scope = Portée
tokens-scope-read = Lecture seule
tokens-scope-organiser = Organisateur (lire et modifier)
tokens-create = Créer un jeton
tokens-made = Jeton « { $name } » créé. Copiez-le maintenant : il ne sera plus affiché.
tokens-usage = Envoyez-le avec chaque requête dans l'en-tête Authorization: Bearer suivi du jeton.
tokens-none = Aucun jeton pour l'instant.
tokens-created = Créé
tokens-last-used = Dernière utilisation
tokens-never = jamais
tokens-revoke = Révoquer

## Page du tournoi
event-qr-alt = QR code de cette page
event-qr-caption = Scannez pour l'ouvrir sur un téléphone
event-schedule = Horaires
event-round-starts = Ronde { $n } · début à { $time }
event-register = S'inscrire
event-board-name = Nom sur le tableau des appariements
event-faction = Faction
event-club = Club
event-club-placeholder = Club ou ville
event-army-list = Liste d'armée (facultative jusqu'au verrouillage des listes)
event-army-list-placeholder = Collez votre liste ici...
event-sign-in-to-register-before = {""}
event-sign-in = Connectez-vous
event-sign-in-to-register-or = {" "}ou{" "}
event-create-account = créez un compte
event-sign-in-to-register-after = {" "}pour vous inscrire.
event-players = Joueurs ({ $n })
event-entry-rules = Qui peut s'inscrire
event-open-rated = Ouvert aux joueurs classés { $band } ({ $source }).
event-open-unrated = Les joueurs non classés peuvent aussi s'inscrire.
event-open-age-under = Ouvert aux joueurs de moins de { $under } ans le { $date }.
event-open-age-min = Ouvert aux joueurs de { $min } ans ou plus le { $date }.
event-open-age-range = Ouvert aux joueurs de { $min } à { $max } ans le { $date }.
event-invitation-only = Sur invitation uniquement.
event-dropped = abandon
event-read = Lire
event-submitted = envoyée

## Tableau des appariements
board-title = Appariements
board-no-round = Pas encore de ronde
board-modes = Ce que montre cet écran
board-by-table = Par table
board-find-name = Trouver son nom
board-both = Les deux en alternance
board-clock = Pendule
board-qr-alt = QR code : ce tournoi sur votre téléphone
board-qr-caption = Votre appariement sur votre téléphone
board-loading = Chargement des appariements…

## Phase finale
bracket-title = Phase finale
bracket-label = Tableau de la phase finale
bracket-none = Ce tournoi n'a pas de phase finale.

## Tableau de bord de l'organisateur
dash-title = Tableau de bord
dash-event = Tournoi :
dash-round = Ronde
dash-find = Chercher
dash-find-placeholder = Table ou joueur
dash-show = Afficher
dash-show-attention = Ce qui demande attention
dash-show-disputed = Contestations
dash-show-reported = En attente de confirmation
dash-show-unreported = Résultats manquants
dash-show-confirmed = Confirmés
dash-show-all = Toutes les tables
dash-keys = Raccourcis :
dash-key-next = table suivante à traiter
dash-key-find = chercher
dash-key-enter = dans une correction la valide
dash-tiebreaks = Départages
dash-registrations = Inscriptions
dash-waitlist = Liste d'attente
dash-payments = Droits d'inscription
dash-pay-filter = Afficher
dash-pay-all = Tout le monde
dash-pay-paid = Payé
dash-pay-owed = Dû
dash-pay-waived = Exonéré

## Page d'erreur
error-code = Code d'erreur :
error-back = Retour aux tournois
error-title-401 = Connectez-vous d'abord
error-title-403 = Non autorisé
error-title-404 = Introuvable
error-title-503 = Réessayez dans un instant
error-title-other = Une erreur s'est produite

## Nouveau tournoi
new-name = Nom
new-name-placeholder = Open de Paris 2026
new-date = Date
new-location = Lieu
new-location-placeholder = Salle, ville
new-game = Jeu
new-pairing = Système d'appariement
new-round-robin-berger = Toutes rondes (tables de Berger FIDE)
new-format = Format
new-rounds = Rondes
new-rounds-hint = (celles d'un toutes rondes découlent du nombre de joueurs ; laissez vide)
new-max-vp = Score maximal par joueur et par partie (PV en 40K, points de partie au crokinole)
new-max-vp-placeholder = par défaut
new-round-times = Heures de début des rondes, une par ligne (09:30, ou 2026-05-17 09:30 pour un autre jour)
new-missions = Missions, une par ligne (dans l'ordre des rondes ; 40K)
new-round-one = Appariement de la ronde 1
new-round-one-order = Ordre des joueurs pour la ronde 1
round-one-registration = Par ordre d'inscription (la procédure par défaut)
round-one-random = Par tirage au sort (avec graine : la même graine donne le même tirage)
round-one-rating = Par classement Elo, le plus haut d'abord
new-round-one-seed = Graine du tirage
new-round-one-seed-placeholder = tirée pour vous
new-create = Créer (en brouillon)

## Page du joueur
player-board = Tableau
player-my-rating = Mon Elo
player-my-pairing = Mon appariement
player-pairing-later = Votre table s'affiche ici dès que la ronde est appariée.
player-my-list = Ma liste
player-my-prizes = Mes prix
player-no-prize = Pas de prix cette fois.
player-all-winners = Tous les lauréats
player-cash = Argent :

## Prix
prize-col-prizes = Prix
prize-col-how = Comment
prize-col-paid-to = Versé à
prize-trophy = trophée
prize-medal = médaille
prize-override = attribution manuelle
prize-handed-down = { $amount } reporté
prize-share = part { $amount }
prize-nobody = personne : { $amount }
prizes-heading = { $name } : prix
prizes-winners = Lauréats
prizes-published = Publié le
prizes-cash = argent :
prizes-cash-paid = Argent versé
prizes-fund = Dotation { $amount }
prizes-paid = versé { $amount }
prizes-not-awarded = non attribué { $amount }
prizes-not-yet = Les prix n'ont pas encore été publiés.
prizes-list = Liste des prix
split-none = pas de partage : l'ordre du départage décide
split-uscf = règle 32B3 de l'US Chess : les ex aequo partagent
split-place-first = places d'abord (prix de catégorie réglés après les prix de place)
split-hort = système Hort (moitié gardée, moitié partagée)
split-unknown = inconnu

## Gestion des prix
desk-heading = { $name } : gestion des prix
desk-public-list = Liste publique des prix
desk-counts = { $categories } catégories, { $prizes } prix
desk-csv-label = Remplacer la liste depuis un CSV (une ligne par prix ; colonnes :
desk-import = Importer le CSV
desk-rules = Règles
desk-per-player = Prix par joueur
desk-first-win = un prix par joueur (le premier gagné dans l'ordre du règlement)
desk-allow-multiple = un prix par catégorie
desk-cash-split = Argent des joueurs ex aequo
desk-class-excess = Argent de catégorie dont un joueur de la catégorie n'a pas eu besoin (places d'abord)
desk-capped = aux joueurs suivants de la catégorie, sans jamais payer un score inférieur plus qu'un score supérieur (le reste est signalé)
desk-to-class = tout aux joueurs suivants de la catégorie, comme le fait le message du forum
desk-allow-unrated = Les joueurs sans Elo peuvent gagner les prix par tranche d'Elo
desk-save-rules = Enregistrer les règles
desk-allocate = Attribuer
desk-allocate-about = À partir du classement actuel et des profils des joueurs. Vous pouvez d'abord attribuer un prix à la main :
desk-prize = Prix
desk-no-override = (aucune attribution manuelle)
desk-to = À
desk-run = Lancer l'attribution
desk-run-of = Attribution du { $when }
desk-published = publiée
desk-allocated = { $n } attribués
desk-conflicts-n = { $n } conflits
desk-unfilled = { $n } non pourvus
desk-overrides = { $n } attributions manuelles
desk-warnings-n = { $n } avertissements
desk-conflicts = Conflits
desk-warnings = Avertissements
desk-cash = Argent
desk-fund = Dotation { $amount }
desk-see-why = (voir la liste ci-dessus pour la raison)
desk-publish = Publier cette attribution
desk-log = Journal
desk-runs = Attributions

## Classements Elo
ratings-about = Elo sur tous les tournois : 1200 au départ, K 32 pour les 30 premières parties classées, puis 16. Les Elo changent quand l'organisateur clôt une ronde. { $n } joueurs classés.
ratings-new = nouveau
ratings-none = Aucune partie classée pour l'instant.
user-none = Aucune partie classée pour l'instant : l'Elo change quand un organisateur clôt une ronde jouée par ce joueur.
user-rank = { $rank }e sur { $total } au
user-leaderboard = classement
user-games = { $n } parties classées

## Résultats
results-title = Résultats
results-crosstable = Grille américaine
results-standings-after = Classement après
results-standings-after-round = Classement après la ronde
results-print = Imprimer
results-loading = Chargement des résultats…

## Classement
standings-loading = Chargement du classement…

## Catégories de prix, courbe Elo
prize-cat-age-range = âge { $min }–{ $max }
prize-cat-age-min = âge ≥ { $min }
prize-cat-age-max = âge ≤ { $max }
prize-cat-rating-range = Elo { $min }–{ $max }
prize-cat-rating-min = Elo ≥ { $min }
prize-cat-rating-max = Elo ≤ { $max }
prize-cat-women = femmes et filles
prize-cat-gender = sexe { $gender }
prize-cat-disability = joueurs en situation de handicap
prize-cat-city = ville { $value }
prize-cat-state = région { $value }
prize-cat-club = club { $value }
prize-cat-faction = faction { $value }
prize-cat-federation = fédération { $value }
prize-cat-ranked-by = classé par { $by }
prize-ranked-painting = note de peinture
prize-ranked-sportsmanship = note de fair-play
prize-ranked-game_points = points de partie
prize-ranked-board_percentage = pourcentage à l'échiquier
prize-cat-board = échiquier { $value }
prize-cat-min-games = au moins { $value } parties
prize-cat-inactive = inactive
prize-cat-everyone = tout le monde
user-chart-label = { $event }, ronde { $round } : { $result } contre { $opponent }, { $before } → { $after } ({ $delta })

## Comment chaque prix a été attribué, et les règles de partage (pages des prix)
prize-how-tied-on = Ex aequo à { $score } :
prize-how-tiebreak = Versé en entier au joueur à qui il a été attribué.
prize-how-manual = Attribué par l'organisateur (à la main), versé en entier.
prize-how-alone = Seul à ce score : le plus gros prix encore accessible au joueur (32B1).
prize-how-pooled = { $on }ces prix sont additionnés et partagés à parts égales (32B3).
prize-how-class-alone = { $on }les joueurs de la catégorie { $category } se partagent seuls ses prix, ce qui leur rapporte plus qu'un partage avec tous les ex aequo (32B3).
prize-how-category = { $on }argent de la catégorie { $category }, partagé ; chacun garde le plus élevé entre ce qu'il avait et sa part, et reçoit la différence.
prize-how-hort = { $on }chacun garde la moitié de son prix ; les autres moitiés sont partagées à parts égales (Hort).
prize-how-items = Attribué ; pas d'argent.
prize-how-unfilled = Non attribué : { $reason }.
prize-how-no-winner = Non attribué : aucun joueur ne pouvait le prendre.
prize-how-no-class-player = Non attribué : argent de la catégorie { $category } reporté sans plus aucun joueur de la catégorie { $category } pour le prendre.
prize-how-capped = Non attribué : verser cet argent de la catégorie { $category } paierait un joueur de la catégorie plus qu'un joueur mieux classé de la même catégorie. L'organisateur peut le verser aux joueurs suivants de la catégorie (règle : excédent de catégorie à la catégorie).
prize-how-carried-in = Comprend { $amount } reportés dans la catégorie.
prize-how-carried-out = { $amount } non nécessaires, reportés aux joueurs suivants de la catégorie.
prize-rule-none = Pas de partage : chaque prix est versé en entier au joueur à qui il a été attribué (ordre du règlement, un prix par joueur sauf si le tournoi en permet plus ; les joueurs de même rang sont départagés par l'Elo, puis par le nom).
prize-rule-uscf-32b3 = Règle 32B3 de l'US Chess : les joueurs ex aequo additionnent les prix en argent couverts par leurs places, un prix au plus par joueur, et se partagent la somme à parts égales ; les joueurs éligibles à un prix de catégorie prennent seuls les prix de cette catégorie, ou les partagent seulement avec les autres joueurs de la catégorie, quand cela leur rapporte plus. Les prix que l'égalité n'utilise pas passent au score suivant. Trophées et médailles suivent l'ordre du départage.
prize-rule-place-first = Places d'abord (forum de l'US Chess, sur la règle 32B3) : les joueurs ex aequo se partagent les prix de place couverts par leurs places comme s'il n'y avait pas de prix de catégorie ; puis les prix de chaque catégorie vont aux joueurs de la catégorie selon le score, chacun gardant le plus élevé entre son prix de place et sa part de catégorie (la catégorie ne paie que la différence), et l'argent dont un joueur de la catégorie n'a pas eu besoin va aux joueurs suivants de la catégorie. Un prix par joueur : un joueur de la catégorie dont le prix de place vaut au moins sa part de catégorie ne prend pas de place de la catégorie, et les prix de la catégorie vont à ses joueurs suivants. Trophées et médailles suivent l'ordre du départage.
prize-rule-hort = Système Hort : les prix sont attribués dans l'ordre du départage ; un joueur ex aequo avec d'autres garde la moitié de son prix, et les autres moitiés des prix des ex aequo sont partagées à parts égales entre les ex aequo qui y ont droit : la moitié d'un prix de catégorie seulement entre les ex aequo de cette catégorie.
prize-unfilled-no-eligible-players = aucun joueur éligible
prize-unfilled-all-won = tous les joueurs éligibles ont déjà gagné

## Conflits et avertissements de la gestion des prix
prize-conflict-unknown-prize = Attribution manuelle : il n'y a pas de prix `{ $id }`.
prize-conflict-unknown-player = Attribution manuelle de { $prize } : le joueur { $id } n'est pas au classement.
prize-conflict-inactive = Attribution manuelle de { $prize } à { $who } : le prix ou sa catégorie est inactif.
prize-conflict-ineligible = Attribution manuelle de { $prize } à { $who } : pas éligible à la catégorie ({ $why }).
prize-conflict-already-assigned = Attribution manuelle de { $prize } à { $who } : une attribution manuelle précédente l'a déjà donné à { $others }.
prize-conflict-already-won = Attribution manuelle de { $prize } à { $who } : { $who } détient déjà { $held } par une attribution manuelle précédente.
prize-conflict-identical = { $prize } est allé provisoirement à { $who }, qui a le même rang, le même Elo et le même nom que { $others } : tranchez par une attribution manuelle.
prize-warning-won-nothing = { $prize } est allé à { $winner } (rang { $winner_rank }) devant { $bypassed } (rang { $bypassed_rank }), qui n'a rien gagné.
prize-warning-took = { $prize } est allé à { $winner } (rang { $winner_rank }) devant { $bypassed } (rang { $bypassed_rank }), qui a pris { $took }.
prize-ineligible-gender-mismatch = sexe différent
prize-ineligible-below-min-age = sous l'âge minimal
prize-ineligible-above-max-age = au-dessus de l'âge maximal
prize-ineligible-missing-date-of-birth = date de naissance manquante
prize-ineligible-unrated-in-rating-category = sans Elo dans une catégorie Elo
prize-ineligible-below-min-rating = sous l'Elo minimal
prize-ineligible-above-max-rating = au-dessus de l'Elo maximal
prize-ineligible-disability-mismatch = critère de handicap non rempli
prize-ineligible-city-mismatch = autre ville
prize-ineligible-state-mismatch = autre région
prize-ineligible-club-mismatch = autre club
prize-ineligible-faction-mismatch = faction différente
prize-ineligible-federation-mismatch = fédération différente
prize-ineligible-team-category = prix d'équipe
prize-ineligible-individual-award = prix individuel
prize-ineligible-board-mismatch = autre échiquier
prize-ineligible-too-few-games = trop peu de parties

## API reference page (/api/docs)
api-page-title = API
api-json = le document en JSON :
api-contents = Sommaire
api-socket = Protocole du flux en direct (WebSocket)
api-codes = Codes d'erreur
api-schemas = Schémas
api-parameters = Paramètres
api-col-name = nom
api-col-in = emplacement
api-col-schema = schéma
api-col-meaning = signification
api-required = (obligatoire)
api-optional = (facultatif)
api-request-body = Corps de la requête
api-responses = Réponses
api-col-status = statut
api-col-body = corps
api-col-code = code
api-col-when = quand
api-protocol-version = version du protocole
api-views = vues :
api-client-frames = Messages du client :
api-server-frames = Messages du serveur :
api-close-codes = Codes de fermeture
api-error-body = Chaque erreur est un corps JSON avec le code et un message, et des détails quand une liste aide :
api-content-note = Les descriptions des opérations et des schémas sont en anglais, comme l'API.

## The prize desk: publishing and taking back, asked first
desk-publish-what = Publier fait de ce calcul la liste des prix publique de l'événement : les joueurs et la page des prix la voient aussitôt. Vous pourrez la retirer ensuite.
desk-publish-now = Publier maintenant
desk-unpublish = Retirer les prix publiés
desk-unpublish-what = La liste des prix cesse aussitôt d'être publique ; les calculs restent ici et vous pourrez publier de nouveau celui-ci ou un autre.
desk-unpublish-now = Retirer maintenant
desk-stale = périmé
desk-stale-why = Les résultats ont changé depuis ce calcul (un résultat, une ronde rouverte, un joueur rétabli ou retiré) : relancez l'attribution.

## /claim/{code}: a player takes over the entry the organiser made
claim-title = Réclamer votre inscription
claim-what = L'organisateur a inscrit { $name } à { $event }.
claim-then = Une fois réclamée, cette inscription est la vôtre : vous voyez vos appariements et saisissez vos résultats depuis votre téléphone.
claim-button = Je suis { $name } : réclamer cette inscription
claim-sign-in-first = Connectez-vous (ou créez un compte) d'abord ; vous reviendrez ici ensuite.

## /staff/{code}: an invitation to the staff; the dashboard's staff panel
staff-invite-title = Rejoindre l'équipe du tournoi
staff-invite-judge = Vous êtes invité à arbitrer { $event } : résultats, contestations, décisions et pointage.
staff-invite-co = Vous êtes invité à co-organiser { $event }, avec tous les droits d'un organisateur.
staff-invite-accept = Accepter et ouvrir le tableau de bord
dash-staff = Équipe
dash-log = Journal des actions
dash-settings = Réglages du tournoi
# Les salles d'appariement des capitaines (la salle d'un match, l'écran de salle).
room-title = Salle d'appariement
room-timer = Temps restant pour cette étape
room-lock = Verrouiller mon choix
room-staff = Commandes de l'organisateur
room-confirm = Verrouiller
room-cancel = Annuler
room-games = Parties
room-open = Ouvrir votre salle d'appariement
rooms-title = Salles d'appariement
rooms-none = Aucun appariement des capitaines en cours dans cette ronde.
team-captain = Capitaine
team-captain-none = tenue par les organisateurs
team-players = Joueurs
team-reserves = Remplaçants
team-rounds = Rondes
team-no-rounds = Aucune ronde appariée pour l'instant.
team-bye = Exempt
team-vs = contre
team-col-board = Échiquier
team-col-table = Table
team-col-player = Joueur
team-col-faction = Faction
team-col-rating = Classement
team-col-score = Score
team-col-opponent = Adversaire
team-col-state = État
team-result-W = Gagné
team-result-D = Nul
team-result-L = Perdu
team-state-UNREPORTED = En cours
team-state-REPORTED = Signalé
team-state-DISPUTED = Contesté
team-state-CONFIRMED = Confirmé

## Events with sections
sections-heading = Sections
sections-none = Aucune section n’est encore ouverte.
sections-dates = du { $from } au { $to }
sections-round = Ronde { $n } sur { $total }
sections-leaders = En tête
sections-no-standings = Aucune ronde n’a encore été jouée.
sections-board = Appariements, toutes les sections
sections-standings = Classements, toutes les sections
sections-players-csv = Joueurs de toutes les sections (CSV)
sections-by-section = Par section
sections-col-section = Section
sections-col-table = Table
sections-bye = Exempt
sections-home = Événements à sections
sections-not-seated = Personne n’est encore apparié.
