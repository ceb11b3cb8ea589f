//! Property tests of the engine's invariants, for every game and every variant value: cards are
//! conserved, `apply` accepts exactly the legal actions and leaves the state unchanged otherwise,
//! replay is deterministic, a seat's view does not depend on cards it has not seen, the audit
//! catches an injected revoke, and every way of dealing gives the same hand.

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use troef_core::game::hand_layout;
use troef_core::games::tachentige::{Tachentige, TachentigeConfig, TachentigeScores};
use troef_core::record::{audit_hand, hand_record, replay_hand, HandRecord};
use troef_core::{
    with_game, Card, ConfigValues, DealLayout, Dealing, Direction, Events, Game, GameId, Hand, Place, Seat, Table,
    ToAct, Viewer,
};

/// A list of `KEY=VALUE` settings.
type Setting = Vec<(String, String)>;

/// The defaults, then every sample value of every key under the settings where it has effect.
fn variant_settings(id: GameId) -> Vec<Setting> {
    with_game!(id, G => troef_core::game::variant_settings::<G>())
}

fn config_values<G: Game>(setting: &Setting) -> ConfigValues {
    let pairs: Vec<(&str, &str)> = setting.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    ConfigValues::validate(G::config_keys(), pairs).expect("sample values are valid")
}

/// A shuffled deck and a dealer for the config.
fn random_deal<G: Game>(config: &G::Config, rng: &mut ChaCha8Rng) -> (Vec<Card>, Seat) {
    let mut deck: Vec<Card> = G::deck(config).iter().collect();
    deck.shuffle(rng);
    let dealer = troef_core::game::dealer_from_draw::<G>(config, rng.gen_range(0..G::seat_count(config) as u32));
    (deck, dealer)
}

/// Picks a legal action with the self-play weights.
fn pick<G: Game>(hand: &Hand<G>, legal: &[G::Action], rng: &mut ChaCha8Rng) -> G::Action {
    let weights: Vec<u32> =
        legal.iter().map(|action| hand.game().policy_weight(hand.config(), hand.table(), action).max(1)).collect();
    let total: u32 = weights.iter().sum();
    let mut ticket = rng.gen_range(0..total);
    for (action, weight) in legal.iter().zip(weights) {
        if ticket < weight {
            return *action;
        }
        ticket -= weight;
    }
    legal[legal.len() - 1]
}

/// `Hand::pick_legal_action` (random play's way to draw one legal action without listing them
/// all) is exactly the list of `legal_actions`, for a full hand and for a seat's view alike: it
/// offers the list's length, gives the list's entry at every index, and nothing past the end.
fn check_pick_matches_list<G: Game>(hand: &Hand<G>) {
    let mut legal = Vec::new();
    hand.legal_actions(&mut legal);
    let mut scratch = Vec::new();
    for (index, action) in legal.iter().enumerate() {
        let mut offered = None;
        let picked = hand.pick_legal_action(&mut scratch, |count| {
            offered = Some(count);
            index
        });
        assert_eq!(offered, Some(legal.len()), "pick_legal_action offers another count than legal_actions lists");
        assert_eq!(picked, Some(*action), "pick_legal_action's entry {index} is not legal_actions' entry");
    }
    assert_eq!(hand.pick_legal_action(&mut scratch, |count| count), None, "an index past the list picks an action");
}

fn seat_to_act<G: Game>(hand: &Hand<G>) -> Option<Seat> {
    hand.to_act().seat()
}

