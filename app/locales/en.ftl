# Troef, English. Fluent syntax (https://projectfluent.org). Every message here has its Dutch
# counterpart in nl.ftl (a test checks both files hold the same ids).

## The app

tagline = Kitchen-table card games, on your phone.
new-game = New game
rules = Rules
history = History
settings = Settings
back = Back
home = Home
menu = Menu
close = Close
cancel = Cancel
dismiss = Dismiss
you = You
bot = bot
home-continue = Continue { $game } · hand { $hand }
home-see-result = See the result of { $game }
hands-count = { $count ->
    [one] { $count } hand
   *[other] { $count } hands
}
history-title = Match history
history-empty = No finished matches yet. Finished matches appear here with their final scores.
store-browser = this browser's local storage
store-memory = memory only (nothing is kept after closing)
notice-save-failed = The game could not be saved: { $error }
notice-history-failed = The match history could not be saved: { $error }
notice-clear-failed = The finished game could not be cleared: { $error }
notice-settings-failed = Settings could not be saved: { $error }
notice-bot-failed = A bot could not play: { $error }
allowed-range = { $min } to { $max } in steps of { $step }
allowed-subset = any of { $values }
default-mark = default
changed-mark = changed
default-is = Default: { $value }.

## Games

game-tarneeb = Tarneeb
game-tarneeb-line = Levantine partnership game: bid for tricks, the declarer names the tarneeb (trumps).
game-tysiacha = Tysiacha
game-tysiacha-line = Thousand: bid for the talon, declare marriages, race to exactly 1000.
game-rikken = Rikken
game-rikken-line = Flemish and Brabant game of calls: rik with a called ace, alleen, piek, misère.
game-tachtigen = Tachtigen
game-tachtigen-line = Three-player Brabant game: bid card points, take the stok, show roem.
game-tachentige = Tachentige
game-tachentige-line = Four-player game from Uden: call a partner by an ace, roem and rejections, closing rounds.

## New game

newgame-game = Game
newgame-players = Players
newgame-players-help = Several people on this phone play pass-and-play: the phone hides every hand between turns.
newgame-dummy-seat = Seat { $seat } is the dummy hand: the players play it in turn.
newgame-reset = Reset to defaults
newgame-house-rules-help = Preset to the usual rules; the default of each is marked. Rules that do nothing with the other settings are hidden.
newgame-start = Start { $game }
newgame-seat-name = Name of player { $seat }
newgame-seat-kind = Who plays seat { $seat }
seat-person = Person on this phone
seat-bot = Bot · { $level }
level-easy = easy
level-normal = normal
level-strong = strong

## Table

table = Table
table-no-game = No game in progress.
hand-number = hand { $number }
privacy-title = Pass the phone to { $name }
privacy-text = Every hand is hidden. { $name }, tap when you hold the phone.
privacy-ready = I am { $name }: show my cards
leave-table = Leave the table
leave-table-saved = Leave the table (it stays saved)
status-tap-card = Your turn: tap a card to play
status-pick-cards = Your turn: pick { $count } cards
status-your-turn = Your turn
status-to-play = { $name } to play
show-last-trick = Show the last trick
won-by = Won by { $name }
talon-of = Talon of { $count } cards
picked-of = Picked { $picked } of { $need }
other-actions = Other actions
your-hand = Your hand
hand-unseen = { $count } of your cards are face down: you see them once your call is answered.
fact-contract = Contract
fact-bidding = Bidding
fact-by = by
fact-called = Called
fact-trump-tarneeb = Tarneeb
fact-trump-tysiacha = Trump
fact-trump-rikken = Trump
fact-trump-tachtigen = Troef
fact-trump-tachentige = Troef
dealer = Dealer
dealer-letter = D
declarer = Declarer
team = Team { $team }
team-of = Team { $team } ({ $members })
tricks-count = { $count ->
    [one] { $count } trick
   *[other] { $count } tricks
}
tricks-short = { $count } tr
cards-count = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
face-down-card = face-down card
lower = Lower
higher = Higher
hint = Hint
undo = Undo my last card
undo-refused-people = Undo is for a table with one person and bots.
undo-refused-nothing = You have played no card this hand.
hint-text = Suggestion: { $action }. { $reason }
hint-takes-the-trick = It takes the trick.
hint-gives-the-least = This trick is not yours to take: it gives the least away.
hint-plays-high = Playing high now gives the best chance at the trick.
hint-keeps-higher-cards = A low card: your higher cards stay for later.
hint-leads-high = Lead your strongest card of the suit while it can hold the trick.
hint-leads-low = Open the suit with a low card and keep your high ones.
hint-trumps = A trump takes the trick from the suit led.
hint-bids = Your hand counts enough for this.
hint-passes = Your hand does not count enough for more.
hint-names-trump = Your strongest suit becomes trump.
hint-puts-away = These are the cards your hand needs least.
hint-count-of-the-hand = That is what the count of your hand says.

