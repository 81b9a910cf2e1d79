# Arbiter's pages, in English (the source every other language follows).

## Header, footer, shared words
nav-ratings = Ratings
nav-new-event = New event
nav-sign-out = Sign out
nav-sign-in = Sign in
nav-sign-up = Sign up
nav-language = Language
live = live
loading = Loading…
previous = Previous
next = Next
clock-label = Time left in the round
round-n = Round { $n }
pager-window = { $from }–{ $to } of { $total }
standings-pages = Standings pages
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December
date-long = { $day } { $month } { $year }

## Statuses, games, pairing systems
status-draft = Draft
status-registration = Registration open
status-check-in = Check-in open
status-in-progress = In progress
status-complete = Complete
game-wh40k = Warhammer 40,000
game-chess = Chess
game-crokinole = Crokinole
pairing-swiss-record = Swiss (by record)
pairing-round-robin = Round robin
pairing-double-round-robin = Double round robin
pairing-dutch = Swiss (FIDE Dutch)
result-win = win
result-draw = draw
result-loss = loss

## Links between an event's pages
link-event = Event page
link-board = Pairings board
link-standings = Standings
link-live-standings = Live standings
link-results-printouts = Results and printouts
link-results-crosstable = Results, crosstable, printouts
link-prizes = Prizes
link-prize-desk = Prize desk
link-my-page = My page
link-dashboard = TO dashboard

## Table columns
col-player = Player
col-faction = Faction
col-list = List
col-checked-in = Checked in
col-status = Status
col-rank = Rank
col-score = Score
col-amount = Amount
col-category = Category
col-who = Who
col-rating = Rating
col-games = Games
col-event = Event
col-round = Round
col-opponent = Opponent
col-result = Result
col-before = Before
col-after = After

## Home
home-title = Tournaments
home-mine = My events
home-mine-none = You have not created or joined an event yet.
home-create-one = Create one
home-running = Being played now
home-running-none = No event is being played right now.
home-open = Open for registration
home-open-none = No event is taking registrations right now.
home-finished = Finished
home-find = Find a past event
home-find-placeholder = Name or venue
home-search = Search
home-show-all = Show all
home-finished-none = No event has finished yet.
home-finished-no-match = No finished event matches “{ $search }”.
home-rounds =
    { $n ->
        [one] { $n } round
       *[other] { $n } rounds
    }
home-players =
    { $n ->
        [one] { $n } player
       *[other] { $n } players
    }

## Sign-in and sign-up
account-create = Create an account
account-create-button = Create account
account-email = E-mail
account-display-name = Name shown to others
account-password = Password
account-have-one = Have an account?
account-new-here = New here?
account-title = My account
tokens-title = API tokens
tokens-intro = Tokens let a script, a bot or a stream overlay use the API as you, without your password. A read token only reads; an organiser token does whatever you can.
tokens-name = Name
tokens-scope = Scope
tokens-scope-read = Read only
tokens-scope-organiser = Organiser (read and change)
tokens-create = Make a token
tokens-made = Token "{ $name }" made. Copy it now: it is not shown again.
tokens-usage = Send it with each request as the header Authorization: Bearer followed by the token.
tokens-none = No tokens yet.
tokens-created = Made
tokens-last-used = Last used
tokens-never = never
tokens-revoke = Revoke

## Event page
event-qr-alt = QR code of this page
event-qr-caption = Scan to open on a phone
event-schedule = Schedule
event-round-starts = Round { $n } · starts { $time }
event-register = Register
event-board-name = Name on the pairings board
event-faction = Faction
event-club = Club
event-club-placeholder = Club or city
event-army-list = Army list (optional until lists are locked)
event-army-list-placeholder = Paste your list here...
event-sign-in-to-register-before = {""}
event-sign-in = Sign in
event-sign-in-to-register-or = {" "}or{" "}
event-create-account = create an account
event-sign-in-to-register-after = {" "}to register.
event-players = Players ({ $n })
event-entry-rules = Who may enter
event-open-rated = Open to players rated { $band } ({ $source }).
event-open-unrated = Unrated players may enter too.
event-open-age-under = Open to players under { $under } on { $date }.
event-open-age-min = Open to players aged { $min } or over on { $date }.
event-open-age-range = Open to players aged { $min } to { $max } on { $date }.
event-invitation-only = Entry by invitation only.
event-dropped = dropped
event-read = Read
event-submitted = submitted

