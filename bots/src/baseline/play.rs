//! The card play every baseline bot shares: one trick-taking player, configured per game with the
//! trump, the rank order, who sits on which side, what the seat is trying to do (take tricks,
//! avoid them, or push them onto a misère player) and what the cards are worth.
//!
//! It plays as a careful club player does, by counting: each candidate card is scored by the
//! chance that its side takes the trick (from the cards still out, the voids shown and the seats
//! still to play) times what the trick is worth, minus what the card would be worth kept for
//! later. That one rule gives the classic habits without listing them: second hand low (a low
//! card keeps its honours and partner may still win), third hand high and win cheaply (the
//! cheapest card that holds), no overtaking a partner whose card holds, points smeared onto a
//! partner's sure trick, low cards thrown to an opponent's trick, masters cashed, declarers
//! drawing trumps and defenders not leading them. Avoiding tricks (misère, Schoppen Mie) plays
//! the highest card that still loses; pushing tricks onto a misère player plays under him.

use super::knowledge::{higher_in, Knowledge};
use troef_core::{Card, CardSet, RankOrder, Seat, Suit, MAX_SEATS};

/// How another seat stands to the seat deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Me,
    /// On my side (a known partner, or a fellow defender).
    Partner,
    Opponent,
    /// Nobody's partner as far as I know (a hidden Rik partner, a fellow misère player): counted
    /// as an opponent when it could take a trick from me.
    Neutral,
}

/// What the seat deciding is trying to do in this trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Take tricks and card points for my side.
    Win,
    /// Take no trick.
    Lose,
    /// Take one trick with a card that surely wins it, otherwise lose (piek, no trick yet).
    WinOnce,
    /// Make these seats (seat bits) take tricks: defending against a misère or a piek.
    Feed(u8),
}

/// Everything the player needs for one card decision.
#[derive(Clone, Debug)]
pub struct Situation<'a> {
    pub know: &'a Knowledge,
    /// The seat whose cards are played.
    pub me: Seat,
    pub legal: CardSet,
    /// The known cards of the trick so far, in play order (a face-down lead left out: it never
    /// wins).
    pub trick: &'a [(Seat, Card)],
    /// The suit to follow; `None` when leading.
    pub led: Option<Suit>,
    /// The seats still to play to this trick after me, in order.
    pub later: &'a [Seat],
    pub trump: Option<Suit>,
    pub order: RankOrder,
    /// A player may trump even holding the led suit (Tachtigen).
    pub trump_anytime: bool,
    pub relation: [Relation; MAX_SEATS],
    /// Card points by card index (all zero in trick-count games).
    pub points: [f32; 64],
    /// What taking a trick is worth on top of its cards, in the same unit as `points`.
    pub trick_worth: f32,
    /// Extra worth of keeping a card (half of a Tysiacha marriage), by card index.
    pub keep_bonus: [f32; 64],
    /// The share of the other players' card points a card kept for later is expected to bring
    /// in when it wins (0.5 by default).
    pub capture_share: f32,
    /// My side named the trump (so it draws trumps).
    pub declaring: bool,
    /// Whether the points a partner takes count for me too (false in Tysiacha, where each
    /// defender keeps his own: a card's points then count only on a trick I take myself).
    pub points_shared: bool,
    pub aim: Aim,
    /// A card to get rid of onto someone else's trick (the queen of spades in Schoppen Mie and
    /// Schoppen vrouw).
    pub penalty: Option<Card>,
}