## Menu, history, result, scoreboard

last-trick = Last trick
hand-history = The hand so far
calls-and-plays = Every call and card
no-trick-yet = No trick has been played yet.
trick-number = Trick { $number }
rules-of = Rules of { $game }
scoreboard = Scoreboard
scoreboard-empty = No hand finished yet in this match.
hand = Hand
contract = Contract
record = Record
record-of-hand = Record of hand { $number }
record-help = The whole hand: the deal and every action. The troef replay command gives its score.
download = Download { $file }
hand-record = Hand record
back-to-table = Back to the table
match-over = Match over: { $summary }
hand-scored = Hand { $number } scored
result-contract = Contract: { $kind }
not-played-out = (not played out)
this-hand = This hand
match-totals = Match totals
next-hand = Deal the next hand

## Settings

settings-name = Your name
settings-language = Language
settings-bot-speed = Bot speed
settings-bot-speed-help = How long bots pause before they play, so you can follow every card.
settings-bot-level = Bot level
settings-bot-level-help = How well the bots of a new game play: easy plays any legal card, normal counts the cards, strong also plays out the deals the unseen cards allow and picks the card that does best.
settings-card-style = Card style
card-style-classic = Classic
card-style-large-index = Large index
settings-suit-colours = Suit colours
settings-suit-colours-help = Four colours tell the suits apart at a glance and for colour-blind players; every suit also has its own shape.
colours-four = Four colours
colours-two = Red and black
settings-theme = Screen
theme-light = Light
theme-dark = Dark
settings-sound = Sound
settings-saved-games = Saved games
settings-saved-games-help = The game in progress and the match history are saved after every card, in { $place }.
speed-relaxed = relaxed
speed-normal = normal
speed-fast = fast

## Cards

suit-clubs = clubs
suit-diamonds = diamonds
suit-hearts = hearts
suit-spades = spades
rank-2 = two
rank-3 = three
rank-4 = four
rank-5 = five
rank-6 = six
rank-7 = seven
rank-8 = eight
rank-9 = nine
rank-10 = ten
rank-11 = jack
rank-12 = queen
rank-13 = king
rank-14 = ace
card-name = { $rank } of { $suit }
card-joker = joker
word-to = to

## Rules pages

rules-intro = Each game in short, with examples, and every house rule you can set when starting a game.
rules-heading-aim = The aim
rules-heading-deal = Deal and bidding
rules-heading-play = Playing the cards
rules-heading-score = Scoring
rules-heading-house-rules = House rules
rules-house-rules-intro = Set these on the new-game screen; the table shows the game with the rules it was started with.
rules-key-values = Values: { $values }. Default: { $default }.
example-prefix = Example:

rules-tarneeb-aim = Tarneeb is played by four in two fixed teams, partners sitting opposite. The team that wins the bidding must take at least as many of the 13 tricks as it bid; the first team to reach the target score wins.
rules-tarneeb-deal = Each player gets 13 cards. Starting right of the dealer and going counter-clockwise, each player bids a number of tricks from 7 to 13 or passes. The highest bidder names the tarneeb, the trump suit.

    Example: North bids 7, East 8, the others pass: East must take 8 tricks with partner West, and names hearts as tarneeb.
rules-tarneeb-play = The highest bidder leads. Play goes counter-clockwise. Follow suit if you can; if you cannot, you may trump or throw any card. The highest tarneeb wins the trick, otherwise the highest card of the suit led.
rules-tarneeb-score = A made bid scores the tricks taken; a failed bid loses the bid. The defenders score their tricks too (house rule).

    Example: East bid 8 and took 9: East and West score 9. Had they taken 7, they would lose 8.
rules-tysiacha-aim = Tysiacha (Thousand) is played by three, each for himself (four with one sitting out each hand). Score exactly 1000 points over many hands, from card points and marriages.
rules-tysiacha-deal = Each player gets 7 cards and 3 go to the talon. Players bid from 100 in steps of 5; the highest bidder takes the talon, gives one card to each opponent and sets the contract, at least the bid.

    Example: Anna bids 120, takes the talon, gives away two cards and keeps 8; her contract is 120.
