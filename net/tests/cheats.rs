//! Acceptance 2: the cheat matrix. Each test makes one seat cheat and asserts the protocol detects
//! it, when (on arrival or at the audit), and that it names the right seat.

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use troef_core::config::ConfigValues;
use troef_core::games::tarneeb::Tarneeb;
use troef_core::{Event, Game, Hand, Seat, SlotSet, ToAct, Visibility};
use troef_net::bench::{synthetic_cards, synthetic_deal};
use troef_net::group::{card_point, Ciphertext, JointKey, WireCiphertext};
use troef_net::messages::{Body, Message};
use troef_net::shuffle::{prove_shuffle, ShuffleSecret, ShuffleStatement};
use troef_net::simulate::LocalTable;
use troef_net::{audit_rules, Detected, Fault, FaultKind, HandParams};

const CHEATER: Seat = Seat(1);

fn params(table: u8, hand: u64) -> HandParams {
    HandParams::new([table; 32], hand, 3, synthetic_cards(24))
}

fn assert_fault(result: Result<(), Fault>, seat: Seat, kind: FaultKind, detected: Detected) {
    let fault = result.expect_err("the cheat must be detected");
    assert_eq!((fault.seat, fault.kind, fault.detected), (Some(seat), kind, detected), "{fault}");
}

/// A table whose cheater's messages are held; its key is released.
fn table_holding_cheater(params: &HandParams) -> LocalTable {
    let mut table = LocalTable::intercepting(params, 3, Some(CHEATER)).expect("start");
    table.pump().expect("others' keys");
    table.release_one().expect("cheater's key");
    table
}

/// Releases the cheater's shuffle too and deals; the cheater's deal tokens are held.
fn dealt_table_holding_cheater(params: &HandParams) -> LocalTable {
    let mut table = table_holding_cheater(params);
    table.release_one().expect("cheater's shuffle");
    let (deal, _) = synthetic_deal(3, 24);
    table.events(&deal).expect("deal step");
    table
}

fn held(table: &mut LocalTable) -> Message {
    assert!(!table.held.is_empty(), "the cheater owes a message");
    table.held.remove(0)
}

fn deliver(table: &mut LocalTable, message: &Message) -> Result<(), Fault> {
    table.inject(Seat(message.seat), message);
    table.pump()
}

fn public_keys(table: &LocalTable) -> Vec<RistrettoPoint> {
    table.sessions[0]
        .log()
        .iter()
        .filter_map(|m| match &m.body {
            Body::Key(key) => curve25519_dalek::ristretto::CompressedRistretto(key.public_key).decompress(),
            _ => None,
        })
        .collect()
}

#[test]
fn rogue_key_is_refused_on_arrival() {
    let params = params(1, 1);
    let mut table = LocalTable::intercepting(&params, 3, Some(CHEATER)).expect("start");
    table.pump().expect("others' keys");
    let mut message = held(&mut table);
    let others: RistrettoPoint = public_keys(&table).iter().sum();
    let wanted = RistrettoPoint::random(&mut ChaCha20Rng::seed_from_u64(9));
    let Body::Key(key) = &mut message.body else { panic!("a key message") };
    key.public_key = (wanted - others).compress().to_bytes();
    assert_fault(deliver(&mut table, &message), CHEATER, FaultKind::BadKeyProof, Detected::OnArrival);
}

#[test]
fn key_proof_replayed_from_another_hand_or_seat_fails() {
    let mut other_hand = LocalTable::intercepting(&params(1, 2), 3, Some(CHEATER)).expect("start");
    other_hand.pump().expect("keys");
    let mut replayed = held(&mut other_hand);
    replayed.hand_number = 1;
    let mut table = LocalTable::intercepting(&params(1, 1), 3, Some(CHEATER)).expect("start");
    table.pump().expect("keys");
    assert_fault(deliver(&mut table, &replayed), CHEATER, FaultKind::BadKeyProof, Detected::OnArrival);

    // Seat 0's key and proof, sent as seat 1's.
    let mut stolen = table.sessions[2].log().iter().find(|m| m.seat == 0).expect("seat 0's key").clone();
    stolen.seat = CHEATER.0;
    assert_fault(deliver(&mut table, &stolen), CHEATER, FaultKind::BadKeyProof, Detected::OnArrival);
}

