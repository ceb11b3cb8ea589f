# Troef, Nederlands. Fluent-syntaxis (https://projectfluent.org). Elk bericht hier staat ook in
# en.ftl (een test controleert dat beide bestanden dezelfde ids hebben).

## De app

tagline = Kaartspellen van de keukentafel, op je telefoon.
new-game = Nieuw spel
rules = Spelregels
history = Geschiedenis
settings = Instellingen
back = Terug
home = Start
menu = Menu
close = Sluiten
cancel = Annuleren
dismiss = Weg
you = Jij
bot = bot
home-continue = Verder met { $game } · spel { $hand }
home-see-result = Bekijk de uitslag van { $game }
hands-count = { $count ->
    [one] { $count } spel
   *[other] { $count } spellen
}
history-title = Gespeelde partijen
history-empty = Nog geen partij uitgespeeld. Uitgespeelde partijen komen hier met hun eindstand.
store-browser = de lokale opslag van deze browser
store-memory = alleen het geheugen (na sluiten is niets bewaard)
notice-save-failed = Het spel kon niet bewaard worden: { $error }
notice-history-failed = De geschiedenis kon niet bewaard worden: { $error }
notice-clear-failed = Het afgelopen spel kon niet gewist worden: { $error }
notice-settings-failed = De instellingen konden niet bewaard worden: { $error }
notice-bot-failed = Een bot kon niet spelen: { $error }
allowed-range = { $min } tot { $max } in stappen van { $step }
allowed-subset = een keuze uit { $values }
default-mark = standaard
changed-mark = gewijzigd
default-is = Standaard: { $value }.

## Spellen

game-tarneeb = Tarneeb
game-tarneeb-line = Levantijns spel in vaste koppels: bied op slagen, de bieder kiest de tarneeb (troef).
game-tysiacha = Tysiacha
game-tysiacha-line = Duizend: bied op de talon, meld huwelijken, haal precies 1000.
game-rikken = Rikken
game-rikken-line = Vlaams en Brabants biedspel: rik met een gevraagde aas, alleen, piek, misère.
game-tachtigen = Tachtigen
game-tachtigen-line = Brabants spel voor drie: bied op kaartpunten, neem de stok, toon roem.
game-tachentige = Tachentige
game-tachentige-line = Uden voor vier: vraag een maat met een aas, roem en afkeuren, rondspelen.

## Nieuw spel

newgame-game = Spel
newgame-players = Spelers
newgame-players-help = Spelen er meer mensen op deze telefoon, dan geef je hem door: tussen de beurten is elke hand verborgen.
newgame-dummy-seat = Plaats { $seat } is de blinde hand: de spelers spelen hem om beurten.
newgame-reset = Terug naar standaard
newgame-house-rules-help = Ingesteld op de gewone regels; de standaard staat erbij. Regels die met de andere instellingen niets doen zijn verborgen.
newgame-start = Start { $game }
newgame-seat-name = Naam van speler { $seat }
newgame-seat-kind = Wie speelt plaats { $seat }
seat-person = Iemand op deze telefoon
seat-bot = Bot · { $level }
level-easy = makkelijk
level-normal = normaal
level-strong = sterk

## Tafel

