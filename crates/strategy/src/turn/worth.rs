//! What the turn solver carries for each keep: the expected remainder, or that with its higher moments.

use super::*;

/// What the turn solver carries for each keep, a block of upper totals at a time: the expected remainder
/// ([`Lanes`]: building the table, advice) or that with its higher moments ([`Moments`]: the shape of the
/// score's distribution). Choices go by the expected remainder either way.
pub(crate) trait Worth: Copy {
    const WORST: Self;
    /// An outcome vector (with its higher moments, where prepared) at the block from lane `first`.
    fn of_vector(vector: &Dense, higher: Option<&[Dense; HIGHER]>, first: usize) -> Self;
    /// This worth with `points` more scored now.
    fn plus(&self, points: f32) -> Self;
    fn add(&self, other: &Self) -> Self;
    fn divided_by(&self, divisor: f32) -> Self;
    /// Lane by lane, the one of greater expected remainder (this one on ties).
    fn better(&self, other: &Self) -> Self;
    /// The first roll of the turn: the mean over all rolls, by their weights, in roll order.
    fn mean_of_rolls(rolls: &[Self], ways: &[u16]) -> Self;
}

impl<const Q: usize> Worth for Lanes<Q> {
    const WORST: Lanes<Q> = Lanes::NEG_INFINITY;

    #[inline(always)]
    fn of_vector(vector: &Dense, _: Option<&[Dense; HIGHER]>, first: usize) -> Lanes<Q> {
        vector.block(first)
    }

    #[inline(always)]
    fn plus(&self, points: f32) -> Lanes<Q> {
        Lanes::plus(self, points)
    }

    #[inline(always)]
    fn add(&self, other: &Lanes<Q>) -> Lanes<Q> {
        Lanes::add(self, other)
    }

    #[inline(always)]
    fn divided_by(&self, divisor: f32) -> Lanes<Q> {
        Lanes::divided_by(self, divisor)
    }

    #[inline(always)]
    fn better(&self, other: &Lanes<Q>) -> Lanes<Q> {
        self.max(other)
    }

    fn mean_of_rolls(rolls: &[Lanes<Q>], ways: &[u16]) -> Lanes<Q> {
        // The sum runs to about 2 million, where an f32 step is 1/8: it is taken in f64 and rounded once.
        let mut total = Sums::zero();
        for (roll, &ways) in rolls.iter().zip(ways) {
            total.add_weighted(roll, f64::from(ways));
        }
        total.divided_by(f64::from(OUTCOMES))
    }
}

/// The raw moments carried beside the mean: E[X²], E[X³] and E[X⁴].
pub(crate) const HIGHER: usize = 3;

/// The expected remainder and its higher raw moments (the means of its square, cube and fourth power), lane by
/// lane.
#[derive(Clone, Copy)]
pub(crate) struct Moments<const Q: usize> {
    pub(crate) mean: Lanes<Q>,
    pub(crate) higher: [Lanes<Q>; HIGHER],
}

impl<const Q: usize> Worth for Moments<Q> {
    const WORST: Moments<Q> = Moments {
        mean: Lanes::NEG_INFINITY,
        higher: [Lanes::ZERO; HIGHER],
    };

    #[inline(always)]
    fn of_vector(vector: &Dense, higher: Option<&[Dense; HIGHER]>, first: usize) -> Moments<Q> {
        let higher = higher.expect("outcomes prepared with higher moments");
        Moments {
            mean: vector.block(first),
            higher: std::array::from_fn(|moment| higher[moment].block(first)),
        }
    }

    /// E[(X + p)ⁿ] = Σₖ C(n, k) pⁿ⁻ᵏ E[Xᵏ].
    #[inline(always)]
    fn plus(&self, points: f32) -> Moments<Q> {
        let p = points;
        let [second, third, fourth] = &self.higher;
        let mean = &self.mean;
        Moments {
            mean: mean.plus(p),
            higher: [
                second.add(&mean.times(2.0 * p)).plus(p * p),
                third
                    .add(&second.times(3.0 * p))
                    .add(&mean.times(3.0 * p * p))
                    .plus(p * p * p),
                (fourth.add(&third.times(4.0 * p)))
                    .add(&second.times(6.0 * p * p))
                    .add(&mean.times(4.0 * p * p * p))
                    .plus(p * p * p * p),
            ],
        }
    }

    #[inline(always)]
    fn add(&self, other: &Moments<Q>) -> Moments<Q> {
        Moments {
            mean: self.mean.add(&other.mean),
            higher: std::array::from_fn(|moment| self.higher[moment].add(&other.higher[moment])),
        }
    }

    #[inline(always)]
    fn divided_by(&self, divisor: f32) -> Moments<Q> {
        Moments {
            mean: self.mean.divided_by(divisor),
            higher: self.higher.map(|moment| moment.divided_by(divisor)),
        }
    }

    #[inline(always)]
    fn better(&self, other: &Moments<Q>) -> Moments<Q> {
        let greater = self.mean.where_greater(&other.mean);
        Moments {
            mean: self.mean.max(&other.mean),
            higher: std::array::from_fn(|moment| greater.pick(&self.higher[moment], &other.higher[moment])),
        }
    }

    fn mean_of_rolls(rolls: &[Moments<Q>], ways: &[u16]) -> Moments<Q> {
        let mut mean = Sums::zero();
        let mut higher: [Sums<Q>; HIGHER] = std::array::from_fn(|_| Sums::zero());
        for (roll, &ways) in rolls.iter().zip(ways) {
            mean.add_weighted(&roll.mean, f64::from(ways));
            for (sum, moment) in higher.iter_mut().zip(&roll.higher) {
                sum.add_weighted(moment, f64::from(ways));
            }
        }
        Moments {
            mean: mean.divided_by(f64::from(OUTCOMES)),
            higher: higher.map(|sum| sum.divided_by(f64::from(OUTCOMES))),
        }
    }
}