#[test]
fn message_for_another_table_fails() {
    let mut other_table = LocalTable::intercepting(&params(2, 1), 3, Some(CHEATER)).expect("start");
    other_table.pump().expect("keys");
    let mut foreign = held(&mut other_table);
    let mut table = LocalTable::intercepting(&params(1, 1), 3, Some(CHEATER)).expect("start");
    table.pump().expect("keys");
    assert_fault(deliver(&mut table, &foreign), CHEATER, FaultKind::WrongHand, Detected::OnArrival);
    // Relabelled for this table, its proof still belongs to the other one.
    foreign.table_id = [1; 32];
    assert_fault(deliver(&mut table, &foreign), CHEATER, FaultKind::BadKeyProof, Detected::OnArrival);
}

fn tampered_shuffle(tamper: impl FnOnce(&mut Vec<WireCiphertext>, &LocalTable)) {
    let params = params(1, 1);
    let mut table = table_holding_cheater(&params);
    let mut message = held(&mut table);
    let Body::Shuffle(shuffle) = &mut message.body else { panic!("a shuffle message") };
    tamper(&mut shuffle.deck, &table);
    assert_fault(deliver(&mut table, &message), CHEATER, FaultKind::BadShuffleProof, Detected::OnArrival);
}

#[test]
fn shuffle_dropping_a_card_fails_its_proof() {
    tampered_shuffle(|deck, _| {
        deck.pop();
    });
}

#[test]
fn shuffle_duplicating_a_card_fails_its_proof() {
    tampered_shuffle(|deck, _| deck[1] = deck[0]);
}

#[test]
fn shuffle_substituting_a_card_fails_its_proof() {
    tampered_shuffle(|deck, _| deck[2] = Ciphertext::open(card_point(troef_core::Card::JOKER)).to_wire());
}

#[test]
fn shuffle_replacing_the_deck_with_own_encryptions_fails_its_proof() {
    let params = params(1, 1);
    let mut table = table_holding_cheater(&params);
    let mut message = held(&mut table);
    // The cheater encrypts a deck order of its choice under the joint key and proves what it can.
    let key = JointKey::new(public_keys(&table).iter().sum());
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let chosen: Vec<Ciphertext> = params
        .cards
        .iter()
        .map(|&card| Ciphertext::open(card_point(card)).remask(&Scalar::random(&mut rng), &key))
        .collect();
    let chosen_wire: Vec<WireCiphertext> = chosen.iter().map(Ciphertext::to_wire).collect();
    let Some(Body::Shuffle(previous)) =
        table.sessions[0].log().iter().find(|m| m.seat == 0 && m.seq == 1).map(|m| &m.body)
    else {
        panic!("seat 0's shuffle")
    };
    let input: Vec<Ciphertext> = previous.deck.iter().filter_map(Ciphertext::from_wire).collect();
    let statement = ShuffleStatement {
        key: &key,
        input: &input,
        input_wire: &previous.deck,
        output: &chosen,
        output_wire: &chosen_wire,
    };
    let fake_secret = ShuffleSecret::derive(&[4; 32], b"cheat", 0, input.len());
    let transcript = troef_net::transcript::message_transcript(
        &params.context(),
        CHEATER,
        troef_net::transcript::MessageKind::Shuffle,
        message.seq,
    );
    let proof = prove_shuffle(&mut transcript.clone(), &statement, &fake_secret, &mut rng);
    let Body::Shuffle(shuffle) = &mut message.body else { panic!("a shuffle message") };
    shuffle.deck = chosen_wire;
    shuffle.proof = proof;
    assert_fault(deliver(&mut table, &message), CHEATER, FaultKind::BadShuffleProof, Detected::OnArrival);
}