table = Tafel
table-no-game = Er loopt geen spel.
hand-number = spel { $number }
privacy-title = Geef de telefoon aan { $name }
privacy-text = Elke hand is verborgen. { $name }, tik als je de telefoon hebt.
privacy-ready = Ik ben { $name }: toon mijn kaarten
leave-table = Van tafel gaan
leave-table-saved = Van tafel gaan (het spel blijft bewaard)
status-tap-card = Jouw beurt: tik een kaart om te spelen
status-pick-cards = Jouw beurt: kies { $count } kaarten
status-your-turn = Jouw beurt
status-to-play = { $name } is aan de beurt
show-last-trick = Toon de laatste slag
won-by = Gehaald door { $name }
talon-of = Stok van { $count } kaarten
picked-of = { $picked } van { $need } gekozen
other-actions = Andere zetten
your-hand = Jouw hand
hand-unseen = { $count } van je kaarten liggen dicht: je ziet ze zodra je vraag beantwoord is.
fact-contract = Contract
fact-bidding = Bieden
fact-by = door
fact-called = Gevraagd
fact-trump-tarneeb = Tarneeb
fact-trump-tysiacha = Troef
fact-trump-rikken = Troef
fact-trump-tachtigen = Troef
fact-trump-tachentige = Troef
dealer = Gever
dealer-letter = G
declarer = Spelmaker
team = Koppel { $team }
team-of = Koppel { $team } ({ $members })
tricks-count = { $count ->
    [one] { $count } slag
   *[other] { $count } slagen
}
tricks-short = { $count } sl
cards-count = { $count ->
    [one] { $count } kaart
   *[other] { $count } kaarten
}
face-down-card = dichte kaart
lower = Lager
higher = Hoger
hint = Tip
undo = Laatste kaart terug
undo-refused-people = Terugnemen kan alleen aan een tafel met één persoon en bots.
undo-refused-nothing = Je hebt dit spel nog geen kaart gespeeld.
hint-text = Tip: { $action }. { $reason }
hint-takes-the-trick = Daarmee haal je de slag.
hint-gives-the-least = Deze slag is niet voor jou: zo geef je het minst weg.
hint-plays-high = Nu hoog spelen geeft de beste kans op de slag.
hint-keeps-higher-cards = Een lage kaart: je hogere kaarten bewaar je voor later.
hint-leads-high = Kom uit met je sterkste kaart van de kleur zolang die de slag kan houden.
hint-leads-low = Open de kleur met een lage kaart en houd je hoge achter.
hint-trumps = Met troef haal je de slag van de gevraagde kleur.
hint-bids = Je hand telt daar genoeg voor.
hint-passes = Je hand telt niet genoeg voor meer.
hint-names-trump = Je sterkste kleur wordt troef.
hint-puts-away = Deze kaarten heeft je hand het minst nodig.
hint-count-of-the-hand = Dat zegt de telling van je hand.

## Menu, verloop, uitslag, scorebord

last-trick = Laatste slag
hand-history = Het spel tot nu toe
calls-and-plays = Elk bod en elke kaart
no-trick-yet = Er is nog geen slag gespeeld.
trick-number = Slag { $number }
rules-of = Spelregels van { $game }
scoreboard = Scorebord
scoreboard-empty = Deze partij is nog geen spel uitgespeeld.
hand = Spel
contract = Contract
record = Verslag
record-of-hand = Verslag van spel { $number }
record-help = Het hele spel: de deling en elke zet. Het commando troef replay rekent de score na.
download = Download { $file }
hand-record = Spelverslag
back-to-table = Terug naar tafel
match-over = Partij uit: { $summary }
hand-scored = Spel { $number } geteld
result-contract = Contract: { $kind }
not-played-out = (niet uitgespeeld)
this-hand = Dit spel
match-totals = Stand van de partij
next-hand = Deel het volgende spel

## Instellingen

settings-name = Je naam
settings-language = Taal
settings-bot-speed = Tempo van de bots
settings-bot-speed-help = Hoe lang bots wachten voor ze spelen, zodat je elke kaart kunt volgen.
settings-bot-level = Niveau van de bots
settings-bot-level-help = Hoe goed de bots van een nieuw spel spelen: makkelijk speelt zomaar een kaart, normaal telt de kaarten, sterk speelt daarbij de verdelingen van de onzichtbare kaarten uit en kiest de kaart die het best uitpakt.
settings-card-style = Kaarten
card-style-classic = Klassiek
card-style-large-index = Grote hoekindex
settings-suit-colours = Kleuren van de kleuren
settings-suit-colours-help = Vier kleuren maken de kleuren in één oogopslag herkenbaar, ook bij kleurenblindheid; elke kleur heeft ook een eigen vorm.
colours-four = Vier kleuren
colours-two = Rood en zwart
settings-theme = Scherm
theme-light = Licht
theme-dark = Donker
settings-sound = Geluid
settings-saved-games = Bewaarde spellen
settings-saved-games-help = Het lopende spel en de geschiedenis worden na elke kaart bewaard, in { $place }.
speed-relaxed = rustig
speed-normal = normaal
speed-fast = snel

