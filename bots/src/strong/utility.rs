//! What a play's end is worth to a seat: the game's own score, read from the open-card solver's
//! value, so that the strong bot averages what the seat is really after over its sampled worlds
//! (a contract made or missed weighs as the game scores it, not as one trick more or less).

use crate::solver::games::OpenPosition;
use crate::solver::{Objective, OpenGame};
use troef_core::games::{
    rikken::Rikken,
    tachentige::Tachentige,
    tachtigen::Tachtigen,
    tarneeb::{self, Ruleset, Tarneeb},
    tysiacha::{self, Tysiacha},
};
use troef_core::{Hand, Seat};

/// A game's utility of a solver value for the seat to play.
pub trait PlayUtility: OpenGame {
    /// What `seat` plays for in the open-card solve of a world: the game's
    /// [`OpenGame::objective`] unless the seat scores something else than its side's goal.
    fn play_objective(world: &Hand<Self>, open: &OpenPosition, seat: Seat) -> Objective {
        Self::objective(world, open, seat)
    }

    /// The utility, for the seat to play in `world`, of a hand whose play ends with `value` for
    /// `objective` (a whole-hand value of the objective's maximising side); `on_max_side` says
    /// whether the seat to play is on that side. The default is the value itself, for either side
    /// (what one side gains the other loses): right where the score is linear in the value
    /// (Tachtigen's points contract pays per ten points, its special contracts are one-or-nothing
    /// goals, Rikken's goals are its trick targets).
    fn utility(world: &Hand<Self>, objective: &Objective, on_max_side: bool, value: i32) -> f64 {
        let _ = (world, objective);
        if on_max_side {
            f64::from(value)
        } else {
            -f64::from(value)
        }
    }
}

impl PlayUtility for Tarneeb {
    /// Section 6's score of the declaring team's tricks, as the seat's team's score minus the other
    /// team's (400's goal is already its score).
    fn utility(world: &Hand<Tarneeb>, objective: &Objective, on_max_side: bool, value: i32) -> f64 {
        let game = world.game();
        let (Some(declarer), Some(contract)) = (game.declarer(), game.contract()) else {
            return if on_max_side { f64::from(value) } else { -f64::from(value) };
        };
        if world.config().ruleset == Ruleset::FourHundred {
            return if on_max_side { f64::from(value) } else { -f64::from(value) };
        }
        // The objective's side is a team; its value is that team's tricks.
        let seats = [0u8, 3, 2, 1];
        let declarer_player = seats.iter().position(|&seat| seat == declarer.0).unwrap_or(0);
        let declaring_is_max = objective.max_side & (1 << declarer_player) != 0;
        let declaring_tricks = if declaring_is_max { value } else { 13 - value };
        let (declarers, defenders) =
            tarneeb::score(world.config(), contract.tricks, declaring_tricks.clamp(0, 13) as u8);
        let for_declarers = (declarers - defenders) as f64;
        if on_max_side == declaring_is_max {
            for_declarers
        } else {
            -for_declarers
        }
    }
}

impl PlayUtility for Tysiacha {
    /// A defender scores his own card points and marriages, not the declarer's failure, and the
    /// other defender is a rival in the match: he plays for his own points against the other two
    /// (the declarer plays for his total, the solver's objective).
    fn play_objective(world: &Hand<Tysiacha>, open: &OpenPosition, seat: Seat) -> Objective {
        let mut objective = Self::declarer_objective(world, open);
        if world.game().declarer() == Some(seat) {
            return objective;
        }
        let Some(player) = open.player_of(seat) else { return objective };
        objective.max_side = 1 << player;
        objective.base = (tysiacha::card_points(world.table().won(seat))
            + tysiacha::marriages_value(world.game().declared(seat))) as i32;
        objective
    }

    /// The declarer scores his contract when his total reaches it and loses it otherwise; within
    /// either case more points are better for him (a small tie-break). A defender's value is his
    /// own points ([`PlayUtility::play_objective`]), which is what he scores.
    fn utility(world: &Hand<Tysiacha>, objective: &Objective, on_max_side: bool, value: i32) -> f64 {
        let declarer = world.game().declarer();
        let declarer_is_max = declarer.is_some_and(|seat| {
            let table_seats = world.game().active();
            let first = table_seats[0];
            let order =
                [first, world.game().next_active(first), world.game().next_active(world.game().next_active(first))];
            order.iter().position(|&s| s == seat).is_some_and(|player| objective.max_side & (1 << player) != 0)
        });
        if !declarer_is_max {
            return if on_max_side { f64::from(value) } else { -f64::from(value) };
        }
        let contract = f64::from(world.game().contract());
        let made = if f64::from(value) >= contract { contract } else { -contract };
        if on_max_side {
            made + 0.1 * f64::from(value)
        } else {
            -made - 0.1 * f64::from(value)
        }
    }
}

impl PlayUtility for Rikken {}

impl PlayUtility for Tachtigen {}

/// The point game's value is `raw_d + B + Rm`, which the score follows ten for ten (rounded);
/// a solo's is made or not.
impl PlayUtility for Tachentige {}