impl<'a> Situation<'a> {
    /// A situation with trick-count values (each trick worth 1, cards worth nothing) and the
    /// aim `Win`; callers set the rest.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        know: &'a Knowledge,
        me: Seat,
        legal: CardSet,
        trick: &'a [(Seat, Card)],
        led: Option<Suit>,
        later: &'a [Seat],
        trump: Option<Suit>,
        order: RankOrder,
    ) -> Situation<'a> {
        let mut relation = [Relation::Opponent; MAX_SEATS];
        relation[me.index()] = Relation::Me;
        Situation {
            know,
            me,
            legal,
            trick,
            led,
            later,
            trump,
            order,
            trump_anytime: false,
            relation,
            points: [0.0; 64],
            trick_worth: 1.0,
            keep_bonus: [0.0; 64],
            capture_share: 0.5,
            declaring: false,
            points_shared: true,
            aim: Aim::Win,
            penalty: None,
        }
    }

    /// The card to play: always one of `legal`.
    pub fn choose(&self) -> Card {
        let Some(first) = self.legal.first() else {
            // No legal card is a caller bug; the caller only asks with cards to play.
            debug_assert!(false, "a card decision without a legal card");
            return Card::JOKER;
        };
        if self.legal.len() == 1 {
            return first;
        }
        match self.aim {
            Aim::Win => self.choose_win(),
            Aim::Lose => self.choose_lose(),
            Aim::WinOnce => self.choose_win_once(),
            Aim::Feed(targets) => self.choose_feed(targets),
        }
    }

    // --- trick arithmetic ----------------------------------------------------------------------

    fn is_trump(&self, card: Card) -> bool {
        card.suit().is_some() && card.suit() == self.trump
    }

    /// Strength within its own suit.
    fn strength(&self, card: Card) -> u8 {
        self.order.strength(card, self.is_trump(card))
    }

    /// Trick-winning key with `led` as the suit to follow: trumps over the led suit over the rest.
    fn key(&self, card: Card, led: Suit) -> u8 {
        match card.suit() {
            Some(suit) if Some(suit) == self.trump => 0x80 | self.order.strength(card, true),
            Some(suit) if suit == led => 0x40 | self.order.strength(card, false),
            _ => 0,
        }
    }

    fn led_for(&self, card: Card) -> Suit {
        self.led.or(card.suit()).unwrap_or(Suit::Clubs)
    }

    /// The seat and card winning the trick so far.
    fn winner(&self) -> Option<(Seat, Card)> {
        let led = self.led?;
        self.trick
            .iter()
            .copied()
            .filter(|&(_, card)| self.key(card, led) > 0)
            .max_by_key(|&(_, card)| self.key(card, led))
    }

    fn beats(&self, card: Card, best: Card, led: Suit) -> bool {
        self.key(card, led) > self.key(best, led)
    }

    fn on_my_side(&self, seat: Seat) -> bool {
        matches!(self.relation[seat.index()], Relation::Me | Relation::Partner)
    }

    /// The probability that `seat`, still to play, can beat `best` (it will when it wants to).
    fn p_beats(&self, seat: Seat, best: Card, led: Suit) -> f32 {
        let know = self.know;
        let deck = know.deck;
        match self.trump {
            Some(trump) if best.suit() == Some(trump) => {
                let higher = higher_in(deck, best, |card| self.order.strength(card, true));
                let p_higher = know.p_holds_any(seat, higher);
                if led == trump || self.trump_anytime {
                    p_higher
                } else {
                    know.p_void(seat, led) * p_higher
                }
            }
            _ => {
                let higher = higher_in(deck, best, |card| self.order.strength(card, false));
                let p_over = know.p_holds_any(seat, higher);
                let p_ruff = match self.trump {
                    Some(trump) if trump != led => {
                        let trumps = know.p_holds_any(seat, deck.of_suit(trump));
                        if self.trump_anytime {
                            trumps
                        } else {
                            know.p_void(seat, led) * trumps
                        }
                    }
                    _ => 0.0,
                };
                1.0 - (1.0 - p_over) * (1.0 - p_ruff)
            }
        }
    }

    /// The probability that `seat` must play above `best` although it would rather not: it holds
    /// the suit of `best` and nothing lower in it.
    fn p_forced_over(&self, seat: Seat, best: Card, led: Suit) -> f32 {
        let Some(suit) = best.suit() else { return 0.0 };
        if self.is_trump(best) && led != suit {
            return 0.0;
        }
        let lower: CardSet =
            self.know.deck.of_suit(suit).iter().filter(|&card| self.strength(card) < self.strength(best)).collect();
        let has_suit = 1.0 - self.know.p_void(seat, suit);
        (has_suit - self.know.p_holds_any(seat, lower)).max(0.0)
    }

    /// The chance my side takes the trick if I play `card` (later opponents beat when they
    /// can; a later partner may take back a trick an opponent holds, which needs a card above
    /// the opponent's: at least the lowest card still out that beats ours).
    fn side_chance(&self, card: Card) -> f32 {
        let led = self.led_for(card);
        let (best, mut p_side, mut threat) = match self.winner() {
            Some((seat, best)) if !self.beats(card, best, led) => {
                if self.on_my_side(seat) {
                    (best, 1.0, None)
                } else {
                    (best, 0.0, Some(best))
                }
            }
            _ => (card, 1.0, None),
        };
        for &seat in self.later {
            if self.on_my_side(seat) {
                if let Some(threat) = threat {
                    // Partner may not know the trick is lost, or may beat it with a card too low.
                    p_side += (1.0 - p_side) * self.p_beats(seat, threat, led) * 0.6;
                }
            } else {
                let p = self.p_beats(seat, best, led);
                p_side *= 1.0 - p;
                if p > 0.2 {
                    let above = threat.map_or(best, |threat| if self.beats(threat, best, led) { threat } else { best });
                    threat = self.lowest_beating(above, led).or(Some(above));
                }
            }
        }
        p_side
    }

    /// A typical card still out (not mine, not gone) that beats `best`: the second lowest of
    /// them (an opponent seldom beats by the smallest margin there is), or the only one.
    fn lowest_beating(&self, best: Card, led: Suit) -> Option<Card> {
        let mut beating: Vec<Card> =
            self.know.outside(self.me).iter().filter(|&card| self.beats(card, best, led)).collect();
        beating.sort_by_key(|&card| self.key(card, led));
        beating.get(1).or(beating.first()).copied()
    }

    /// The chance that I take the trick with `card`; `others_duck`: the later seats go over only
    /// when they must (they want me to take it, or want to avoid it themselves).
    fn my_chance(&self, card: Card, others_duck: bool) -> f32 {
        let led = self.led_for(card);
        if let Some((_, best)) = self.winner() {
            if !self.beats(card, best, led) {
                return 0.0;
            }
        }
        let mut p = 1.0;
        for &seat in self.later {
            let over = if others_duck { self.p_forced_over(seat, card, led) } else { self.p_beats(seat, card, led) };
            p *= 1.0 - over;
        }
        p
    }

    // --- what a card is worth kept ------------------------------------------------------------

    /// How many players take part in a trick.
    fn players(&self) -> usize {
        self.trick.len() + 1 + self.later.len()
    }

    /// The average card points of the cards still out.
    fn average_out_points(&self) -> f32 {
        let outside = self.know.outside(self.me);
        if outside.is_empty() {
            return 0.0;
        }
        outside.iter().map(|card| self.points[card.index()]).sum::<f32>() / outside.len() as f32
    }

    /// The chance that `card`, kept, takes a trick later.
    fn p_future(&self, card: Card) -> f32 {
        let Some(suit) = card.suit() else { return 0.0 };
        let outside = self.know.outside(self.me);
        let outside_suit = outside.of_suit(suit);
        let higher = outside_suit.iter().filter(|&other| self.strength(other) > self.strength(card)).count();
        let mine = self.know.holds[self.me.index()].of_suit(suit).len();
        let mut p = match higher {
            0 => 0.9,
            n if mine > n => 0.45 / n as f32,
            n => 0.12 / n as f32,
        };
        // Length: holding more of a suit than all the others together, its last cards win.
        if mine > outside_suit.len() + 1 && p < 0.6 {
            p = 0.6;
        }
        match self.trump {
            Some(trump) if trump == suit => p = (p + 0.25).min(0.97),
            Some(trump) if outside.has_suit(trump) => p *= 0.8,
            _ => {}
        }
        p
    }

    /// What keeping `card` is worth: the trick it may take, its own points (which end on my side
    /// if it wins, or often when thrown onto a partner's trick), and any game bonus.
    fn keep(&self, card: Card) -> f32 {
        let p = self.p_future(card);
        let capture = self.average_out_points() * (self.players() as f32 - 1.0) * self.capture_share;
        p * (self.trick_worth + capture)
            + self.points[card.index()] * (p + (1.0 - p) * 0.4)
            + self.keep_bonus[card.index()]
    }

    /// The card of `cards` least worth keeping (the one to throw away or lead face down).
    pub fn cheapest(&self, cards: CardSet) -> Option<Card> {
        cards.iter().min_by(|&a, &b| self.keep(a).total_cmp(&self.keep(b)))
    }

    /// The worth of a typical trick, to scale the lead preferences.
    fn unit(&self) -> f32 {
        self.trick_worth + self.average_out_points() * self.players() as f32
    }

    // --- the aims ------------------------------------------------------------------------------

    fn best_by(&self, score: impl Fn(Card) -> f32) -> Card {
        let mut best: Option<(f32, Card)> = None;
        for card in self.legal.iter() {
            let value = score(card);
            // Ties go to the lower card (a deterministic, modest choice).
            let better = match best {
                None => true,
                Some((top, held)) => {
                    value > top + 1e-6 || (value > top - 1e-6 && self.strength(card) < self.strength(held))
                }
            };
            if better {
                best = Some((value, card));
            }
        }
        best.map_or(Card::JOKER, |(_, card)| card)
    }

    fn choose_win(&self) -> Card {
        let trick_points: f32 = self.trick.iter().map(|&(_, card)| self.points[card.index()]).sum();
        let later_points = self.later.len() as f32 * self.average_out_points() * 0.6;
        let pot = self.trick_worth + trick_points + later_points;
        let leading = self.led.is_none();
        let unit = self.unit();
        let drawing = leading && self.declaring && self.enemy_trumps() > 0;
        let current = self.winner();
        self.best_by(|card| {
            let side = self.side_chance(card);
            let mine_on_top = current.is_none_or(|(_, best)| self.beats(card, best, self.led_for(card)));
            let own = if self.points_shared || mine_on_top { self.points[card.index()] } else { 0.0 };
            let mut value = side * (pot + own) - self.keep(card);
            if leading {
                value += self.lead_preference(card) * unit;
            }
            if drawing && self.is_trump(card) {
                // A trump that draws the opponents' trumps is not lost: it makes the rest good.
                value += 0.7 * self.keep(card);
            }
            value
        })
    }

    /// The trumps still out that are not known to be a partner's.
    fn enemy_trumps(&self) -> usize {
        let Some(trump) = self.trump else { return 0 };
        let mut partners = CardSet::EMPTY;
        for seat in 0..MAX_SEATS {
            if self.relation[seat] == Relation::Partner {
                partners = partners.union(self.know.holds[seat]);
            }
        }
        self.know.outside(self.me).of_suit(trump).difference(partners).len()
    }

    /// Lead habits beyond the trick at hand, in units of a typical trick.
    fn lead_preference(&self, card: Card) -> f32 {
        let Some(suit) = card.suit() else { return 0.0 };
        let mine = self.know.holds[self.me.index()];
        let outside = self.know.outside(self.me);
        if self.is_trump(card) {
            let mut partners = CardSet::EMPTY;
            for seat in 0..MAX_SEATS {
                if self.relation[seat] == Relation::Partner {
                    partners = partners.union(self.know.holds[seat]);
                }
            }
            let enemy_trumps = outside.of_suit(suit).difference(partners);
            let master = !outside.of_suit(suit).iter().any(|other| self.strength(other) > self.strength(card));
            if enemy_trumps.is_empty() {
                // Nothing to draw: keep trumps for ruffing and for control.
                return -0.25;
            }
            if self.declaring {
                // Draw the opponents' trumps, from length or from the top.
                return if master || mine.of_suit(suit).len() >= 4 { 0.35 } else { 0.1 };
            }
            return if master { -0.05 } else { -0.3 };
        }
        // Lead from length; avoid a suit an opponent is known to ruff.
        let mut value = 0.02 * mine.of_suit(suit).len() as f32;
        if let Some(trump) = self.trump {
            for &seat in self.later {
                if !self.on_my_side(seat)
                    && self.know.is_void(seat, suit)
                    && self.know.p_holds_any(seat, self.know.deck.of_suit(trump)) > 0.0
                {
                    value -= 0.2;
                }
            }
        }
        value
    }

    fn choose_lose(&self) -> Card {
        let leading = self.led.is_none();
        if !leading {
            if let Some((_, best)) = self.winner() {
                let led = self.led_for(best);
                let losers: CardSet = self.legal.iter().filter(|&card| !self.beats(card, best, led)).collect();
                if let Some(penalty) = self.penalty.filter(|&card| losers.contains(card)) {
                    return penalty;
                }
                if !losers.is_empty() {
                    return self
                        .best_among(losers, |card| self.p_future(card) * 10.0 + self.strength(card) as f32 * 0.01);
                }
                let avoid_penalty = |card: Card| if Some(card) == self.penalty { -5.0 } else { 0.0 };
                if self.later.is_empty() {
                    // The trick is mine whatever I play: get rid of my most dangerous card.
                    return self.best_by(|card| self.p_future(card) + avoid_penalty(card));
                }
                return self
                    .best_by(|card| -10.0 * self.my_chance(card, true) + self.p_future(card) + avoid_penalty(card));
            }
        }
        self.best_by(|card| {
            let penalty = if Some(card) == self.penalty { -3.0 } else { 0.0 };
            -10.0 * self.my_chance(card, true) + self.p_future(card) + penalty
        })
    }

    fn best_among(&self, cards: CardSet, score: impl Fn(Card) -> f32) -> Card {
        let restricted = Situation { legal: cards, ..self.clone() };
        restricted.best_by(score)
    }

    /// Takes the one trick with a sure winner, but only when the lead it brings can be given up
    /// again with a card everyone else must beat (or when few tricks are left); otherwise loses.
    fn choose_win_once(&self) -> Card {
        let sure = self.legal.iter().map(|card| (self.my_chance(card, false), card)).max_by(|a, b| a.0.total_cmp(&b.0));
        let Some((p, card)) = sure.filter(|&(p, _)| p >= 0.85) else { return self.choose_lose() };
        let mine = self.know.holds[self.me.index()];
        let outside = self.know.outside(self.me);
        let exit = mine.iter().filter(|&other| other != card).any(|other| {
            let suit = other.suit().unwrap_or(Suit::Clubs);
            let lower = outside.of_suit(suit).iter().any(|low| self.strength(low) < self.strength(other));
            !lower && outside.has_suit(suit) && !self.is_trump(other)
        });
        if exit || mine.len() <= 2 {
            let _ = p;
            card
        } else {
            self.choose_lose()
        }
    }

    fn choose_feed(&self, targets: u8) -> Card {
        let is_target = |seat: Seat| targets & seat.bit() != 0;
        let Some((winner, best)) = self.winner() else {
            // Lead where a target must go over: he holds the suit and nothing lower.
            return self.best_by(|card| {
                let led = card.suit().unwrap_or(Suit::Clubs);
                let forced: f32 = self
                    .later
                    .iter()
                    .filter(|&&seat| is_target(seat))
                    .map(|&seat| self.p_forced_over(seat, card, led))
                    .fold(0.0, f32::max);
                forced * 10.0 - self.strength(card) as f32 * 0.05
            });
        };
        let led = self.led_for(best);
        let unders: CardSet = self.legal.iter().filter(|&card| !self.beats(card, best, led)).collect();
        let target_later = self.later.iter().any(|&seat| is_target(seat));
        if is_target(winner) || target_later {
            if let Some(penalty) = self.penalty.filter(|&card| unders.contains(card) && is_target(winner)) {
                return penalty;
            }
            if !unders.is_empty() {
                // Keep the trick low (or the target on it) and shed my highest card under it.
                return self.best_among(unders, |card| self.height(card));
            }
            // Forced over: with the cheapest card that does it.
            return self.best_by(|card| -(self.key(card, led) as f32));
        }
        // The targets cannot take this trick any more: shed my highest card, keeping the low
        // ones to play under them later.
        self.best_by(|card| self.height(card))
    }

    /// How high a card stands in its suit among the cards still out: the count of them below
    /// it (the cards a defender keeps to play under a misère player are the low ones).
    fn height(&self, card: Card) -> f32 {
        let Some(suit) = card.suit() else { return 0.0 };
        let below = self
            .know
            .outside(self.me)
            .of_suit(suit)
            .iter()
            .filter(|&other| self.strength(other) < self.strength(card))
            .count();
        below as f32 + self.strength(card) as f32 * 0.01
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use troef_core::card::parse_cards;

    const ORDER: RankOrder = RankOrder::new("AKQJT98765432", "AKQJT98765432");

    fn cards(text: &str) -> CardSet {
        parse_cards(text).expect("card codes").into_iter().collect()
    }

    fn card(text: &str) -> Card {
        text.parse().expect("a card code")
    }

    /// Four seats, 52 cards: `mine` for seat 0, the trick's cards gone, every other card
    /// unknown; each other hand hides as many cards as mine holds, less what it put in the trick.
    fn knowledge(mine: &str, gone: &str, in_trick: &[(u8, &str)]) -> Knowledge {
        let deck = CardSet::from_bits((1u64 << 52) - 1);
        let mine = cards(mine);
        let mut gone = cards(gone);
        for (_, text) in in_trick {
            gone.insert(card(text));
        }
        let unknown = deck.difference(mine).difference(gone);
        let mut hidden = [0u8; MAX_SEATS];
        let per_seat = mine.len() as u8;
        for (seat, count) in hidden.iter_mut().enumerate().skip(1) {
            let played_now = in_trick.iter().filter(|(s, _)| *s as usize == seat).count() as u8;
            *count = per_seat - played_now;
        }
        let mut holds = [CardSet::EMPTY; MAX_SEATS];
        holds[0] = mine;
        Knowledge { deck, holds, hidden, unknown, gone, voids: [0; MAX_SEATS] }
    }

    fn decide(know: &Knowledge, trick: &[(u8, &str)], later: &[u8], partner: u8, aim: Aim) -> Card {
        let trick: Vec<(Seat, Card)> = trick.iter().map(|&(seat, text)| (Seat(seat), card(text))).collect();
        let later: Vec<Seat> = later.iter().map(|&seat| Seat(seat)).collect();
        let mine = know.holds[0];
        let led = trick.first().and_then(|(_, card)| card.suit());
        let legal = match led {
            Some(suit) if mine.has_suit(suit) => mine.of_suit(suit),
            _ => mine,
        };
        let mut situation = Situation::new(know, Seat(0), legal, &trick, led, &later, Some(Suit::Hearts), ORDER);
        situation.relation[partner as usize] = Relation::Partner;
        situation.aim = aim;
        situation.choose()
    }

    #[test]
    fn last_hand_wins_as_cheaply_as_it_can() {
        let know = knowledge("AS TS 3S 4H 5H 6D 7D", "", &[(1, "9S"), (2, "2S"), (3, "5S")]);
        assert_eq!(decide(&know, &[(1, "9S"), (2, "2S"), (3, "5S")], &[], 2, Aim::Win), card("TS"));
    }

    #[test]
    fn no_overtaking_a_partner_whose_card_holds() {
        // Partner's ace of spades is winning; I am last.
        let know = knowledge("KS 3S 4H 5H 6D 7D 8D", "", &[(1, "4S"), (2, "AS"), (3, "5S")]);
        assert_eq!(decide(&know, &[(1, "4S"), (2, "AS"), (3, "5S")], &[], 2, Aim::Win), card("3S"));
    }

    #[test]
    fn second_hand_plays_low_when_partner_is_still_to_come() {
        // The opponent on my right led a low spade and the ace is out; partner plays last.
        let know = knowledge("KS 5S 4H 5H 6D 7D 8D", "", &[(3, "4S")]);
        assert_eq!(decide(&know, &[(3, "4S")], &[1, 2], 2, Aim::Win), card("5S"));
    }

    #[test]
    fn a_void_hand_ruffs_an_opponents_trick_and_not_a_partners() {
        let know = knowledge("2H 9H 4D 5D 6D 7D 8D", "", &[(1, "AC"), (2, "3C"), (3, "4C")]);
        assert_eq!(decide(&know, &[(1, "AC"), (2, "3C"), (3, "4C")], &[], 2, Aim::Win), card("2H"));
        let know = knowledge("2H 9H 4D 5D 6D 7D 8D", "", &[(1, "3C"), (2, "AC"), (3, "4C")]);
        let play = decide(&know, &[(1, "3C"), (2, "AC"), (3, "4C")], &[], 2, Aim::Win);
        assert_ne!(play.suit(), Some(Suit::Hearts), "no ruffing partner's ace");
    }

    #[test]
    fn misere_ducks_with_its_highest_losing_card() {
        let know = knowledge("2S 7S JS AS 4H 5H 6D", "", &[(1, "QS")]);
        assert_eq!(decide(&know, &[(1, "QS")], &[2, 3], 2, Aim::Lose), card("JS"));
    }

    #[test]
    fn defenders_play_under_a_misere_player() {
        // Seat 1 (the misère player) leads the 9 of spades: stay under it, shedding the highest.
        let know = knowledge("2S 7S 8S AS 4H 5H 6D", "", &[(1, "9S")]);
        assert_eq!(decide(&know, &[(1, "9S")], &[2, 3], 2, Aim::Feed(Seat(1).bit())), card("8S"));
    }
}