## Kaarten

suit-clubs = klaveren
suit-diamonds = ruiten
suit-hearts = harten
suit-spades = schoppen
rank-2 = twee
rank-3 = drie
rank-4 = vier
rank-5 = vijf
rank-6 = zes
rank-7 = zeven
rank-8 = acht
rank-9 = negen
rank-10 = tien
rank-11 = boer
rank-12 = vrouw
rank-13 = heer
rank-14 = aas
card-name = { $suit } { $rank }
card-joker = joker
word-to = aan

## Spelregels

rules-intro = Elk spel in het kort, met voorbeelden, en elke huisregel die je bij een nieuw spel kunt kiezen.
rules-heading-aim = Het doel
rules-heading-deal = Delen en bieden
rules-heading-play = Het spel
rules-heading-score = De telling
rules-heading-house-rules = Huisregels
rules-house-rules-intro = Die kies je bij een nieuw spel; aan tafel geldt wat bij de start gekozen is.
rules-key-values = Mogelijk: { $values }. Standaard: { $default }.
example-prefix = Voorbeeld:

rules-tarneeb-aim = Tarneeb speel je met vier in twee vaste koppels; maten zitten tegenover elkaar. Het koppel dat het bieden wint moet minstens zoveel van de 13 slagen halen als het bood; wie eerst de doelscore haalt, wint.
rules-tarneeb-deal = Iedereen krijgt 13 kaarten. Rechts van de gever beginnend, tegen de klok in, biedt ieder 7 tot 13 slagen of past. De hoogste bieder kiest de tarneeb, de troefkleur.

    Voorbeeld: Noord biedt 7, Oost 8, de rest past: Oost moet met maat West 8 slagen halen en kiest harten als tarneeb.
rules-tarneeb-play = De hoogste bieder komt uit. Er wordt tegen de klok in gespeeld. Bekennen als je kunt; anders mag je troeven of iets anders bijspelen. De hoogste tarneeb wint de slag, anders de hoogste kaart van de gevraagde kleur.
rules-tarneeb-score = Een gehaald bod telt de gehaalde slagen; een mislukt bod kost het bod. De tegenpartij telt haar slagen ook (huisregel).

    Voorbeeld: Oost bood 8 en haalde 9: Oost en West krijgen 9. Met 7 slagen verliezen ze 8.
rules-tysiacha-aim = Tysiacha (Duizend) speel je met drie, ieder voor zich (met vier zit er per spel één uit). Haal over vele spellen precies 1000 punten, uit kaartpunten en huwelijken.
rules-tysiacha-deal = Iedereen krijgt 7 kaarten en 3 gaan naar de talon. Er wordt geboden vanaf 100 in stappen van 5; de hoogste bieder neemt de talon, geeft elke tegenspeler een kaart en zet het contract, minstens het bod.

    Voorbeeld: Anna biedt 120, neemt de talon, geeft twee kaarten weg en houdt er 8; haar contract is 120.
rules-tysiacha-play = De bieder komt uit. Bekennen; kun je dat niet, dan moet je troeven. Er is geen troef tot iemand een heer of vrouw uitspeelt met beide in de hand: dat huwelijk telt (harten 100, ruiten 80, klaveren 60, schoppen 40) en maakt zijn kleur troef.
rules-tysiacha-score = Kaarten tellen aas 11, tien 10, heer 4, vrouw 3, boer 2. De bieder krijgt het contract als zijn punten het halen, anders verliest hij het; de tegenspelers krijgen hun eigen punten, afgerond op 5.

    Voorbeeld: contract 120; Anna haalt 95 aan kaarten en meldt het hartenhuwelijk: 195, gehaald, +120.