## Pairings board
board-title = Pairings
board-no-round = No round yet
board-modes = What this screen shows
board-by-table = By table
board-find-name = Find your name
board-both = Both in turn
board-clock = Clock
board-qr-alt = QR code: this event on your phone
board-qr-caption = Your pairing on your phone
board-loading = Loading pairings…

## Playoffs
bracket-title = Playoffs
bracket-label = Playoff bracket
bracket-none = This event has no playoff stage.

## TO dashboard
dash-title = Dashboard
dash-event = Event:
dash-round = Round
dash-find = Find
dash-find-placeholder = Table or player
dash-show = Show
dash-show-attention = What needs attention
dash-show-disputed = Disputes
dash-show-reported = Pending confirmation
dash-show-unreported = Missing results
dash-show-confirmed = Confirmed
dash-show-all = Every table
dash-keys = Keys:
dash-key-next = next table needing attention
dash-key-find = find
dash-key-enter = in an override sets it
dash-tiebreaks = Tie-breaks
dash-registrations = Registrations
dash-waitlist = Waitlist
dash-payments = Entry fees
dash-pay-filter = Show
dash-pay-all = Everyone
dash-pay-paid = Paid
dash-pay-owed = Owed
dash-pay-waived = Waived

## Error page
error-code = Error code:
error-back = Back to the tournaments
error-title-401 = Sign in first
error-title-403 = Not allowed
error-title-404 = Not found
error-title-503 = Try again shortly
error-title-other = Something went wrong