/// Plays a random hand to the end, checking after every action that cards are conserved, that
/// `apply` accepts every legal action and rejects every other candidate without a change.
fn play_checked<G: Game>(
    config: &G::Config,
    deck: &[Card],
    dealer: Seat,
    scores: &G::Scores,
    rng: &mut ChaCha8Rng,
) -> (Hand<G>, Vec<String>) {
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, scores, deck).expect("deal");
    let mut lines = Vec::new();
    let mut legal = Vec::new();
    let mut candidates = Vec::new();
    for _ in 0..500 {
        let Some(seat) = seat_to_act(&hand) else { break };
        hand.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "{seat:?} to act with no legal action");
        G::candidate_actions(config, hand.table(), seat, &mut candidates);
        for candidate in &candidates {
            let mut probe = hand.clone();
            let accepted = probe.apply(seat, *candidate).is_ok();
            assert_eq!(accepted, legal.contains(candidate), "apply and legal_actions disagree on {candidate:?}");
            if !accepted {
                assert_eq!(probe, hand, "a rejected {candidate:?} changed the hand");
            }
        }
        for action in &legal {
            assert!(hand.clone().apply(seat, *action).is_ok(), "legal {action:?} rejected");
        }
        check_pick_matches_list(&hand);
        for viewer in (0..G::seat_count(config)).map(Seat) {
            check_pick_matches_list(&hand.view(Viewer::Seat(viewer)));
        }
        let action = pick(&hand, &legal, rng);
        lines.push(Hand::<G>::format_line(seat, &action));
        // `apply_into` (the hot loops' form, into a used buffer) does exactly what `apply` does.
        let mut twin = hand.clone();
        let mut buffer = Events::new();
        buffer.push(troef_core::Event::HandOver);
        let events = hand.apply(seat, action).expect("legal action applies");
        twin.apply_into(seat, action, &mut buffer).expect("legal action applies");
        assert_eq!((&twin, &buffer), (&hand, &events), "apply_into differs from apply");
        hand.table().check_conservation().expect("cards conserved");
    }
    assert_eq!(hand.to_act(), ToAct::HandOver, "hand did not end");
    (hand, lines)
}

fn check_playout<G: Game>(setting: &Setting, seed: u64) {
    check_playout_from::<G>(setting, seed, G::new_scores);
}

/// [`check_playout`] of a hand dealt in the match state `scores_of` gives for the config.
fn check_playout_from<G: Game>(setting: &Setting, seed: u64, scores_of: impl Fn(&G::Config) -> G::Scores) {
    let values = config_values::<G>(setting);
    let config = G::config(&values);
    let scores = scores_of(&config);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (deck, dealer) = random_deal::<G>(&config, &mut rng);
    check_dealing_paths_agree::<G>(&config, &deck, dealer, &scores);
    let (hand, lines) = play_checked::<G>(&config, &deck, dealer, &scores, &mut rng);
    let outcome = hand.outcome().expect("finished hand has an outcome");
    assert_eq!(G::check_outcome(&config, hand.table(), &outcome), Vec::<String>::new());

    // Replay is deterministic and reproduces the outcome, through JSON and bincode alike.
    let record = hand_record::<G>(&values, dealer, &deck, Some(G::scores_to_sheet(&config, &scores)), lines);
    let from_json: HandRecord = serde_json::from_str(&record.to_json()).expect("json round trip");
    let from_bincode = HandRecord::from_bincode(&record.to_bincode()).expect("bincode round trip");
    assert_eq!(from_json, record);
    assert_eq!(from_bincode, record);
    let first = replay_hand::<G>(&record).expect("replay");
    let second = replay_hand::<G>(&from_bincode).expect("replay");
    assert_eq!(first.outcome, outcome);
    assert_eq!(first.hand, hand);
    assert_eq!(second.hand, first.hand);
    assert_eq!(second.scores_after, first.scores_after);
    assert!(audit_hand::<G>(&record).expect("audit").is_empty(), "audit flags a legal hand");
}

/// The ways to deal give the same hand: from a deck order, through [`Dealing`]'s kept layouts
/// (the hot path, fresh or into a used hand), and the general path that takes one entry per deck
/// position.
fn check_dealing_paths_agree<G: Game>(config: &G::Config, deck: &[Card], dealer: Seat, scores: &G::Scores) {
    let scores = scores.clone();
    let from_deck = Hand::<G>::from_deck(config.clone(), dealer, &scores, deck).expect("deal from a deck order");
    let dealing = Dealing::<G>::new(config.clone());
    assert_eq!(dealing.hand(dealer, &scores, deck).expect("deal through Dealing"), from_deck);
    let known: Vec<Option<Card>> = deck.iter().copied().map(Some).collect();
    let general = Hand::<G>::new(config.clone(), dealer, &scores, &known, &mut Events::new()).expect("general deal");
    assert_eq!(general, from_deck);
    let past_the_table = Seat(G::seat_count(config));
    assert!(dealing.hand(past_the_table, &scores, deck).is_err(), "a dealer past the table is refused");

    // Dealing again into a used hand gives the same hand; a refused deal leaves it as it was.
    let other_dealer = (1..=G::seat_count(config))
        .map(|step| Seat((dealer.0 + step) % G::seat_count(config)))
        .find(|seat| G::dealer_seats(config) & seat.bit() != 0)
        .unwrap_or(dealer);
    let mut reused = dealing.hand(other_dealer, &scores, deck).expect("deal through Dealing");
    dealing.redeal(&mut reused, dealer, &scores, deck).expect("redeal");
    assert_eq!(reused, from_deck);
    let mut twice = deck.to_vec();
    twice[1] = twice[0];
    assert!(dealing.redeal(&mut reused, other_dealer, &scores, &twice).is_err(), "a card dealt twice is refused");
    assert!(dealing.redeal(&mut reused, past_the_table, &scores, deck).is_err());
    assert_eq!(reused, from_deck, "a refused deal changed the hand");
}