rules-rikken-aim = Rikken speel je met vier, ieder voor zich. Elk spel speelt iemand een contract: alleen, of met een maat die hij vindt door een aas te vragen. Alleen slagen tellen; de kaarten zelf zijn niets waard.
rules-rikken-deal = Iedereen krijgt 13 kaarten. De biedingen klimmen op een ladder: rik (8 slagen met een maat), rik beter (harten troef), alleen (9 tot 13), troela (drie azen), piek (precies één slag), misère (geen slag), en hun open vormen.

    Voorbeeld: Bram biedt rik in klaveren en vraagt ruiten aas; wie die aas heeft speelt met hem voor 8 slagen.
rules-rikken-play = Voorhand komt uit (in sommige contracten de bieder). Bekennen als je kunt; troef slaat elke andere kleur. De maat van een rik moet de gevraagde aas spelen als zijn kleur gevraagd wordt.
rules-rikken-score = Elk contract heeft een waarde per tegenspeler; de bieders krijgen die van elke tegenspeler als het lukt en betalen hem als het mislukt. Elk spel telt op tot nul.

    Voorbeeld: rik gehaald met 9 slagen: de twee maten krijgen elk van één tegenspeler.
rules-tachtigen-aim = Tachtigen is het Brabantse spel voor drie met 33 kaarten (zeven tot aas en harten zes). De bieder speelt alleen tegen de andere twee, om kaartpunten of voor een bijzonder contract.
rules-tachtigen-deal = Iedereen krijgt 10 kaarten en 3 gaan naar de stok. Er wordt geboden op kaartpunten vanaf 80 in stappen van 10, of een bijzonder contract (piek, misère, ouvert...). De bieder toont de stok, neemt hem, legt er 3 weg en noemt troef.

    Voorbeeld: Anna biedt 100, neemt de stok, legt drie lage kaarten weg en noemt harten troef.
rules-tachtigen-play = Bekennen of troeven: troeven mag altijd, ook als je kunt bekennen. Zonder de gevraagde kleur mag je elke kaart spelen. Op troef moet je troef bijspelen. In troef is de boer het hoogst, dan de negen, aas, heer, vrouw, tien. Roem (een reeks, vier gelijke, het stuk: troefheer en -vrouw) telt mee voor de bieder.
rules-tachtigen-score = Kaarten tellen aas 11, tien 10, heer 3, vrouw 2, boer 1; troefboer 20 en troefnegen 14; de laatste slag 9. De bieder moet zijn bod halen in kaartpunten plus roem; elke tegenspeler betaalt of krijgt.

    Voorbeeld: bod 100, 92 aan kaarten en een reeks van drie (20): 112, gehaald.
rules-tachentige-aim = Tachentige is het Udense spel voor vier met 30 kaarten. De bieder vraagt een kaart en wie die heeft is zijn maat voor dat spel; ieder houdt zijn eigen score. De zitting eindigt met twaalf rondspelen.
rules-tachentige-deal = Iedereen krijgt 7 kaarten en 2 gaan naar de stok. Er wordt geboden vanaf 200 in stappen van 10; de solo's praten (geen slag, open kaarten), zwabber (alle slagen, zonder troef) en privé (alle slagen) gaan boven puntenbiedingen, met de stok (m) of met de stok ongezien (z).

    Voorbeeld: Noord biedt 200 en wint; hij neemt de stok, legt twee kaarten weg, noemt harten troef en vraagt ruiten aas.
rules-tachentige-play = Bekennen of troeven: troeven mag altijd. Zonder de gevraagde kleur mag je elke kaart spelen; op troef moet je troef bijspelen, maar de troefboer hoeft nooit. Ondertroeven mag niet, tenzij je niets anders hebt. In de eerste slag toont de spelende partij roem; de tegenpartij kan die afkeuren met betere roem. Wie troefheer of -vrouw speelt, kan stuk melden.
rules-tachentige-score = De kaartpunten van de spelende partij worden op tientallen afgerond (samen altijd 150); alle slagen geeft 100 extra. De score is dat totaal plus roem min het bod, voor beide maten, en de tegenpartij betaalt; dubbel als de stok ongezien bleef.

    Voorbeeld: bod 130, alle slagen: 150 + 100 − 130 = +120 voor beide maten, −120 voor elke tegenspeler.

## Huisregels per spel