## New event
new-name = Name
new-name-placeholder = Warhammer World GT 2026
new-date = Date
new-location = Location
new-location-placeholder = Venue, city
new-game = Game
new-pairing = Pairing system
new-round-robin-berger = Round robin (FIDE Berger tables)
new-format = Format
new-rounds = Rounds
new-rounds-hint = (a round robin's follow from its players; leave empty)
new-max-vp = Maximum score per player and game (VP in 40K, game points in crokinole)
new-max-vp-placeholder = default
new-round-times = Round start times, one per line (09:30, or 2026-05-17 09:30 for a later day)
new-missions = Missions, one per line (round order; 40K)
new-round-one = Round 1 pairing
new-round-one-order = Players are ordered for round 1
round-one-registration = By registration order (the seed's procedure)
round-one-random = By random draw (seeded: the same seed gives the same draw)
round-one-rating = By rating, highest first
new-round-one-seed = Seed of the draw
new-round-one-seed-placeholder = drawn for you
new-create = Create (as draft)

## Player's page
player-board = Board
player-my-rating = My rating
player-my-pairing = My pairing
player-pairing-later = Your table appears here when the round is paired.
player-my-list = My list
player-my-prizes = My prizes
player-no-prize = No prize this time.
player-all-winners = All prize winners
player-cash = Cash:

## Prizes
prize-col-prizes = Prizes
prize-col-how = How
prize-col-paid-to = Paid to
prize-trophy = trophy
prize-medal = medal
prize-override = override
prize-handed-down = { $amount } handed down
prize-share = share { $amount }
prize-nobody = nobody: { $amount }
prizes-heading = { $name }: prizes
prizes-winners = Prize winners
prizes-published = Published
prizes-cash = cash:
prizes-cash-paid = Cash paid
prizes-fund = Prize fund { $amount }
prizes-paid = paid { $amount }
prizes-not-awarded = not awarded { $amount }
prizes-not-yet = The prizes have not been published yet.
prizes-list = Prize list
split-none = no split: tie-break order decides
split-uscf = US Chess rule 32B3: tied players share
split-place-first = place-first (class prizes settled after place prizes)
split-hort = Hort system (half kept, half shared)
split-unknown = unknown

## Prize desk
desk-heading = { $name }: prize desk
desk-public-list = Public prize list
desk-counts = { $categories } categories, { $prizes } prizes
desk-csv-label = Replace the list from CSV (one row per prize; columns:
desk-import = Import CSV
desk-rules = Rules
desk-per-player = Prizes per player
desk-first-win = one prize per player (first won in brochure order)
desk-allow-multiple = one prize per category
desk-cash-split = Cash for tied players
desk-class-excess = Class money a class player did not need (place-first)
desk-capped = to the class's next players, never paying a lower score more than a higher one (the rest is reported)
desk-to-class = all of it to the class's next players, as the forum post does
desk-allow-unrated = Unrated players may win rating-category prizes
desk-save-rules = Save rules
desk-allocate = Allocate
desk-allocate-about = From the current standings and player profiles. Optionally give one prize by hand first:
desk-prize = Prize
desk-no-override = (no override)
desk-to = To
desk-run = Run allocation
desk-run-of = Run of { $when }
desk-published = published
desk-allocated = { $n } allocated
desk-conflicts-n = { $n } conflicts
desk-unfilled = { $n } unfilled
desk-overrides = { $n } overrides
desk-warnings-n = { $n } warnings
desk-conflicts = Conflicts
desk-warnings = Warnings
desk-cash = Cash
desk-fund = Fund { $amount }
desk-see-why = (see the list above for why)
desk-publish = Publish this run
desk-log = Log
desk-runs = Runs

## Ratings
ratings-about = Elo across every event: 1200 to start, K 32 for the first 30 rated games, then 16. Ratings move when the organiser closes a round. { $n } rated players.
ratings-new = new
ratings-none = No rated games yet.
user-none = No rated games yet: ratings move when an organiser closes a round this player played in.
user-rank = #{ $rank } of { $total } on the
user-leaderboard = leaderboard
user-games = { $n } rated games

## Results
results-title = Results
results-crosstable = Crosstable
results-standings-after = Standings after
results-standings-after-round = Standings after round
results-print = Print
results-loading = Loading results…

## Standings
standings-loading = Loading standings…

## Prize categories, the rating chart
prize-cat-age-range = age { $min }–{ $max }
prize-cat-age-min = age ≥ { $min }
prize-cat-age-max = age ≤ { $max }
prize-cat-rating-range = rating { $min }–{ $max }
prize-cat-rating-min = rating ≥ { $min }
prize-cat-rating-max = rating ≤ { $max }
prize-cat-women = women and girls
prize-cat-gender = gender { $gender }
prize-cat-disability = players with a disability
prize-cat-city = city { $value }
prize-cat-state = state { $value }
prize-cat-club = club { $value }
prize-cat-faction = faction { $value }
prize-cat-federation = federation { $value }
prize-cat-ranked-by = ranked by { $by }
prize-ranked-painting = painting score
prize-ranked-sportsmanship = sportsmanship score
prize-ranked-game_points = game points
prize-ranked-board_percentage = board percentage
prize-cat-board = board { $value }
prize-cat-min-games = at least { $value } games
prize-cat-inactive = inactive
prize-cat-everyone = everyone
user-chart-label = { $event }, round { $round }: { $result } against { $opponent }, { $before } → { $after } ({ $delta })

## How each prize was decided, and the split rules (the prize pages)
prize-how-tied-on = Tied on { $score }:
prize-how-tiebreak = Paid whole to the player it was allocated to.
prize-how-manual = Given by the organiser (override), paid whole.
prize-how-alone = Alone on the score: the largest prize still open to the player (32B1).
prize-how-pooled = { $on }these prizes are added up and shared equally (32B3).
prize-how-class-alone = { $on }the { $category } players share the { $category } prizes alone, which pays them more than sharing with the tie (32B3).
prize-how-category = { $on }{ $category } money, shared; each keeps the larger of what they had and their share, and is paid the difference.
prize-how-hort = { $on }each keeps half of their prize; the other halves are shared equally (Hort).
prize-how-items = Allocated; no cash.
prize-how-unfilled = Not awarded: { $reason }.
prize-how-no-winner = Not awarded: no player could take it.
prize-how-no-class-player = Not awarded: { $category } money handed down with no { $category } player left to take it.
prize-how-capped = Not awarded: paying this { $category } money would pay one { $category } player more than a better-scored { $category } player received. The organiser may pay it to the class's next players instead (rule: class excess to the class).
prize-how-carried-in = Includes { $amount } handed down in the class.
prize-how-carried-out = { $amount } not needed, handed down to the class's next players.
prize-rule-none = No split: each prize is paid whole to the player it was allocated to (brochure order, one prize per player unless the event allows more; players on the same rank are separated by rating, then name).
prize-rule-uscf-32b3 = US Chess rule 32B3: players tied on score add up the cash prizes their places cover, at most one prize per player, and share the sum equally; players eligible for a class prize take that class's prizes alone, or shared only with the others in the class, when that pays them more. Prizes the tie does not use pass to the next score. Trophies and medals go by tie-break order.
prize-rule-place-first = Place first (US Chess forum, on rule 32B3): players tied on score share the place prizes their places cover as if there were no class prizes; then each class's prizes go to the class's players by score, each keeping the larger of their place money and their class share (the class pays only the difference), and the money a class player did not need goes to the class's next players. One prize per player: a class player whose place money is at least their class share takes no class place, and the class's prizes go to its next players. Trophies and medals go by tie-break order.
prize-rule-hort = Hort system: prizes are given by tie-break order; a player tied on score with others keeps half of their prize, and the other halves of the tied players' prizes are shared equally among the tied players eligible for them: a class prize's half only among the tied players in that class.
prize-unfilled-no-eligible-players = no eligible players
prize-unfilled-all-won = all won

## The prize desk's conflicts and warnings
prize-conflict-unknown-prize = Override: there is no prize `{ $id }`.
prize-conflict-unknown-player = Override of { $prize }: player { $id } is not in the standings.
prize-conflict-inactive = Override of { $prize } to { $who }: the prize or its category is inactive.
prize-conflict-ineligible = Override of { $prize } to { $who }: not eligible for the category ({ $why }).
prize-conflict-already-assigned = Override of { $prize } to { $who }: an earlier override already gave it to { $others }.
prize-conflict-already-won = Override of { $prize } to { $who }: { $who } already holds { $held } from an earlier override.
prize-conflict-identical = { $prize } went provisionally to { $who }, who has the same rank, rating and name as { $others }: decide with an override.
prize-warning-won-nothing = { $prize } went to { $winner } (rank { $winner_rank }) ahead of { $bypassed } (rank { $bypassed_rank }) and won nothing.
prize-warning-took = { $prize } went to { $winner } (rank { $winner_rank }) ahead of { $bypassed } (rank { $bypassed_rank }), who took { $took }.
prize-ineligible-gender-mismatch = gender mismatch
prize-ineligible-below-min-age = below min age
prize-ineligible-above-max-age = above max age
prize-ineligible-missing-date-of-birth = missing date of birth
prize-ineligible-unrated-in-rating-category = unrated in rating category
prize-ineligible-below-min-rating = below min rating
prize-ineligible-above-max-rating = above max rating
prize-ineligible-disability-mismatch = disability mismatch
prize-ineligible-city-mismatch = city mismatch
prize-ineligible-state-mismatch = state mismatch
prize-ineligible-club-mismatch = club mismatch
prize-ineligible-faction-mismatch = faction mismatch
prize-ineligible-federation-mismatch = federation mismatch
prize-ineligible-team-category = team category
prize-ineligible-individual-award = individual award
prize-ineligible-board-mismatch = board mismatch
prize-ineligible-too-few-games = too few games

## API reference page (/api/docs)
api-page-title = API
api-json = the document as JSON:
api-contents = Contents
api-socket = Live socket protocol
api-codes = Error codes
api-schemas = Schemas
api-parameters = Parameters
api-col-name = name
api-col-in = in
api-col-schema = schema
api-col-meaning = meaning
api-required = (required)
api-optional = (optional)
api-request-body = Request body
api-responses = Responses
api-col-status = status
api-col-body = body
api-col-code = code
api-col-when = when
api-protocol-version = protocol version
api-views = views:
api-client-frames = Client frames:
api-server-frames = Server frames:
api-close-codes = Close codes
api-error-body = Every error is a JSON body with the code and a message, plus details where a list helps:
api-content-note = The descriptions of the operations and schemas are in English, as the API is.

## The prize desk: publishing and taking back, asked first
desk-publish-what = Publishing makes this run the event's public prize list: players and the prize page see it at once. You can take it back later.
desk-publish-now = Publish now
desk-unpublish = Take the published prizes back
desk-unpublish-what = The prize list stops being public at once; the runs stay here, and you can publish this run or another again.
desk-unpublish-now = Take back now
desk-stale = out of date
desk-stale-why = The results changed since this run (a result, a reopened round, a player reinstated or removed): run the allocation again.

## /claim/{code}: a player takes over the entry the organiser made
claim-title = Claim your entry
claim-what = The organiser entered { $name } in { $event }.
claim-then = Once claimed, this entry is yours: you see your pairings and report your results from your phone.
claim-button = I am { $name }: claim this entry
claim-sign-in-first = Sign in (or create an account) first; you come back here after.

## /staff/{code}: an invitation to the staff; the dashboard's staff panel
staff-invite-title = Join the event's staff
staff-invite-judge = You are invited to judge { $event }: results, disputes, overrides and check-in.
staff-invite-co = You are invited to co-organise { $event }, with every organiser's right.
staff-invite-accept = Accept and open the dashboard
dash-staff = Staff
dash-log = Action log
dash-settings = Event settings
# The captains' pairing rooms (a team match's room, the venue screen).
room-title = Pairing room
room-timer = Time left in this step
room-lock = Lock my choice
room-staff = Organiser's controls
room-confirm = Lock it
room-cancel = Cancel
room-games = Games
room-open = Open your pairing room
rooms-title = Pairing rooms
rooms-none = No captains' pairing is running in this round.
team-captain = Captain
team-captain-none = kept by the organisers
team-players = Players
team-reserves = Reserves
team-rounds = Rounds
team-no-rounds = No round paired yet.
team-bye = Bye
team-vs = vs
team-col-board = Board
team-col-table = Table
team-col-player = Player
team-col-faction = Faction
team-col-rating = Rating
team-col-score = Score
team-col-opponent = Opponent
team-col-state = State
team-result-W = Won
team-result-D = Drawn
team-result-L = Lost
team-state-UNREPORTED = Playing
team-state-REPORTED = Reported
team-state-DISPUTED = Disputed
team-state-CONFIRMED = Confirmed

## Events with sections
sections-heading = Sections
sections-none = No section is open yet.
sections-dates = { $from } to { $to }
sections-round = Round { $n } of { $total }
sections-leaders = Leaders
sections-no-standings = No round has been played yet.
sections-board = Pairings, every section
sections-standings = Standings, every section
sections-players-csv = Players of every section (CSV)
sections-by-section = By section
sections-col-section = Section
sections-col-table = Table
sections-bye = Bye
sections-home = Events with sections
sections-not-seated = No one is seated yet.