fn tampered_tokens(tamper: impl FnOnce(&mut troef_net::messages::TokenMessage)) -> Result<(), Fault> {
    let params = params(1, 1);
    let mut table = dealt_table_holding_cheater(&params);
    let mut message = held(&mut table);
    let Body::Tokens(tokens) = &mut message.body else { panic!("a token message") };
    tamper(tokens);
    deliver(&mut table, &message)
}

#[test]
fn wrong_token_is_refused_on_arrival() {
    let result = tampered_tokens(|message| {
        message.tokens[0].token = RistrettoPoint::random(&mut ChaCha20Rng::seed_from_u64(1)).compress().to_bytes()
    });
    assert_fault(result, CHEATER, FaultKind::BadToken, Detected::OnArrival);
}

#[test]
fn token_for_the_wrong_position_is_refused_on_arrival() {
    let result = tampered_tokens(|message| {
        let first = message.tokens[0].token;
        message.tokens[0].token = message.tokens[1].token;
        message.tokens[1].token = first;
    });
    assert_fault(result, CHEATER, FaultKind::BadToken, Detected::OnArrival);
}

#[test]
fn invalid_token_proof_is_refused_on_arrival() {
    let result = tampered_tokens(|message| {
        if let Some(proof) = &mut message.proof {
            proof.challenge[0] ^= 1;
        }
    });
    assert_fault(result, CHEATER, FaultKind::BadToken, Detected::OnArrival);
}

#[test]
fn tokens_not_owed_are_refused_on_arrival() {
    let result = tampered_tokens(|message| {
        let mut extra = message.tokens[0];
        extra.entry = 23;
        message.tokens.push(extra);
    });
    assert_fault(result, CHEATER, FaultKind::WrongTokens, Detected::OnArrival);
}

#[test]
fn token_proof_replayed_from_another_message_fails() {
    let params = params(1, 1);
    let mut table = dealt_table_holding_cheater(&params);
    let deal_tokens = held(&mut table);
    deliver(&mut table, &deal_tokens).expect("honest deal tokens");
    let (_, hands) = synthetic_deal(3, 24);
    table.events(&[Visibility::ShownToAll { slots: SlotSet::single(hands[1][0]) }]).expect("play step");
    let mut play = held(&mut table);
    let (Body::Tokens(old), Body::Tokens(new)) = (&deal_tokens.body, &mut play.body) else { panic!("token messages") };
    // The same entry's honest token from the deal message would need a proof for this message.
    new.proof = old.proof;
    assert_fault(deliver(&mut table, &play), CHEATER, FaultKind::BadToken, Detected::OnArrival);
}

#[test]
fn playing_a_card_not_dealt_to_you_is_refused() {
    let params = params(1, 1);
    let mut table = LocalTable::new(&params, 3).expect("start");
    table.pump().expect("shuffle");
    let (deal, hands) = synthetic_deal(3, 24);
    table.events(&deal).expect("deal");
    // Seat 1 says it plays a card from seat 2's hand.
    let slot = hands[2][0];
    let card = table.omniscient_deck().expect("deck")[slot.0 as usize];
    assert_fault(table.claim(CHEATER, slot, card), CHEATER, FaultKind::NotHolder, Detected::OnArrival);
    // Seat 1 tells the others its own card is another: caught when the card opens.
    let own = hands[1][0];
    for peer in [0, 2] {
        table.sessions[peer].claim(CHEATER, own, card).expect("its own deck position");
    }
    let result = table.events(&[Visibility::ShownToAll { slots: SlotSet::single(own) }]);
    assert_fault(result, CHEATER, FaultKind::WrongCard, Detected::OnArrival);
}