key-tarneeb-ruleset = Tarneeb (koppels bieden) of 400 (ieder biedt zijn eigen slagen, harten altijd troef).
key-tarneeb-target_score = De koppelstand die de partij wint. Voorbeeld: bij 41 wint het eerste koppel dat 41 haalt.
key-tarneeb-defenders_score_when_made = Of de tegenpartij haar slagen telt als het bod gehaald wordt.
key-tarneeb-bid13_made_points = Wat alle 13 slagen bieden en halen oplevert.
key-tarneeb-bid13_fail_penalty = Wat een mislukt bod van 13 kost.
key-tarneeb-kabsh = Kabsh: alle 13 slagen zonder 13 te bieden levert 16 op.
key-tarneeb-zon = Staat biedingen zonder troefkleur toe (zon).
key-tarneeb-deal_packets = Delen in pakjes van 4, 4 en 5 kaarten, of kaart voor kaart.
key-tarneeb-first_dealer = Wie het eerste spel geeft: door het lot of een vaste plaats.
key-tarneeb-fh_min_bid = 400: het laagste bod dat een speler mag doen.
key-tarneeb-fh_escalation = 400: het laagste bod en het vereiste totaal stijgen met de stand.
key-tarneeb-fh_min_total = 400: de vier biedingen moeten samen minstens dit zijn, anders wordt opnieuw gedeeld.
key-tarneeb-fh_target = 400: de score die een speler nodig heeft om te winnen, met een maat die meetelt.
key-tarneeb-fh_partner_rule = 400: de maat van de winnaar moet boven 0 staan, of minstens op 0.
key-tysiacha-players = Drie spelers, of vier waarvan er per spel één uitzit.
key-tysiacha-sitter = Met vier: wie uitzit (de gever, rechts van de gever, of tegenover).
key-tysiacha-sitter_bonus = Met vier: wie uitzit telt de azen en een huwelijk in de talon.
key-tysiacha-target = De winnende score. De tonlijn ligt 120 lager.
key-tysiacha-win_rule = Precies: je moet het doel precies halen. Halen: het doel of meer met een gehaald contract wint.
key-tysiacha-barrel = Op de ton (vlak bij het doel) moet je binnen een paar spellen een contract halen, anders val je terug.
key-tysiacha-barrel_hand_limit = Hoeveel spellen je op de ton mag blijven voor je terugvalt tot 240 onder het doel.
key-tysiacha-bid_step = Biedingen en contracten stijgen met 5 of met 10.
key-tysiacha-bid_cap = Bieden tot 400, of tot 120 plus de huwelijken die je hebt.
key-tysiacha-marriage_needed_above_120 = Boven 120 bieden kan alleen met heer en vrouw van één kleur in de hand.
key-tysiacha-talon_visibility = Wie de talon ziet en wanneer: na het bieden, nooit, of al voor het bieden.
key-tysiacha-talon_distribution = De bieder neemt de talon en geeft twee kaarten, of elke actieve speler krijgt één talonkaart.
key-tysiacha-raise_allowed = Of de bieder na het zien van de talon een hoger contract mag zetten dan zijn bod.
key-tysiacha-rospisat = Wanneer de bieder het spel mag opgeven (rospisat): na de talon, ervoor, of nooit.
key-tysiacha-rospisat_defender_points = Wat elke tegenspeler krijgt als de bieder opgeeft. Voorbeeld: 60.
key-tysiacha-rospisat_cost = Opgeven kost steeds het bod, of alleen elke derde keer.
key-tysiacha-marriage_on_first_trick = Of de bieder bij zijn eerste uitkomst al een huwelijk mag melden.
key-tysiacha-overtrump_required = Wie niet kan bekennen moet een troef in de slag overtroeven als dat kan.
key-tysiacha-must_beat = Bij bekennen moet je de beste kaart van de gevraagde kleur slaan als dat kan.
key-tysiacha-defender_rounding = Hoe de punten van tegenspelers worden afgerond: op 5, op 10, of niet. Voorbeeld: 43 wordt 45.
key-tysiacha-declarer_rounding = Of de punten van de bieder net zo worden afgerond voor ze met het contract vergeleken worden.
key-tysiacha-zero_penalty = Elke derde keer dat een tegenspeler niets haalt kost hem 120 (bolts).
key-tysiacha-four_nines_redeal = Wie alle vier de negens heeft mag opnieuw laten delen.
key-tysiacha-polish_bomb = Gereserveerd voor de Poolse bom; nog niet speelbaar.
key-rikken-players = Vier spelers, of drie met een blinde: René (om beurten gespeeld) of de blinde (open en bestuurd).
key-rikken-joker = 53 kaarten: de joker is de laagste klaveren; één kaart ligt open en de bieder mag hem ruilen.
key-rikken-deal_packets = De pakjes bij het delen, bijvoorbeeld 4, 5 en 4 kaarten.
key-rikken-deal_shuffle = Elk spel schudden, of de slagen verzamelen en alleen afnemen (één telefoon), of elk derde spel schudden.
key-rikken-plain_trump_may_be_hearts = Of gewone rik en alleen ook harten als troef mogen kiezen.
key-rikken-call_mode = Gewoon vragen, of elke kaart van de rang die je niet hebt, zonder blind vragen.
key-rikken-call_trump_ace = Of de troefaas gevraagd mag worden zoals elke andere aas.
key-rikken-called_card_discard = Of de maat de gevraagde kaart mag afgooien voor zijn kleur gevraagd is.
key-rikken-open_reveal_after_card = Bij open contracten: na hoeveel kaarten de handen van de bieders open gaan.
key-rikken-praatje_mode = Met praatje: alle handen open, of alleen die van de bieders en een chat.
key-rikken-four_piekers = Drie spelers die piek bieden tellen als vier.
key-rikken-troela_mandatory = Wie precies drie azen heeft moet bij zijn eerste beurt troela bieden.
key-rikken-troela_multiplier = De waarde van troela per slag is 5 keer dit.
key-rikken-troela_partner_pays_on_failure = Of een mislukte troela ook de maat kost.
key-rikken-troela_ace_lead = De maat van troela komt in de eerste slag uit met zijn aas, waar troef niets doet.
key-rikken-slam_value = Wat alle 13 slagen alleen per tegenspeler waard is, gehaald of mislukt.
key-rikken-slam_declarer_leads = Wie voor alle 13 slagen speelt komt als eerste uit.
key-rikken-claims = Spelers mogen de resterende slagen claimen; de anderen aanvaarden of spelen door.
key-rikken-pass_game = Wat er gespeeld wordt als iedereen past, bijvoorbeeld schoppenmie (ontloop schoppen vrouw).
key-rikken-pass_game_menu = De passpellen waaruit voorhand kiest als voorhand kiest.
key-rikken-pass_games_scored = Of passpellen meetellen.
key-rikken-pass_unit = De eenheid waarin een passpel telt.
key-rikken-schoppenmie_no_spade_tricks = Bij schoppenmie: in hoeveel openingsslagen schoppen verboden is.
key-rikken-match_deals = Hoeveel spellen een partij telt (0: geen einde).
key-tachtigen-all_pass = Als alle drie passen: opnieuw delen, of voorhand speelt voor 80.
key-tachtigen-buyoff_max_bid = Het hoogste bod dat de bieder mag afkopen in plaats van spelen.
key-tachtigen-buyoff_cost_ct = Wat afkopen kost, in centen aan elke tegenspeler.
key-tachtigen-roem_table = De roemwaarden: Pandoer (reeksen 20 tot 180, vier gelijke) of Tachentige (drie en vier gelijke).
key-tachtigen-roem_requires_trick = Roem telt niet als de bieder geen slag haalt.
key-tachtigen-roem_denial = Een tegenspeler mag roem weigeren zoals bij Pandoer.
key-tachtigen-discards_count_for = Voor wie de weggelegde kaarten tellen: de tegenspelers of de bieder.
key-tachtigen-jas_exempt = Een kale troefboer hoeft troef niet te bekennen.
key-tachtigen-no_undertrump = Niet ondertroeven op een andere kleur, tenzij je niets anders hebt.
key-tachtigen-piek_target = Piek: precies één slag, of de eerste slag en verder geen.
key-tachtigen-ouvert_reveal_after_trick = Na welke slag de hand van de ouvert-speler open gaat.
key-tachtigen-stop_when_decided = Bijzondere contracten stoppen zodra de uitslag vaststaat.
key-tachtigen-match_deals = Hoeveel spellen een partij telt (open: geen einde).
key-tachentige-deck = 30 kaarten (acht tot aas, met de rode zevens), of 32 met de zwarte zevens.
key-tachentige-stok_size = De stok: 2 kaarten bij 30, 4 bij 32; of geen stok (alleen bij 32).
key-tachentige-min_bid = Het laagste openingsbod: 200 in Uden, 80 in het oorspronkelijke spel.
key-tachentige-roem = Roem verlaagt het doel van de spelende partij.
key-tachentige-afkeuren = De tegenpartij mag roem in de eerste slag afkeuren met betere eigen roem.
key-tachentige-stok_leave = De bieder van een puntenspel mag de stok ongezien laten en dubbel spelen.
key-tachentige-solos = Staat de solo's privé, zwabber en praten toe.
key-tachentige-rondspelen = Twaalf rondspelen sluiten de zitting af.
key-tachentige-regular_hands = Hoeveel gewone spellen voor de rondspelen (open: tot iemand stopt).