rules-tysiacha-play = The declarer leads. Follow suit; if you cannot, you must trump. There is no trump until someone leads a king or queen holding both: that marriage scores (hearts 100, diamonds 80, clubs 60, spades 40) and makes its suit trump.
rules-tysiacha-score = Cards count ace 11, ten 10, king 4, queen 3, jack 2. The declarer scores the contract when his points reach it, and loses it otherwise; the defenders score their own points, rounded to 5.

    Example: contract 120; Anna takes 95 in cards and declares the heart marriage: 195, made, +120.
rules-rikken-aim = Rikken is played by four, each for himself. Each hand someone plays a contract: alone, or with a partner found by calling an ace. Contracts are judged on tricks only; the cards have no point value.
rules-rikken-deal = Each player gets 13 cards. The calls climb a ladder: rik (8 tricks with a partner), rik beter (hearts trump), alleen (alone, 9 to 13), troela (three aces), piek (exactly one trick), misère (no trick), and their open forms.

    Example: Bram calls rik in clubs and the ace of diamonds; whoever holds that ace plays with him for 8 tricks.
rules-rikken-play = Eldest leads (the declarer in some contracts). Follow suit if you can; a trump beats every other suit. The partner of a rik must play the called ace when its suit is led.
rules-rikken-score = Each contract has a value per opponent; the declarers receive it from each opponent when made and pay it when failed. Every hand sums to zero.

    Example: rik made with 9 tricks: the two partners each receive from one opponent.
rules-tachtigen-aim = Tachtigen is the three-player Brabant game with 33 cards (seven to ace and the six of hearts). The declarer plays alone against the other two, for card points or for a special contract.
rules-tachtigen-deal = Each player gets 10 cards and 3 go to the stok. Players bid card points from 80 in steps of 10, or a special contract (piek, misère, ouvert...). The declarer shows the stok, takes it, discards 3 and names troef.

    Example: Anna bids 100, takes the stok, discards three low cards and names hearts troef.
rules-tachtigen-play = Follow suit or trump: trumping is always allowed, even when you can follow. Without the suit led you may play any card. A troef lead must be answered with troef. In troef the jack is highest, then the nine, ace, king, queen, ten. Roem (runs, four of a kind, the stuk: troef king and queen) adds to the declarer's count.
rules-tachtigen-score = Cards count ace 11, ten 10, king 3, queen 2, jack 1; troef jack 20 and troef nine 14; the last trick 9. The declarer needs his bid in card points plus roem; each opponent pays or receives.

    Example: bid 100, 92 in cards and a run of three (20): 112, made.
rules-tachentige-aim = Tachentige is the four-player game from Uden with 30 cards. The declarer calls a card and its holder is his partner for the hand; each player keeps his own score. The session ends with twelve closing rounds.
rules-tachentige-deal = Each player gets 7 cards and 2 go to the stok. Bids start at 200 in steps of 10; the solos praten (no trick, open hands), zwabber (all tricks, no troef) and privé (all tricks) outrank point bids, with the stok (m) or leaving it unseen (z).

    Example: North bids 200 and wins; he takes the stok, discards two cards, names hearts troef and calls the ace of diamonds.
rules-tachentige-play = Follow suit or trump: trumping is always allowed. Without the suit led you may play any card; a troef lead needs troef, except that the troef jack never has to be played. Never play a lower troef than one already in the trick unless you have nothing else. In trick 1 the declaring side shows roem; defenders may reject it by showing better roem. Playing the troef king or queen you may announce the stuk.
rules-tachentige-score = The declaring side's card points are rounded to tens (the two sides always make 150); all tricks add 100. The score is that total plus roem minus the bid, for each partner, and the defenders pay it; double when the stok was left unseen.

    Example: bid 130, all tricks: 150 + 100 − 130 = +120 for both partners, −120 for each defender.

## House rules, per game