#[test]
fn bad_remix_before_a_pass_fails_its_proof() {
    let params = params(1, 1);
    let mut table = dealt_table_holding_cheater(&params);
    table.release_one().expect("deal tokens");
    let (_, hands) = synthetic_deal(3, 24);
    let pass = Visibility::PassedFaceDown { from: CHEATER, to: Seat(2), slots: SlotSet::single(hands[1][0]) };
    table.events(&[pass]).expect("others wait for the re-mix");
    let mut message = held(&mut table);
    let Body::Remix(remix) = &mut message.body else { panic!("a re-mix") };
    remix.outputs[1] = remix.outputs[0];
    assert_fault(deliver(&mut table, &message), CHEATER, FaultKind::BadShuffleProof, Detected::OnArrival);
}

/// An honest hand where the cheater shuffled with another seed than it committed to.
fn hand_with_seed_swap(restore_before_reveal: bool) -> Vec<Option<Result<troef_net::AuditedDeal, Fault>>> {
    let params = params(1, 1);
    let mut table = LocalTable::intercepting(&params, 3, Some(CHEATER)).expect("start");
    let committed = table.sessions[1].dishonest_replace_seed([42; 32]);
    table.intercept = None;
    let held: Vec<Message> = table.held.drain(..).collect();
    for message in &held {
        table.inject(CHEATER, message);
    }
    table.pump().expect("the shuffle itself is honest, so its proof passes");
    let (deal, hands) = synthetic_deal(3, 24);
    table.events(&deal).expect("deal");
    for trick in 0..hands[0].len() {
        for hand in &hands {
            table.events(&[Visibility::ShownToAll { slots: SlotSet::single(hand[trick]) }]).expect("play");
        }
    }
    if restore_before_reveal {
        table.sessions[1].dishonest_replace_seed(committed);
    }
    table.reveal_all().expect("reveals are taken");
    table.sessions.iter().map(|session| session.audit_result().cloned()).collect()
}

#[test]
fn seed_that_does_not_reproduce_the_shuffle_is_caught_at_the_audit() {
    for (seat, result) in hand_with_seed_swap(true).into_iter().enumerate() {
        if seat == CHEATER.index() {
            continue;
        }
        assert_fault(
            result.expect("audit ran").map(|_| ()),
            CHEATER,
            FaultKind::ShuffleNotReproduced,
            Detected::AtAudit,
        );
    }
}

#[test]
fn seed_that_does_not_match_its_commitment_is_caught_at_the_audit() {
    for (seat, result) in hand_with_seed_swap(false).into_iter().enumerate() {
        if seat == CHEATER.index() {
            continue;
        }
        assert_fault(result.expect("audit ran").map(|_| ()), CHEATER, FaultKind::SeedMismatch, Detected::AtAudit);
    }
}