/// The cards an action line names (played, passed, given): those may not be moved when re-dealing.
fn named_cards(lines: &[String]) -> Vec<Card> {
    lines
        .iter()
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == '>' || c == ','))
        .filter_map(|token| token.parse::<Card>().ok())
        .collect()
}

/// A seat's view after some actions does not change when the cards it has not seen (and that no
/// action named) are re-dealt among their deck positions.
fn check_view_independence<G: Game>(setting: &Setting, seed: u64) {
    check_view_independence_from::<G>(setting, seed, G::new_scores);
}

/// [`check_view_independence`] of a hand dealt in the match state `scores_of` gives.
fn check_view_independence_from<G: Game>(setting: &Setting, seed: u64, scores_of: impl Fn(&G::Config) -> G::Scores) {
    let values = config_values::<G>(setting);
    let config = G::config(&values);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (deck, dealer) = random_deal::<G>(&config, &mut rng);
    let scores = scores_of(&config);
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).expect("deal");
    let stop_after = rng.gen_range(0..60);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while actions.len() < stop_after {
        let Some(seat) = seat_to_act(&hand) else { break };
        hand.legal_actions(&mut legal);
        let action = pick(&hand, &legal, &mut rng);
        hand.apply(seat, action).expect("legal");
        actions.push((seat, action));
    }
    let lines: Vec<String> = actions.iter().map(|(seat, action)| Hand::<G>::format_line(*seat, action)).collect();
    let named = named_cards(&lines);
    for viewer in 0..G::seat_count(&config) {
        let viewer = Seat(viewer);
        let table = hand.table();
        let movable: Vec<usize> = (0..deck.len())
            .filter(|&slot| {
                let slot_id = troef_core::Slot(slot as u8);
                !table.is_seen_by(slot_id, viewer) && !named.contains(&deck[slot])
            })
            .collect();
        // Some public facts constrain the hidden cards beyond what the viewer has seen: Tysiacha's
        // four-nines state (`four_nines_redeal`) comes up exactly when someone holds all four 9s,
        // so its absence tells every seat that nobody does. A re-deal that contradicts the
        // public history (the same actions are no longer possible) is drawn again; one of a few
        // draws must fit.
        let mut fitting = None;
        for _ in 0..32 {
            let mut shuffled: Vec<Card> = movable.iter().map(|&slot| deck[slot]).collect();
            shuffled.shuffle(&mut rng);
            let mut other_deck = deck.clone();
            for (&slot, &card) in movable.iter().zip(&shuffled) {
                other_deck[slot] = card;
            }
            let mut other = Hand::<G>::from_deck(config.clone(), dealer, &scores, &other_deck).expect("deal");
            // A seat dealt its hand unseen (a dummy) cannot check its own duties either.
            let unseen = hand_layout::<G>(&config, dealer, &scores).unseen_hands();
            for seat in 0..G::seat_count(&config) {
                if seat != viewer.0 || unseen & (1 << seat) != 0 {
                    // As a peer would: duties on cards the viewer cannot see are left to the audit.
                    other.table_mut().defer_checks(Seat(seat), true);
                }
            }
            if actions.iter().all(|(seat, action)| other.apply(*seat, *action).is_ok()) {
                fitting = Some(other);
                break;
            }
        }
        let mut other = fitting.expect("a re-deal consistent with the public history lets the same actions through");
        for seat in 0..G::seat_count(&config) {
            other.table_mut().defer_checks(Seat(seat), false);
        }
        assert_eq!(other.view(Viewer::Seat(viewer)), hand.view(Viewer::Seat(viewer)), "view of {viewer:?} changed");
    }
}

/// A revoke (not following suit while holding it) injected into a random hand is reported by the
/// audit at its action index and seat.
fn check_audit_catches_revoke<G: Game>(setting: &Setting, seed: u64) -> bool {
    check_audit_catches_revoke_from::<G>(setting, seed, G::new_scores)
}