key-tarneeb-ruleset = Tarneeb (team bids) or 400 (each player bids his own tricks, hearts always trump).
key-tarneeb-target_score = The team total that wins the match. Example: with 41, the first team to 41 wins.
key-tarneeb-defenders_score_when_made = Whether the defenders score the tricks they took when the bid is made.
key-tarneeb-bid13_made_points = What bidding and making all 13 tricks scores.
key-tarneeb-bid13_fail_penalty = What a failed bid of 13 costs.
key-tarneeb-kabsh = Kabsh: all 13 tricks taken without bidding 13 score 16.
key-tarneeb-zon = Allows bids without a trump suit (zon).
key-tarneeb-deal_packets = Deal in packets of 4, 4 and 5 cards, or one card at a time.
key-tarneeb-first_dealer = Who deals the first hand: drawn at random or a fixed seat.
key-tarneeb-fh_min_bid = 400: the lowest bid a player may make.
key-tarneeb-fh_escalation = 400: the lowest bid and the required total rise as the scores rise.
key-tarneeb-fh_min_total = 400: the four bids must add up to at least this, or the hand is dealt again.
key-tarneeb-fh_target = 400: the score a player needs to win, with a partner who qualifies.
key-tarneeb-fh_partner_rule = 400: the winner's partner must be above 0, or at least 0.
key-tysiacha-players = Three players, or four with one sitting out each hand.
key-tysiacha-sitter = With four: who sits out (the dealer, the player right of the dealer, or opposite).
key-tysiacha-sitter_bonus = With four: the sitter scores for aces and a marriage in the talon.
key-tysiacha-target = The winning score. The barrel line lies 120 below it.
key-tysiacha-win_rule = Exact: you must land on the target. Reach: reaching it or more with a made contract wins.
key-tysiacha-barrel = On the barrel (close to the target) you must make a contract within a few hands or fall back.
key-tysiacha-barrel_hand_limit = How many hands you may stay on the barrel before falling back 240 below the target.
key-tysiacha-bid_step = Bids and contracts rise in steps of 5 or 10.
key-tysiacha-bid_cap = Bids up to 400, or up to 120 plus the marriages you hold.
key-tysiacha-marriage_needed_above_120 = Bidding above 120 needs a king and queen of one suit in hand.
key-tysiacha-talon_visibility = Who sees the talon and when: after the auction, never, or before the auction.
key-tysiacha-talon_distribution = The declarer takes the talon and gives two cards, or each active player gets one talon card.
key-tysiacha-raise_allowed = Whether the declarer may set a contract above his bid after seeing the talon.
key-tysiacha-rospisat = When the declarer may concede the hand (rospisat): after the talon, before it, or never.
key-tysiacha-rospisat_defender_points = What each defender scores when the declarer concedes. Example: 60.
key-tysiacha-rospisat_cost = A concession costs the bid every time, or only every third time.
key-tysiacha-marriage_on_first_trick = Whether the declarer may declare a marriage on his first lead.
key-tysiacha-overtrump_required = A player who cannot follow must beat a trump already in the trick if he can.
key-tysiacha-must_beat = Following suit, you must beat the best card of the suit led if you can.
key-tysiacha-defender_rounding = How defenders' points are rounded: to 5, to 10, or not at all. Example: 43 becomes 45.
key-tysiacha-declarer_rounding = Whether the declarer's points are rounded like the defenders' before comparing with the contract.
key-tysiacha-zero_penalty = Every third hand a defender scores nothing costs him 120 (bolts).
key-tysiacha-four_nines_redeal = The holder of all four nines may have the hand dealt again.
key-tysiacha-polish_bomb = Reserved for the Polish bomb; not played yet.
key-rikken-players = Four players, or three with a dummy: René (played in turn) or the blind (opened and controlled).
key-rikken-joker = 53 cards: the joker is the lowest club; one card lies face up and the declarer may exchange it.
key-rikken-deal_packets = The packets of the deal, for example 4, 5 and 4 cards.
key-rikken-deal_shuffle = Shuffle every hand, or gather the tricks and only cut (one phone only), or shuffle every third hand.
key-rikken-plain_trump_may_be_hearts = Whether plain rik and alleen may also choose hearts as trump.
key-rikken-call_mode = Standard calls, or any card of the rank you do not hold, without a blind call.
key-rikken-call_trump_ace = Whether the ace of trumps may be called like any other.
key-rikken-called_card_discard = Whether the partner may throw the called card before its suit is led.
key-rikken-open_reveal_after_card = In open contracts, after how many cards the declarers' hands go face up.
key-rikken-praatje_mode = With "met praatje": every hand opened, or only the declarers' and a chat.
key-rikken-four_piekers = Three players bidding piek count as four.
key-rikken-troela_mandatory = A player with exactly three aces must call troela at his first turn.
key-rikken-troela_multiplier = The troela value per trick is 5 times this.
key-rikken-troela_partner_pays_on_failure = Whether a failed troela costs the partner too.
key-rikken-troela_ace_lead = The troela partner leads his ace to the first trick, where trumps have no power.
key-rikken-slam_value = What 13 tricks alone is worth per opponent, made or failed.
key-rikken-slam_declarer_leads = The player who plays for all 13 tricks leads the first.
key-rikken-claims = Players may claim the remaining tricks; the others accept or play on.
key-rikken-pass_game = What is played when everybody passes, for example schoppenmie (avoid the queen of spades).
key-rikken-pass_game_menu = The pass games eldest may choose from when eldest chooses.
key-rikken-pass_games_scored = Whether pass games score.
key-rikken-pass_unit = The unit a pass game is scored in.
key-rikken-schoppenmie_no_spade_tricks = In schoppenmie, how many opening tricks ban spades.
key-rikken-match_deals = How many deals a match has (0: no end).
key-tachtigen-all_pass = When all three pass: deal again, or forehand plays for 80.
key-tachtigen-buyoff_max_bid = The highest bid the declarer may buy off instead of playing.
key-tachtigen-buyoff_cost_ct = What a buy-off costs, in cents to each opponent.
key-tachtigen-roem_table = The roem values: Pandoer (runs 20 to 180, fours) or Tachentige (threes and fours).
key-tachtigen-roem_requires_trick = Roem counts nothing when the declarer takes no trick.
key-tachtigen-roem_denial = An opponent may deny roem the Pandoer way.
key-tachtigen-discards_count_for = Whose card points the discards are: the opponents' or the declarer's.
key-tachtigen-jas_exempt = A lone troef jack need not follow a troef lead.
key-tachtigen-no_undertrump = No troef below the trick's highest troef on another suit's lead, unless you have nothing else.
key-tachtigen-piek_target = Piek: exactly one trick, or the first trick and no other.
key-tachtigen-ouvert_reveal_after_trick = After which trick the ouvert declarer's hand goes face up.
key-tachtigen-stop_when_decided = Special contracts end as soon as their result is certain.
key-tachtigen-match_deals = How many deals a match has (open: no end).
key-tachentige-deck = 30 cards (eight to ace, with the red sevens), or 32 with the black sevens.
key-tachentige-stok_size = The stok: 2 cards with 30, 4 with 32; or no stok (32 cards only).
key-tachentige-min_bid = The lowest opening bid: 200 in Uden, 80 in the original game.
key-tachentige-roem = Roem lowers the target of the declaring side.
key-tachentige-afkeuren = Defenders may reject roem in the first trick with better roem of their own.
key-tachentige-stok_leave = The declarer of a point game may leave the stok unseen and play for double.
key-tachentige-solos = Allows the solos privé, zwabber and praten.
key-tachentige-rondspelen = Twelve closing rounds end the session.
key-tachentige-regular_hands = How many regular hands before the closing rounds (open: until someone stops).