#[test]
fn revoke_is_caught_at_the_audit() {
    let values = ConfigValues::validate(Tarneeb::config_keys(), []).expect("config");
    let config = Tarneeb::config(&values);
    let params = HandParams::new([9; 32], 1, 4, Tarneeb::deck(&config).iter().collect());
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    for attempt in 0..20u64 {
        let mut table = LocalTable::new(&params, attempt).expect("start");
        table.pump().expect("shuffle");
        let deck = table.omniscient_deck().expect("deck");
        let deal: Vec<_> = deck.iter().copied().map(Some).collect();
        let mut events = troef_core::Events::new();
        let dealer = Seat(0);
        let mut hand =
            Hand::<Tarneeb>::new(config, dealer, &Tarneeb::new_scores(&config), &deal, &mut events).expect("deal");
        let visible = |events: &[Event]| -> Vec<Visibility> {
            events.iter().filter_map(|e| if let Event::Visibility(v) = e { Some(*v) } else { None }).collect()
        };
        table.events(&visible(&events)).expect("deal step");
        let (mut lines, mut legal, mut candidates, mut revoker) = (Vec::new(), Vec::new(), Vec::new(), None);
        while let ToAct::Seat(seat) = hand.to_act() {
            hand.legal_actions(&mut legal);
            candidates.clear();
            Tarneeb::candidate_actions(&config, hand.table(), seat, &mut candidates);
            let mut action = legal[rng.gen_range(0..legal.len())];
            if revoker.is_none() && !hand.table().trick().is_empty() {
                // A card the rules forbid now that a peer without the full hand would accept.
                for &candidate in &candidates {
                    if legal.contains(&candidate) {
                        continue;
                    }
                    let mut trial = hand.clone();
                    trial.table_mut().defer_checks(seat, true);
                    if trial.apply(seat, candidate).is_ok() {
                        action = candidate;
                        revoker = Some(seat);
                        break;
                    }
                }
            }
            let deferred = revoker == Some(seat) && !legal.contains(&action);
            hand.table_mut().defer_checks(seat, deferred);
            let events = hand.apply(seat, action).expect("accepted");
            hand.table_mut().defer_checks(seat, false);
            lines.push(Hand::<Tarneeb>::format_line(seat, &action));
            table.events(&visible(&events)).expect("protocol step");
        }
        let Some(revoker) = revoker else { continue };
        table.reveal_all().expect("reveal");
        let audited = table.sessions[0].audit_result().expect("audit").clone().expect("the deal itself is sound");
        let result = audit_rules::<Tarneeb>(&audited.deck, &values, dealer, None, lines);
        assert_fault(result, revoker, FaultKind::RuleBroken, Detected::AtAudit);
        return;
    }
    panic!("no hand gave a chance to revoke");
}

#[test]
fn refused_messages_are_kept_as_evidence() {
    let params = params(1, 1);
    let mut table = dealt_table_holding_cheater(&params);
    let mut message = held(&mut table);
    let Body::Tokens(tokens) = &mut message.body else { panic!("a token message") };
    tokens.tokens[0].token = tokens.tokens[1].token;
    let _ = deliver(&mut table, &message);
    let evidence = table.sessions[0].evidence();
    assert_eq!(evidence.len(), 1);
    assert_eq!(evidence[0].0, message);
    assert_eq!(evidence[0].1.seat, Some(CHEATER));
}

/// The re-mix before a pass names another of its outputs as the passed card (so the receiver gets
/// a different card than the rules core says was given). The proof covers only the ciphertexts,
/// so this is caught at the audit, by the receiver, naming the passer.
#[test]
fn remix_naming_another_output_as_the_passed_card_is_caught_at_the_audit() {
    let params = params(1, 1);
    let mut table = LocalTable::new(&params, 3).expect("start");
    table.pump().expect("keys and shuffles");
    let (deal, hands) = synthetic_deal(3, 24);
    table.events(&deal).expect("deal");
    let hand: SlotSet = hands[1].iter().fold(SlotSet::EMPTY, |set, &slot| set.union(SlotSet::single(slot)));
    let order = table.sessions[CHEATER.index()].remix_order(hand);
    table.sessions[CHEATER.index()].dishonest_misname_moved();
    let receiver = Seat(2);
    let passed = order[0];
    table
        .events(&[
            Visibility::HandRemixed { seat: CHEATER, slots: hand },
            Visibility::PassedFaceDown { from: CHEATER, to: receiver, slots: SlotSet::single(passed) },
        ])
        .expect("the re-mix itself is proven and taken");
    table.reveal_all().expect("reveals are taken");
    let result = table.sessions[receiver.index()].audit_result().cloned().expect("audit ran");
    assert_fault(result.map(|_| ()), CHEATER, FaultKind::WrongCard, Detected::AtAudit);
    // A seat that saw neither card has nothing to hold against the deal.
    assert!(matches!(table.sessions[0].audit_result(), Some(Ok(_))));
}