/// [`check_audit_catches_revoke`] of a hand dealt in the match state `scores_of` gives.
fn check_audit_catches_revoke_from<G: Game>(
    setting: &Setting,
    seed: u64,
    scores_of: impl Fn(&G::Config) -> G::Scores,
) -> bool {
    let values = config_values::<G>(setting);
    let config = G::config(&values);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (deck, dealer) = random_deal::<G>(&config, &mut rng);
    let scores = scores_of(&config);
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).expect("deal");
    let mut lines = Vec::new();
    let mut legal = Vec::new();
    let mut candidates = Vec::new();
    let mut revoke: Option<(usize, Seat)> = None;
    while let Some(seat) = seat_to_act(&hand) {
        hand.legal_actions(&mut legal);
        let action = pick(&hand, &legal, &mut rng);
        let trick = hand.table().trick();
        if revoke.is_none() && !trick.is_empty() {
            if let Some(led) = trick.led {
                let own = hand.table().hand(seat);
                if own.has_suit(led) {
                    // Try an off-suit card of the seat's own hand that a peer would have to accept.
                    G::candidate_actions(&config, hand.table(), seat, &mut candidates);
                    for candidate in &candidates {
                        let mut probe = hand.clone();
                        if probe.apply(seat, *candidate).is_ok() {
                            continue;
                        }
                        probe.table_mut().defer_checks(seat, true);
                        let line = Hand::<G>::format_line(seat, candidate);
                        let off_suit = named_cards(std::slice::from_ref(&line))
                            .iter()
                            .any(|card| own.contains(*card) && card.suit() != Some(led));
                        if off_suit && probe.apply(seat, *candidate).is_ok() {
                            probe.table_mut().defer_checks(seat, false);
                            revoke = Some((lines.len(), seat));
                            lines.push(line);
                            hand = probe;
                            break;
                        }
                    }
                    if revoke.is_some() {
                        continue;
                    }
                }
            }
        }
        lines.push(Hand::<G>::format_line(seat, &action));
        hand.apply(seat, action).expect("legal");
    }
    let Some((index, seat)) = revoke else { return false };
    let record = hand_record::<G>(&values, dealer, &deck, Some(G::scores_to_sheet(&config, &scores)), lines);
    let violations = audit_hand::<G>(&record).expect("audit runs");
    assert!(
        violations.iter().any(|v| v.action_index == index && v.seat == seat.0),
        "revoke at action {index} by {seat:?} not reported: {violations:?}"
    );
    assert!(replay_hand::<G>(&record).is_err(), "a record with a revoke must not replay");
    true
}

fn settings_strategy(id: GameId) -> impl Strategy<Value = (Setting, u64)> {
    let settings = variant_settings(id);
    (proptest::sample::select(settings), any::<u64>())
}

/// Rikken's joker variant under every other setting it combines with (not the three-player
/// forms, which refuse it).
fn joker_settings() -> Vec<Setting> {
    type R = troef_core::games::rikken::Rikken;
    variant_settings(GameId::Rikken)
        .into_iter()
        .filter(|setting| setting.iter().all(|(key, _)| key != "joker"))
        .map(|mut setting| {
            setting.push(("joker".to_string(), "true".to_string()));
            setting
        })
        .filter(|setting| R::check_config(&config_values::<R>(setting)).is_ok())
        .collect()
}

fn joker_strategy() -> impl Strategy<Value = (Setting, u64)> {
    (proptest::sample::select(joker_settings()), any::<u64>())
}

