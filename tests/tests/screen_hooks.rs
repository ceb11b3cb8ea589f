//! The hooks screens use (`Game::describe_action`, `Game::facts`, `GameId::title`/`description`),
//! checked over random hands of every game: the facts are public (every seat's view and the
//! spectator's give the same facts as the full hand), a finished contract names its declarers, and
//! every legal action has words.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use troef_core::{Game, GameId, Hand, Match, Seat, ToAct, Viewer};

fn check_game<G: Game>(hands: usize) {
    let config = G::config(&troef_core::ConfigValues::validate(G::config_keys(), []).unwrap());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
    let mut contracts_seen = 0;
    for _ in 0..hands {
        let first_dealer = troef_core::game::dealer_from_draw::<G>(&config, rng.gen());
        let game_match = Match::<G>::new(config.clone(), first_dealer);
        let mut deck: Vec<_> = G::deck(&config).iter().collect();
        deck.shuffle(&mut rng);
        let mut hand: Hand<G> = game_match.deal(&deck).unwrap();
        let mut legal = Vec::new();
        while let ToAct::Seat(seat) = hand.to_act() {
            let facts = hand.facts();
            for viewer in (0..G::seat_count(&config)).map(|s| Viewer::Seat(Seat(s))).chain([Viewer::Spectator]) {
                assert_eq!(hand.view(viewer).facts(), facts, "{:?}: facts differ for {viewer:?}", G::ID);
            }
            if facts.contract.is_some() && G::ID != GameId::Rikken {
                assert_ne!(facts.declarers, 0, "{:?}: a contract without a declarer", G::ID);
            }
            hand.legal_actions(&mut legal);
            for action in &legal {
                let words = G::describe_action(&config, action);
                assert!(!words.trim().is_empty(), "{:?}: {action:?} has no words", G::ID);
            }
            let action = legal[rng.gen_range(0..legal.len())];
            hand.apply(seat, action).unwrap();
        }
        let outcome = hand.outcome().unwrap();
        if G::played_out(&outcome) && hand.facts().contract.is_some() {
            contracts_seen += 1;
        }
    }
    assert!(contracts_seen > 0, "{:?}: no played hand showed its contract", G::ID);
}

#[test]
fn facts_are_public_and_every_action_has_words() {
    for id in GameId::ALL {
        troef_core::with_game!(id, G => check_game::<G>(40));
        assert!(!id.title().is_empty() && id.description().len() > 20);
    }
}

#[test]
fn tarneeb_words_spell_out_no_trump() {
    use troef_core::games::tarneeb::Tarneeb;
    let config = Tarneeb::config(&troef_core::ConfigValues::validate(Tarneeb::config_keys(), [("zon", "on")]).unwrap());
    let zon = Tarneeb::parse_action(&config, "BID 8Z").unwrap();
    assert_eq!(Tarneeb::describe_action(&config, &zon), "bid 8 no_trump (zon)");
    let play = Tarneeb::parse_action(&config, "PLAY QS").unwrap();
    assert_eq!(Tarneeb::describe_action(&config, &play), "play qs");
}