## Words of the games (action words, contract kinds, score lines): w- and the word

w-pass = pass
w-bid = bid
w-trump = trump
w-play = play
w-take = take
w-rospisat = rospisat
w-contract = contract
w-give = give
w-marriage = marriage
w-redeal = redeal
w-play_on = play on
w-buy_off = buy off
w-discard = discard
w-roem = roem
w-deny = deny
w-no_deny = no denial
w-no_trump = no trump
w-zon = zon
w-stok = stok
w-take_the_stok = take the stok
w-leave_the_stok_unseen = leave the stok unseen
w-no_rejection = no rejection
w-point_game_for_100 = point game for 100
w-stop_the_session = stop the session
w-with_the_stok = with the stok
w-stok_unseen = stok unseen
w-praten = praten
w-zwabber = zwabber
w-priv_ = privé
w-call = call
w-show = show
w-reject = reject
w-stuk = stuk
w-run = run
w-thrown_in = thrown in
w-bought_off = bought off
w-annulled = annulled
w-played = played
w-made = made
w-failed = failed
w-four_piekers = four piekers
w-joined_piek = piek joined
w-joined_misere = misère joined
w-closing_turned = closing round, turned trump
w-closing_blind = closing round, blind
w-closing_open_solo = closing round, solo
w-closing_open_point = closing round, point game
w-point_stok_left = point game, stok left
w-point = point
w-took = took
w-team = team
w-declarer = declarer
w-tricks = tricks
w-trick = trick
w-value = value
w-required = required
w-wins = wins
w-with = with
w-and = and
w-win = win
w-by = by
w-all = all
w-passed = passed
w-nothing = nothing
w-paid = paid
w-three = three
w-game = game
w-rik = rik
w-rik_beter = rik beter
w-alleen = alleen
w-troela = troela
w-piek = piek
w-misere = misère
w-mis_re = misère
w-open = open
w-join = join
w-exchange = exchange
w-blind = blind
w-lead_face_down = lead face down
w-controller = controller
w-kabsh = kabsh
w-barrel = barrel
w-talon = talon
w-schoppenmie = schoppenmie
w-claim = claim
w-accept = accept
w-concede = concede
w-on = on
w-off = off
w-true = yes
w-false = no
w-four = four
w-keep = keep
w-none = none
w-open_misere = open misere
w-open_misere_praatje = open misere praatje
w-open_piek = open piek
w-open_piek_praatje = open piek praatje
w-ouvert = ouvert
w-piek_met = piek met
w-piek_ouvert = piek ouvert
w-piek_ouvert_met = piek ouvert met
w-piek_praat = piek praat
w-piek_praat_met = piek praat met
w-points = points
w-praat = praat
w-prive = prive
w-schoppen_vrouw = schoppen vrouw
w-zwabbersolo = zwabbersolo
w-beter = beter
w-fail_penalty = fail penalty
w-a = a
w-accepted = accepted
w-after = after
w-at = at
w-called = called
w-calls = calls
w-card = card
w-centre = centre
w-certainly = certainly
w-closing = closing
w-counted = counted
w-ct = ct
w-d = d
w-deal = deal
w-declared = declared
w-declarers = declarers
w-declaring = declaring
w-defenders = defenders
w-deltas = deltas
w-each = each
w-early = early
w-every = every
w-had = had
w-hand = hand
w-hidden = hidden
w-his = his
w-in = in
w-kept = kept
w-last = last
w-left = left
w-minus = minus
w-more = more
w-nines = nines
w-no = no
w-of = of
w-opponent = opponent
w-opponents = opponents
w-others = others
w-out = out
w-pays = pays
w-put = put
w-raw_d = raw d
w-rejected = rejected
w-round = round
w-score = score
w-shown = shown
w-side = side
w-slam = slam
w-stayed = stayed
w-stopped = stopped
w-sum = sum
w-taken = taken
w-target = target
w-the = the
w-thrown = thrown
w-to = to
w-type = type
w-unseen = unseen
w-update = update
w-values = values