/// A revoke against a joker lead (a seat holding clubs that plays another suit to it) injected
/// into a random joker hand is reported by the audit at its action index and seat.
fn check_audit_catches_joker_lead_revoke(seed: u64) -> bool {
    use troef_core::games::rikken::{rules, Rikken, RikkenAction};
    let setting = vec![("joker".to_string(), "true".to_string())];
    let values = config_values::<Rikken>(&setting);
    let config = Rikken::config(&values);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (deck, dealer) = random_deal::<Rikken>(&config, &mut rng);
    let mut hand = Hand::<Rikken>::from_deck(config, dealer, &Rikken::new_scores(&config), &deck).expect("deal");
    let mut lines = Vec::new();
    let mut legal = Vec::new();
    let mut revoke = None;
    while let Some(seat) = seat_to_act(&hand) {
        let trick = hand.table().trick();
        let joker_led = trick.cards().first().is_some_and(|first| first.card == Some(Card::JOKER));
        let own = hand.table().hand(seat);
        if revoke.is_none() && joker_led && !own.intersection(rules::suit_cards(troef_core::Suit::Clubs)).is_empty() {
            if let Some(off_suit) = own.iter().find(|&card| rules::suit_of(card) != troef_core::Suit::Clubs) {
                let action = RikkenAction::Play(off_suit);
                assert!(hand.clone().apply(seat, action).is_err(), "a revoke against a joker lead is refused");
                hand.table_mut().defer_checks(seat, true);
                hand.apply(seat, action).expect("a peer accepts what it cannot check");
                hand.table_mut().defer_checks(seat, false);
                revoke = Some((lines.len(), seat));
                lines.push(Hand::<Rikken>::format_line(seat, &action));
                continue;
            }
        }
        hand.legal_actions(&mut legal);
        let action = pick(&hand, &legal, &mut rng);
        lines.push(Hand::<Rikken>::format_line(seat, &action));
        hand.apply(seat, action).expect("legal");
    }
    let Some((index, seat)) = revoke else { return false };
    let record = hand_record::<Rikken>(&values, dealer, &deck, None, lines);
    let violations = audit_hand::<Rikken>(&record).expect("audit runs");
    assert!(
        violations.iter().any(|v| v.action_index == index && v.seat == seat.0 && v.rule.contains("follow suit")),
        "revoke against the joker at action {index} by {seat:?} not reported: {violations:?}"
    );
    true
}

/// A Tachentige session's state before a hand: a regular hand (0) or closing round 1..12 (when the
/// config plays them), so that the closing rounds' blind declarer is covered too.
fn tachentige_scores(round: u8) -> impl Fn(&TachentigeConfig) -> TachentigeScores {
    move |config| match round {
        1..=12 if config.rondspelen => {
            TachentigeScores { hands: 1, closing_round: round, ..TachentigeScores::default() }
        }
        _ => TachentigeScores::default(),
    }
}

