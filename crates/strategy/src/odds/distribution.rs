//! A final score's distribution, and the mixture of a player's possible futures it is made from.

use super::*;

/// A distribution over whole points: `probabilities[i]` is the chance of `start + i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    pub(super) start: u32,
    pub(super) probabilities: Vec<f64>,
}

impl Distribution {
    /// Certainly `points`.
    pub fn certain(points: u32) -> Distribution {
        Distribution {
            start: points,
            probabilities: vec![1.0],
        }
    }

    /// The lowest value with a chance (possibly zero at the edges of a normal law).
    pub fn start(&self) -> u32 {
        self.start
    }

    /// One past the highest value.
    pub fn end(&self) -> u32 {
        self.start + self.probabilities.len() as u32
    }

    /// The chance of exactly `points`.
    pub fn chance(&self, points: u32) -> f64 {
        points
            .checked_sub(self.start)
            .and_then(|offset| self.probabilities.get(offset as usize))
            .copied()
            .unwrap_or(0.0)
    }

    pub fn mean(&self) -> f64 {
        self.values()
            .map(|(points, chance)| f64::from(points) * chance)
            .sum()
    }

    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        self.values()
            .map(|(points, chance)| (f64::from(points) - mean).powi(2) * chance)
            .sum()
    }

    /// Every value with its chance, lowest first.
    pub fn values(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        (self.start..).zip(self.probabilities.iter().copied())
    }

    /// This distribution moved up by `points`.
    pub fn shifted(&self, points: u32) -> Distribution {
        Distribution {
            start: self.start + points,
            probabilities: self.probabilities.clone(),
        }
    }

    /// A normal law with this mean and variance, on whole points from 0 up: each point takes the chance of
    /// the half-point either side (for a wide law, its density there: the same to a part in 24σ², and two
    /// multiplications a point instead of an erfc); the tails past 8 deviations, or below 0, fold into the ends.
    pub fn normal(mean: f64, variance: f64) -> Distribution {
        let deviation = variance.max(0.0).sqrt();
        if deviation < 0.05 {
            return Distribution::certain(mean.round().max(0.0) as u32);
        }
        let low = (mean - 8.0 * deviation).floor().max(0.0) as u32;
        let high = (mean + 8.0 * deviation).ceil().max(0.0) as u32;
        let below = |points: f64| normal_cdf((points - mean) / deviation);
        let mut probabilities: Vec<f64> = if deviation < 2.0 {
            (low..=high)
                .map(|points| below(f64::from(points) + 0.5) - below(f64::from(points) - 0.5))
                .collect()
        } else {
            // exp(-x²/2σ²) from one point to the next: the ratio itself shrinks by exp(-1/σ²) a point.
            let spread = 2.0 * variance;
            let from = f64::from(low) - mean;
            let mut density = (-from * from / spread).exp();
            let mut ratio = (-(2.0 * from + 1.0) / spread).exp();
            let shrink = (-2.0 / spread).exp();
            let mut densities = Vec::with_capacity((high - low + 1) as usize);
            for _ in low..=high {
                densities.push(density);
                density *= ratio;
                ratio *= shrink;
            }
            let inside = below(f64::from(high) + 0.5) - below(f64::from(low) - 0.5);
            let total: f64 = densities.iter().sum();
            densities.iter_mut().for_each(|chance| *chance *= inside / total);
            densities
        };
        probabilities[0] += below(f64::from(low) - 0.5);
        let last = probabilities.len() - 1;
        probabilities[last] += 1.0 - below(f64::from(high) + 0.5);
        Distribution {
            start: low,
            probabilities,
        }
    }

    /// A law of this shape on whole points from 0 up: the normal law's density corrected by the Gram–Charlier
    /// series for the skewness and the excess kurtosis (φ(z)·[1 + γ₁/6·He₃(z) + γ₂/24·He₄(z)], where that
    /// is not negative), or the normal law alone where the shape is narrow. Where the correction had to be cut
    /// at 0 the law drifts from its mean and variance: it is drawn again, moved and scaled back to them, twice.
    pub fn of_shape(shape: &Shape) -> Distribution {
        let deviation = shape.variance.max(0.0).sqrt();
        if deviation < 2.0 {
            return Distribution::normal(shape.mean, shape.variance);
        }
        let (mut centre, mut scale) = (shape.mean, deviation);
        let mut drawn = Distribution::gram_charlier(shape, centre, scale);
        for _ in 0..2 {
            centre += shape.mean - drawn.mean();
            scale *= deviation / drawn.variance().sqrt();
            drawn = Distribution::gram_charlier(shape, centre, scale);
        }
        drawn
    }

    fn gram_charlier(shape: &Shape, centre: f64, deviation: f64) -> Distribution {
        let low = (centre - 8.0 * deviation).floor().max(0.0) as u32;
        let high = (centre + 8.0 * deviation).ceil().max(0.0) as u32;
        let (skew, kurtosis) = (shape.skewness / 6.0, shape.excess_kurtosis / 24.0);
        let mut probabilities: Vec<f64> = (low..=high)
            .map(|points| {
                let z = (f64::from(points) - centre) / deviation;
                let z2 = z * z;
                let correction = 1.0 + skew * z * (z2 - 3.0) + kurtosis * (z2 * z2 - 6.0 * z2 + 3.0);
                (-0.5 * z2).exp() * correction.max(0.0)
            })
            .collect();
        let total: f64 = probabilities.iter().sum();
        probabilities.iter_mut().for_each(|chance| *chance /= total);
        Distribution {
            start: low,
            probabilities,
        }
    }
}

/// A mixture being added up: parts of distributions, each moved and weighed.
pub(super) struct Mixture {
    pub(super) probabilities: Vec<f64>,
}

impl Mixture {
    pub(super) fn new() -> Mixture {
        Mixture {
            probabilities: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, part: &Distribution, shift: u32, weight: f64) {
        let start = (part.start + shift) as usize;
        let end = start + part.probabilities.len();
        if self.probabilities.len() < end {
            self.probabilities.resize(end, 0.0);
        }
        for (sum, chance) in self.probabilities[start..end].iter_mut().zip(&part.probabilities) {
            *sum += weight * chance;
        }
    }

    pub(super) fn finish(self) -> Distribution {
        let probabilities = &self.probabilities;
        let Some(start) = probabilities.iter().position(|&chance| chance > 0.0) else {
            return Distribution::certain(0);
        };
        let end = probabilities
            .iter()
            .rposition(|&chance| chance > 0.0)
            .unwrap_or(start)
            + 1;
        Distribution {
            start: start as u32,
            probabilities: probabilities[start..end].to_vec(),
        }
    }
}