## Nearby play (tables over Wi-Fi)
nearby-play = Play nearby
nearby-title = Play nearby
nearby-web = Nearby play needs the app on a phone or computer: a web page cannot find other devices on the Wi-Fi.
nearby-open = Open a table
nearby-open-button = Open the table
nearby-one-device-variant = This variant is played on one device (pass-and-play or against bots): at a table of phones only one player's phone could know whose turn it is.
nearby-game = Game
nearby-table-of = { $name }'s table
nearby-join = Join
nearby-found = Tables on this Wi-Fi
nearby-none-found = Looking for tables on this Wi-Fi...
nearby-your-name = Your name
nearby-table-name = Table name
nearby-bots = Seats filled with bots hosted here
nearby-hands = Hands to play
nearby-waiting-room = Waiting room
nearby-free-seat = free
nearby-start-note = The table starts as soon as every seat is taken.
nearby-seats = { $taken } of { $seats } seats taken
nearby-resume = Rejoin the table { $name }
nearby-bot-of = bot hosted by { $name }
nearby-table-over = The table's hands are all played.
nearby-not-your-seat = That is not your seat.
nearby-not-your-turn = It is not your turn.
nearby-not-legal = That move is not allowed now.
nearby-node-stopped = The network has stopped.
nearby-no-undo = There is no undo at a table with other players.
nearby-paused-title = The table is paused
nearby-paused-seat = { $name } (seat { $seat }) broke the rules or the protocol: { $kind }.
nearby-paused-device = A device broke the protocol: { $kind }.
nearby-paused-detail = What happened: { $detail }
nearby-waiting-for = Waiting for { $names }...
nearby-dealing = Dealing: every device shuffles in turn...
nearby-verified = Deal verified
nearby-unverified = Not verified: the hand was settled without a player.
nearby-connected = Connected
nearby-away = Away