## Woorden van de spellen (zetten, contractsoorten, telregels): w- en het woord

w-pass = pas
w-bid = bod
w-trump = troef
w-play = speel
w-take = neem
w-rospisat = opgeven (rospisat)
w-contract = contract
w-give = geef
w-marriage = huwelijk
w-redeal = opnieuw delen
w-play_on = doorspelen
w-buy_off = afkopen
w-discard = leg weg
w-roem = roem
w-deny = weiger
w-no_deny = niet weigeren
w-no_trump = zonder troef
w-zon = zon
w-stok = stok
w-take_the_stok = neem de stok
w-leave_the_stok_unseen = laat de stok ongezien
w-no_rejection = niet afkeuren
w-point_game_for_100 = puntenspel voor 100
w-stop_the_session = stop de zitting
w-with_the_stok = met de stok
w-stok_unseen = stok ongezien
w-praten = praten
w-zwabber = zwabber
w-priv_ = privé
w-call = vraag
w-show = toon
w-reject = keur af
w-stuk = stuk
w-run = reeks
w-thrown_in = ingegooid
w-bought_off = afgekocht
w-annulled = geannuleerd
w-played = gespeeld
w-made = gehaald
w-failed = down
w-four_piekers = vier piekers
w-joined_piek = piek meegegaan
w-joined_misere = misère meegegaan
w-closing_turned = rondspel, gekeerde troef
w-closing_blind = rondspel, blind
w-closing_open_solo = rondspel, solo
w-closing_open_point = rondspel, puntenspel
w-point_stok_left = puntenspel, stok gelaten
w-point = punten
w-took = haalde
w-team = koppel
w-declarer = spelmaker
w-tricks = slagen
w-trick = slag
w-value = waarde
w-required = vereist
w-wins = wint
w-with = met
w-and = en
w-win = winnen
w-by = door
w-all = alle
w-passed = gepast
w-nothing = niets
w-paid = betaald
w-three = drie
w-game = spel
w-rik = rik
w-rik_beter = rik beter
w-alleen = alleen
w-troela = troela
w-piek = piek
w-misere = misère
w-mis_re = misère
w-open = open
w-join = meegaan
w-exchange = ruil
w-blind = blind
w-lead_face_down = blind uitkomen
w-controller = bestuurder
w-kabsh = kabsh
w-barrel = ton
w-talon = talon
w-schoppenmie = schoppenmie
w-claim = claim
w-accept = aanvaard
w-concede = geef op
w-on = aan
w-off = uit
w-true = ja
w-false = nee
w-four = vier
w-keep = houd
w-none = geen
w-open_misere = open misère
w-open_misere_praatje = open misère met praatje
w-open_piek = open piek
w-open_piek_praatje = open piek met praatje
w-ouvert = ouvert
w-piek_met = piek met
w-piek_ouvert = piek ouvert
w-piek_ouvert_met = piek ouvert met
w-piek_praat = piek praat
w-piek_praat_met = piek praat met
w-points = punten
w-praat = praat
w-prive = privé
w-schoppen_vrouw = schoppen vrouw
w-zwabbersolo = zwabbersolo
w-beter = beter
w-fail_penalty = straf bij falen
w-a = een
w-accepted = aanvaard
w-after = na
w-at = bij
w-called = gevraagd
w-calls = vragen
w-card = kaart
w-centre = midden
w-certainly = zeker
w-closing = rondspel
w-counted = geteld
w-ct = ct
w-d = d
w-deal = deling
w-declared = gemeld
w-declarers = spelmakers
w-declaring = spelende
w-defenders = tegenspelers
w-deltas = verschillen
w-each = elk
w-early = vroeg
w-every = elke
w-had = had
w-hand = hand
w-hidden = verborgen
w-his = zijn
w-in = in
w-kept = gehouden
w-last = laatste
w-left = gelaten
w-minus = min
w-more = meer
w-nines = negens
w-no = geen
w-of = van
w-opponent = tegenspeler
w-opponents = tegenspelers
w-others = anderen
w-out = uit
w-pays = betaalt
w-put = gelegd
w-raw_d = raw_d
w-rejected = afgekeurd
w-round = ronde
w-score = score
w-shown = getoond
w-side = partij
w-slam = alle slagen
w-stayed = bleef
w-stopped = gestopt
w-sum = som
w-taken = genomen
w-target = doel
w-the = de
w-thrown = gegooid
w-to = aan
w-type = soort
w-unseen = ongezien
w-update = bijwerking
w-values = waarden