fn tachentige_strategy() -> impl Strategy<Value = (Setting, u64, u8)> {
    (proptest::sample::select(variant_settings(GameId::Tachentige)), any::<u64>(), 0..=12u8)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn tarneeb_playouts_hold_invariants((setting, seed) in settings_strategy(GameId::Tarneeb)) {
        check_playout::<troef_core::games::tarneeb::Tarneeb>(&setting, seed);
    }

    #[test]
    fn tysiacha_playouts_hold_invariants((setting, seed) in settings_strategy(GameId::Tysiacha)) {
        check_playout::<troef_core::games::tysiacha::Tysiacha>(&setting, seed);
    }

    #[test]
    fn rikken_playouts_hold_invariants((setting, seed) in settings_strategy(GameId::Rikken)) {
        check_playout::<troef_core::games::rikken::Rikken>(&setting, seed);
    }

    #[test]
    fn tachtigen_playouts_hold_invariants((setting, seed) in settings_strategy(GameId::Tachtigen)) {
        check_playout::<troef_core::games::tachtigen::Tachtigen>(&setting, seed);
    }

    #[test]
    fn tachentige_playouts_hold_invariants((setting, seed, round) in tachentige_strategy()) {
        check_playout_from::<Tachentige>(&setting, seed, tachentige_scores(round));
    }

    #[test]
    fn tarneeb_views_ignore_unseen_cards((setting, seed) in settings_strategy(GameId::Tarneeb)) {
        check_view_independence::<troef_core::games::tarneeb::Tarneeb>(&setting, seed);
    }

    #[test]
    fn tysiacha_views_ignore_unseen_cards((setting, seed) in settings_strategy(GameId::Tysiacha)) {
        check_view_independence::<troef_core::games::tysiacha::Tysiacha>(&setting, seed);
    }

    #[test]
    fn rikken_deals_are_zero_sum((setting, seed) in settings_strategy(GameId::Rikken)) {
        type R = troef_core::games::rikken::Rikken;
        let values = config_values::<R>(&setting);
        let config = R::config(&values);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (deck, dealer) = random_deal::<R>(&config, &mut rng);
        let (hand, _) = play_checked::<R>(&config, &deck, dealer, &R::new_scores(&config), &mut rng);
        let outcome = hand.outcome().expect("finished hand has an outcome");
        prop_assert_eq!(R::seat_deltas(&config, &outcome).iter().sum::<i64>(), 0);
    }

    #[test]
    fn rikken_views_ignore_unseen_cards((setting, seed) in settings_strategy(GameId::Rikken)) {
        check_view_independence::<troef_core::games::rikken::Rikken>(&setting, seed);
    }

    #[test]
    fn tachtigen_views_ignore_unseen_cards((setting, seed) in settings_strategy(GameId::Tachtigen)) {
        check_view_independence::<troef_core::games::tachtigen::Tachtigen>(&setting, seed);
    }

    #[test]
    fn tachentige_views_ignore_unseen_cards((setting, seed, round) in tachentige_strategy()) {
        check_view_independence_from::<Tachentige>(&setting, seed, tachentige_scores(round));
    }

    /// Every Tachentige hand is zero-sum, and the two rounded totals of every point game sum to 150.
    #[test]
    fn tachentige_hands_are_zero_sum_and_round_to_150((setting, seed, round) in tachentige_strategy()) {
        let config = Tachentige::config(&config_values::<Tachentige>(&setting));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (deck, dealer) = random_deal::<Tachentige>(&config, &mut rng);
        let scores = tachentige_scores(round)(&config);
        let (hand, _) = play_checked::<Tachentige>(&config, &deck, dealer, &scores, &mut rng);
        let outcome = hand.outcome().expect("finished hand has an outcome");
        prop_assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
        if let Some(score) = outcome.score {
            prop_assert_eq!(score.rounded_declaring + score.rounded_defending, 150);
            prop_assert_eq!(outcome.deltas.iter().filter(|&&d| d == score.declaring_delta()).count(), if score.declaring_delta() == 0 { 4 } else { 2 });
        }
    }

    #[test]
    fn tarneeb_audit_catches_revokes((setting, seed) in settings_strategy(GameId::Tarneeb)) {
        check_audit_catches_revoke::<troef_core::games::tarneeb::Tarneeb>(&setting, seed);
    }

    #[test]
    fn tysiacha_audit_catches_revokes((setting, seed) in settings_strategy(GameId::Tysiacha)) {
        check_audit_catches_revoke::<troef_core::games::tysiacha::Tysiacha>(&setting, seed);
    }

    #[test]
    fn rikken_audit_catches_revokes((setting, seed) in settings_strategy(GameId::Rikken)) {
        check_audit_catches_revoke::<troef_core::games::rikken::Rikken>(&setting, seed);
    }

    #[test]
    fn tachtigen_audit_catches_revokes((setting, seed) in settings_strategy(GameId::Tachtigen)) {
        check_audit_catches_revoke::<troef_core::games::tachtigen::Tachtigen>(&setting, seed);
    }

    #[test]
    fn tachentige_audit_catches_revokes((setting, seed, round) in tachentige_strategy()) {
        check_audit_catches_revoke_from::<Tachentige>(&setting, seed, tachentige_scores(round));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn rikken_joker_playouts_hold_invariants((setting, seed) in joker_strategy()) {
        check_playout::<troef_core::games::rikken::Rikken>(&setting, seed);
    }

    #[test]
    fn rikken_joker_views_ignore_unseen_cards((setting, seed) in joker_strategy()) {
        check_view_independence::<troef_core::games::rikken::Rikken>(&setting, seed);
    }

    #[test]
    fn rikken_joker_audit_catches_revokes((setting, seed) in joker_strategy()) {
        check_audit_catches_revoke::<troef_core::games::rikken::Rikken>(&setting, seed);
    }

    #[test]
    fn rikken_joker_deals_are_zero_sum((setting, seed) in joker_strategy()) {
        type R = troef_core::games::rikken::Rikken;
        let values = config_values::<R>(&setting);
        let config = R::config(&values);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (deck, dealer) = random_deal::<R>(&config, &mut rng);
        prop_assert_eq!(deck.len(), 53);
        let (hand, _) = play_checked::<R>(&config, &deck, dealer, &R::new_scores(&config), &mut rng);
        let outcome = hand.outcome().expect("finished hand has an outcome");
        prop_assert_eq!(R::seat_deltas(&config, &outcome).iter().sum::<i64>(), 0);
    }
}

/// Revokes against joker leads are injected in many random joker hands, and each is caught.
#[test]
fn revokes_against_joker_leads_are_caught() {
    let caught = (0..300).filter(|&seed| check_audit_catches_joker_lead_revoke(seed)).count();
    assert!(caught >= 30, "only {caught} of 300 joker hands had a revoke against a joker lead");
}

/// The joker settings cover every other key's values.
#[test]
fn joker_settings_cover_the_other_keys() {
    let settings = joker_settings();
    assert!(settings.len() > 40, "{} joker settings", settings.len());
    assert!(settings.iter().all(|setting| setting.iter().any(|(key, value)| key == "joker" && value == "true")));
}

/// The revoke property above is not vacuous: in most default hands a revoke can be injected, and
/// each one is caught.
#[test]
fn revokes_are_injected_and_caught() {
    let tarneeb = (0..40)
        .filter(|&seed| check_audit_catches_revoke::<troef_core::games::tarneeb::Tarneeb>(&Vec::new(), seed))
        .count();
    let tysiacha = (0..40)
        .filter(|&seed| check_audit_catches_revoke::<troef_core::games::tysiacha::Tysiacha>(&Vec::new(), seed))
        .count();
    let rikken = (0..40)
        .filter(|&seed| check_audit_catches_revoke::<troef_core::games::rikken::Rikken>(&Vec::new(), seed))
        .count();
    assert!(tarneeb >= 20, "only {tarneeb} of 40 Tarneeb hands had an injected revoke");
    assert!(rikken >= 20, "only {rikken} of 40 Rikken hands had an injected revoke");
    assert!(tysiacha >= 20, "only {tysiacha} of 40 Tysiacha hands had an injected revoke");
    let tachtigen = (0..40)
        .filter(|&seed| check_audit_catches_revoke::<troef_core::games::tachtigen::Tachtigen>(&Vec::new(), seed))
        .count();
    assert!(tachtigen >= 20, "only {tachtigen} of 40 Tachtigen hands had an injected revoke");
    let tachentige = (0..40)
        .filter(|&seed| {
            check_audit_catches_revoke_from::<Tachentige>(&Vec::new(), seed, tachentige_scores(seed as u8 % 13))
        })
        .count();
    assert!(tachentige >= 20, "only {tachentige} of 40 Tachentige hands had an injected revoke");
}

/// Every game has a setting list to draw from (guards the strategies above against an empty list).
#[test]
fn every_game_has_variant_settings() {
    for id in GameId::ALL {
        assert!(variant_settings(id).len() > 1, "{id:?} declares no variant keys");
    }
}

/// A layout's per-seat position sets agree with its places, and a layout naming a seat the table
/// does not have is refused by both dealing paths (no panic, a clear error).
#[test]
fn layouts_name_only_existing_seats() {
    let places = (0..12u8).map(|slot| if slot < 8 { Place::Hand(Seat(slot % 4)) } else { Place::Hand(Seat(5)) });
    let layout = DealLayout::new(places, 0);
    assert_eq!(layout.len(), 12);
    assert_eq!(layout.slots_of(Place::Hand(Seat(1))).len(), 2);
    let deck: Vec<Card> = (0..12).filter_map(Card::from_index).collect();
    let known: Vec<Option<Card>> = deck.iter().copied().map(Some).collect();
    let mut events = Events::new();
    let error = Table::deal_known(4, Direction::Clockwise, &layout, &deck, &mut events).unwrap_err();
    assert!(error.message().contains("seat 5 of 4"), "{error}");
    let error = Table::deal(4, Direction::Clockwise, &layout, &known, &mut events).unwrap_err();
    assert!(error.message().contains("seat 5 of 4"), "{error}");
    let twice: Vec<Card> = deck.iter().map(|_| deck[0]).collect();
    let fine = DealLayout::new((0..12u8).map(|slot| Place::Hand(Seat(slot % 4))), 0);
    let error = Table::deal_known(4, Direction::Clockwise, &fine, &twice, &mut events).unwrap_err();
    assert!(error.message().contains("dealt twice"), "{error}");
}

/// A case proptest found: with `four_nines_redeal = on`, a naive re-deal gave a player all four
/// 9s where the public history (no four-nines state) says nobody holds them.
#[test]
fn tysiacha_view_with_four_nines_redeal_regression() {
    let setting = vec![("four_nines_redeal".to_string(), "on".to_string())];
    check_view_independence::<troef_core::games::tysiacha::Tysiacha>(&setting, 12_606_358_437_686_594_354);
}