## Nearby play (tables over Wi-Fi)
nearby-play = Samen spelen in de buurt
nearby-title = Samen spelen in de buurt
nearby-web = Spelen in de buurt kan alleen met de app op een telefoon of computer: een webpagina kan geen andere apparaten op de wifi vinden.
nearby-open = Een tafel openen
nearby-open-button = Open de tafel
nearby-one-device-variant = Deze variant speel je op één toestel (doorgeven of tegen bots): aan een tafel van telefoons zou maar één telefoon weten wie er aan de beurt is.
nearby-game = Spel
nearby-table-of = Tafel van { $name }
nearby-join = Aanschuiven
nearby-found = Tafels op deze wifi
nearby-none-found = Zoeken naar tafels op deze wifi...
nearby-your-name = Je naam
nearby-table-name = Naam van de tafel
nearby-bots = Plaatsen voor bots op dit apparaat
nearby-hands = Aantal spellen
nearby-waiting-room = Wachtkamer
nearby-free-seat = vrij
nearby-start-note = De tafel begint zodra alle plaatsen bezet zijn.
nearby-seats = { $taken } van { $seats } plaatsen bezet
nearby-resume = Terug naar de tafel { $name }
nearby-bot-of = bot van { $name }
nearby-table-over = Alle spellen van deze tafel zijn gespeeld.
nearby-not-your-seat = Dat is niet jouw plaats.
nearby-not-your-turn = Je bent niet aan de beurt.
nearby-not-legal = Die zet mag nu niet.
nearby-node-stopped = Het netwerk is gestopt.
nearby-no-undo = Terugnemen kan niet aan een tafel met andere spelers.
nearby-paused-title = De tafel staat stil
nearby-paused-seat = { $name } (plaats { $seat }) hield zich niet aan de regels of het protocol: { $kind }.
nearby-paused-device = Een apparaat hield zich niet aan het protocol: { $kind }.
nearby-paused-detail = Wat er gebeurde: { $detail }
nearby-waiting-for = Wachten op { $names }...
nearby-dealing = Delen: elk apparaat schudt om de beurt...
nearby-verified = Deling gecontroleerd
nearby-unverified = Niet gecontroleerd: het spel is afgerekend zonder een speler.
nearby-connected = Verbonden
nearby-away = Weg
